// The SQL half of table ownership (docs/architecture.md, table ownership). The compiler holds the Kysely half: an
// owner's handle (claimsDb…) reaches only its own tables. Raw SQL is a string the compiler cannot read, so this check
// reads every `sql` template, every `sql.raw(…)`, every string that is a statement, the names given to `sql.table`,
// `sql.id` and `sql.ref`, the tables named to Kysely's builder and to the purge helpers, in the whole server
// (apps/server/src and apps/server/scripts), with a tokenizer that knows SQL's comments, string literals, quoted and
// schema-qualified names. It refuses a table that belongs to another owner, a relation no owner declares, and an
// owner's handle or narrowing (own(), XTables, xDb) used outside its owner. `npm run lint` runs it
// (scripts/check-ownership.mjs); test/architecture/ownership-check.test.ts holds its probes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { WHOLE_DATABASE } from '../src/db/cross-cutting.js';
import { tableOwners, type Owner } from './ownership.js';

const server = path.resolve(import.meta.dirname, '..');

/** What the check does not read, and why: the one place that says so. Paths from apps/server. */
export const EXEMPT: Record<string, string> = {
  'src/db/migrations/': "the schema's history: each migration shaped every owner's tables as they were then",
  'scripts/ownership-check.ts': 'this check: its keyword lists are not SQL',
};

/**
 * Relations that belong to no owner, and where they may be named (paths from apps/server; '' is everywhere). A name
 * ending in `*` covers the relations it starts.
 */
export const NOT_OWNED: { names: string[]; where: string[]; why: string }[] = [
  {
    names: ['pgboss.*'],
    where: ['src/jobs/', 'src/modules/claims/'],
    why: "pg-boss's own schema: the job runtime drives it; the claims module reads its queues' waiting and failed jobs",
  },
  {
    names: ['kysely_migration*', 'public.kysely_migration*'],
    where: ['src/db/'],
    why: "Kysely's record of the migrations run (db/migrate.ts)",
  },
  {
    names: ['pg_*', 'pg_catalog.*', 'information_schema.*'],
    where: [''],
    why: "PostgreSQL's own catalogue (the role check, key rotation's walk, a benchmark's row estimate)",
  },
];

/** Files that may name a table the check cannot read (a variable given to sql.table or sql.id), and why. */
export const DYNAMIC_NAMES: Record<string, string> = {
  'src/db/purge.ts': "the table comes typed as one of the caller's own handle's (keyof Tables)",
  'src/modules/claims/savepoint.ts': "a savepoint's name (sql.id), not a table",
};

export interface Index {
  /** snake_case table → its owner's folder (modules/claims, security…). */
  table: Map<string, string>;
  /** XTables, XDb, xDb → its owner's folder. */
  handle: Map<string, string>;
  /** owner's folder → its handle function (claimsDb). */
  handleFn: Map<string, string>;
}

const lowerFirst = (s: string) => s[0]!.toLowerCase() + s.slice(1);
export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function indexOf(owners: Owner[]): Index {
  const index: Index = { table: new Map(), handle: new Map(), handleFn: new Map() };
  for (const o of owners) {
    for (const t of o.names) index.table.set(t, o.owner);
    const base = o.tables.replace(/Tables$/, '');
    for (const n of [o.tables, `${base}Db`, `${lowerFirst(base)}Db`]) index.handle.set(n, o.owner);
    index.handleFn.set(o.owner, `${lowerFirst(base)}Db`);
  }
  return index;
}

/** modules/claims → "module claims"; security → "security". */
const label = (owner: string) => (owner.startsWith('modules/') ? `module ${owner.slice('modules/'.length)}` : owner);

/** The owner a file's code belongs to (path from apps/server), or null for shared code, which owns no table. */
export function ownerOfFile(file: string): string | null {
  const m = /^src\/(modules\/[^/]+|security|providers)\//.exec(file);
  return m ? m[1]! : null;
}

