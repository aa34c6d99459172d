// The child case of subscriptions (README "Children: a guardian claims for a child"): a child's subscription names
// her as the insured person and the verified parent as her guardian (migration 0043). What the calls about a child
// read of it: her guardian's children, one child of a guardian (anyone else's is CHILD_NOT_FOUND), the relation's
// state as the operators' decisions set it, and the guardian's session acting for the child.
import { CHILD_PROBLEMS, kstToday, type GuardianRel, type RelationStatus } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { AppError } from '../../http/problem.js';
import type { Patient } from '../../security/session.js';
import { guardianOf, personOf, type GuardianPerson, type SubscriptionPerson } from './person.js';
import { subscriptionsDb } from './tables.js';
import { insurersOf, liveHospitals } from './view.js';

/** How many of a guardian's children one answer lists (live ones first): MAX_CHILDREN_PER_GUARDIAN and those ended. */
export const CHILDREN_LIST_LIMIT = 50;

export const CHILD_NOT_FOUND = (field = 'insuApplyId') =>
  new AppError('CHILD_NOT_FOUND', CHILD_PROBLEMS.CHILD_NOT_FOUND, [
    { field, message: '보호자로 가입한 자녀가 아니에요.' },
  ]);

const CHILD_COLUMNS = [
  'insuApplyId',
  'status',
  'ciHmac',
  'personEnc',
  'guardianCiHmac',
  'guardianEnc',
  'guardianRel',
  'relationStatus',
  'adultOn',
  'bankAccountLast4',
  'bankAccountRel',
  'createdAt',
  'cancelledAt',
  'endReason',
] as const;

/** A child's subscription as the calls about her read it. */
export interface ChildRow {
  insuApplyId: string;
  status: 'subscribe' | 'cancel';
  /** The child's key (childKeyOf): her claims and her access log are under it. */
  ciHmac: string;
  guardianCiHmac: string;
  child: SubscriptionPerson;
  guardian: GuardianPerson;
  guardianRel: GuardianRel;
  relationStatus: RelationStatus;
  /** YYYYMMDD: her 19th birthday. */
  adultOn: string;
  bankAccountLast4: string | null;
  bankAccountRel: string | null;
  createdAt: Date;
  cancelledAt: Date | null;
  endReason: 'cancelled' | 'grown_up' | 'dispute' | null;
}

const childQuery = (handle: Handle) =>
  subscriptionsDb(handle).selectFrom('subscription').select(CHILD_COLUMNS).where('guardianCiHmac', 'is not', null);

type Stored = Awaited<ReturnType<ReturnType<typeof childQuery>['executeTakeFirstOrThrow']>>;

function decode(ctx: AppContext, r: Stored): ChildRow {
  return {
    insuApplyId: r.insuApplyId,
    status: r.status,
    ciHmac: r.ciHmac,
    guardianCiHmac: r.guardianCiHmac!,
    child: personOf(ctx, r.personEnc),
    guardian: guardianOf(ctx, r.guardianEnc!),
    guardianRel: r.guardianRel!,
    relationStatus: r.relationStatus ?? 'required',
    adultOn: r.adultOn ?? '',
    bankAccountLast4: r.bankAccountLast4,
    bankAccountRel: r.bankAccountRel,
    createdAt: new Date(r.createdAt),
    cancelledAt: r.cancelledAt ? new Date(r.cancelledAt) : null,
    endReason: r.endReason,
  };
}

/** A guardian's children, live first, in the order she enrolled them (the index subscription_guardian). */
export async function childrenOfGuardian(ctx: AppContext, handle: Handle, guardianCiHmac: string) {
  const rows = await childQuery(handle)
    .where('guardianCiHmac', '=', guardianCiHmac)
    .orderBy((eb) => eb(eb.ref('status'), '=', 'subscribe'), 'desc')
    .orderBy('createdAt')
    .orderBy('insuApplyId')
    .limit(CHILDREN_LIST_LIMIT)
    .execute();
  return rows.map((r) => decode(ctx, r));
}

/** One child's subscription of this guardian, live or ended; undefined when it is not hers (or not a child's). */
export async function childOfGuardian(ctx: AppContext, guardianCiHmac: string, insuApplyId: string) {
  const row = await childQuery(ctx.db)
    .where('guardianCiHmac', '=', guardianCiHmac)
    .where('insuApplyId', '=', insuApplyId)
    .executeTakeFirst();
  return row ? decode(ctx, row) : undefined;
}

/** A child's subscription by its id, whoever's (the operators' side; the dispute's holder). */
export async function childById(ctx: AppContext, handle: Handle, insuApplyId: string) {
  const row = await childQuery(handle).where('insuApplyId', '=', insuApplyId).executeTakeFirst();
  return row ? decode(ctx, row) : undefined;
}

/** Several by id (the operators' queue: one read for the page). */
export async function childrenByIds(ctx: AppContext, handle: Handle, insuApplyIds: string[]) {
  if (insuApplyIds.length === 0) return new Map<string, ChildRow>();
  const rows = await childQuery(handle).where('insuApplyId', 'in', insuApplyIds).execute();
  return new Map(rows.map((r) => [r.insuApplyId, decode(ctx, r)]));
}

/**
 * The guardian's session acting for one of her children: the same verified person and scope, with the child's key
 * in place of her own, so every call that reads or changes "the patient's" subscription, history or access log reads
 * or changes the child's. Someone else's child, or no child: CHILD_NOT_FOUND (404), whatever exists.
 */
export async function asGuardianOf(ctx: AppContext, patient: Patient, insuApplyId: string): Promise<Patient> {
  const row = await childOfGuardian(ctx, patient.ciHmac, insuApplyId);
  if (!row) throw CHILD_NOT_FOUND();
  return { ...patient, ciHmac: row.ciHmac };
}

/** The child's name and hospitals and insurers with their names, for her guardian's list. */
export async function childDetails(ctx: AppContext, row: ChildRow) {
  const [hospitals, insurers] = await Promise.all([
    liveHospitals(ctx, row.insuApplyId),
    insurersOf(ctx, row.insuApplyId),
  ]);
  return {
    hospitals: hospitals.map((h) => ({ hospitalCd: h.hospitalCd, hospitalNm: h.hospitalNm })),
    insurers: insurers.map((i) => ({ insuCompCd: i.insuCompCd, insuCompNm: i.insuCompNm })),
    grownUp: row.adultOn !== '' && kstToday(ctx.clock.now()) >= row.adultOn,
  };
}

/**
 * The relation's state as an operator's decision (or an upload) sets it. Confirmed: her resident number counts as
 * confirmed too (the document shows it), so records that carry only it are claimed like a verified person's.
 */
export async function setRelationStatus(handle: Handle, insuApplyId: string, status: RelationStatus, now: Date) {
  await subscriptionsDb(handle)
    .updateTable('subscription')
    .set({
      relationStatus: status,
      updatedAt: now,
      ...(status === 'confirmed'
        ? { rrnConfirmedAt: now, rrnCheckVendor: 'relation-document' }
        : { rrnConfirmedAt: null, rrnCheckVendor: null }),
    })
    .where('insuApplyId', '=', insuApplyId)
    .where('guardianCiHmac', 'is not', null)
    .execute();
}

/** How many live children a guardian has enrolled (CHILDREN_LIMIT). */
export async function liveChildCount(handle: Handle, guardianCiHmac: string): Promise<number> {
  const r = await subscriptionsDb(handle)
    .selectFrom('subscription')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('guardianCiHmac', '=', guardianCiHmac)
    .where('status', '=', 'subscribe')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
