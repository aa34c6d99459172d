// The console's hospitals (README "Operator console"): list, add and edit, each edit in the operators' record. The
// patient's calls answer this table from memory (cache.ts): an edit drops what is held (console/routes.ts).
import { sql } from 'kysely';
import type { z } from 'zod';
import type { HospitalCreateBody, HospitalUpdateBody, OpsHospital, hospitalsPageQuery } from '@auto-claim/contract/ops';
import type { AppContext } from '../../../context.js';
import type { Handle } from '../../../db/handle.js';
import { pageOf } from '../../../db/page.js';
import { AppError, notFound } from '../../../http/problem.js';
import { byOperator, recordOperatorAction } from '../../audit/index.js';
import { likeOf } from '../repo.js';
import { referenceDb } from '../tables.js';

const hospitalColumns = [
  'hospitalCd',
  'hospitalNm',
  'hospitalType',
  'address',
  'phone',
  'introText',
  'autoClaimEnabled',
  'androidPackage',
  'iosPackage',
  'isDemo',
] as const;

const toOpsHospital = ({ iosPackage, ...h }: { iosPackage: string | null } & Omit<OpsHospital, 'iOSPackage'>) => ({
  ...h,
  iOSPackage: iosPackage,
});

export async function pageHospitals(handle: Handle, q: z.infer<typeof hospitalsPageQuery>) {
  const db = referenceDb(handle);
  let base = db.selectFrom('hospital');
  if (q.q) {
    const like = likeOf(q.q);
    base = base.where((w) => w.or([w('hospitalNm', 'ilike', like), w('hospitalCd', 'like', like)]));
  }
  const sort = q.sort ?? 'hospitalNm';
  const dir = q.sort ? q.order : 'asc';
  const { rows, total } = await pageOf(
    base
      .select(hospitalColumns)
      .orderBy(sort === 'hospitalNm' ? sql`hospital_nm collate "C"` : sort, dir)
      .orderBy('hospitalCd'),
    q,
  );
  return { list: rows.map(toOpsHospital), total };
}

const findOpsHospital = async (handle: Handle, code: string) => {
  const row = await referenceDb(handle)
    .selectFrom('hospital')
    .select(hospitalColumns)
    .where('hospitalCd', '=', code)
    .executeTakeFirst();
  return row && toOpsHospital(row);
};

const hospitalValues = (b: HospitalUpdateBody) => ({
  hospitalNm: b.hospitalNm,
  hospitalType: b.hospitalType,
  address: b.address,
  phone: b.phone,
  introText: b.introText,
  autoClaimEnabled: b.autoClaimEnabled,
  androidPackage: b.androidPackage ?? null,
  iosPackage: b.iOSPackage ?? null,
});

/** What changed, for the operator's record: field names only for the free texts, values for the switches. */
function hospitalChanges(before: OpsHospital, after: HospitalUpdateBody) {
  const changed = (Object.keys(after) as (keyof HospitalUpdateBody)[]).filter(
    (k) => (before[k] ?? null) !== (after[k] ?? null),
  );
  return JSON.stringify({ changed, autoClaimEnabled: after.autoClaimEnabled });
}

const HOSPITAL_GONE = () => notFound('그 코드의 병원이 없어요.', 'HOSPITAL_NOT_FOUND');

/** One hospital as the console shows it, or 404. */
export const oneHospital = async (ctx: AppContext, code: string) =>
  (await findOpsHospital(ctx.db, code)) ?? Promise.reject(HOSPITAL_GONE());

/** A new hospital, at the end of the list's order; its code must be new. */
export async function createHospital(ctx: AppContext, req: { operatorId?: string; ip: string }, b: HospitalCreateBody) {
  const now = ctx.clock.now();
  await referenceDb(ctx.db)
    .transaction()
    .execute(async (tx) => {
      const inserted = await tx
        .insertInto('hospital')
        .values({
          hospitalCd: b.hospitalCd,
          ...hospitalValues(b),
          thumbnailPath: '',
          isDemo: false,
          sortOrder: sql<number>`(select coalesce(max(sort_order), 0) + 1 from hospital)`,
        })
        .onConflict((oc) => oc.column('hospitalCd').doNothing())
        .returning('hospitalCd')
        .executeTakeFirst();
      if (!inserted) {
        throw new AppError('HOSPITAL_EXISTS', '그 코드의 병원이 이미 있어요.', [
          { field: 'hospitalCd', message: '이미 등록된 병원 코드예요.' },
        ]);
      }
      await recordOperatorAction(
        tx,
        {
          ...byOperator(ctx, req),
          action: 'hospital_created',
          target: b.hospitalCd,
          detail: JSON.stringify({ hospitalNm: b.hospitalNm, autoClaimEnabled: b.autoClaimEnabled }),
        },
        now,
      );
    });
  return (await findOpsHospital(ctx.db, b.hospitalCd))!;
}

/** An admin's edit of a hospital: on the patient's screens at once. */
export async function updateHospital(
  ctx: AppContext,
  req: { operatorId?: string; ip: string },
  code: string,
  body: HospitalUpdateBody,
) {
  const now = ctx.clock.now();
  await referenceDb(ctx.db)
    .transaction()
    .execute(async (tx) => {
      const before = await findOpsHospital(tx, code);
      if (!before) throw HOSPITAL_GONE();
      await tx.updateTable('hospital').set(hospitalValues(body)).where('hospitalCd', '=', code).execute();
      await recordOperatorAction(
        tx,
        {
          ...byOperator(ctx, req),
          action: 'hospital_updated',
          target: code,
          detail: hospitalChanges(before, body),
        },
        now,
      );
    });
  return (await findOpsHospital(ctx.db, code))!;
}
