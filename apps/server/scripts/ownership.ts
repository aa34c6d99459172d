// Who owns which table, read from the types (docs/architecture.md, table ownership): the owners are the interfaces
// db/schema.ts's Database extends, each declared in its owner's tables.ts. `npm run docs:ownership` writes the table
// of them into docs/architecture.md; test/architecture/ownership.test.ts fails when that table, or the migrated database, differs.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const src = path.resolve(import.meta.dirname, '../src');
export const ARCHITECTURE_MD = path.resolve(import.meta.dirname, '../../../docs/architecture.md');
const START = '<!-- table ownership: written by `npm run docs:ownership` from the tables.ts files -->';
const END = '<!-- end of table ownership -->';

export interface Owner {
  /** Its folder under apps/server/src, e.g. modules/claims or security. */
  owner: string;
  /** The interface in its tables.ts, e.g. ClaimsTables. */
  tables: string;
  /** Its tables as PostgreSQL names them (snake_case). */
  names: string[];
}

const snake = (camel: string) => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Every owner Database is composed of, in the order schema.ts names them. */
export function tableOwners(): Owner[] {
  const schema = path.join(src, 'db/schema.ts');
  const program = ts.createProgram([schema], {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(schema);
  const database = file?.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database',
  );
  if (!database) throw new Error('db/schema.ts declares no interface Database');
  if (database.members.length > 0) throw new Error('db/schema.ts declares tables itself: they belong in a tables.ts');
  return (database.heritageClauses ?? []).flatMap((h) =>
    h.types.map((t) => {
      const type = checker.getTypeAtLocation(t);
      const declaration = type.getSymbol()?.declarations?.[0];
      if (!declaration) throw new Error(`db/schema.ts: ${t.getText()} is not an interface`);
      const where = path.relative(src, declaration.getSourceFile().fileName);
      if (path.basename(where) !== 'tables.ts')
        throw new Error(`${t.getText()} is declared in ${where}, not a tables.ts`);
      return {
        owner: path.dirname(where),
        tables: t.getText(),
        names: checker.getPropertiesOfType(type).map((p) => snake(p.name)),
      };
    }),
  );
}

/** The generated section of docs/architecture.md. */
export function ownershipSection(owners: Owner[]): string {
  const rows = owners.map((o) => `| \`${o.owner}\` | ${[...o.names].sort().join(', ')} |`);
  return [START, `| owner (\`apps/server/src/…/tables.ts\`) | tables |`, '|---|---|', ...rows, END].join('\n');
}

/** docs/architecture.md with its ownership section replaced by `section`. */
export function withSection(doc: string, section: string): string {
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) throw new Error(`docs/architecture.md has no section between "${START}" and "${END}"`);
  return doc.slice(0, from) + section + doc.slice(to + END.length);
}

if (process.argv[1] === import.meta.filename) {
  const doc = readFileSync(ARCHITECTURE_MD, 'utf8');
  const next = withSection(doc, ownershipSection(tableOwners()));
  if (next !== doc) writeFileSync(ARCHITECTURE_MD, next);
  console.log(
    next === doc
      ? 'docs/architecture.md: table ownership unchanged.'
      : 'docs/architecture.md: table ownership rewritten.',
  );
}
