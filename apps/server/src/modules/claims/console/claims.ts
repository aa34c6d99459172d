// What the operator console reads and does of the claim engine (README "Operator console"): the claim search, a
// claim's timeline, revealing its patient with a reason, and the dead letters (retry many, close with a note). Every
// change and every reveal is written to the operators' record in the same transaction (modules/audit).
import {
  kstDayEnd,
  kstDayStart,
  operatorActionDid,
  type BulkAnswer,
  type JobBulkAnswer,
  type DeadLetterRow,
  type OpsClaimDetail,
  type OpsClaimRow,
  type CursorPage,
  type ReleaseBody,
  type RevealAnswer,
  type TimelineEntry,
} from '@auto-claim/contract/ops';
import {
  CLAIM_STATUS_NM,
  DELIVERY_ATTEMPT_OUTCOME_NM,
  DELIVERY_CHANNEL_NM,
  INSURER_ANSWER_NM,
  maskName,
  maskPhone,
  sameName,
} from '@auto-claim/contract';
import type { z } from 'zod';
import type { deadLettersQuery, opsClaimsQuery, opsClaimsSearchBody } from '@auto-claim/contract/ops';
import { sql } from 'kysely';
import type { AppContext } from '../../../context.js';
import { keysetPage } from '../../../db/page.js';
import { checkSignedCursor, cursorScope, signCursor } from '../../../http/signed-cursor.js';
import type { ClaimStatus } from '../../../db/schema.js';
import { AppError, notFound } from '../../../http/problem.js';
import {
  operatorActionsOfClaim,
  recordAccess,
  recordOperatorAction,
  releaseAlert,
  releasesOfRecord,
  takeRelease,
} from '../../audit/index.js';
import { bankNameOf, hospitalsByCode, insurersByCode } from '../../reference/index.js';
import {
  contactsOf,
  insuredPersonsOf,
  payoutAccountOf,
  postNoMissingOf,
  subscriberOf,
} from '../../subscriptions/index.js';
import { insuredOf, type RecordPerson } from '../common.js';
import { claimView, retryDeadLetter, type By } from './actions.js';
import type { ClaimEngine } from '../engine.js';
import type { Handle } from '../../../db/handle.js';
import { claimsDb, claimsTransaction } from '../tables.js';
import {
  personMatchOf,
  recordPersonSearch,
  startPersonSearch,
  whoOnRecord,
  withFewRecords,
  type PersonMatch,
} from './person-search.js';

const iso = (d: Date | string) => new Date(d).toISOString();
const NOT_FOUND = () => notFound('청구를 찾을 수 없어요.', 'CLAIM_NOT_FOUND');

/** Names of hospitals and insurers for a page of rows. */
async function namesOf(db: Handle, hospitals: string[], insurers: string[]) {
  const [h, i] = await Promise.all([
    hospitalsByCode(db, [...new Set(hospitals)]),
    insurersByCode(db, [...new Set(insurers)]),
  ]);
  return {
    hospital: new Map(h.map((x) => [x.hospitalCd, x.hospitalNm])),
    insurer: new Map(i.map((x) => [x.insuCompCd, x.insuCompNm])),
    callCenter: new Map(i.map((x) => [x.insuCompCd, x.callCenter])),
  };
}

/**
 * The masked patient of each row: the name and phone the subscription verified (the name the claim's documents write,
 * common.ts insuredOf), the hospital's when no subscription is left; and the record's own name, masked, where the
 * hospital wrote another (a released held record), for "병원 기록상 이름".
 */
async function maskedPatients(ctx: AppContext, rows: { personEnc: string; insuApplyId: string | null }[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.insuApplyId ? [r.insuApplyId] : [])))];
  const [contacts, subscribers] = await Promise.all([contactsOf(ctx, ctx.db, ids), insuredPersonsOf(ctx, ctx.db, ids)]);
  return rows.map((r) => {
    const insured = insuredOf(
      ctx.crypto.decryptJson<RecordPerson>(r.personEnc),
      r.insuApplyId ? subscribers.get(r.insuApplyId) : undefined,
    );
    const tel = r.insuApplyId ? contacts.get(r.insuApplyId)?.userTel : undefined;
    const recorded = insured.recordedAs?.name;
    return {
      patient: { name: maskName(insured.name), phone: tel ? maskPhone(tel) : null },
      recordName: recorded && !sameName(recorded, insured.name) ? maskName(recorded) : null,
    };
  });
}

