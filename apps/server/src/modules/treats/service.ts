// Rules of the patient's side of the claim engine (issue 5, points 5-7): what the treatment history shows, when a
// visit may still be claimed by hand, the 알림톡 link's exchange for a session, ID copies an insurer asked for, and
// the access log the patient reads. Every function acts for one patient, found by the session's CI only.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  maskName,
  type AccessLogEntry,
  type IdCardRequest,
  type IdCardSubmitAnswer,
  type IdCardSubmit,
  type LinkExchangeAnswer,
  type LinkPurpose,
  type NotClaimedReason,
  type TreatClaim,
  type TreatsAnswer,
  type TreatVisit,
  type VisitType,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { RecordOutcome, VisitType as StoredVisitType } from '../../db/schema.js';
import { AppError } from '../../http/problem.js';
import { faxNumbers, insertClaims } from '../claims/engine.js';
import { consumeLinkToken } from '../../security/linkToken.js';
import { startSession, type Patient, type VerifiedPerson } from '../../security/session.js';
import * as repo from './repo.js';

/** How many visits and log entries one answer holds (newest first). */
export const TREATS_LIMIT = 200;
export const ACCESS_LOG_LIMIT = 100;
/** A claim lapses three years after the visit (상법 §662). */
export const CLAIM_LAPSE_YEARS = 3;

const VISIT_TYPES: Record<StoredVisitType, VisitType> = { 외래: 'outpatient', 입원: 'inpatient', 약국: 'pharmacy' };

const NOT_CLAIMED: Record<Exclude<RecordOutcome, 'claimed'>, NotClaimedReason> = {
  pending: 'PENDING',
  below_min: 'BELOW_MIN_AMT',
  outside_contract: 'OUTSIDE_CONTRACT',
  too_old: 'TOO_OLD',
  hospital_not_subscribed: 'NOT_SUBSCRIBED_HOSPITAL',
  not_subscribed: 'NOT_SUBSCRIBED',
};

const FAILED_REASON = '보험사에 보내지 못했어요. 담당자가 확인하고 다시 보내 드릴게요.';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Today in Korea as YYYYMMDD: visit dates are Korean calendar dates. */
function kstDate(now: Date, yearsBack = 0) {
  const k = new Date(now.getTime() + 9 * 3600_000);
  return `${k.getUTCFullYear() - yearsBack}${String(k.getUTCMonth() + 1).padStart(2, '0')}${String(k.getUTCDate()).padStart(2, '0')}`;
}
const lapsed = (visitDate: string, now: Date) => visitDate < kstDate(now, CLAIM_LAPSE_YEARS);

const TREAT_NOT_FOUND = (field: string) =>
  new AppError(404, 'TREAT_NOT_FOUND', '진료 내역을 찾을 수 없어요. 화면을 새로 고쳐 다시 확인해 주세요.', [
    { field, message: '본인의 진료 내역이 아니거나 없는 진료예요.' },
  ]);

/** Ids are decimal bigint text; anything else names no record. */
const toId = (s: string) => (/^\d{1,15}$/.test(s) ? Number(s) : undefined);

// ---------------------------------------------------------------------------------------------------------------
// The history

interface Loaded {
  records: repo.RecordRow[];
  claims: repo.ClaimRow[];
  history: { claimId: number; status: TreatClaim['status']; at: Date }[];
  insurers: string[] | undefined;
}

async function load(ctx: AppContext, ciHmac: string, records: repo.RecordRow[]): Promise<Loaded> {
  const claims = await repo.claimsOfRecords(
    ctx.db,
    records.map((r) => r.id),
  );
  const history = await repo.historyOfClaims(
    ctx.db,
    claims.map((c) => c.id),
  );
  const sub = await repo.liveSubscription(ctx.db, ciHmac);
  return { records, claims, history, insurers: sub?.insurers };
}

function deptOf(ctx: AppContext, detailEnc: string) {
  try {
    return ctx.crypto.decryptJson<{ department?: string }>(detailEnc).department ?? '';
  } catch {
    return '';
  }
}

