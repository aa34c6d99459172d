// A subscriber's page in the operator console (README "Operator console", "A subscriber's page"): the subscription
// asked for and its person's others, her children when she is a guardian (subscriptions' subscriberView, masked), her
// claims newest first paged by key on claim_ci_created (migration 0056), the operators' newest notes on them and her
// access log's newest lines. Opening it is written down before anything is read: in the operators' record and in
// her own access log ("운영자가 회원님의 가입 정보와 청구 목록을 열어 봤어요"). Her unmasked details only through a
// claim's reveal (reveal.ts, revealPatient: a reason, the operator's release budget).
import {
  SUBSCRIBER_NOT_CLAIMED_SHOWN,
  SUBSCRIBER_ACCESS_SHOWN,
  SUBSCRIBER_NOTES_SHOWN,
  type SubscriberClaimsQuery,
  type SubscriberDetail,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../../../context.js';
import { notFound } from '../../../http/problem.js';
import { accessActionNm, accessLogOf, recordAccess, recordOperatorAction } from '../../audit/index.js';
import { insurersByCode } from '../../reference/index.js';
import { subscriberView, type SubscriberView } from '../../subscriptions/index.js';
import type { By } from './actions.js';
import { claimsOfPatient } from './claim-list.js';
import { notClaimedOf } from '../statement.js';
import { claimsDb, claimsTransaction } from '../tables.js';

const NOT_FOUND = () => notFound('가입 정보를 찾을 수 없어요.', 'SUBSCRIBER_NOT_FOUND');
const iso = (d: Date | string) => new Date(d).toISOString();

async function viewOf(ctx: AppContext, insuApplyId: string): Promise<SubscriberView> {
  const view = await subscriberView(ctx, ctx.db, insuApplyId);
  if (!view) throw NOT_FOUND();
  return view;
}

/** The page: recorded (operators' record and her access log) before it is read. */
export async function subscriberDetail(ctx: AppContext, insuApplyId: string, by: By): Promise<SubscriberDetail> {
  const view = await viewOf(ctx, insuApplyId);
  const now = ctx.clock.now();
  await claimsTransaction(ctx).execute(async (tx) => {
    await recordOperatorAction(
      tx,
      { ...by, action: 'subscriber_viewed', ciHmac: view.ciHmac, target: 'subscriber' },
      now,
    );
    await recordAccess(
      tx,
      [{ ciHmac: view.ciHmac, action: 'operator_subscriber_viewed', actor: `operator:${by.loginId}` }],
      now,
    );
  });
  const [claims, notes, access, insurers, notClaimed] = await Promise.all([
    claimsOfPatient(ctx, view.ciHmac, { size: 20, order: 'desc' }),
    // Her claims by claim_ci, each one's notes by claim_note_claim: the newest few.
    claimsDb(ctx)
      .selectFrom('claimNote as n')
      .innerJoin('claim as c', 'c.id', 'n.claimId')
      .select(['n.id', 'n.claimId', 'n.loginId', 'n.noteEnc', 'n.at'])
      .where('c.ciHmac', '=', view.ciHmac)
      .orderBy('n.id', 'desc')
      .limit(SUBSCRIBER_NOTES_SHOWN)
      .execute(),
    accessLogOf(ctx.db, view.ciHmac, SUBSCRIBER_ACCESS_SHOWN),
    insurersByCode(ctx.db, [...new Set(view.subscriptions.map((s) => s.insuCompCd))]),
    notClaimedOf(ctx.db, view.insuApplyId, SUBSCRIBER_NOT_CLAIMED_SHOWN),
  ]);
  const insurerNm = new Map(insurers.map((i) => [i.insuCompCd, i.insuCompNm]));
  return {
    insuApplyId: view.insuApplyId,
    person: view.person,
    guardian: view.guardian,
    subscriptions: view.subscriptions.map((s) => ({
      ...s,
      insuCompNm: insurerNm.get(s.insuCompCd) ?? null,
      createdAt: iso(s.createdAt),
      cancelledAt: s.cancelledAt ? iso(s.cancelledAt) : null,
    })),
    children: view.children,
    claims,
    notClaimed,
    notes: notes.map((n) => ({
      id: Number(n.id),
      claimId: Number(n.claimId),
      loginId: n.loginId,
      note: ctx.crypto.decrypt(n.noteEnc),
      at: iso(n.at),
    })),
    accessLog: {
      total: access.total,
      list: access.rows.map((r) => ({
        id: Number(r.id),
        at: iso(r.at),
        actor: r.actor,
        action: r.action,
        actionNm: accessActionNm(r.action),
        claimId: r.claimId === null ? null : Number(r.claimId),
        recordId: r.recordId === null ? null : Number(r.recordId),
        patient: view.person.name,
        detail: null,
      })),
    },
  };
}

/** Her claims' next pages (masked, as the claim list; not recorded, as the claim list is not). */
export async function subscriberClaims(
  ctx: AppContext,
  insuApplyId: string,
  q: SubscriberClaimsQuery & { size: number; order: 'asc' | 'desc' },
) {
  const view = await viewOf(ctx, insuApplyId);
  return claimsOfPatient(ctx, view.ciHmac, q);
}
