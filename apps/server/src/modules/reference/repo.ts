// SQL for the reference data. Small functions taking the db (Kysely example habit).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

export const listBanks = (db: Db) =>
  db
    .selectFrom('bank')
    .select(['bankCd', 'bankNm', 'bankKind'])
    .where('active', '=', true)
    .orderBy('sortOrder')
    .execute();

const idPhotoUse = sql<boolean>`coalesce((
  select (uc.ctrl_val::jsonb ->> 'use')::boolean from ui_control uc
  where uc.comp_cd = insurer.insu_comp_cd and uc.comp_type = 'INSU_PHOTO' and uc.ctrl_key = 'ID_PHOTO_USE'
), true)`;

export async function pageInsurers(db: Db, q: { insuKind?: 'LIFE' | 'NONLIFE'; page: number; pageSize: number }) {
  let base = db.selectFrom('insurer').where('active', '=', true);
  if (q.insuKind) base = base.where('insuKind', '=', q.insuKind);
  const [rows, count] = await Promise.all([
    base
      .select(['insuCompCd', 'insuCompNm', 'insuKind', 'callCenter', 'homepage', 'brandColor'])
      .select(idPhotoUse.as('idPhotoUse'))
      .orderBy('sortOrder')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, insuType: 'insu' as const })), total: Number(count.n) };
}

export const listFaxNumbers = (db: Db, insuCompCd?: string) => {
  let q = db
    .selectFrom('insurerFax')
    .innerJoin('insurer', 'insurer.insuCompCd', 'insurerFax.insuCompCd')
    .select(['insurerFax.insuCompCd', 'insurer.insuCompNm', 'faxNo', 'label', 'verified'])
    .where('insurer.active', '=', true);
  if (insuCompCd) q = q.where('insurerFax.insuCompCd', '=', insuCompCd);
  return q.orderBy('insurer.sortOrder').orderBy('insurerFax.id').execute();
};

export const listJobs = (db: Db, q: { level?: number; parentCd?: string }) => {
  let s = db.selectFrom('jobCode').select(['jobCd', 'jobNm', 'parentCd', 'level', 'riskGrade']);
  if (q.level !== undefined) s = s.where('level', '=', q.level);
  if (q.parentCd !== undefined) s = s.where('parentCd', '=', q.parentCd);
  return s.orderBy('level').orderBy('sortOrder').execute();
};

export const listUiControls = (db: Db, compCd: string, compType: string) =>
  db
    .selectFrom('uiControl')
    .select(['ctrlKey', 'ctrlVal'])
    .where('compCd', '=', compCd)
    .where('compType', '=', compType)
    .orderBy('ctrlKey')
    .execute();

export const listTelecoms = (db: Db) =>
  db.selectFrom('telecom').select(['telecomType', 'telecomNm', 'isMvno']).orderBy('sortOrder').execute();

const hospitalColumns = [
  'hospitalCd',
  'hospitalNm',
  'hospitalType',
  'address',
  'phone',
  'introText',
  'thumbnailPath',
  'androidPackage',
  'iosPackage',
  'autoClaimEnabled',
  'isDemo',
] as const;

/** Sorted by hospital name (spec §4), in Korean collation order by code point, which is 가나다 order. */
export const listHospitals = (db: Db, q: { autoClaimOnly?: boolean }) => {
  let s = db.selectFrom('hospital').select(hospitalColumns);
  if (q.autoClaimOnly) s = s.where('autoClaimEnabled', '=', true);
  return s
    .orderBy(sql`hospital_nm collate "C"`)
    .orderBy('hospitalCd')
    .execute();
};

export const findHospital = (db: Db, hospitalCd: string) =>
  db.selectFrom('hospital').select(hospitalColumns).where('hospitalCd', '=', hospitalCd).executeTakeFirst();

export async function pageHospitalNames(db: Db, q: { page: number; size: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('hospital')
      .select(['hospitalCd', 'hospitalNm'])
      .orderBy(sql`hospital_nm collate "C"`)
      .orderBy('hospitalCd')
      .limit(q.size)
      .offset(q.page * q.size)
      .execute(),
    db
      .selectFrom('hospital')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const listTerms = (db: Db, termsGroup: string, insuCompCd?: string) => {
  let s = db
    .selectFrom('terms')
    .select(['termsId', 'termsGroup', 'insuCompCd', 'title', 'version', 'required', 'effectiveDate', 'content'])
    .where('termsGroup', '=', termsGroup as never)
    .where('active', '=', true);
  if (insuCompCd) s = s.where('insuCompCd', '=', insuCompCd);
  return s.orderBy('sortOrder').orderBy('termsId').execute();
};