function toVisits(ctx: AppContext, { records, claims, history, insurers }: Loaded): TreatVisit[] {
  const now = ctx.clock.now();
  const historyOf = new Map<number, { status: TreatClaim['status']; at: string }[]>();
  for (const h of history) {
    const list = historyOf.get(h.claimId) ?? [];
    list.push({ status: h.status, at: iso(h.at) });
    historyOf.set(h.claimId, list);
  }
  return records.map((r) => {
    const own = claims.filter((c) => c.recordId === r.id);
    const claimed = new Set(own.map((c) => c.insuCompCd));
    const open = (insurers ?? []).some((i) => !claimed.has(i));
    return {
      treatId: String(r.id),
      hospitalCd: r.hospitalCd,
      hospitalNm: r.hospitalNm,
      treatDate: r.visitDate,
      visitType: VISIT_TYPES[r.visitType],
      deptNm: deptOf(ctx, r.detailEnc),
      receiptNo: r.receiptNo,
      coveredSelfAmt: r.coveredCopay,
      uncoveredAmt: r.uncovered,
      paidAmt: r.totalPaid,
      receivedAt: iso(r.receivedAt),
      claimState: own.length > 0 ? 'claimed' : 'notClaimed',
      notClaimedReason: own.length > 0 || r.outcome === 'claimed' ? null : NOT_CLAIMED[r.outcome],
      canClaim: insurers !== undefined && open && r.outcome !== 'pending' && !lapsed(r.visitDate, now),
      claims: own.map((c): TreatClaim => ({
        claimId: String(c.id),
        insuCompCd: c.insuCompCd,
        insuCompNm: c.insuCompNm,
        status: c.status,
        reason: c.status === 'rejected' ? (c.rejectReason ?? '') : c.status === 'failed' ? FAILED_REASON : null,
        claimAmt: c.amount,
        paidAmt: c.paidAmount,
        origin: c.origin,
        channel: c.channel,
        createdAt: iso(c.createdAt),
        updatedAt: iso(c.updatedAt),
        history: historyOf.get(c.id) ?? [],
      })),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The access log

const ACTOR_NM: Record<string, string> = { patient: '본인', engine: '자동청구', system: '자동청구' };
/** The engine writes actors as `hospital:<code>` and `insurer:<code>`; we (and older rows) may write the bare code. */
const actorCode = (actor: string) => actor.replace(/^(hospital|insurer):/, '');

function describe(
  e: Awaited<ReturnType<typeof repo.listAccessLog>>[number],
  names: Awaited<ReturnType<typeof repo.namesOf>>,
): AccessLogEntry {
  const hospitalNm = (cd: string | null) => (cd ? (names.hospital.get(cd) ?? cd) : '병원');
  const insurerNm = (cd: string | null) => (cd ? (names.insurer.get(cd) ?? cd) : '보험사');
  const code = actorCode(e.actor);
  const actorNm = e.actor.startsWith('operator')
    ? '운영자'
    : (ACTOR_NM[e.actor] ?? names.hospital.get(code) ?? names.insurer.get(code) ?? code);
  const visit = e.visitDate ? `${Number(e.visitDate.slice(4, 6))}월 ${Number(e.visitDate.slice(6, 8))}일 ` : '';
  const summaries: Record<string, () => string> = {
    record_received: () => `${hospitalNm(e.hospitalCd ?? code)}에서 ${visit}진료 기록을 보내왔어요.`,
    claim_created: () =>
      e.origin === 'patient'
        ? `본인이 ${visit}진료를 ${insurerNm(e.insuCompCd)}에 청구했어요.`
        : `${visit}진료를 ${insurerNm(e.insuCompCd)}에 청구하려고 서류를 만들었어요.`,
    delivered: () => `${insurerNm(e.insuCompCd ?? code)}에 ${visit}진료 청구 서류를 보냈어요.`,
    released_to_patient: () => `본인에게 진료 내역${e.detail ? ` ${e.detail}` : ''}을 보여 드렸어요.`,
    id_card_submitted: () => '본인이 신분증 사본을 제출했어요.',
    id_card_released: () => `${insurerNm(code)}에 신분증 사본을 보냈어요.`,
    operator_retry: () => `운영자가 ${insurerNm(e.insuCompCd)}에 보내지 못한 청구를 다시 보내도록 했어요.`,
  };
  return {
    logId: String(e.id),
    at: iso(e.at),
    action: e.action.toUpperCase(),
    actorNm,
    summary: summaries[e.action]?.() ?? e.detail ?? '진료 기록을 처리했어요.',
  };
}

async function accessLogOf(ctx: AppContext, ciHmac: string) {
  const [rows, total] = await Promise.all([
    repo.listAccessLog(ctx.db, ciHmac, ACCESS_LOG_LIMIT),
    repo.countAccessLog(ctx.db, ciHmac),
  ]);
  const hospitalCds = new Set<string>();
  const insuCompCds = new Set<string>();
  for (const r of rows) {
    if (r.hospitalCd) hospitalCds.add(r.hospitalCd);
    if (r.insuCompCd) insuCompCds.add(r.insuCompCd);
    hospitalCds.add(actorCode(r.actor));
    insuCompCds.add(actorCode(r.actor));
  }
  const names = await repo.namesOf(ctx.db, [...hospitalCds], [...insuCompCds]);
  return { list: rows.map((r) => describe(r, names)), total };
}

/** GET treats: the history, written to the access log as a release to the patient before it is read back. */
export async function listTreats(ctx: AppContext, patient: Patient): Promise<TreatsAnswer> {
  const records = await repo.listRecords(ctx.db, patient.ciHmac, TREATS_LIMIT);
  await repo.appendAccessLog(
    ctx.db,
    [{ ciHmac: patient.ciHmac, action: 'released_to_patient', actor: 'patient', detail: `${records.length}건` }],
    ctx.clock.now(),
  );
  const [loaded, minAmt, accessLog] = await Promise.all([
    load(ctx, patient.ciHmac, records),
    repo.latestMinAmt(ctx.db, patient.ciHmac),
    accessLogOf(ctx, patient.ciHmac),
  ]);
  const list = toVisits(ctx, loaded);
  return { list, total: list.length, minAmt, accessLog };
}

// ---------------------------------------------------------------------------------------------------------------
// Claiming by hand

/**
 * Claims the given visits for the given insurers (default: every insurer of the live subscription not yet claimed),
 * all or nothing. Idempotent: an existing claim of a visit × insurer is kept as it is and counted as not created.
 * `fieldOf(i)` names the body field of the i-th id in errors (treatId, treatIds.2).
 */
export async function claimTreats(
  ctx: AppContext,
  patient: Patient,
  treatIds: string[],
  insuCompCds: string[] | undefined,
  fieldOf: (i: number) => string,
): Promise<{ list: TreatVisit[]; created: number; claimIds: number[] }> {
  const ids = treatIds.map((t, i) => {
    const id = toId(t);
    if (id === undefined) throw TREAT_NOT_FOUND(fieldOf(i));
    return id;
  });
  const now = ctx.clock.now();
  const made = await ctx.db.transaction().execute(async (trx) => {
    const sub = await repo.liveSubscription(trx, patient.ciHmac);
    if (!sub) {
      throw new AppError(409, 'NOT_SUBSCRIBED', '자동청구에 가입되어 있지 않아 청구할 수 없어요. 먼저 가입해 주세요.');
    }
    const records = await repo.findRecords(trx, patient.ciHmac, ids);
    ids.forEach((id, i) => {
      if (!records.some((r) => r.id === id)) throw TREAT_NOT_FOUND(fieldOf(i));
    });
    const insurers = insuCompCds ?? sub.insurers;
    const foreign = insurers.findIndex((c) => !sub.insurers.includes(c));
    if (foreign >= 0) {
      throw new AppError(400, 'VALIDATION_FAILED', '자동청구에 가입한 보험사에만 청구할 수 있어요.', [
        { field: `insuCompCds.${foreign}`, message: '자동청구에 가입한 보험사가 아니에요.' },
      ]);
    }
    ids.forEach((id, i) => {
      const r = records.find((x) => x.id === id)!;
      if (lapsed(r.visitDate, now)) {
        throw new AppError(422, 'CLAIM_LAPSED', '진료일로부터 3년이 지나 청구할 수 없어요.', [
          { field: fieldOf(i), message: '청구할 수 있는 기간이 지났어요.' },
        ]);
      }
      if (r.outcome === 'pending') {
        throw new AppError(
          409,
          'TREAT_PENDING',
          '병원에서 받은 진료 기록을 아직 확인하고 있어요. 잠시 후 다시 시도해 주세요.',
          [{ field: fieldOf(i), message: '확인하고 있는 진료예요.' }],
        );
      }
    });
    const rows = ids.flatMap((recordId) => {
      const r = records.find((x) => x.id === recordId)!;
      return insurers.map((insuCompCd) => ({
        recordId,
        insuCompCd,
        insuApplyId: sub.insuApplyId,
        ciHmac: patient.ciHmac,
        amount: r.totalPaid,
        scheduledFor: null,
        origin: 'patient' as const,
      }));
    });
    // The engine's own insert: the claim, its first status, its delivery (sent by the engine's workers) and the
    // access log entry; an existing claim of the visit × insurer is skipped, so a repeat creates nothing.
    const claims = await insertClaims(ctx, trx, rows, await faxNumbers(trx), now);
    return claims;
  });
  const records = await repo.findRecords(ctx.db, patient.ciHmac, ids);
  const ordered = ids.map((id) => records.find((r) => r.id === id)!);
  const list = toVisits(ctx, await load(ctx, patient.ciHmac, ordered));
  return { list, created: made.length, claimIds: made };
}

// ---------------------------------------------------------------------------------------------------------------
// The 알림톡 link

/**
 * 403, not 401: the link is refused, not a session that ended (a 401 makes the SPA show its logout alert, spec §6);
 * the screen offers SMS verification instead.
 */
const LINK_INVALID = () =>
  new AppError(
    403,
    'LINK_INVALID',
    '링크의 사용 시간이 지났거나 이미 사용한 링크예요. 휴대폰 본인인증을 하면 내역을 볼 수 있어요.',
  );

interface StoredPerson {
  userNm?: string;
  birthday?: string;
  sex?: 'M' | 'F';
  userTel?: string;
  telecomType?: string;
}

/** The CI and person of a subscription, for a session started from a link. */
async function personOfSubscription(ctx: AppContext, ciHmac: string, insuApplyId: string | null) {
  let q = ctx.db.selectFrom('subscription').select(['ciEnc', 'personEnc']).where('ciHmac', '=', ciHmac);
  if (insuApplyId) q = q.where('insuApplyId', '=', insuApplyId);
  const sub = await q
    .orderBy((eb) => eb(eb.ref('status'), '=', 'subscribe'), 'desc')
    .orderBy('updatedAt', 'desc')
    .executeTakeFirst();
  if (!sub) return undefined;
  const p = ctx.crypto.decryptJson<StoredPerson>(sub.personEnc);
  const person: VerifiedPerson = {
    userNm: p.userNm ?? '',
    birthday: p.birthday ?? '',
    sex: p.sex === 'F' ? 'F' : 'M',
    userTel: p.userTel ?? '',
    telecomType: p.telecomType ?? '',
  };
  return { ci: ctx.crypto.decrypt(sub.ciEnc), person };
}

/** Trades a link's single-use token for a patient session; a used, expired, forged or foreign token opens nothing. */
export async function exchangeLink(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  purpose: LinkPurpose,
): Promise<LinkExchangeAnswer> {
  const grant = await consumeLinkToken(ctx, token, purpose);
  if (!grant) throw LINK_INVALID();
  const who = await personOfSubscription(ctx, grant.ciHmac, grant.insuApplyId);
  if (!who) throw LINK_INVALID();
  const session = await startSession(ctx, req, reply, { kind: 'patient', ci: who.ci, person: who.person });
  return {
    purpose,
    hash: session.hash,
    idleExpiresAt: session.idleExpiresAt,
    absoluteExpiresAt: session.absoluteExpiresAt,
    userNmMasked: who.person.userNm ? maskName(who.person.userNm) : '',
  };
}

// ---------------------------------------------------------------------------------------------------------------
// ID copies

const ID_TYPES: IdCardRequest['acceptedTypes'] = ['ic', 'dl', 'pp'];
/** The types an insurer takes; every type when it says nothing. */
const typesOf = (accepted: Map<string, string[]>, insuCompCd: string) =>
  ID_TYPES.filter((t) => accepted.get(insuCompCd)?.includes(t) ?? true);

export async function listIdCardRequests(ctx: AppContext, patient: Patient) {
  const rows = await repo.listIdCardRequests(ctx.db, patient.ciHmac);
  const accepted = await repo.acceptedIdTypes(ctx.db, [...new Set(rows.map((r) => r.insuCompCd))]);
  const list = rows.map((r): IdCardRequest => ({
    requestId: String(r.id),
    insuCompCd: r.insuCompCd,
    insuCompNm: r.insuCompNm,
    reason: r.reason,
    treatDate: r.visitDate,
    hospitalNm: r.hospitalNm,
    acceptedTypes: typesOf(accepted, r.insuCompCd),
    status: r.submittedAt ? 'submitted' : 'requested',
    requestedAt: iso(r.requestedAt),
    submittedAt: r.submittedAt ? iso(r.submittedAt) : null,
  }));
  return { list, total: list.length };
}

/** The image as stored: re-encoded, without EXIF, with its size in pixels. */
export interface CheckedImage {
  dataUrl: string;
  sha256: string;
  bytes: number;
  width: number;
  height: number;
}

/**
 * Answers the insurer's open request(s) with the patient's ID copy. The image is checked and re-encoded by `check`
 * (magic bytes, size, pixels; EXIF gone) before anything is stored; a submission nobody asked for is refused.
 */
export async function submitIdCard(
  ctx: AppContext,
  patient: Patient,
  body: IdCardSubmit,
  check: (dataUrl: string) => Promise<CheckedImage>,
): Promise<IdCardSubmitAnswer> {
  const requestId = body.requestId === undefined ? undefined : toId(body.requestId);
  const notFound = () =>
    new AppError(404, 'ID_CARD_REQUEST_NOT_FOUND', '신분증 제출 요청을 찾을 수 없어요. 알림톡을 다시 확인해 주세요.', [
      { field: 'requestId', message: '본인에게 온 요청이 아니거나 없는 요청이에요.' },
    ]);
  if (body.requestId !== undefined && requestId === undefined) throw notFound();
  if (requestId !== undefined) {
    const one = await repo.findIdCardRequest(ctx.db, patient.ciHmac, requestId);
    if (!one) throw notFound();
    if (one.submittedAt) {
      throw new AppError(409, 'ID_CARD_ALREADY_SUBMITTED', '이 요청에는 이미 신분증을 제출했어요.');
    }
  }
  const image = await check(body.idcardImg);
  const fields =
    body.idcardType === 'ic'
      ? { idcardIssueOrg: body.idcardIssueOrg, idcardIssueDate: body.idcardIssueDate }
      : body.idcardType === 'dl'
        ? { regNo: body.regNo, checkCd: body.checkCd }
        : { regNo: body.regNo, idcardIssueDate: body.idcardIssueDate };
  const now = ctx.clock.now();
  const answered = await ctx.db.transaction().execute(async (trx) => {
    const open = await repo.openIdCardRequests(trx, patient.ciHmac, requestId);
    if (open.length === 0) {
      throw new AppError(409, 'NO_ID_CARD_REQUEST', '보험사가 요청한 신분증 제출이 없어요. 이미 제출했을 수 있어요.');
    }
    const accepted = await repo.acceptedIdTypes(trx, [...new Set(open.map((o) => o.insuCompCd))]);
    if (open.some((o) => !typesOf(accepted, o.insuCompCd).includes(body.idcardType))) {
      const message = '요청한 보험사가 받지 않는 신분증이에요. 다른 신분증을 골라 주세요.';
      throw new AppError(400, 'VALIDATION_FAILED', message, [{ field: 'idcardType', message }]);
    }
    const submissionId = await repo.insertIdCardSubmission(
      trx,
      {
        ciHmac: patient.ciHmac,
        idcardType: body.idcardType,
        imageEnc: ctx.crypto.encrypt(image.dataUrl),
        imageSha256: image.sha256,
        imageBytes: image.bytes,
        width: image.width,
        height: image.height,
        fieldsEnc: ctx.crypto.encryptJson(fields),
      },
      now,
    );
    await repo.markIdCardRequestsSubmitted(
      trx,
      open.map((o) => o.id),
      submissionId,
      now,
    );
    await repo.appendAccessLog(
      trx,
      [
        { ciHmac: patient.ciHmac, action: 'id_card_submitted', actor: 'patient', detail: null },
        ...open.map((o) => ({
          ciHmac: patient.ciHmac,
          action: 'id_card_released',
          actor: o.insuCompCd,
          claimId: o.claimId,
          detail: `sha256:${image.sha256}`,
        })),
      ],
      now,
    );
    return open;
  });
  // The copy goes to each insurer that asked (sandbox: the outbox; the image itself never leaves encrypted storage here).
  for (const o of answered) {
    await ctx.outbox.write({
      channel: 'api',
      to: o.insuCompCd,
      body: `신분증 사본 제출 (요청 ${o.id}${o.claimId ? `, 청구 ${o.claimId}` : ''}, sha256 ${image.sha256})`,
    });
  }
  return { idcardType: body.idcardType, submittedAt: iso(now), requestIds: answered.map((o) => String(o.id)) };
}