/** Masked names of the patients of some claims and records (the access log's rows). */
export async function maskedPatientsOf(ctx: AppContext, by: { claimIds: number[]; recordIds: number[] }) {
  const [claims, records] = await Promise.all([
    by.claimIds.length
      ? claimsDb(ctx)
          .selectFrom('claim as c')
          .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
          .select(['c.id', 'r.personEnc'])
          .where('c.id', 'in', by.claimIds)
          .execute()
      : [],
    by.recordIds.length
      ? claimsDb(ctx)
          .selectFrom('treatmentRecord')
          .select(['id', 'personEnc'])
          .where('id', 'in', by.recordIds)
          .execute()
      : [],
  ]);
  const name = (enc: string) => maskName(ctx.crypto.decryptJson<RecordPerson>(enc).name);
  return {
    claim: new Map(claims.map((c) => [Number(c.id), name(c.personEnc)])),
    record: new Map(records.map((r) => [Number(r.id), name(r.personEnc)])),
  };
}

/** The keyed hash of the CI of a claim's or a record's patient (the access log's patient filter). */
export async function patientCiHmacOf(ctx: AppContext, by: { claimId?: number; recordId?: number }) {
  if (by.claimId !== undefined) {
    const c = await claimsDb(ctx).selectFrom('claim').select('ciHmac').where('id', '=', by.claimId).executeTakeFirst();
    return c?.ciHmac ?? null;
  }
  if (by.recordId !== undefined) {
    const r = await claimsDb(ctx)
      .selectFrom('treatmentRecord')
      .select('ciHmac')
      .where('id', '=', by.recordId)
      .executeTakeFirst();
    return r?.ciHmac ?? null;
  }
  return null;
}

const CLAIM_SORT = {
  claimId: 'c.id',
  visitDate: 'c.visitDate',
  createdAt: 'c.createdAt',
  amount: 'c.amount',
  status: 'c.status',
} as const;

/** The claim list's rows: each claim with its record (a left join: see claimPage). */
const claimListBase = (ctx: AppContext) =>
  claimsDb(ctx).selectFrom('claim as c').leftJoin('treatmentRecord as r', 'r.id', 'c.recordId');
type ClaimListBase = ReturnType<typeof claimListBase>;

/** The list's filters: hospital, insurer, status, claim id and a visit or claim date range. */
function withClaimFilters(base: ClaimListBase, q: z.output<typeof opsClaimsQuery>): ClaimListBase {
  if (q.claimId !== undefined) base = base.where('c.id', '=', q.claimId);
  if (q.hospitalCd) base = base.where('c.hospitalCd', '=', q.hospitalCd);
  if (q.insuCompCd) base = base.where('c.insuCompCd', '=', q.insuCompCd);
  if (q.status) base = base.where('c.status', '=', q.status);
  if (q.dateField === 'visit') {
    if (q.from) base = base.where('c.visitDate', '>=', q.from);
    if (q.to) base = base.where('c.visitDate', '<=', q.to);
  } else {
    if (q.from) base = base.where('c.createdAt', '>=', kstDayStart(q.from));
    if (q.to) base = base.where('c.createdAt', '<', kstDayEnd(q.to));
  }
  return base;
}

/** A person search's keys (person-search.ts): the record's hashes and receipt number, the phone's patients. */
function withPerson(base: ClaimListBase, m: PersonMatch): ClaimListBase {
  if (m.recordIds) {
    // One array, unnested: the planner then reads each record's claims by claim_record_insurer and sorts the few it
    // found, where a list of literals (or `= any`) let it walk every claim newest first and filter
    // (docs/performance.md, "At 10⁷ claims").
    const ids = m.recordIds;
    base = ids.length
      ? base.where(sql<boolean>`c.record_id in (select unnest(${ids}::bigint[]))`)
      : base.where(sql<boolean>`false`);
  } else {
    const who = whoOnRecord(m);
    if (who) base = base.where(who);
    if (m.receiptNo) base = base.where('r.receiptNo', '=', m.receiptNo);
  }
  if (m.claimId !== undefined) base = base.where('c.id', '=', m.claimId);
  if (m.phoneCis) {
    const cis = m.phoneCis;
    base = cis.length ? base.where('c.ciHmac', 'in', cis) : base.where(sql<boolean>`false`);
  }
  return base;
}

