// Who may hold the whole Database (or an untyped Kysely<any>), and why (docs/architecture.md, table ownership).
// Everyone else queries with a handle scoped to its own tables (db/handle.ts). test/architecture/ownership.test.ts fails when a
// file not listed here names Database or Kysely<any>, so a new one is a decision written down here.
// The SQL ownership check (apps/server/scripts/ownership-check.ts) does not read these files: they name every table.

/** Files (under apps/server) that walk or wire every table: they name Database or query the whole connection. */
export const WHOLE_DATABASE: Record<string, string> = {
  'src/db/index.ts': 'opens the one connection pool',
  'src/db/migrate.ts': 'migrations shape every table',
  'src/db/migrations/0002_reference_seed.ts': 'a migration seeds the reference data',
  'src/create-context.ts': 'the wiring: builds the context around the one connection (the sandbox outbox among it)',
  'src/security/rekey.ts': 'key rotation re-seals every *_enc column of every table, found in the catalogue',
  'scripts/bench-engine.ts': 'a benchmark fills every table',
  'scripts/bench-scale.ts': 'the national-year benchmark grows every table in SQL',
  'scripts/bench-feed.ts': "a benchmark seeds a hospital, its key and a subscriber, then reads the lines' size",
};
