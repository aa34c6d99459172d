// Her monthly statement's page (/web/statement; README "The monthly statement"): the month's figures (claims' rollup
// of her subscription's month, monthFigures) and one page of its visits by key, each claimed (paid, waiting,
// rejected) or not claimed with the reason; read by her session, a link session of the statement's (or a visit's)
// message included. Written to the access log as a release to her, once a Korean day.
import {
  KST_OFFSET_MS,
  RECORD_NOT_CLAIMED,
  STATEMENT_PAGE,
  VISIT_TYPE_NM,
  type StatementAnswer,
  type StatementState,
  type StatementVisit,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import type { Patient } from '../../security/session.js';
import { recordAccessOnce } from '../audit/index.js';
import { WAITING_STATUSES, monthFigures, monthOfRecords, type MonthVisit } from '../claims/index.js';
import { hospitalsByCode } from '../reference/index.js';
import { liveSubscriptionOf } from '../subscriptions/index.js';
import { previousMonth } from './send.js';

const VISIT_TYPES = { 외래: 'outpatient', 입원: 'inpatient', 약국: 'pharmacy' } as const satisfies Record<
  MonthVisit['visitType'],
  keyof typeof VISIT_TYPE_NM
>;

const NOT_SUBSCRIBED = () => new AppError('NOT_SUBSCRIBED', '가입된 자동청구가 없어요. 먼저 자동청구에 가입해 주세요.');

function stateOf(v: MonthVisit): StatementState {
  if (v.claims.length === 0) return 'not_claimed';
  if (v.claims.some((c) => c.status === 'paid')) return 'paid';
  if (v.claims.some((c) => WAITING_STATUSES.includes(c.status))) return 'waiting';
  return v.claims.every((c) => c.status === 'rejected') ? 'rejected' : 'waiting';
}

/** Midnight in Korea of the day `now` falls on: the access log's line is written once a day. */
const startOfKstDay = (now: Date) => {
  const k = new Date(now.getTime() + KST_OFFSET_MS);
  return new Date(Date.UTC(k.getUTCFullYear(), k.getUTCMonth(), k.getUTCDate()) - KST_OFFSET_MS);
};

export async function statementOf(
  ctx: AppContext,
  patient: Patient,
  q: { month?: string | undefined; after?: string | undefined },
  who: '본인' | '보호자' = '본인',
): Promise<StatementAnswer> {
  const sub = await liveSubscriptionOf(ctx.db, patient.ciHmac);
  if (!sub) throw NOT_SUBSCRIBED();
  const now = ctx.clock.now();
  const month = q.month ?? previousMonth(now);
  const [visitDate, id] = q.after ? q.after.split('.') : [];
  const after = visitDate && id ? { visitDate, id: Number(id) } : undefined;
  const [figures, rows] = await Promise.all([
    monthFigures(ctx.db, sub.insuApplyId, month),
    monthOfRecords(ctx.db, sub.insuApplyId, month, { limit: STATEMENT_PAGE + 1, after }),
  ]);
  const page = rows.slice(0, STATEMENT_PAGE);
  const names = new Map(
    (await hospitalsByCode(ctx.db, [...new Set(page.map((r) => r.hospitalCd))])).map((h) => [
      h.hospitalCd,
      h.hospitalNm,
    ]),
  );
  await recordAccessOnce(
    ctx.db,
    {
      ciHmac: patient.ciHmac,
      action: 'released_to_patient',
      actor: who === '보호자' ? 'guardian' : 'patient',
      detail: `${month} 명세 ${page.length}건`,
    },
    now,
    startOfKstDay(now),
  );
  const last = page.at(-1);
  return {
    month,
    year: Number(month.slice(0, 4)),
    figures: {
      visits: figures.visits,
      claimed: figures.claimed,
      paid: figures.paid,
      paidAmount: figures.paidAmount,
      waiting: figures.waiting,
      rejected: figures.rejected,
      notClaimed: figures.notClaimed,
      receivedThisYear: figures.receivedThisYear,
    },
    list: page.map((r): StatementVisit => {
      const state = stateOf(r);
      const paid = r.claims.filter((c) => c.status === 'paid');
      return {
        treatId: String(r.id),
        hospitalCd: r.hospitalCd,
        hospitalNm: names.get(r.hospitalCd) ?? r.hospitalCd,
        treatDate: r.visitDate,
        visitType: VISIT_TYPES[r.visitType],
        paidAmt: r.totalPaid,
        state,
        notClaimedReason: state === 'not_claimed' ? (RECORD_NOT_CLAIMED[r.outcome] ?? 'PENDING') : null,
        statuses: r.claims.map((c) => c.status),
        receivedAmt: paid.length ? paid.reduce((s, c) => s + (c.paidAmount ?? 0), 0) : null,
      };
    }),
    next: rows.length > STATEMENT_PAGE && last ? `${last.visitDate}.${last.id}` : null,
  };
}