// ---------------------------------------------------------------------------------------------------------------
// The tokenizer: SQL as PostgreSQL reads it, over a template's literal parts (a `${…}` is one opaque token).

interface Token {
  kind: 'word' | 'quoted' | 'punct' | 'hole' | 'string' | 'number';
  text: string;
  line: number;
}

const HOLE = '\u0000';

export function tokenize(text: string, firstLine: number): Token[] {
  const tokens: Token[] = [];
  let line = firstLine;
  let i = 0;
  const n = text.length;
  const count = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (text[k] === '\n') line++;
  };
  while (i < n) {
    const c = text[i]!;
    const start = i;
    const at = line;
    if (c === '\n') {
      line++;
      i++;
    } else if (/\s/.test(c)) i++;
    else if (c === HOLE) {
      tokens.push({ kind: 'hole', text: '', line });
      i++;
    } else if (c === '-' && text[i + 1] === '-') {
      while (i < n && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      // Block comments nest in PostgreSQL.
      let depth = 0;
      do {
        const step = text.startsWith('/*', i) ? 1 : text.startsWith('*/', i) ? -1 : 0;
        depth += step;
        i += step ? 2 : 1;
      } while (i < n && depth > 0);
      count(start, i);
    } else if (c === "'") {
      // E'…' strings take backslash escapes; every string takes ''.
      const escapes = /[eE]$/.test(text.slice(Math.max(0, start - 1), start)) && !/\w/.test(text[start - 2] ?? '');
      i++;
      while (i < n) {
        if (escapes && text[i] === '\\') i += 2;
        else if (text[i] === "'" && text[i + 1] === "'") i += 2;
        else if (text[i] === "'") break;
        else i++;
      }
      i++;
      count(start, i);
      tokens.push({ kind: 'string', text: '', line: at });
    } else if (c === '$' && /^\$(?:[A-Za-z_]\w*)?\$/.test(text.slice(i))) {
      const tag = /^\$(?:[A-Za-z_]\w*)?\$/.exec(text.slice(i))![0];
      const end = text.indexOf(tag, i + tag.length);
      i = end < 0 ? n : end + tag.length;
      count(start, i);
      tokens.push({ kind: 'string', text: '', line: at });
    } else if (c === '$' && /\d/.test(text[i + 1] ?? '')) {
      i++;
      while (i < n && /\d/.test(text[i]!)) i++;
      tokens.push({ kind: 'hole', text: '', line });
    } else if (c === '"') {
      let name = '';
      i++;
      while (i < n) {
        if (text[i] === '"' && text[i + 1] !== '"') break;
        name += text[i];
        i += text[i] === '"' ? 2 : 1;
      }
      i++;
      tokens.push({ kind: 'quoted', text: name, line: at });
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      while (i < n && /[\w$\u0080-\uffff]/.test(text[i]!)) i++;
      tokens.push({ kind: 'word', text: text.slice(start, i).toLowerCase(), line });
    } else if (/\d/.test(c)) {
      while (i < n && /[\d.eE]/.test(text[i]!)) i++;
      tokens.push({ kind: 'number', text: text.slice(start, i), line });
    } else if (c === ':' && text[i + 1] === ':') {
      tokens.push({ kind: 'punct', text: '::', line });
      i += 2;
    } else {
      tokens.push({ kind: 'punct', text: c, line });
      i++;
    }
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------------------------
// Which relations a statement (or a fragment of one) names.

export interface Relation {
  /** As written, lower-cased unless quoted: ['subscription'] or ['public', 'subscription']. */
  parts: string[];
  line: number;
  /** Where SQL names a relation (after FROM, JOIN…), not merely a word that happens to be one's name. */
  placed: boolean;
}

const isName = (t: Token | undefined) => t?.kind === 'word' || t?.kind === 'quoted';
const is = (t: Token | undefined, ...texts: string[]) => t?.kind === 'word' && texts.includes(t.text);
const punct = (t: Token | undefined, p: string) => t?.kind === 'punct' && t.text === p;

// Words that cannot be a table's alias: after them, the list of tables has ended.
const CLAUSE = new Set(
  `where group having order limit offset window union except intersect returning on using set for fetch join inner
  left right full cross natural select values into lateral tablesample as from and or not when then else end with do
  conflict default`.split(/\s+/),
);
// SQL words that look like names where they stand (in `extract(epoch from …)` the from is no table's).
const NOT_A_TABLE_FROM = new Set(['extract', 'substring', 'trim', 'overlay', 'position']);
// Keywords that may stand between a table keyword and the table.
const SKIP_BEFORE_TABLE = new Set(['only', 'lateral', 'if', 'not', 'exists', 'table', 'cascade']);

/** Skips a balanced (…) from `i` (which is the opening one); answers the index after it. */
function skipParens(tokens: Token[], i: number) {
  let depth = 0;
  do {
    if (punct(tokens[i], '(')) depth++;
    else if (punct(tokens[i], ')')) depth--;
    i++;
  } while (i < tokens.length && depth > 0);
  return i;
}

function qualifiedName(tokens: Token[], i: number): { parts: string[]; end: number } {
  const parts = [tokens[i]!.text];
  let j = i + 1;
  while (punct(tokens[j], '.') && isName(tokens[j + 1])) {
    parts.push(tokens[j + 1]!.text);
    j += 2;
  }
  return { parts, end: j };
}

export function relationsIn(tokens: Token[]): { relations: Relation[]; ctes: Set<string> } {
  const ctes = new Set<string>();
  // A common table expression: `name as [not] [materialized] (` or `name (cols) as (`.
  for (let i = 0; i < tokens.length; i++) {
    if (!isName(tokens[i]) || punct(tokens[i - 1], '.')) continue;
    let j = i + 1;
    if (punct(tokens[j], '(')) j = skipParens(tokens, j);
    if (!is(tokens[j], 'as')) continue;
    j++;
    if (is(tokens[j], 'not')) j++;
    if (is(tokens[j], 'materialized')) j++;
    if (punct(tokens[j], '(')) ctes.add(tokens[i]!.text);
  }

  const relations: Relation[] = [];
  const placedAt = new Set<number>();
  // The function each open parenthesis belongs to, and the first word of each statement.
  const parens: string[] = [];
  let statement = '';
  const table = (i: number, columnsMayFollow: boolean): number => {
    while (is(tokens[i], ...SKIP_BEFORE_TABLE)) i++;
    const t = tokens[i];
    if (punct(t, '(')) i = skipParens(tokens, i);
    else if (t?.kind === 'hole') i++;
    else if (isName(t)) {
      const { parts, end } = qualifiedName(tokens, i);
      // `from unnest(…)`: a function, not a table; `into t (a, b)` and `references t (id)` name columns after it.
      if (punct(tokens[end], '(') && !columnsMayFollow) return skipParens(tokens, end);
      relations.push({ parts, line: t!.line, placed: true });
      for (let k = i; k < end; k++) placedAt.add(k);
      i = end;
    } else return i;
    // Its alias, and an alias's column list.
    if (is(tokens[i], 'as')) i++;
    if (isName(tokens[i]) && !(tokens[i]!.kind === 'word' && CLAUSE.has(tokens[i]!.text))) i++;
    if (punct(tokens[i], '(') && !columnsMayFollow) i = skipParens(tokens, i);
    return i;
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const before = tokens[i - 1];
    if (punct(t, '(')) parens.push(before?.kind === 'word' ? before.text : '');
    else if (punct(t, ')')) parens.pop();
    else if (punct(t, ';')) statement = '';
    if (t.kind !== 'word' || punct(before, '.') || punct(before, '::')) continue;
    if (!statement) statement = t.text;
    let list = false;
    let columns = false;
    switch (t.text) {
      case 'from':
        if (NOT_A_TABLE_FROM.has(parens.at(-1) ?? '') || is(before, 'distinct')) continue;
        list = true;
        break;
      case 'using':
        list = true;
        break;
      case 'truncate':
        list = true;
        break;
      case 'join':
        break;
      case 'into':
      case 'references':
        columns = true;
        break;
      case 'update':
        // `for update`, `on conflict … do update`, `for no key update`: no table follows.
        if (is(before, 'for', 'do', 'key')) continue;
        break;
      case 'table':
        if (is(before, 'returns', 'on', 'as')) continue;
        columns = true;
        break;
      case 'on':
        // In DDL (`create index … on t`, `create trigger … on t`), not in a join's condition.
        if (!['create', 'drop', 'alter', 'comment'].includes(statement) || is(tokens[i + 1], 'conflict')) continue;
        columns = true;
        break;
      default:
        continue;
    }
    let j = table(i + 1, columns);
    while (list && punct(tokens[j], ',')) j = table(j + 1, columns);
  }

  // Elsewhere: a schema-qualified name, or a bare word that is some table's name (a fragment such as
  // sql`public.subscription` spliced into a statement elsewhere names its table without a FROM of its own).
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (placedAt.has(i) || !isName(t) || punct(tokens[i - 1], '.') || punct(tokens[i - 1], '::')) continue;
    const { parts, end } = qualifiedName(tokens, i);
    if (punct(tokens[end], '(')) continue;
    relations.push({ parts: parts.length > 1 ? parts.slice(0, 2) : parts, line: t.line, placed: false });
    i = end - 1;
  }
  return { relations, ctes };
}

// ---------------------------------------------------------------------------------------------------------------
// The check of one file.

const STATEMENT =
  /^\s*(?:\(\s*)*(?:select|insert\s+into|update\s+\S+\s+set|delete\s+from|with\s+\w|truncate|create|alter|drop|lock\s+table|copy|explain|comment\s+on)\b/i;
const KYSELY_TABLE = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
  'createTable',
  'alterTable',
  'dropTable',
]);
const PURGE_HELPERS = new Set(['purgeInBatches', 'purgeTreeInBatches']);

