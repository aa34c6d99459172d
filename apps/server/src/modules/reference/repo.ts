// SQL for the reference data. Small functions taking the db (Kysely example habit).
import { sql } from 'kysely';
import { readPhotoControls, type PhotoControls } from '@auto-claim/contract';
import type { Handle } from '../../db/handle.js';
import { referenceDb } from './tables.js';

export const listBanks = (handle: Handle) =>
  referenceDb(handle)
    .selectFrom('bank')
    .select(['bankCd', 'bankNm', 'bankKind'])
    .where('active', '=', true)
    .orderBy('sortOrder')
    .execute();

export async function pageInsurers(
  handle: Handle,
  q: { insuKind?: 'LIFE' | 'NONLIFE'; page: number; pageSize: number },
) {
  const db = referenceDb(handle);
  let base = db.selectFrom('insurer').where('active', '=', true);
  if (q.insuKind) base = base.where('insuKind', '=', q.insuKind);
  const [rows, count] = await Promise.all([
    base
      .select(['insuCompCd', 'insuCompNm', 'insuKind', 'callCenter', 'homepage', 'brandColor'])
      .orderBy('sortOrder')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const photo = await photoControlsOf(
    db,
    rows.map((r) => r.insuCompCd),
  );
  return {
    rows: rows.map((r) => ({ ...r, idPhotoUse: photo.get(r.insuCompCd)!.idPhotoUse, insuType: 'insu' as const })),
    total: Number(count.n),
  };
}

export const listFaxNumbers = (handle: Handle, insuCompCd?: string) => {
  let q = referenceDb(handle)
    .selectFrom('insurerFax')
    .innerJoin('insurer', 'insurer.insuCompCd', 'insurerFax.insuCompCd')
    .select(['insurerFax.insuCompCd', 'insurer.insuCompNm', 'faxNo', 'label', 'verified'])
    .where('insurer.active', '=', true);
  if (insuCompCd) q = q.where('insurerFax.insuCompCd', '=', insuCompCd);
  return q.orderBy('insurer.sortOrder').orderBy('insurerFax.id').execute();
};

export const listJobs = (handle: Handle, q: { level?: number; parentCd?: string }) => {
  let s = referenceDb(handle).selectFrom('jobCode').select(['jobCd', 'jobNm', 'parentCd', 'level', 'riskGrade']);
  if (q.level !== undefined) s = s.where('level', '=', q.level);
  if (q.parentCd !== undefined) s = s.where('parentCd', '=', q.parentCd);
  return s.orderBy('level').orderBy('sortOrder').execute();
};

export const listUiControls = (handle: Handle, compCd: string, compType: string) =>
  referenceDb(handle)
    .selectFrom('uiControl')
    .select(['ctrlKey', 'ctrlVal'])
    .where('compCd', '=', compCd)
    .where('compType', '=', compType)
    .orderBy('ctrlKey')
    .execute();

export const listTelecoms = (handle: Handle) =>
  referenceDb(handle)
    .selectFrom('telecom')
    .select(['telecomType', 'telecomNm', 'isMvno'])
    .orderBy('sortOrder')
    .execute();

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
export const listHospitals = (handle: Handle, q: { autoClaimOnly?: boolean }) => {
  let s = referenceDb(handle).selectFrom('hospital').select(hospitalColumns);
  if (q.autoClaimOnly) s = s.where('autoClaimEnabled', '=', true);
  return s
    .orderBy(sql`hospital_nm collate "C"`)
    .orderBy('hospitalCd')
    .execute();
};

export const findHospital = (handle: Handle, hospitalCd: string) =>
  referenceDb(handle)
    .selectFrom('hospital')
    .select(hospitalColumns)
    .where('hospitalCd', '=', hospitalCd)
    .executeTakeFirst();

export async function pageHospitalNames(handle: Handle, q: { page: number; size: number }) {
  const db = referenceDb(handle);
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

// ————————————————————————————— what other modules read of the reference data (through index.ts) —————————————————————————————

/** The hospitals that exist among `codes`. */
export const hospitalsByCode = (handle: Handle, codes: string[]) =>
  codes.length === 0
    ? Promise.resolve([])
    : referenceDb(handle)
        .selectFrom('hospital')
        .select(['hospitalCd', 'hospitalNm', 'autoClaimEnabled', 'isDemo'])
        .where('hospitalCd', 'in', codes)
        .orderBy('hospitalNm')
        .execute();

/** Each hospital's 종별 (의원, 병원, 종합병원 …): where a visit was, as the policy's 통원 공제 tells them apart. */
export const hospitalTypesOf = async (handle: Handle, codes: string[]): Promise<Map<string, string>> =>
  new Map(
    codes.length === 0
      ? []
      : (
          await referenceDb(handle)
            .selectFrom('hospital')
            .select(['hospitalCd', 'hospitalType'])
            .where('hospitalCd', 'in', codes)
            .execute()
        ).map((h) => [h.hospitalCd, h.hospitalType]),
  );

/** The insurers that exist among `codes`, in the insurers' display order. */
export const insurersByCode = (handle: Handle, codes: string[]) =>
  codes.length === 0
    ? Promise.resolve([])
    : referenceDb(handle)
        .selectFrom('insurer')
        .select(['insuCompCd', 'insuCompNm', 'active', 'callCenter'])
        .where('insuCompCd', 'in', codes)
        .orderBy('sortOrder')
        .execute();

/** Each insurer's customer centre number among `codes` (the patient's history names whom to call); absent: none known. */
export const callCentresOf = async (handle: Handle, codes: string[]): Promise<Map<string, string>> =>
  new Map(
    codes.length === 0
      ? []
      : (
          await referenceDb(handle)
            .selectFrom('insurer')
            .select(['insuCompCd', 'callCenter'])
            .where('insuCompCd', 'in', codes)
            .where('callCenter', 'is not', null)
            .execute()
        ).map((i) => [i.insuCompCd, i.callCenter!]),
  );

/** Each insurer's photo settings (ui-control group INSU_PHOTO), read by the contract's one reader; every code answers. */
export async function photoControlsOf(handle: Handle, codes: string[]): Promise<Map<string, PhotoControls>> {
  const db = referenceDb(handle);
  const rows = codes.length
    ? await db
        .selectFrom('uiControl')
        .select(['compCd', 'ctrlKey', 'ctrlVal'])
        .where('compCd', 'in', codes)
        .where('compType', '=', 'INSU_PHOTO')
        .execute()
    : [];
  return new Map(codes.map((c) => [c, readPhotoControls(rows.filter((r) => r.compCd === c))]));
}

/** An active bank by its KFTC code. */
export const findBank = (handle: Handle, bankCd: string) =>
  referenceDb(handle)
    .selectFrom('bank')
    .select(['bankCd', 'bankNm'])
    .where('bankCd', '=', bankCd)
    .where('active', '=', true)
    .executeTakeFirst();

/** A bank's name by its code, active or not (to show what was chosen back then). */
export const bankNameOf = async (handle: Handle, bankCd: string | null) =>
  bankCd
    ? ((await referenceDb(handle).selectFrom('bank').select('bankNm').where('bankCd', '=', bankCd).executeTakeFirst())
        ?.bankNm ?? '')
    : '';

export const findJob = (handle: Handle, jobCd: string) =>
  referenceDb(handle).selectFrom('jobCode').select(['jobCd', 'jobNm']).where('jobCd', '=', jobCd).executeTakeFirst();

/** Each insurer's claim fax line (its first), digits only. */
export async function faxNumbers(handle: Handle): Promise<Map<string, string>> {
  const db = referenceDb(handle);
  const rows = await db.selectFrom('insurerFax').select(['insuCompCd', 'faxNo']).orderBy('id').execute();
  const map = new Map<string, string>();
  for (const r of rows) if (!map.has(r.insuCompCd)) map.set(r.insuCompCd, r.faxNo.replace(/\D/g, ''));
  return map;
}

/** An ILIKE pattern that finds `q` anywhere, its own %, _ and \ taken literally (the console's searches). */
export const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