/** The claim search: filtered, sorted and paged by key in SQL, newest first unless sorted otherwise. */
export async function searchClaims(
  ctx: AppContext,
  q: z.output<typeof opsClaimsQuery>,
): Promise<CursorPage<OpsClaimRow>> {
  return (await claimPage(ctx, q)).page;
}

/**
 * The claim list searched by what a caller says (person-search.ts): the list's filters and the keys together, the
 * patients still masked; a search naming a person is recorded before the answer leaves.
 */
export async function searchClaimsByPerson(
  ctx: AppContext,
  body: z.output<typeof opsClaimsSearchBody>,
  by: By,
): Promise<CursorPage<OpsClaimRow>> {
  const { name, phone, birthDate, receiptNo, ...q } = body;
  const person = { name, phone, birthDate, receiptNo, claimId: body.claimId };
  // Its cursors are signed for this operator and filter: a hand-made one (past the end, another search's) is refused.
  const scope = cursorScope(by.loginId, body);
  if (body.cursor !== undefined) checkSignedCursor(ctx.crypto, scope, body.cursor);
  await startPersonSearch(ctx, person, { by, target: 'claims' });
  const match = await withFewRecords(ctx, await personMatchOf(ctx, person));
  const { page, ciHmacs } = await claimPage(ctx, { ...q, claimId: undefined }, match);
  await recordPersonSearch(
    ctx.db,
    person,
    page.list.map((r, i) => ({ ciHmac: ciHmacs[i]!, claimId: r.claimId })),
    { by, now: ctx.clock.now() },
  );
  return { ...page, nextCursor: signCursor(ctx.crypto, scope, page.nextCursor) };
}

/**
 * One patient's claims (keyed CI hash), newest first unless sorted otherwise, a page at a time by key on the claim_ci
 * index (the subscriber's page, subscriber.ts): the list's rows, masked as everywhere.
 */
export async function claimsOfPatient(
  ctx: AppContext,
  ciHmac: string,
  q: { cursor?: string | undefined; size: number; order: 'asc' | 'desc'; sort?: 'createdAt' | undefined },
): Promise<CursorPage<OpsClaimRow>> {
  return (await claimPage(ctx, { ...q, dateField: 'visit' }, { phoneCis: [ciHmac] })).page;
}

async function claimPage(ctx: AppContext, q: z.output<typeof opsClaimsQuery>, person?: PersonMatch) {
  // Every claim has its record (a foreign key), so the left join is the inner one; but left, the database leaves it
  // out of the page and the count when no filter is on the record (join removal), and they read claims alone.
  let base = withClaimFilters(claimListBase(ctx), q);
  if (person) base = withPerson(base, person);
  const { rows: claims, ...page } = await keysetPage(
    ctx.db,
    base.select([
      'c.id',
      'c.recordId',
      'c.insuCompCd',
      'c.insuApplyId',
      'c.ciHmac',
      'c.amount',
      'c.status',
      'c.createdAt',
      'c.hospitalCd',
      'c.visitDate',
    ]),
    person?.recordIds ? { ...q, countInOrder: false } : q,
    { by: CLAIM_SORT[q.sort ?? 'createdAt'], id: 'c.id' },
  );
  // The page's patients and deliveries, for its rows only: joined before the page is cut, a patient's 20,000 claims
  // would each read their record and delivery to be sorted (docs/performance.md, "At 10⁷ claims").
  const ids = claims.map((c) => c.id);
  const more = ids.length
    ? await claimsDb(ctx)
        .selectFrom('claim as shown')
        .innerJoin('treatmentRecord as r', 'r.id', 'shown.recordId')
        .leftJoin('claimDelivery as d', 'd.claimId', 'shown.id')
        .select([
          'shown.id',
          'shown.paidAmount',
          'r.personEnc',
          'd.channel',
          'd.status as deliveryStatus',
          'd.attempts',
        ])
        .where(sql<boolean>`shown.id in (select unnest(${ids}::bigint[]))`)
        .execute()
    : [];
  const byId = new Map(more.map((m) => [String(m.id), m]));
  // A claim purged for its age between the two reads is left out of the page.
  const rows = claims.flatMap((c) => {
    const m = byId.get(String(c.id));
    return m ? [{ ...c, ...m, id: c.id }] : [];
  });
  const names = await namesOf(
    ctx.db,
    rows.map((r) => r.hospitalCd),
    rows.map((r) => r.insuCompCd),
  );
  const patients = await maskedPatients(ctx, rows);
  return {
    ciHmacs: rows.map((r) => r.ciHmac),
    page: {
      ...page,
      list: rows.map((r, i) => ({
        claimId: Number(r.id),
        recordId: Number(r.recordId),
        hospitalCd: r.hospitalCd,
        hospitalNm: names.hospital.get(r.hospitalCd) ?? null,
        insuCompCd: r.insuCompCd,
        insuCompNm: names.insurer.get(r.insuCompCd) ?? null,
        visitDate: r.visitDate,
        createdAt: iso(r.createdAt),
        amount: r.amount,
        paidAmount: r.paidAmount,
        status: r.status,
        patient: patients[i]!.patient,
        delivery:
          r.channel && r.deliveryStatus
            ? { channel: r.channel, status: r.deliveryStatus, attempts: r.attempts ?? 0 }
            : null,
      })),
    } satisfies CursorPage<OpsClaimRow>,
  };
}

