import { sql, type Kysely } from 'kysely';

// How the patient signed (README "Accessibility and older patients"): drawn on the pad, or typed (the full name,
// checked against the verified person and drawn by the server in the documents' font). Kept beside the signature as
// part of its evidence, with the time and the documents' hashes; every signature before this column was drawn.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscription')
    .addColumn('sign_method', 'text', (c) =>
      c
        .notNull()
        .defaultTo('drawn')
        .check(sql`sign_method in ('drawn', 'typed')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscription').dropColumn('sign_method').execute();
}
