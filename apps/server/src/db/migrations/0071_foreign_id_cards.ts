import { sql, type Kysely } from 'kysely';

// Foreign residents enrol (README "Foreign residents"): the 외국인등록증 (ac, CLOVA OCR's code) and the 영주증 (pr) are ID
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

// An insurer whose setting lists every document there was (the seed's "all" kind) now takes the two new ones too;
// one that chose fewer keeps its choice, and NHLIFE, whose wire has no code for them (spec §4), is left as it is.
const EVERY_BEFORE = JSON.stringify(['ic', 'dl', 'pp']);
const EVERY_AFTER = JSON.stringify(['ic', 'dl', 'pp', 'ac', 'pr']);
const setEvery = (db: Kysely<unknown>, from: string, to: string) =>
  sql`update ui_control set ctrl_val = ${to}
      where ctrl_key = 'ID_PHOTO_TYPES' and ctrl_val = ${from} and comp_cd <> 'NHLIFE'`.execute(db);

export async function up(db: Kysely<unknown>): Promise<void> {
  await widen(db, AFTER);
  await setEvery(db, EVERY_BEFORE, EVERY_AFTER);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setEvery(db, EVERY_AFTER, EVERY_BEFORE);
  // Refused (the constraint fails) while any subscription or submission still holds an ac or pr: nothing is dropped.
  await widen(db, BEFORE);
}
