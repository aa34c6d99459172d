// The server's refusals, read from its source for the tests (i18n/refusals.test.ts): every Korean detail and field
// message an `AppError` (or `notFound`) of the given files can carry, and each `{ code, detail }` the HTTP layer answers
// itself. A text built with variables comes back as a pattern, its variables `{…}`. What the reader cannot follow (a
// text from a call's result, another module's variable) comes back as "unresolved", named by file and expression, so
// that a test can say where each of those comes from.
import ts from 'typescript';

export interface Found {
  /** The Korean as the server writes it; a template's `${…}` as `{*}`. */
  text: string;
  /** The error code beside it, when it is a literal. */
  code?: string;
  file: string;
}

export interface Read {
  found: Found[];
  unresolved: string[];
}

const HANGUL = /[\uAC00-\uD7A3]/;

type Files = Record<string, string>;

/** `sources`: file name → text, every file an import may lead to (the server's and the contract's). */
export function serverRefusals(sources: Files, files: string[]): Read {
  const parsed = new Map<string, ts.SourceFile>();
  const parse = (f: string) => {
    let sf = parsed.get(f);
    if (!sf) {
      sf = ts.createSourceFile(f, sources[f] ?? '', ts.ScriptTarget.Latest, true);
      parsed.set(f, sf);
    }
    return sf;
  };
  const found: Found[] = [];
  const unresolved = new Set<string>();
  const seen = new Set<ts.Node>();

  /** The declarations named `name` at any depth of `sf` (a file's own helpers are often inside a function). */
  function declarations(sf: ts.SourceFile, name: string): ts.Node[] {
    const out: ts.Node[] = [];
    const visit = (n: ts.Node) => {
      if (
        (ts.isVariableDeclaration(n) || ts.isFunctionDeclaration(n) || ts.isParameter(n)) &&
        n.name &&
        ts.isIdentifier(n.name) &&
        n.name.text === name
      )
        out.push(n);
      if (ts.isImportSpecifier(n) && n.name.text === name) out.push(n);
      ts.forEachChild(n, visit);
    };
    visit(sf);
    return out;
  }

  /** The file an import specifier names: a relative `.js` import is the `.ts` beside it; a package's is searched. */
  function importedFile(from: string, spec: string, name: string): string | undefined {
    if (spec.startsWith('.')) {
      const parts = from.split('/').slice(0, -1);
      for (const p of spec.replace(/\.js$/, '.ts').split('/')) {
        if (p === '..') parts.pop();
        else if (p !== '.') parts.push(p);
      }
      const f = parts.join('/');
      return sources[f] !== undefined ? f : sources[`${f}/index.ts`] !== undefined ? `${f}/index.ts` : undefined;
    }
    const declared = new RegExp(`export const ${name}\\b`);
    return Object.keys(sources).find((f) => f.includes('packages/contract/src/') && declared.test(sources[f]!));
  }

  /** Every text `e` may be, looked up through constants, object maps, imports and a helper's callers. */
  function texts(e: ts.Node, sf: ts.SourceFile, add: (text: string) => void) {
    if (seen.has(e)) return;
    seen.add(e);
    try {
      if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) {
        if (HANGUL.test(e.text)) add(e.text);
      } else if (ts.isTemplateExpression(e)) {
        const text = e.head.text + e.templateSpans.map((s) => `{*}${s.literal.text}`).join('');
        if (HANGUL.test(text)) add(text);
      } else if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) {
        texts(e.expression, sf, add);
      } else if (ts.isConditionalExpression(e)) {
        texts(e.whenTrue, sf, add);
        texts(e.whenFalse, sf, add);
      } else if (ts.isBinaryExpression(e) && e.operatorToken.kind !== ts.SyntaxKind.PlusToken) {
        texts(e.left, sf, add);
        texts(e.right, sf, add);
      } else if (ts.isArrayLiteralExpression(e)) {
        for (const x of e.elements) texts(x, sf, add);
      } else if (ts.isObjectLiteralExpression(e)) {
        // A field error's message (its field is a name, not words), or every value of a map read by a key.
        const map =
          ts.isElementAccessExpression(e.parent) ||
          !e.properties.some((p) => /^(message|detail)$/.test(p.name?.getText(sf) ?? ''));
        for (const p of e.properties)
          if (ts.isPropertyAssignment(p) && (map || /^(message|detail)$/.test(p.name.getText(sf))))
            texts(p.initializer, sf, add);
      } else if (ts.isIdentifier(e)) {
        identifier(e.text, e, sf, add);
      } else if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression)) {
        const inner = (x: ts.Node, xsf: ts.SourceFile) => {
          if (ts.isObjectLiteralExpression(x)) {
            const p = x.properties.find((q) => q.name && ts.isIdentifier(q.name) && q.name.text === e.name.text);
            if (p && ts.isPropertyAssignment(p)) texts(p.initializer, xsf, add);
            else unresolved.add(`${sf.fileName}: ${e.getText(sf)}`);
          } else texts(x, xsf, add);
        };
        const rs = resolveConst(e.expression.text, sf);
        for (const r of rs) inner(r.init, r.sf);
        if (!rs.length) unresolved.add(`${sf.fileName}: ${e.getText(sf)}`);
      } else if (ts.isElementAccessExpression(e) && ts.isIdentifier(e.expression)) {
        const rs = resolveConst(e.expression.text, sf);
        for (const r of rs) texts(r.init, r.sf, add);
        if (!rs.length) unresolved.add(`${sf.fileName}: ${e.getText(sf)}`);
      } else {
        unresolved.add(`${sf.fileName}: ${e.getText(sf)}`);
      }
    } finally {
      seen.delete(e);
    }
  }

  /** A constant's initializers (every one of that name in the file), in this file or the one it is imported from. */
  function resolveConst(name: string, sf: ts.SourceFile): { init: ts.Expression; sf: ts.SourceFile }[] {
    const out: { init: ts.Expression; sf: ts.SourceFile }[] = [];
    for (const d of declarations(sf, name)) {
      if (ts.isVariableDeclaration(d) && d.initializer) {
        let init: ts.Expression = d.initializer;
        while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
        out.push({ init, sf });
      }
      if (ts.isImportSpecifier(d)) {
        const decl = d.parent.parent.parent;
        const spec = ts.isImportDeclaration(decl) && ts.isStringLiteral(decl.moduleSpecifier) && decl.moduleSpecifier;
        const f = spec ? importedFile(sf.fileName, spec.text, (d.propertyName ?? d.name).text) : undefined;
        if (f) out.push(...resolveConst((d.propertyName ?? d.name).text, parse(f)));
      }
    }
    return out;
  }

  function identifier(name: string, at: ts.Node, sf: ts.SourceFile, add: (text: string) => void) {
    // A parameter of the function around it: the texts its callers in this file give it.
    for (let n: ts.Node | undefined = at.parent; n; n = n.parent) {
      if (!ts.isFunctionLike(n)) continue;
      const i = n.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === name);
      if (i < 0) continue;
      const fnName =
        ts.isFunctionDeclaration(n) && n.name
          ? n.name.text
          : ts.isVariableDeclaration(n.parent) && ts.isIdentifier(n.parent.name)
            ? n.parent.name.text
            : undefined;
      const calls: ts.CallExpression[] = [];
      const visit = (x: ts.Node) => {
        if (ts.isCallExpression(x) && ts.isIdentifier(x.expression) && x.expression.text === fnName) calls.push(x);
        ts.forEachChild(x, visit);
      };
      if (fnName) visit(sf);
      if (!calls.length) unresolved.add(`${sf.fileName}: ${name} (a parameter)`);
      for (const c of calls) if (c.arguments[i]) texts(c.arguments[i], sf, add);
      return;
    }
    const rs = resolveConst(name, sf);
    for (const r of rs) texts(r.init, r.sf, add);
    if (!rs.length) unresolved.add(`${sf.fileName}: ${name}`);
  }

  for (const file of files) {
    const sf = parse(file);
    const importsNotFound = /import \{[^}]*\bnotFound\b[^}]*\} from '[./]*(http\/)?problem\.js'/.test(sf.text);
    const visit = (n: ts.Node) => {
      const isAppError = ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'AppError';
      const isNotFound =
        importsNotFound && ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'notFound';
      if ((isAppError || isNotFound) && n.arguments?.length) {
        const args = [...n.arguments];
        const codeArg = isAppError ? args.shift() : args[1];
        const code = codeArg && ts.isStringLiteral(codeArg) ? codeArg.text : undefined;
        for (const a of isAppError ? args : args.slice(0, 1)) texts(a, sf, (text) => found.push({ text, code, file }));
      }
      // The HTTP layer's own answers: `{ code: 'X', detail: '…' }`.
      if (ts.isObjectLiteralExpression(n)) {
        const prop = (k: string) =>
          n.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(sf) === k);
        const detail = prop('detail');
        const code = prop('code');
        if (detail && code) {
          const c = ts.isStringLiteral(code.initializer) ? code.initializer.text : undefined;
          texts(detail.initializer, sf, (text) => found.push({ text, code: c, file }));
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return { found, unresolved: [...unresolved].sort() };
}
