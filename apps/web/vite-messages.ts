// The build's half of the message catalogs (docs/decisions/0010-message-catalogs.md): every `t('id', '한국어 …')` of
// the app has its Korean source compiled to Lingui's compiled form, as `lingui compile` does for a catalog, so that the
// phone formats the source language with no ICU parser and no catalog. The other languages' catalogs are compiled by
// `npm run i18n:extract`. In development the source is compiled when shown (src/i18n/t.ts).
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { parseAst, type Plugin } from 'vite';

/** As the catalogs' extraction reads them (apps/server/scripts/i18n-catalogs.ts MESSAGE_FUNCTIONS). */
const MESSAGE_FUNCTIONS = new Set(['t', 'tNow', 'tr']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';
const isString = (n: unknown): n is Node & { value: string } =>
  isNode(n) && n.type === 'Literal' && typeof n.value === 'string';

/** The source messages of `code`: the second argument of each call of `t` (or `tNow`, `tr`) whose first two are literals. */
export function sourceMessages(code: string): { start: number; end: number; message: string }[] {
  const found: { start: number; end: number; message: string }[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isNode(node)) return;
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const args = node.arguments as Node[];
      const named = callee.type === 'Identifier' && MESSAGE_FUNCTIONS.has(callee.name as string);
      if (named && isString(args[0]) && isString(args[1])) {
        found.push({ start: args[1].start, end: args[1].end, message: args[1].value });
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'type') visit(value);
  };
  visit(parseAst(code));
  return found;
}

export function compileMessages(): Plugin {
  return {
    name: 'auto-claim:compile-messages',
    apply: 'build',
    transform: {
      filter: { id: /\/apps\/web\/src\/.*\.tsx?$/, code: /\bt(Now|r)?\(/ },
      handler(code) {
        const messages = sourceMessages(code);
        if (!messages.length) return undefined;
        let out = code;
        for (const m of messages.reverse()) {
          out = out.slice(0, m.start) + JSON.stringify(compileMessageOrThrow(m.message)) + out.slice(m.end);
        }
        return { code: out, map: null };
      },
    },
  };
}
