// The message catalogs' extraction and check (docs/decisions/0010-message-catalogs.md): the Korean source of every
// `t('id', '한국어', values)` in the patient app is extracted into catalogs/ko.json, each other catalog keeps its
// translation of every id, and all four are compiled to Lingui's compiled form for the browser and the server.
// The check fails when the code and ko.json differ, when a catalog misses an id (or keeps one the code dropped), when a
// translation's ICU arguments are not the source's, when a compiled catalog is stale, and when a patient screen file
// holds a Korean string outside `t`.
import { compileMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import ts from 'typescript';
import { LANGS, SOURCE_LANG, type Lang } from '@auto-claim/contract';

export type Catalog = Record<string, string>;
export interface Found {
  id: string;
  message: string;
  file: string;
  line: number;
}

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]/;
/**
 * The message functions: `t` (a component's, from useT, or the module's), and `tNow` or `tr` where a component has
 * both (the module's `t`, read when called, beside the hook's).
 */
export const MESSAGE_FUNCTIONS = new Set(['t', 'tNow', 'tr']);
/** A line (or the line above it) marked so keeps its Korean: a name in its own language, data the server matches. */
export const EXEMPT = 'i18n-exempt';

/** The `t(...)` calls of one source file, and its Korean strings outside them. */
export function scanSource(file: string, code: string) {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = code.split('\n');
  const lineOf = (n: ts.Node) => source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1;
  const messages: Found[] = [];
  const literals: { line: number; text: string }[] = [];
  const problems: string[] = [];
  const inCatalog = new Set<ts.Node>();
  const literal = (n: ts.Node | undefined): string | undefined =>
    n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) ? n.text : undefined;

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && MESSAGE_FUNCTIONS.has(node.expression.text)) {
      const [idArg, messageArg] = node.arguments;
      const id = literal(idArg);
      const message = literal(messageArg);
      if (id === undefined || message === undefined) {
        problems.push(`${file}:${lineOf(node)}: t() takes a literal id and a literal Korean message`);
      } else {
        messages.push({ id, message, file, line: lineOf(node) });
        inCatalog.add(messageArg!);
      }
    }
    // A particle pair given to es-hangul (apps/web/src/i18n/josa.ts) is grammar, not a message.
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'particle') {
      node.arguments.slice(1).forEach((a) => inCatalog.add(a));
    }
    const text =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)
        ? node.text
        : ts.isJsxText(node)
          ? node.text
          : undefined;
    if (text !== undefined && HANGUL.test(text) && !inCatalog.has(node)) {
      const line = lineOf(node);
      if (!`${lines[line - 2] ?? ''}\n${lines[line - 1] ?? ''}`.includes(EXEMPT)) {
        literals.push({ line, text: text.trim().slice(0, 40) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { messages, literals, problems };
}

/** The ICU argument names of a message (its plural, select and plain arguments), sorted; throws on bad syntax. */
export function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (m: unknown) => {
    if (!Array.isArray(m)) return;
    for (const token of m) {
      if (!Array.isArray(token)) continue;
      names.add(token[0] as string);
      const cases = token[2];
      if (cases && typeof cases === 'object') Object.values(cases as object).forEach(walk);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

const sorted = (c: Catalog): Catalog => Object.fromEntries(Object.entries(c).sort(([a], [b]) => (a < b ? -1 : 1)));

/** The source catalog the code says, and the problems of the code itself (an id with two messages, a non-literal). */
export function extractSource(sources: Map<string, string>) {
  const ko: Catalog = {};
  const problems: string[] = [];
  const literals = new Map<string, { line: number; text: string }[]>();
  const where = new Map<string, string>();
  for (const [file, code] of sources) {
    const scanned = scanSource(file, code);
    problems.push(...scanned.problems);
    if (scanned.literals.length) literals.set(file, scanned.literals);
    for (const m of scanned.messages) {
      if (m.id in ko && ko[m.id] !== m.message) {
        problems.push(`${m.file}:${m.line}: '${m.id}' has another message at ${where.get(m.id)}`);
        continue;
      }
      ko[m.id] = m.message;
      where.set(m.id, `${m.file}:${m.line}`);
    }
  }
  return { ko: sorted(ko), problems, literals };
}

/** Each other catalog with every source id: a translation kept, a new id empty (the check refuses it), an old one gone. */
export function mergeCatalogs(ko: Catalog, catalogs: Partial<Record<Lang, Catalog>>): Record<Lang, Catalog> {
  const out = { [SOURCE_LANG]: ko } as Record<Lang, Catalog>;
  for (const lang of LANGS) {
    if (lang === SOURCE_LANG) continue;
    const old = catalogs[lang] ?? {};
    out[lang] = Object.fromEntries(Object.keys(ko).map((id) => [id, old[id] ?? '']));
  }
  return out;
}

/** A catalog in Lingui's compiled form, as a module of the contract package. */
export function compiledModule(lang: Lang, catalog: Catalog): string {
  const compiled = Object.fromEntries(Object.entries(catalog).map(([id, m]) => [id, compileMessage(m)]));
  return (
    `// Generated by \`npm run i18n:extract\` from catalogs/${lang}.json (Lingui's compiled form): do not edit.\n` +
    `import type { Messages } from '@lingui/core';\n\n` +
    `export const messages: Messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});\n`
  );
}

export interface CheckInput {
  sources: Map<string, string>;
  catalogs: Partial<Record<Lang, Catalog>>;
  /** The compiled modules as they are on disk (compared unformatted: whitespace aside). */
  compiled: Partial<Record<Lang, string>>;
}

const squash = (s: string | undefined) => (s ?? '').replace(/\s+/g, '');

/** Everything wrong with the catalogs and the code, one line each; empty when all is well. */
export function checkCatalogs(input: CheckInput): string[] {
  const { ko, problems, literals } = extractSource(input.sources);
  const out = [...problems];
  const kept = input.catalogs[SOURCE_LANG] ?? {};
  for (const id of Object.keys(ko)) {
    if (kept[id] !== ko[id]) out.push(`ko: '${id}' is not as in the code (run npm run i18n:extract)`);
  }
  for (const id of Object.keys(kept)) if (!(id in ko)) out.push(`ko: '${id}' is no longer in the code`);
  for (const lang of LANGS) {
    const catalog = input.catalogs[lang] ?? {};
    for (const [id, source] of Object.entries(ko)) {
      const message = catalog[id];
      if (!message) {
        out.push(`${lang}: '${id}' is missing`);
        continue;
      }
      let want: string[];
      let got: string[];
      try {
        want = argumentsOf(source);
        got = argumentsOf(message);
      } catch (e) {
        out.push(`${lang}: '${id}' is not ICU MessageFormat (${(e as Error).message})`);
        continue;
      }
      // A particle of the Korean (an argument named …Josa) has no place in another language: it may be left out.
      const needed = lang === SOURCE_LANG ? want : want.filter((a) => !a.endsWith('Josa'));
      if (got.some((a) => !want.includes(a)) || needed.some((a) => !got.includes(a))) {
        out.push(`${lang}: '${id}' has arguments {${got.join(', ')}}, the source {${want.join(', ')}}`);
      }
    }
    for (const id of Object.keys(catalog)) if (!(id in ko)) out.push(`${lang}: '${id}' is not in the code`);
    if (squash(input.compiled[lang]) !== squash(compiledModule(lang, catalog))) {
      out.push(`${lang}: the compiled catalog is stale (run npm run i18n:extract)`);
    }
  }
  for (const [file, found] of literals) {
    for (const l of found) out.push(`${file}:${l.line}: Korean outside the catalogs: "${l.text}" (use t())`);
  }
  return out;
}
