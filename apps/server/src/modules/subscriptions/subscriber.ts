// A subscriber as the operator console's page shows her (README "Operator console", "A subscriber's page"): the
// subscription asked for, the insured person's other subscriptions (the subscription_ci index), and the children she
// enrolled as their guardian (subscription_guardian), each masked here: no unmasked name or phone leaves this module.
import { maskAccount, maskName, maskPhone, type GuardianRel, type RelationStatus } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { childrenOfGuardian } from './children.js';
import { helperOf, helperText } from './desk.js';
import { guardianOf, personOf } from './person.js';
import { subscriptionsDb } from './tables.js';

/** How many of one person's subscriptions the page lists (newest first): she has one live one and those ended. */
const SUBSCRIPTIONS_SHOWN = 50;

export interface SubscriberView {
  insuApplyId: string;
  /** Her key: her claims and her access log are under it. */
  ciHmac: string;
  person: { name: string; phone: string | null };
  guardian: { name: string; phone: string | null; rel: GuardianRel; relationStatus: RelationStatus } | null;
  subscriptions: {
    insuApplyId: string;
    status: 'subscribe' | 'cancel';
    insuCompCd: string;
    createdAt: Date;
    cancelledAt: Date | null;
    endReason: 'cancelled' | 'grown_up' | 'dispute' | null;
    accountMasked: string | null;
    helpedBy: string | null;
  }[];
  children: {
    insuApplyId: string;
    name: string;
    rel: GuardianRel;
    status: 'subscribe' | 'cancel';
    relationStatus: RelationStatus;
    adultOn: string;
  }[];
}

const masked = (p: { userNm: string; userTel: string }) => ({
  name: maskName(p.userNm),
  phone: p.userTel ? maskPhone(p.userTel) : null,
});

/** The subscriber of one subscription, masked; undefined when there is no such subscription. */
export async function subscriberView(
  ctx: AppContext,
  handle: Handle,
  insuApplyId: string,
): Promise<SubscriberView | undefined> {
  const db = subscriptionsDb(handle);
  const sub = await db
    .selectFrom('subscription')
    .select(['insuApplyId', 'ciHmac', 'personEnc', 'guardianEnc', 'guardianRel', 'relationStatus'])
    .where('insuApplyId', '=', insuApplyId)
    .executeTakeFirst();
  if (!sub) return undefined;
  const [all, children] = await Promise.all([
    db
      .selectFrom('subscription')
      .select([
        'insuApplyId',
        'status',
        'insuCompCd',
        'createdAt',
        'cancelledAt',
        'endReason',
        'bankAccountLast4',
        'helperRel',
        'deskHandoffId',
      ])
      .where('ciHmac', '=', sub.ciHmac)
      .orderBy('createdAt', 'desc')
      .orderBy('insuApplyId', 'desc')
      .limit(SUBSCRIPTIONS_SHOWN)
      .execute(),
    // A child's subscription has no children of its own (her key is the guardian's and hers together).
    sub.guardianEnc ? [] : childrenOfGuardian(ctx, handle, sub.ciHmac),
  ]);
  const guardian = sub.guardianEnc ? guardianOf(ctx, sub.guardianEnc) : undefined;
  const helpers = await Promise.all(all.map(async (s) => helperText(await helperOf({ ...ctx, db: handle }, s))));
  return {
    insuApplyId: sub.insuApplyId,
    ciHmac: sub.ciHmac,
    person: masked(personOf(ctx, sub.personEnc)),
    guardian: guardian
      ? { ...masked(guardian), rel: sub.guardianRel ?? 'guardian', relationStatus: sub.relationStatus ?? 'required' }
      : null,
    subscriptions: all.map((s, i) => ({
      insuApplyId: s.insuApplyId,
      status: s.status,
      insuCompCd: s.insuCompCd,
      createdAt: new Date(s.createdAt),
      cancelledAt: s.cancelledAt ? new Date(s.cancelledAt) : null,
      endReason: s.endReason,
      accountMasked: s.bankAccountLast4 ? maskAccount(s.bankAccountLast4) : null,
      helpedBy: helpers[i] ?? null,
    })),
    children: children.map((c) => ({
      insuApplyId: c.insuApplyId,
      name: maskName(c.child.userNm),
      rel: c.guardianRel,
      status: c.status,
      relationStatus: c.relationStatus,
      adultOn: c.adultOn,
    })),
  };
}
