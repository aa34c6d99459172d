// Who may hold the whole Database (or an untyped Kysely<any>), and why (docs/architecture.md, table ownership).
// Everyone else queries with a handle scoped to its own tables (db/handle.ts). test/ownership.test.ts fails when a
// file not listed here names Database or Kysely<any>, so a new one is a decision written down here.

/** Files (under apps/server) that walk or wire every table: they name Database or query the whole connection. */
export const WHOLE_DATABASE: Record<string, string> = {
  'src/db/index.ts': 'opens the one connection pool',
  'src/db/migrate.ts': 'migrations shape every table',
  'src/db/migrations/0002_reference_seed.ts': 'a migration seeds the reference data',
  'src/context.ts': 'the wiring: the connection every owner receives, and jobs sent in any owner’s transaction',
  'src/create-context.ts': 'the wiring: builds the context around the one connection (the sandbox outbox among it)',
  'src/security/rekey.ts': 'key rotation re-seals every *_enc column of every table, found in the catalogue',
  'src/modules/claims/jobs.ts': 'pg-boss runs its own schema through the connection',
  'scripts/bench-engine.ts': 'a benchmark fills every table',
};

/**
 * Owners' code that still receives the whole Database from the wiring: each of these files is to take its owner's
 * handle (Kysely<XTables>), and leaves this list when it does. Until then scripts/check-ownership.mjs reads their SQL.
 */
export const NOT_YET_SCOPED: readonly string[] = [
  'src/modules/claims/answers.ts',
  'src/modules/claims/backlog.ts',
  'src/modules/claims/console.ts',
  'src/modules/claims/counts.ts',
  'src/modules/claims/deliver.ts',
  'src/modules/claims/documents.ts',
  'src/modules/claims/feed.ts',
  'src/modules/claims/followup.ts',
  'src/modules/claims/held.ts',
  'src/modules/claims/history.ts',
  'src/modules/claims/match.ts',
  'src/modules/claims/notify.ts',
  'src/modules/claims/operator.ts',
  'src/modules/claims/rejections.ts',
  'src/modules/claims/routes.ts',
  'src/modules/claims/savepoint.ts',
  'src/modules/treats/repo.ts',
  'src/modules/treats/service.ts',
];