/** Within one instant, the order things happen in: a record, then the claim, its sending, the insurer, operators. */
const STATUS_RANK: Record<ClaimStatus, number> = {
  received: 1,
  claimed: 2,
  sent: 4,
  failed: 4,
  accepted: 6,
  documents_requested: 6,
  rejected: 6,
  paid: 7,
};
const empty = { detail: null, actor: null, status: null, channel: null, outcome: null, attempt: null };

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

/**
 * What the operator does next in the claim's state (README "Operator console"): a dead letter is sent again or
 * claimed by phone at the insurer's number; documents requested says what the patient was asked for; the rest say what
 * the claim waits for, or that nothing is left to do.
 */
export function nextStepOf(
  view: Pick<OpsClaimDetail, 'status' | 'delivery' | 'scheduledFor' | 'paidAmount' | 'amount'>,
  history: { status: ClaimStatus; reason: string | null }[],
  insurer: { insurerNm: string; insurerPhone: string | null },
): OpsClaimDetail['nextStep'] {
  const phone = insurer.insurerPhone;
  if (view.delivery?.status === 'dead') {
    return {
      text: phone
        ? `보험사에 보내지 못했어요. '다시 보내기'를 누르거나, ${insurer.insurerNm} 고객센터(${phone})에 전화해 접수해 주세요.`
        : `보험사에 보내지 못했어요. '다시 보내기'를 누르거나, ${insurer.insurerNm}에 전화해 접수해 주세요.`,
      insurerPhone: phone,
    };
  }
  switch (view.status) {
    case 'received':
    case 'claimed':
      return {
        text: view.scheduledFor
          ? '정해진 날에 보험사로 보내요. 할 일은 없어요.'
          : view.delivery && view.delivery.attempts > 0
            ? '보험사에 보내는 중이에요. 실패하면 자동으로 다시 보내요.'
            : '곧 보험사로 보내요. 할 일은 없어요.',
        insurerPhone: null,
      };
    case 'sent':
    case 'accepted':
      return { text: '보험사의 답을 기다려요. 지금 할 일은 없어요.', insurerPhone: null };
    case 'documents_requested': {
      const asked = [...history].reverse().find((h) => h.status === 'documents_requested')?.reason;
      return {
        text: asked
          ? `환자에게 ${asked}을(를) 보내 달라고 요청했어요. 서류가 오면 보험사에 보내요.`
          : '보험사가 서류를 더 요청했어요. 환자에게 요청한 서류가 오면 보험사에 보내요.',
        insurerPhone: null,
      };
    }
    case 'rejected':
      return { text: '보험사가 반려했어요. 환자가 문의하면 반려 사유를 안내해 주세요.', insurerPhone: null };
    case 'paid':
      return {
        text:
          view.paidAmount !== null && view.paidAmount < view.amount
            ? `보험사가 ${won(view.paidAmount)}을 지급했어요(청구 금액 ${won(view.amount)}). 할 일은 없어요.`
            : '보험사가 지급했어요. 할 일은 없어요.',
        insurerPhone: null,
      };
    case 'failed':
      return { text: '보험사에 보내지 못했어요. 전송 상태를 확인해 주세요.', insurerPhone: phone };
  }
}