const matches = (pattern: string, name: string) =>
  pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : pattern === name;
const within = (file: string, where: string[]) => where.some((w) => file.startsWith(w));

/** The problems of one file, as `<file>:<line>: …` (file: a path from apps/server). */
export function checkFile(file: string, text: string, index: Index): string[] {
  const problems = new Set<string>();
  const owner = ownerOfFile(file);
  const shown = path.posix.join('apps/server', file);
  const say = (line: number, message: string) => problems.add(`${shown}:${line}: ${message}`);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

  /** A relation named in SQL or to a builder: whose is it, and may this file name it? */
  const judge = (parts: string[], line: number, placed: boolean, ctes: Set<string> = new Set()) => {
    const full = parts.join('.');
    if (parts.length === 1 && ctes.has(parts[0]!)) return;
    const allowed = NOT_OWNED.find((a) => a.names.some((n) => matches(n, full)));
    if (allowed) {
      if (!within(file, allowed.where))
        say(
          line,
          `table ${full} belongs to no module: it is named only in ${allowed.where.join(', ')} (${allowed.why})`,
        );
      return;
    }
    const [schema, name] = parts.length > 1 ? [parts[0]!, parts[1]!] : ['public', parts[0]!];
    const tableOwner = schema === 'public' ? index.table.get(name) : undefined;
    if (tableOwner) {
      if (tableOwner !== owner) say(line, `table ${name} belongs to ${label(tableOwner)}`);
      return;
    }
    // An unknown word where SQL puts a table is a relation no owner declares; elsewhere it is a column or an alias.
    if (placed && (schema !== 'public' || parts.length === 1))
      say(line, `table ${full} belongs to no owner: declare it in a tables.ts (or in NOT_OWNED, with why)`);
  };

  // A statement is often built of several templates (a CTE named in one, read in another): the file's CTEs are
  // judged together, after every template is read.
  const read: Relation[] = [];
  const ctes = new Set<string>();
  /** SQL text with `${…}` holes: every relation it names. */
  const readSql = (text: string, line: number, plain = false) => {
    const found = relationsIn(tokenize(text, line));
    // A plain string may be English that starts like SQL: only where SQL puts a table, or a qualified name, counts.
    read.push(...found.relations.filter((r) => !plain || r.placed || r.parts.length > 1));
    for (const c of found.ctes) ctes.add(c);
  };

  /** A template's literal parts joined by holes. */
  const templateText = (t: ts.TemplateLiteral) =>
    ts.isNoSubstitutionTemplateLiteral(t)
      ? t.text
      : [t.head.text, ...t.templateSpans.map((s) => s.literal.text)].join(HOLE);

  /** A name given as a string to sql.table/sql.id/sql.ref, to a builder or a purge helper. */
  const readName = (node: ts.Expression, how: 'table' | 'id' | 'ref' | 'builder') => {
    const line = lineOf(node);
    if (ts.isArrayLiteralExpression(node)) return node.elements.forEach((e) => readName(e, how));
    const literals: string[] = [];
    if (ts.isStringLiteralLike(node)) literals.push(node.text);
    else if (ts.isIdentifier(node)) literals.push(...literalsOf(node));
    if (!literals.length) {
      if ((how === 'table' || how === 'id') && !(file in DYNAMIC_NAMES))
        say(line, `sql.${how}(${node.getText(source)}) names a table the check cannot read: name it with a literal`);
      return;
    }
    for (const literal of literals) {
      const name = literal.replace(/\s+as\s+\w+$/i, '');
      const parts = name.split('.').map((p) => (how === 'builder' ? snake(p) : p));
      // A reference's last part is its column.
      const relation = how === 'ref' ? parts.slice(0, -1) : parts;
      if (!relation.length) continue;
      // A reference's table part is often an alias: only a known table's name counts there.
      judge(relation.length > 2 ? relation.slice(-2) : relation, line, how === 'table' || how === 'builder');
    }
  };

  /** The literal values an identifier may hold: a const's literal, or a parameter typed as a union of literals. */
  const literalsOf = (id: ts.Identifier): string[] => {
    for (let node: ts.Node | undefined = id.parent; node; node = node.parent) {
      const found: string[] = [];
      if (ts.isFunctionLike(node))
        for (const p of node.parameters)
          if (ts.isIdentifier(p.name) && p.name.text === id.text && p.type && ts.isUnionTypeNode(p.type))
            for (const t of p.type.types)
              if (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal)) found.push(t.literal.text);
      if (ts.isBlock(node) || ts.isSourceFile(node))
        for (const s of node.statements)
          if (ts.isVariableStatement(s))
            for (const d of s.declarationList.declarations)
              if (
                ts.isIdentifier(d.name) &&
                d.name.text === id.text &&
                d.initializer &&
                ts.isStringLiteralLike(d.initializer)
              )
                found.push(d.initializer.text);
      if (found.length) return found;
    }
    return [];
  };

  /** The value of an object literal's property `name`. */
  const propertyOf = (object: ts.Expression, name: string) =>
    ts.isObjectLiteralExpression(object)
      ? object.properties.find(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === name,
        )?.initializer
      : undefined;

  const handled = new Set<ts.Node>();
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      handled.add(node.template);
      if (!ts.isNoSubstitutionTemplateLiteral(node.template)) handled.add(node.template.head);
      readSql(templateText(node.template), lineOf(node.template));
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const [first, second] = node.arguments;
      if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'sql'
      ) {
        const method = callee.name.text;
        if (method === 'raw' && first && (ts.isStringLiteralLike(first) || ts.isTemplateExpression(first))) {
          handled.add(first);
          readSql(ts.isTemplateExpression(first) ? templateText(first) : first.text, lineOf(first));
        } else if (method === 'table' || method === 'ref' || method === 'id') {
          // sql.id('public', 'subscription') names one thing in parts.
          if (method === 'id' && node.arguments.length > 1 && node.arguments.every(ts.isStringLiteralLike)) {
            node.arguments.forEach((a) => handled.add(a));
            const parts = node.arguments.map((a) => (a as ts.StringLiteral).text);
            judge(parts.length > 2 ? parts.slice(-2) : parts, lineOf(node), false);
          } else
            for (const a of node.arguments) {
              handled.add(a);
              readName(a, method);
            }
        }
      } else if (ts.isPropertyAccessExpression(callee) && KYSELY_TABLE.has(callee.name.text) && first) {
        if (ts.isStringLiteralLike(first) || ts.isArrayLiteralExpression(first)) {
          handled.add(first);
          readName(first, 'builder');
        }
      } else if (ts.isIdentifier(callee) && PURGE_HELPERS.has(callee.text)) {
        // purgeInBatches(db, 'table', …) and purgeTreeInBatches(db, 'table', …, { children: [{ table: 'child' }] }).
        const children = node.arguments[3] && propertyOf(node.arguments[3], 'children');
        const tables = [
          second,
          ...(children && ts.isArrayLiteralExpression(children)
            ? children.elements.map((c) => propertyOf(c, 'table'))
            : []),
        ];
        for (const t of tables)
          if (t && ts.isStringLiteralLike(t)) {
            handled.add(t);
            readName(t, 'builder');
          }
      } else if (
        ts.isIdentifier(callee) &&
        callee.text === 'own' &&
        !file.startsWith('src/db/') &&
        path.basename(file) !== 'tables.ts'
      ) {
        const mine = owner && index.handleFn.get(owner);
        say(
          lineOf(node),
          `own() narrows a handle only in an owner's tables.ts${mine ? `: ${owner} queries through ${mine} (its tables.ts)` : ''}`,
        );
      }
    } else if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !handled.has(node)) {
      if (STATEMENT.test(node.text) && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent))
        readSql(node.text, lineOf(node), true);
    } else if (ts.isTemplateExpression(node) && !handled.has(node)) {
      if (STATEMENT.test(node.head.text)) readSql(templateText(node), lineOf(node), true);
    } else if (ts.isIdentifier(node) && owner) {
      // Another owner's tables, handle type or handle function: its tables reached by a cast or an import.
      const theirs = index.handle.get(node.text);
      if (theirs && theirs !== owner)
        say(lineOf(node), `${node.text} is the handle of ${label(theirs)}: its tables belong to ${label(theirs)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const r of read) judge(r.parts, r.line, r.placed, ctes);
  const lineIn = (p: string) => Number(/:(\d+):/.exec(p)![1]);
  return [...problems].sort((x, y) => lineIn(x) - lineIn(y));
}

// ---------------------------------------------------------------------------------------------------------------
// The whole server.

/** Every .ts file the check reads, as paths from apps/server. */
export function serverFiles(): string[] {
  return ['src', 'scripts']
    .flatMap((dir) =>
      readdirSync(path.join(server, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => path.posix.join(dir, f.split(path.sep).join('/'))),
    )
    .filter((f) => !Object.keys(EXEMPT).some((e) => f.startsWith(e)))
    .sort();
}

export function checkServer(index = indexOf(tableOwners())): { problems: string[]; files: number } {
  const files = serverFiles().filter((f) => !(f in WHOLE_DATABASE));
  const problems = files.flatMap((f) => checkFile(f, readFileSync(path.join(server, f), 'utf8'), index));
  return { problems, files: files.length };
}
