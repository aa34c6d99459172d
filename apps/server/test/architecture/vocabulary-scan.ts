// Finds the vocabulary's Korean labels written again outside the contract (docs/decisions/0009-one-vocabulary.md):
// an object literal that maps two or more codes of one enumeration to Korean text (a label map), or a string that is
// word for word one of the contract's labels. Parsed with the TypeScript compiler, so a sentence that merely contains
// a label ("보험사에 보낼 청구서를 만들고 있어요") is not a restatement; only a whole string or JSX text is.
import ts from 'typescript';
import { MESSAGE_FUNCTIONS } from '../../scripts/i18n-catalogs.js';

/** A label map of the contract: its name, and the label of each code. */
export interface Vocabulary {
  name: string;
  labels: Record<string, string>;
  /** Whether its labels are looked for as whole strings too (the enumerations of vocabulary.ts); the console's other
   * maps name common words (이름, 운영자) that a header or a sentence may well say for itself. */
  literal: boolean;
}

export interface Restatement {
  file: string;
  line: number;
  /** What was found, naming the contract's map to read instead. */
  what: string;
}

const HANGUL = /[\uac00-\ud7a3]/;

/**
 * The contract's label maps among a module's exports: every `…_NM` object whose values are Korean strings; those named
 * in `literal` are looked for as whole strings too.
 */
export function vocabulariesOf(modules: Record<string, unknown>[], literal: ReadonlySet<string>): Vocabulary[] {
  const seen = new Map<string, Vocabulary>();
  for (const mod of modules) {
    for (const [name, value] of Object.entries(mod)) {
      if (!name.endsWith('_NM') || typeof value !== 'object' || value === null || seen.has(name)) continue;
      const entries = Object.entries(value);
      if (entries.length === 0 || !entries.every(([, v]) => typeof v === 'string' && HANGUL.test(v))) continue;
      seen.set(name, {
        name,
        labels: Object.fromEntries(entries) as Record<string, string>,
        literal: literal.has(name),
      });
    }
  }
  return [...seen.values()];
}

const keyOf = (name: ts.PropertyName) =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : null;
const textOf = (e: ts.Expression | undefined) =>
  e && (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) ? e.text : null;

/** A label names a thing; a sentence (ends in . ? !) or a fragment a sentence goes on from (ends in a space) is copy. */
const isLabel = (text: string) => HANGUL.test(text) && !/[.?!\s]$/.test(text);

/**
 * The restatements in one source file:
 * - an object literal mapping two or more codes of one of the contract's label maps to labels (the map or maps that
 *   hold most of its codes are named); a map of codes to sentences is a screen's copy, not a label map;
 * - a string or JSX text that is a label of more than one word ("보낼 예정", "보험사 API") of the vocabulary module;
 * - a conditional on a code that answers one of its labels, even a one-word one (`c === 'api' ? 'API' : '팩스'`).
 * One-word labels (팩스, 해지, 위임장) are ordinary words a header or a sentence says for itself, so they are looked
 * for only in a conditional on their codes.
 */
export function restatementsIn(file: string, text: string, vocabularies: Vocabulary[]): Restatement[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const literal = vocabularies.filter((v) => v.literal);
  const phrases = new Map<string, string[]>();
  for (const v of literal) {
    for (const label of Object.values(v.labels)) {
      if (label.includes(' ')) phrases.set(label, [...(phrases.get(label) ?? []), v.name]);
    }
  }
  const found: Restatement[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const labelled = node.properties.flatMap((p) => {
        if (!ts.isPropertyAssignment(p)) return [];
        const key = keyOf(p.name);
        const value = textOf(p.initializer);
        return key !== null && value !== null && isLabel(value) ? [key] : [];
      });
      const cover = vocabularies.map((v) => ({ v, codes: labelled.filter((k) => Object.hasOwn(v.labels, k)) }));
      const most = Math.max(0, ...cover.map((c) => c.codes.length));
      if (most >= 2) {
        const best = cover.filter((c) => c.codes.length === most);
        found.push({
          file,
          line: at(node),
          what: `a label map of ${best[0]!.codes.join(', ')}: read ${best.map((c) => c.v.name).join(' or ')}`,
        });
      }
    }
    if (ts.isConditionalExpression(node)) {
      const codes = codesCompared(node.condition);
      for (const branch of [node.whenTrue, node.whenFalse]) {
        const answer = textOf(branch);
        const owners = literal.filter(
          (v) =>
            answer !== null &&
            codes.some((c) => Object.hasOwn(v.labels, c)) &&
            Object.values(v.labels).includes(answer),
        );
        if (owners.length > 0) {
          found.push({
            file,
            line: at(branch),
            what: `'${answer}' is the label of ${owners.map((v) => v.name).join(', ')}`,
          });
        }
      }
    }
    const shown =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isJsxText(node)
          ? node.text.trim()
          : null;
    if (shown !== null && phrases.has(shown) && !isCatalogSource(node)) {
      found.push({ file, line: at(node), what: `'${shown}' is the label of ${phrases.get(shown)!.join(', ')}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The Korean source of a message of the patient's catalogs (`t('id', '기타 가족')`, docs/decisions/0010): her
 * language's words for a code, which the catalogs translate, not a second vocabulary.
 */
const isCatalogSource = (node: ts.Node) => {
  const call = node.parent;
  return (
    !!call &&
    ts.isCallExpression(call) &&
    ts.isIdentifier(call.expression) &&
    MESSAGE_FUNCTIONS.has(call.expression.text) &&
    call.arguments[1] === node
  );
};

/** The string literals a condition compares with (`x === 'api'`, `'api' !== x`, joined by && and ||). */
function codesCompared(e: ts.Expression): string[] {
  if (ts.isParenthesizedExpression(e)) return codesCompared(e.expression);
  if (!ts.isBinaryExpression(e)) return [];
  const op = e.operatorToken.kind;
  if (op === ts.SyntaxKind.AmpersandAmpersandToken || op === ts.SyntaxKind.BarBarToken) {
    return [...codesCompared(e.left), ...codesCompared(e.right)];
  }
  const equality = [
    ts.SyntaxKind.EqualsEqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsEqualsToken,
    ts.SyntaxKind.EqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsToken,
  ];
  if (!equality.includes(op)) return [];
  return [textOf(e.left), textOf(e.right)].filter((t): t is string => t !== null);
}