/** A claim with its masked patient and timeline: record received → claim built → each attempt → insurer answers. */
export async function claimDetail(ctx: AppContext, claimId: number): Promise<OpsClaimDetail> {
  const view = await claimView(ctx, claimId);
  const db = claimsDb(ctx);
  const [c, history, attempts, answers, actions, notes] = await Promise.all([
    db
      .selectFrom('claim as c')
      .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
      .leftJoin('claimDelivery as d', 'd.claimId', 'c.id')
      .select([
        'c.insuApplyId',
        'c.createdAt',
        'c.recordId',
        'r.releasedAt',
        'r.personEnc',
        'r.receiptNo',
        'r.receivedAt',
        'd.handledAt',
        'd.handledBy',
        'd.handledNote',
      ])
      .where('c.id', '=', claimId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('claimStatusHistory')
      .select(['id', 'status', 'reason', 'actor', 'at'])
      .where('claimId', '=', claimId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('claimDeliveryAttempt')
      .select(['id', 'attempt', 'channel', 'outcome', 'error', 'externalRef', 'at'])
      .where('claimId', '=', claimId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('insurerAnswer')
      .select(['id', 'insuCompCd', 'answer', 'statusAfter', 'occurredAt', 'receivedAt'])
      .where('claimId', '=', claimId)
      .orderBy('id')
      .execute(),
    operatorActionsOfClaim(db, claimId),
    db
      .selectFrom('claimNote')
      .select(['id', 'loginId', 'noteEnc', 'at'])
      .where('claimId', '=', claimId)
      .orderBy('id')
      .execute(),
  ]);
  const [[patient], names, postNoMissing, account, releases] = await Promise.all([
    maskedPatients(ctx, [c]),
    namesOf(db, [view.hospitalCd], [view.insuCompCd]),
    c.insuApplyId ? postNoMissingOf(ctx, ctx.db, c.insuApplyId) : undefined,
    c.insuApplyId ? payoutAccountOf(ctx, ctx.db, c.insuApplyId) : undefined,
    // A record held for its identity and released by an operator: the release is part of this claim's story.
    c.releasedAt ? releasesOfRecord(db, Number(c.recordId)) : [],
  ]);
  const payout = account
    ? {
        bankNm: (await bankNameOf(ctx.db, account.bankCd)) || null,
        accountMasked: account.accountMasked,
        holderMasked: account.holderMasked,
      }
    : null;
  // When it was paid: the insurer's own time in its newest paid answer, else when the paid status was recorded.
  const paidAnswer = answers.filter((a) => a.answer === 'paid').at(-1);
  const paidStatus = history.filter((h) => h.status === 'paid').at(-1);
  const paidAt =
    view.status === 'paid'
      ? paidAnswer
        ? iso(paidAnswer.occurredAt ?? paidAnswer.receivedAt)
        : paidStatus
          ? iso(paidStatus.at)
          : null
      : null;

  type Ranked = TimelineEntry & { rank: number; seq: number };
  const entries: Ranked[] = [
    {
      ...empty,
      at: iso(c.receivedAt),
      kind: 'record',
      title: '병원에서 진료 기록을 받았어요',
      detail: `영수증 번호 ${c.receiptNo}`,
      actor: `hospital:${view.hospitalCd}`,
      rank: 0,
      seq: 0,
    },
    ...releases.map((a) => ({
      ...empty,
      at: iso(a.at),
      kind: 'operator' as const,
      title: operatorActionDid(a.action),
      detail: [
        a.reason,
        patient!.recordName
          ? `병원 기록상 이름 ${patient!.recordName}, 보험사에는 가입자 ${patient!.patient.name} 이름으로 청구`
          : null,
      ]
        .filter(Boolean)
        .join(' · '),
      actor: `operator:${a.loginId}`,
      rank: 0,
      seq: 1 + Number(a.id),
    })),
    ...history.map((h) => ({
      ...empty,
      at: iso(h.at),
      kind: 'status' as const,
      title: h.status === 'received' ? '청구를 만들었어요' : `상태: ${CLAIM_STATUS_NM[h.status]}`,
      detail: h.reason,
      actor: h.actor,
      status: h.status,
      rank: STATUS_RANK[h.status],
      seq: Number(h.id),
    })),
    ...attempts.map((a) => ({
      ...empty,
      at: iso(a.at),
      kind: 'attempt' as const,
      title: `${a.attempt}번째 전송 (${DELIVERY_CHANNEL_NM[a.channel]}): ${DELIVERY_ATTEMPT_OUTCOME_NM[a.outcome]}`,
      detail: a.error ?? (a.externalRef ? `접수 번호 ${a.externalRef}` : null),
      actor: 'engine',
      channel: a.channel,
      outcome: a.outcome,
      attempt: a.attempt,
      rank: 3,
      seq: Number(a.id),
    })),
    ...answers.map((a) => ({
      ...empty,
      at: iso(a.occurredAt ?? a.receivedAt),
      kind: 'answer' as const,
      title: INSURER_ANSWER_NM[a.answer],
      actor: `insurer:${a.insuCompCd}`,
      status: a.statusAfter,
      rank: 5,
      seq: Number(a.id),
    })),
    // A note's own entry says what it says; the operators' record of adding it would only repeat it.
    ...actions
      .filter((a) => a.action !== 'claim_note_added')
      .map((a) => ({
        ...empty,
        at: iso(a.at),
        kind: 'operator' as const,
        title: operatorActionDid(a.action),
        detail: a.reason ?? a.detail,
        actor: `operator:${a.loginId}`,
        rank: 8,
        seq: Number(a.id),
      })),
    ...notes.map((n) => ({
      ...empty,
      at: iso(n.at),
      kind: 'note' as const,
      title: '운영자 메모',
      detail: ctx.crypto.decrypt(n.noteEnc),
      actor: `operator:${n.loginId}`,
      rank: 9,
      seq: Number(n.id),
    })),
  ];
  entries.sort((a, b) => a.at.localeCompare(b.at) || a.rank - b.rank || a.seq - b.seq);
  return {
    ...view,
    patient: patient!.patient,
    recordName: patient!.recordName,
    insuApplyId: c.insuApplyId,
    hospitalNm: names.hospital.get(view.hospitalCd) ?? null,
    insuCompNm: names.insurer.get(view.insuCompCd) ?? null,
    receiptNo: c.receiptNo,
    createdAt: iso(c.createdAt),
    handled: c.handledAt && c.handledBy ? { at: iso(c.handledAt), by: c.handledBy, note: c.handledNote ?? '' } : null,
    nextStep: nextStepOf(view, history, {
      insurerNm: names.insurer.get(view.insuCompCd) ?? view.insuCompCd,
      insurerPhone: names.callCenter.get(view.insuCompCd) ?? null,
    }),
    deliveryFailure: view.delivery?.lastError ?? null,
    postNoMissing: postNoMissing ?? false,
    payout,
    paidAt,
    timeline: entries.map(({ rank: _r, seq: _s, ...e }) => e),
  };
}

/**
 * The patient's unmasked name, phone and birth date for an operator who chose why and typed it; the operators' record
 * (category and typed reason) and the patient's own access log (the category only: the patient reads a fixed sentence
 * for it, never the operator's words) both get a line, in the same transaction, before the answer leaves.
 */
export async function revealPatient(
  ctx: AppContext,
  claimId: number,
  { category, reason }: ReleaseBody,
  by: By,
): Promise<RevealAnswer> {
  const c = await claimsDb(ctx)
    .selectFrom('claim as c')
    .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
    .select(['c.ciHmac', 'c.insuApplyId', 'c.recordId', 'r.personEnc'])
    .where('c.id', '=', claimId)
    .executeTakeFirst();
  if (!c) throw NOT_FOUND();
  // The subscriber as verified (name, birth date, phone); the hospital's record when there is no subscription left.
  const sub = await subscriberOf(ctx, c.ciHmac, c.insuApplyId);
  const record = ctx.crypto.decryptJson<RecordPerson>(c.personEnc);
  const answer: RevealAnswer = {
    claimId,
    name: sub?.person.userNm ?? record.name,
    phone: sub?.person.userTel ?? null,
    birthDate: sub?.person.birthday ?? record.birthDate,
  };
  const now = ctx.clock.now();
  const inHour = await claimsTransaction(ctx).execute(async (tx) => {
    // One release of the operator's hourly budget, shared with packages, relation documents and exports.
    const inHour = await takeRelease(tx, { loginId: by.loginId, action: 'patient_revealed', now });
    await recordOperatorAction(
      tx,
      {
        ...by,
        action: 'patient_revealed',
        ciHmac: c.ciHmac,
        claimId,
        recordId: Number(c.recordId),
        reason,
        detail: category,
      },
      now,
    );
    await recordAccess(
      tx,
      [
        {
          ciHmac: c.ciHmac,
          action: 'operator_revealed',
          actor: `operator:${by.loginId}`,
          claimId,
          recordId: Number(c.recordId),
          detail: category,
        },
      ],
      now,
    );
    return inHour;
  });
  releaseAlert(ctx, by.loginId, 'patient_revealed', inHour);
  return answer;
}

// Each sort on a key of the delivery, so that a page walks one of its partial indexes (migration 0035) and joins only
// the rows it shows: sorting by the claim's updated_at read the whole claim table.
const DEAD_SORT = { failedAt: 'd.deadAt', claimId: 'd.claimId', attempts: 'd.attempts' } as const;

/**
 * The claims' dead letters: those still to deal with by default, or those closed with a note. The page and its
 * capped count read claim_delivery alone, on one of its partial indexes of dead deliveries (migration 0035); the
 * claim and record of the page's rows are looked up after (a join in the paged query let the planner walk the claim
 * table's index in step with the deliveries').
 */
export async function deadLetterPage(
  ctx: AppContext,
  q: z.output<typeof deadLettersQuery>,
): Promise<CursorPage<DeadLetterRow>> {
  let base = claimsDb(ctx).selectFrom('claimDelivery as d').where('d.status', '=', 'dead');
  if (q.handled === 'false') base = base.where('d.handledAt', 'is', null);
  if (q.handled === 'true') base = base.where('d.handledAt', 'is not', null);
  if (q.insuCompCd) base = base.where('d.insuCompCd', '=', q.insuCompCd);
  const { rows, ...page } = await keysetPage(
    ctx.db,
    base.select([
      'd.claimId',
      'd.insuCompCd',
      'd.channel',
      'd.attempts',
      'd.lastError',
      'd.handledAt',
      'd.handledBy',
      'd.handledNote',
      'd.deadAt',
    ]),
    q,
    { by: DEAD_SORT[q.sort ?? 'failedAt'], id: 'd.id' },
  );
  const claims = rows.length
    ? await claimsDb(ctx)
        .selectFrom('claim as c')
        .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
        .select(['c.id', 'c.updatedAt', 'c.insuApplyId', 'c.hospitalCd', 'r.personEnc'])
        .where(
          'c.id',
          'in',
          rows.map((r) => r.claimId),
        )
        .execute()
    : [];
  const claimOf = new Map(claims.map((c) => [Number(c.id), c]));
  const joined = rows.map((r) => ({ ...r, claim: claimOf.get(Number(r.claimId))! }));
  const names = await namesOf(
    ctx.db,
    [],
    rows.map((r) => r.insuCompCd),
  );
  const patients = await maskedPatients(
    ctx,
    joined.map((r) => r.claim),
  );
  return {
    ...page,
    list: joined.map((r, i) => ({
      claimId: Number(r.claimId),
      insuCompCd: r.insuCompCd,
      insuCompNm: names.insurer.get(r.insuCompCd) ?? null,
      hospitalCd: r.claim.hospitalCd,
      channel: r.channel,
      attempts: r.attempts,
      lastError: r.lastError,
      failedAt: iso(r.deadAt ?? r.claim.updatedAt),
      patient: patients[i]!.patient,
      handled: r.handledAt && r.handledBy ? { at: iso(r.handledAt), by: r.handledBy, note: r.handledNote ?? '' } : null,
    })),
  };
}

/** Each id answered alone: one that cannot be retried says why, and the others go on. */
async function eachOf(ids: number[], act: (id: number) => Promise<void>): Promise<BulkAnswer> {
  const results: BulkAnswer['results'] = [];
  for (const claimId of [...new Set(ids)]) {
    try {
      await act(claimId);
      results.push({ claimId, ok: true, code: null, detail: null });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      results.push({ claimId, ok: false, code: e.code, detail: e.detail });
    }
  }
  return { results };
}

export const retryMany = (ctx: AppContext, ids: number[], by: By) => eachOf(ids, (id) => retryDeadLetter(ctx, id, by));

/** Closes dead letters with a note: they leave the list and stay findable (handled=true); a retry reopens them. */
export const markHandled = (ctx: AppContext, ids: number[], note: string, by: By) =>
  eachOf(ids, async (claimId) => {
    const now = ctx.clock.now();
    await claimsTransaction(ctx).execute(async (tx) => {
      const d = await tx
        .updateTable('claimDelivery')
        .set({ handledAt: now, handledBy: by.loginId, handledNote: note })
        .where('claimId', '=', claimId)
        .where('status', '=', 'dead')
        .where('handledAt', 'is', null)
        .returning(['claimId'])
        .executeTakeFirst();
      if (!d) {
        const c = await tx
          .selectFrom('claim as c')
          .leftJoin('claimDelivery as d', 'd.claimId', 'c.id')
          .select(['d.status', 'd.handledAt'])
          .where('c.id', '=', claimId)
          .executeTakeFirst();
        if (!c) throw NOT_FOUND();
        if (c.status === 'dead') throw new AppError('DEAD_LETTER_HANDLED', '이미 처리 완료로 표시한 청구예요.');
        throw new AppError('CLAIM_NOT_DEAD', '보내지 못한 청구만 처리 완료로 표시할 수 있어요.');
      }
      const c = await tx.selectFrom('claim').select('ciHmac').where('id', '=', claimId).executeTakeFirstOrThrow();
      await recordOperatorAction(
        tx,
        { ...by, action: 'dead_letter_handled', ciHmac: c.ciHmac, claimId, detail: note },
        now,
      );
    });
  });

/** A failed patient message sent again, in the operators' record; false when it is not one that failed every retry. */
export async function retryNotification(ctx: AppContext, engine: ClaimEngine, jobId: string, by: By) {
  if (!(await engine.retryNotification(jobId))) return false;
  await recordOperatorAction(ctx.db, { ...by, action: 'notification_retried', target: jobId }, ctx.clock.now());
  return true;
}

/** Failed patient messages sent again, each answered. */
export async function retryNotifications(
  ctx: AppContext,
  engine: ClaimEngine,
  jobIds: string[],
  by: By,
): Promise<JobBulkAnswer> {
  const results: JobBulkAnswer['results'] = [];
  for (const jobId of [...new Set(jobIds)]) {
    if (!(await retryNotification(ctx, engine, jobId, by))) {
      results.push({
        jobId,
        ok: false,
        code: 'NOTIFICATION_NOT_DEAD',
        detail: '끝내 보내지 못한 알림만 다시 보낼 수 있어요.',
      });
      continue;
    }
    results.push({ jobId, ok: true, code: null, detail: null });
  }
  return { results };
}

/** Failed patient messages closed with a note, for this failure only: one that fails again after a retry is new. */
export async function markNotificationsHandled(
  ctx: AppContext,
  engine: ClaimEngine,
  jobIds: string[],
  note: string,
  by: By,
): Promise<JobBulkAnswer> {
  const results: JobBulkAnswer['results'] = [];
  for (const jobId of [...new Set(jobIds)]) {
    const [failed] = (await engine.failedNotifications({ jobId })).list;
    if (!failed) {
      results.push({
        jobId,
        ok: false,
        code: 'NOTIFICATION_NOT_DEAD',
        detail: '끝내 보내지 못한 알림만 처리 완료로 표시할 수 있어요.',
      });
      continue;
    }
    if (failed.handled) {
      results.push({ jobId, ok: false, code: 'DEAD_LETTER_HANDLED', detail: '이미 처리 완료로 표시한 알림이에요.' });
      continue;
    }
    const now = ctx.clock.now();
    await claimsTransaction(ctx).execute(async (tx) => {
      // The job's own completed_on, to the microsecond (a JavaScript date would lose them and never match again).
      await sql`insert into notification_handled (job_id, failed_at, note, handled_by, handled_at)
        select id::text, completed_on, ${note}, ${by.loginId}, ${now} from pgboss.job where id = ${jobId}::uuid
        on conflict (job_id) do update set failed_at = excluded.failed_at, note = excluded.note,
          handled_by = excluded.handled_by, handled_at = excluded.handled_at`.execute(tx);
      await recordOperatorAction(
        tx,
        { ...by, action: 'dead_letter_handled', recordId: failed.recordId, target: jobId, detail: note },
        now,
      );
    });
    results.push({ jobId, ok: true, code: null, detail: null });
  }
  return { results };
}
