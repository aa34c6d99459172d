// The treatment history (/web/treat; README, claim engine): the patient's visits with their claims and each claim's
// status history, the visits held until the patient says they are theirs, and the access log, read for one patient
// found by the session's CI only. The engine's tables are read through the claims module's index, subscriptions
// through theirs.
import {
  CLAIM_LAPSE_MONTHS,
  KST_OFFSET_MS,
  addMonths,
  kstToday,
  requestedDocumentsOf,
  RECORD_NOT_CLAIMED,
  SOURCE_LANG,
  type Lang,
  type TreatClaim,
  type TreatsAnswer,
  type TreatToConfirm,
  type TreatVisit,
  type VisitType,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import type { Patient } from '../../security/session.js';
import { recordAccessOnce } from '../audit/index.js';
import {
  answerHeldRecord,
  claimsOfRecords,
  recordsToConfirm,
  reasonByOf,
  recordsByIds,
  recordsOf,
  statusHistoryOf,
  visitsOfClaims,
  type HeldAnswer,
  type HistoryClaim,
  type HistoryRecord,
  type RecordOwner,
  type VisitType as StoredVisitType,
} from '../claims/index.js';
import { messageSafe } from '../../providers/notification/free-text.js';
import { payoutsOf, type Payout } from '../payout/index.js';
import { callCentresOf, faxNumbers, hospitalsByCode, insurersByCode } from '../reference/index.js';
import { latestMinAmt, liveSubscriptionOf, subscriptionIdsOf } from '../subscriptions/index.js';
import { accessLogOf } from './access-log.js';
import { iso } from './common.js';

/** How many visits one answer holds (newest first). */
export const TREATS_LIMIT = 200;

const VISIT_TYPES: Record<StoredVisitType, VisitType> = { 외래: 'outpatient', 입원: 'inpatient', 약국: 'pharmacy' };

const FAILED_REASON = '보험사에 보내지 못했어요. 담당자가 확인하고 다시 보내 드릴게요.';

/** A visit older than CLAIM_LAPSE_MONTHS (Korea's calendar) can no longer be claimed; the engine's rule too. */
export const lapsed = (visitDate: string, now: Date) => visitDate < addMonths(kstToday(now), -CLAIM_LAPSE_MONTHS);

export const TREAT_NOT_FOUND = (field: string) =>
  new AppError('TREAT_NOT_FOUND', '진료 내역을 찾을 수 없어요. 화면을 새로 고쳐 다시 확인해 주세요.', [
    { field, message: '본인의 진료 내역이 아니거나 없는 진료예요.' },
  ]);

/** Ids are decimal bigint text; anything else names no record. */

interface Loaded {
  records: HistoryRecord[];
  claims: HistoryClaim[];
  /** The visits of claims that carry more than one (visitsOfClaims), each with the record its claims are made of. */
  carried: Awaited<ReturnType<typeof visitsOfClaims>>;
  history: { claimId: number; status: TreatClaim['status']; reason: string | null; actor: string; at: Date }[];
  insurers: string[] | undefined;
  hospitalNm: Map<string, string>;
  insurerNm: Map<string, string>;
  callCenter: Map<string, string>;
  /** Each insurer's claim fax (digits): where requested papers go. */
  fax: Map<string, string>;
  /** Each claim's estimate and the answer beside it (the payout module, docs/payout-rules.md). */
  payouts: Map<number, Payout>;
}

/** Whose records a patient sees: their CI's, and those matched to any subscription they had. */
export const ownerOf = async (ctx: AppContext, ciHmac: string): Promise<RecordOwner> => ({
  ciHmac,
  insuApplyIds: await subscriptionIdsOf(ctx.db, ciHmac),
});

export async function load(ctx: AppContext, ciHmac: string, records: HistoryRecord[]): Promise<Loaded> {
  // With the claims that carry a joined visit (a pharmacy with its clinic: README "Claim engine").
  const claims = await claimsOfRecords(ctx.db, [
    ...new Set(records.flatMap((r) => (r.joinedRecordId ? [r.id, Number(r.joinedRecordId)] : [r.id]))),
  ]);
  const insurerCodes = [...new Set(claims.map((c) => c.insuCompCd))];
  // The visits each claim carries when it carries more than one (a clinic's and its pharmacy's).
  const carried = await visitsOfClaims(ctx.db, [...new Set(claims.map((c) => Number(c.recordId)))]);
  const [history, sub, hospitals, insurers, callCenter, fax, payouts] = await Promise.all([
    statusHistoryOf(
      ctx.db,
      claims.map((c) => c.id),
    ),
    liveSubscriptionOf(ctx.db, ciHmac),
    hospitalsByCode(ctx.db, [...new Set([...records, ...carried].map((r) => r.hospitalCd))]),
    insurersByCode(ctx.db, insurerCodes),
    callCentresOf(ctx.db, insurerCodes),
    claims.some((c) => c.status === 'documents_requested') ? faxNumbers(ctx.db) : new Map<string, string>(),
    payoutsOf(
      ctx.db,
      claims.map((c) => Number(c.id)),
      ctx.clock.now(),
    ),
  ]);
  return {
    records,
    claims,
    carried,
    history,
    insurers: sub?.insurers,
    hospitalNm: new Map(hospitals.map((h) => [h.hospitalCd, h.hospitalNm])),
    insurerNm: new Map(insurers.map((i) => [i.insuCompCd, i.insuCompNm])),
    callCenter,
    fax,
    payouts,
  };
}

function deptOf(ctx: AppContext, detailEnc: string) {
  try {
    return ctx.crypto.decryptJson<{ department?: string }>(detailEnc).department ?? '';
  } catch {
    return '';
  }
}

export function toVisits(
  ctx: AppContext,
  { records, claims, carried, history, insurers, hospitalNm, insurerNm, callCenter, fax, payouts }: Loaded,
): TreatVisit[] {
  const now = ctx.clock.now();
  const historyOf = new Map<number, { status: TreatClaim['status']; at: string }[]>();
  const actorsOf = new Map<number, { status: string; actor: string }[]>();
  // What the insurer last asked for, shown while the claim waits for those papers.
  const askedFor = new Map<number, string>();
  // When the insurer's "paid" answer was recorded (README "Claim engine": the paid amount and its date).
  const paidAt = new Map<number, string>();
  for (const h of history) {
    if (h.status === 'documents_requested' && h.reason) askedFor.set(h.claimId, h.reason);
    if (h.status === 'paid') paidAt.set(h.claimId, iso(h.at));
    actorsOf.set(h.claimId, [...(actorsOf.get(h.claimId) ?? []), h]);
    const list = historyOf.get(h.claimId) ?? [];
    list.push({ status: h.status, at: iso(h.at) });
    historyOf.set(h.claimId, list);
  }
  return records.map((r) => {
    const own = claims.filter((c) => c.recordId === r.id || (r.joinedRecordId && c.recordId === r.joinedRecordId));
    const claimed = new Set(own.map((c) => c.insuCompCd));
    const open = (insurers ?? []).some((i) => !claimed.has(i));
    return {
      treatId: String(r.id),
      hospitalCd: r.hospitalCd,
      hospitalNm: hospitalNm.get(r.hospitalCd) ?? r.hospitalCd,
      treatDate: r.visitDate,
      visitType: VISIT_TYPES[r.visitType],
      deptNm: deptOf(ctx, r.detailEnc),
      receiptNo: r.receiptNo,
      coveredSelfAmt: r.coveredCopay,
      uncoveredAmt: r.uncovered,
      paidAmt: r.totalPaid,
      receivedAt: iso(r.receivedAt),
      claimState: own.length > 0 ? 'claimed' : 'notClaimed',
      notClaimedReason: own.length > 0 ? null : RECORD_NOT_CLAIMED[r.outcome],
      // A visit held for her decision is answered by its question ("보험사에 보낼까요?"), not claimed here as well.
      canClaim:
        insurers !== undefined &&
        open &&
        r.outcome !== 'pending' &&
        r.outcome !== 'awaiting_decision' &&
        !lapsed(r.visitDate, now),
      claims: own.map((c): TreatClaim => {
        const asked = c.status === 'documents_requested' ? requestedDocumentsOf(askedFor.get(c.id)) : undefined;
        const byWhom = c.status === 'rejected' || c.status === 'documents_requested';
        return {
          claimId: String(c.id),
          insuCompCd: c.insuCompCd,
          insuCompNm: insurerNm.get(c.insuCompCd) ?? c.insuCompCd,
          status: c.status,
          // Someone else's words, as a patient may read them: one line, no link, no control or bidi character.
          reason:
            c.status === 'rejected'
              ? messageSafe(c.rejectReason, 500)
              : c.status === 'failed'
                ? FAILED_REASON
                : asked
                  ? messageSafe(askedFor.get(c.id), 500) || null
                  : null,
          reasonBy: byWhom ? reasonByOf(actorsOf.get(c.id) ?? [], c.status) : null,
          documents: asked?.documents ?? [],
          insuFaxNo: asked ? (fax.get(c.insuCompCd) ?? null) : null,
          claimAmt: c.amount,
          paidAmt: c.paidAmount,
          paidAt: c.status === 'paid' ? (paidAt.get(c.id) ?? iso(c.updatedAt)) : null,
          insuCallCenter: callCenter.get(c.insuCompCd) ?? null,
          origin: c.origin,
          channel: c.channel,
          createdAt: iso(c.createdAt),
          updatedAt: iso(c.updatedAt),
          history: historyOf.get(c.id) ?? [],
          with: carried
            .filter((v) => v.hostId === Number(c.recordId) && v.id !== Number(r.id))
            .map((v) => ({
              treatId: String(v.id),
              hospitalNm: hospitalNm.get(v.hospitalCd) ?? v.hospitalCd,
              treatDate: v.visitDate,
              paidAmt: v.totalPaid,
            })),
          payout: payoutView(payouts.get(Number(c.id))),
          payoutSentences: payouts.get(Number(c.id))?.sentences ?? null,
        };
      }),
    };
  });
}

/** What the patient reads of a claim's payout: the console's view without the insurer's raw items. */
function payoutView(p: Payout | undefined): TreatClaim['payout'] {
  if (!p) return null;
  const { claimId: _claimId, adjudication: _adjudication, sentences: _sentences, ...shown } = p;
  return shown;
}

/** Midnight in Korea (the calendar the patient reads the log in) of the day `now` falls on, as an instant. */
function startOfKstDay(now: Date) {
  const k = new Date(now.getTime() + KST_OFFSET_MS);
  return new Date(Date.UTC(k.getUTCFullYear(), k.getUTCMonth(), k.getUTCDate()) - KST_OFFSET_MS);
}

/**
 * GET treats: the history, written to the access log as a release to the patient before it is read back. A GET is a
 * read (the screen refetches on focus and on reconnect): the release is written once a Korean calendar day for the
 * history as shown (its number of visits), so repeating the GET writes nothing, while a new visit shown, or another
 * day, is a new line.
 */
export async function listTreats(
  ctx: AppContext,
  patient: Patient,
  /** 보호자: a child's history, read by her guardian (the session acting for her, subscriptions' asGuardianOf). */
  who: '본인' | '보호자' = '본인',
  /** A later page: after this visit of hers (the page before's `nextCursor`). */
  cursor?: string,
  /** The language she reads: the access log's lines are worded in it besides Korean. */
  lang: Lang = SOURCE_LANG,
): Promise<TreatsAnswer> {
  const owner = await ownerOf(ctx, patient.ciHmac);
  let after: { visitDate: string; id: number } | undefined;
  if (cursor !== undefined) {
    // The cursor names her own visit, whose date is read here: no date of hers rides in the URL.
    const [from] = await recordsByIds(ctx.db, owner, [Number(cursor)]);
    if (!from) throw TREAT_NOT_FOUND('cursor');
    after = { visitDate: from.visitDate, id: Number(from.id) };
  }
  // One more than a page says whether older visits follow.
  const page = await recordsOf(ctx.db, owner, TREATS_LIMIT + 1, after);
  const records = page.slice(0, TREATS_LIMIT);
  const nextCursor = page.length > TREATS_LIMIT ? String(records.at(-1)!.id) : null;
  const now = ctx.clock.now();
  await recordAccessOnce(
    ctx.db,
    {
      ciHmac: patient.ciHmac,
      action: 'released_to_patient',
      actor: who === '보호자' ? 'guardian' : 'patient',
      detail: after ? `이전 진료 ${records.length}건` : `${records.length}건`,
    },
    now,
    startOfKstDay(now),
  );
  const [loaded, minAmt, accessLog] = await Promise.all([
    load(ctx, patient.ciHmac, records),
    latestMinAmt(ctx.db, patient.ciHmac),
    accessLogOf(ctx, patient.ciHmac, who, lang),
  ]);
  const list = toVisits(ctx, loaded);
  return { list, total: list.length, minAmt, toConfirm: await toConfirmOf(ctx, owner), accessLog, nextCursor };
}

/** The visits held until the patient says they are theirs: when and where, never what (claims/held.ts). */
async function toConfirmOf(ctx: AppContext, owner: RecordOwner): Promise<TreatToConfirm[]> {
  const rows = await recordsToConfirm(ctx.db, owner);
  const names = new Map(
    (await hospitalsByCode(ctx.db, [...new Set(rows.map((r) => r.hospitalCd))])).map((h) => [
      h.hospitalCd,
      h.hospitalNm,
    ]),
  );
  return rows.map((r): TreatToConfirm => {
    const visit = {
      treatId: String(r.id),
      hospitalCd: r.hospitalCd,
      hospitalNm: names.get(r.hospitalCd) ?? r.hospitalCd,
      treatDate: r.visitDate,
      visitType: VISIT_TYPES[r.visitType],
    };
    const advice = r.advice;
    if (!advice) return { ...visit, question: 'mine' };
    // Her 비급여 rule held it: what it is and the two figures she decides by (claims' uncovered.ts).
    return {
      ...visit,
      question: 'send_uncovered',
      uncoveredAmt: r.uncovered,
      paidAmt: r.totalPaid,
      expectedPayout: advice.expectedPayout,
      premiumEffect: advice.premiumEffect,
      ...(r.decisionDueAt ? { answerBy: iso(r.decisionDueAt) } : {}),
    };
  });
}

/** POST API.treatsConfirm: the patient's answer about one held visit; answers what is still held. */
export async function confirmTreat(ctx: AppContext, patient: Patient, treatId: string, answer: HeldAnswer) {
  const owner = await ownerOf(ctx, patient.ciHmac);
  await answerHeldRecord(ctx, owner, Number(treatId), answer);
  return { toConfirm: await toConfirmOf(ctx, owner) };
}
