import { sql, type Kysely } from 'kysely';

// Foreign residents enrol (README "Identity documents"): the 외국인등록증 (ac, CLOVA OCR's code) and the 영주증 (pr) are ID
// documents a subscription and an insurer's ID request may carry, beside ic, dl and pp. Their number is the
// 외국인등록번호, kept and keyed exactly as a 주민등록번호 (subscription.rrn_hmac, idcard_enc): no new column.
const BEFORE = `'ic', 'dl', 'pp'`;
const AFTER = `'ic', 'dl', 'pp', 'ac', 'pr'`;

async function widen(db: Kysely<unknown>, types: string) {
  for (const table of ['subscription', 'id_card_submission']) {
    await sql.raw(`alter table ${table} drop constraint if exists ${table}_idcard_type_check`).execute(db);
    await sql
      .raw(`alter table ${table} add constraint ${table}_idcard_type_check check (idcard_type in (${types}))`)
      .execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await widen(db, AFTER);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await widen(db, BEFORE);
}
