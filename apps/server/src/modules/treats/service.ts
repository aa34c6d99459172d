// Rules of the patient's side of the claim engine (README, claim engine): what the treatment history shows, when a
// visit may still be claimed by hand, the 알림톡 link's exchange for a session, ID copies an insurer asked for, and
// the access log the patient reads. Every function acts for one patient, found by the session's CI only. The engine's
// tables are read through the claims module's index, subscriptions through theirs.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CLAIM_LAPSE_MONTHS,
  KST_OFFSET_MS,
  addMonths,
  kstToday,
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
  type TreatToConfirm,
  type TreatVisit,
  type VisitType,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { RecordOutcome, VisitType as StoredVisitType } from '../../db/schema.js';
import { AppError } from '../../http/problem.js';
import { deviceIdOf, keepDeviceId, openLinkToken } from '../../security/linkToken.js';
import { startSession, type Patient } from '../../security/session.js';
import {
  accessLogOf as storedAccessLog,
  accessSentence,
  recordAccess,
  recordAccessOnce,
  type AccessAction,
} from '../audit/index.js';
import {
  answerHeldRecord,
  briefsOf,
  claimsOfRecords,
  recordsToConfirm,
  insertClaims,
  recordsByIds,
  recordsOf,
  statusHistoryOf,
  type HistoryClaim,
  type HistoryRecord,
  type RecordOwner,
} from '../claims/index.js';
import { channelsOf, hospitalsByCode, insurersByCode, photoControlsOf } from '../reference/index.js';
import { latestMinAmt, liveSubscriptionOf, subscriberOf, subscriptionIdsOf } from '../subscriptions/index.js';
import * as repo from './repo.js';

/** How many visits and log entries one answer holds (newest first). */
export const TREATS_LIMIT = 200;
export const ACCESS_LOG_LIMIT = 100;

const VISIT_TYPES: Record<StoredVisitType, VisitType> = { 외래: 'outpatient', 입원: 'inpatient', 약국: 'pharmacy' };

const NOT_CLAIMED: Record<Exclude<RecordOutcome, 'claimed'>, NotClaimedReason> = {
  pending: 'PENDING',
  below_min: 'BELOW_MIN_AMT',
  outside_contract: 'OUTSIDE_CONTRACT',
  too_old: 'TOO_OLD',
  hospital_not_subscribed: 'NOT_SUBSCRIBED_HOSPITAL',
  not_subscribed: 'NOT_SUBSCRIBED',
  // Held or unlinked records never reach the history (claims/history.ts): listed only for the type's sake.
  rrn_unconfirmed: 'PENDING',
  identity_mismatch: 'PENDING',
  not_patients: 'PENDING',
};

const FAILED_REASON = '보험사에 보내지 못했어요. 담당자가 확인하고 다시 보내 드릴게요.';

const iso = (d: Date | string) => new Date(d).toISOString();

/** A visit older than CLAIM_LAPSE_MONTHS (Korea's calendar) can no longer be claimed; the engine's rule too. */
const lapsed = (visitDate: string, now: Date) => visitDate < addMonths(kstToday(now), -CLAIM_LAPSE_MONTHS);

const TREAT_NOT_FOUND = (field: string) =>
  new AppError('TREAT_NOT_FOUND', '진료 내역을 찾을 수 없어요. 화면을 새로 고쳐 다시 확인해 주세요.', [
    { field, message: '본인의 진료 내역이 아니거나 없는 진료예요.' },
  ]);

/** Ids are decimal bigint text; anything else names no record. */
const toId = (s: string) => (/^\d{1,15}$/.test(s) ? Number(s) : undefined);

// ---------------------------------------------------------------------------------------------------------------
// The history

interface Loaded {
  records: HistoryRecord[];
  claims: HistoryClaim[];
  history: { claimId: number; status: TreatClaim['status']; reason: string | null; at: Date }[];
  insurers: string[] | undefined;
  hospitalNm: Map<string, string>;
  insurerNm: Map<string, string>;
}

/** Whose records a patient sees: their CI's, and those matched to any subscription they had. */
const ownerOf = async (ctx: AppContext, ciHmac: string): Promise<RecordOwner> => ({
  ciHmac,
  insuApplyIds: await subscriptionIdsOf(ctx.db, ciHmac),
});

async function load(ctx: AppContext, ciHmac: string, records: HistoryRecord[]): Promise<Loaded> {
  const claims = await claimsOfRecords(
    ctx.db,
    records.map((r) => r.id),
  );
  const [history, sub, hospitals, insurers] = await Promise.all([
    statusHistoryOf(
      ctx.db,
      claims.map((c) => c.id),
    ),
    liveSubscriptionOf(ctx.db, ciHmac),
    hospitalsByCode(ctx.db, [...new Set(records.map((r) => r.hospitalCd))]),
    insurersByCode(ctx.db, [...new Set(claims.map((c) => c.insuCompCd))]),
  ]);
  return {
    records,
    claims,
    history,
    insurers: sub?.insurers,
    hospitalNm: new Map(hospitals.map((h) => [h.hospitalCd, h.hospitalNm])),
    insurerNm: new Map(insurers.map((i) => [i.insuCompCd, i.insuCompNm])),
  };
}

function deptOf(ctx: AppContext, detailEnc: string) {
  try {
    return ctx.crypto.decryptJson<{ department?: string }>(detailEnc).department ?? '';
  } catch {
    return '';
  }
}

function toVisits(
  ctx: AppContext,
  { records, claims, history, insurers, hospitalNm, insurerNm }: Loaded,
): TreatVisit[] {
  const now = ctx.clock.now();
  const historyOf = new Map<number, { status: TreatClaim['status']; at: string }[]>();
  // What the insurer last asked for, shown while the claim waits for those papers.
  const askedFor = new Map<number, string>();
  for (const h of history) {
    if (h.status === 'documents_requested' && h.reason) askedFor.set(h.claimId, h.reason);
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
      notClaimedReason: own.length > 0 || r.outcome === 'claimed' ? null : NOT_CLAIMED[r.outcome],
      canClaim: insurers !== undefined && open && r.outcome !== 'pending' && !lapsed(r.visitDate, now),
      claims: own.map((c): TreatClaim => ({
        claimId: String(c.id),
        insuCompCd: c.insuCompCd,
        insuCompNm: insurerNm.get(c.insuCompCd) ?? c.insuCompCd,
        status: c.status,
        reason:
          c.status === 'rejected'
            ? (c.rejectReason ?? '')
            : c.status === 'failed'
              ? FAILED_REASON
              : c.status === 'documents_requested'
                ? (askedFor.get(c.id) ?? null)
                : null,
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

interface LogLine {
  id: number;
  action: AccessAction;
  actor: string;
  detail: string | null;
  at: Date;
  visitDate: string | null;
  hospitalCd: string | null;
  insuCompCd: string | null;
  origin: 'auto' | 'patient' | null;
}
type Names = { hospital: Map<string, string>; insurer: Map<string, string> };

/** The line the patient reads: its sentence is audit's (one per action), with the names looked up here. */
function describe(e: LogLine, names: Names): AccessLogEntry {
  const code = actorCode(e.actor);
  const actorNm = e.actor.startsWith('operator')
    ? '운영자'
    : (ACTOR_NM[e.actor] ?? names.hospital.get(code) ?? names.insurer.get(code) ?? code);
  const visit = e.visitDate ? `${Number(e.visitDate.slice(4, 6))}월 ${Number(e.visitDate.slice(6, 8))}일 ` : '';
  const summary = accessSentence(e.action, {
    visit,
    detail: e.detail,
    origin: e.origin,
    code,
    hospitalCd: e.hospitalCd,
    insuCompCd: e.insuCompCd,
    hospitalNm: (cd) => (cd ? (names.hospital.get(cd) ?? cd) : '병원'),
    insurerNm: (cd) => (cd ? (names.insurer.get(cd) ?? cd) : '보험사'),
  });
  return {
    logId: String(e.id),
    at: iso(e.at),
    action: e.action.toUpperCase(),
    actorNm,
    summary,
  };
}

async function accessLogOf(ctx: AppContext, ciHmac: string) {
  const { rows, total } = await storedAccessLog(ctx.db, ciHmac, ACCESS_LOG_LIMIT);
  const briefs = await briefsOf(
    ctx.db,
    rows.flatMap((r) => (r.recordId ? [r.recordId] : [])),
    rows.flatMap((r) => (r.claimId ? [r.claimId] : [])),
  );
  const lines = rows.map((r): LogLine => {
    const claim = r.claimId ? briefs.claim.get(r.claimId) : undefined;
    const record = briefs.record.get(r.recordId ?? claim?.recordId ?? -1);
    return {
      ...r,
      visitDate: record?.visitDate ?? null,
      hospitalCd: record?.hospitalCd ?? null,
      insuCompCd: claim?.insuCompCd ?? null,
      origin: claim?.origin ?? null,
    };
  });
  const hospitalCds = new Set<string>();
  const insuCompCds = new Set<string>();
  for (const l of lines) {
    if (l.hospitalCd) hospitalCds.add(l.hospitalCd);
    if (l.insuCompCd) insuCompCds.add(l.insuCompCd);
    hospitalCds.add(actorCode(l.actor));
    insuCompCds.add(actorCode(l.actor));
  }
  const [hospitals, insurers] = await Promise.all([
    hospitalsByCode(ctx.db, [...hospitalCds]),
    insurersByCode(ctx.db, [...insuCompCds]),
  ]);
  const names: Names = {
    hospital: new Map(hospitals.map((h) => [h.hospitalCd, h.hospitalNm])),
    insurer: new Map(insurers.map((i) => [i.insuCompCd, i.insuCompNm])),
  };
  return { list: lines.map((l) => describe(l, names)), total };
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
export async function listTreats(ctx: AppContext, patient: Patient): Promise<TreatsAnswer> {
  const owner = await ownerOf(ctx, patient.ciHmac);
  const records = await recordsOf(ctx.db, owner, TREATS_LIMIT);
  const now = ctx.clock.now();
  await recordAccessOnce(
    ctx.db,
    { ciHmac: patient.ciHmac, action: 'released_to_patient', actor: 'patient', detail: `${records.length}건` },
    now,
    startOfKstDay(now),
  );
  const [loaded, minAmt, accessLog] = await Promise.all([
    load(ctx, patient.ciHmac, records),
    latestMinAmt(ctx.db, patient.ciHmac),
    accessLogOf(ctx, patient.ciHmac),
  ]);
  const list = toVisits(ctx, loaded);
  return { list, total: list.length, minAmt, toConfirm: await toConfirmOf(ctx, owner), accessLog };
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
  return rows.map((r) => ({
    treatId: String(r.id),
    hospitalCd: r.hospitalCd,
    hospitalNm: names.get(r.hospitalCd) ?? r.hospitalCd,
    treatDate: r.visitDate,
    visitType: VISIT_TYPES[r.visitType],
  }));
}

/** POST API.treatsConfirm: the patient's answer about one held visit; answers what is still held. */
export async function confirmTreat(ctx: AppContext, patient: Patient, treatId: string, mine: boolean) {
  const owner = await ownerOf(ctx, patient.ciHmac);
  await answerHeldRecord(ctx, owner, Number(treatId), mine);
  return { toConfirm: await toConfirmOf(ctx, owner) };
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
  const owner = await ownerOf(ctx, patient.ciHmac);
  const made = await ctx.db.transaction().execute(async (trx) => {
    const sub = await liveSubscriptionOf(trx, patient.ciHmac);
    if (!sub) {
      throw new AppError('NOT_SUBSCRIBED', '자동청구에 가입되어 있지 않아 청구할 수 없어요. 먼저 가입해 주세요.');
    }
    const records = await recordsByIds(trx, owner, ids);
    ids.forEach((id, i) => {
      if (!records.some((r) => r.id === id)) throw TREAT_NOT_FOUND(fieldOf(i));
    });
    const insurers = insuCompCds ?? sub.insurers;
    const foreign = insurers.findIndex((c) => !sub.insurers.includes(c));
    if (foreign >= 0) {
      throw new AppError('VALIDATION_FAILED', '자동청구에 가입한 보험사에만 청구할 수 있어요.', [
        { field: `insuCompCds.${foreign}`, message: '자동청구에 가입한 보험사가 아니에요.' },
      ]);
    }
    ids.forEach((id, i) => {
      const r = records.find((x) => x.id === id)!;
      if (lapsed(r.visitDate, now)) {
        throw new AppError('CLAIM_LAPSED', '진료일로부터 3년이 지나 청구할 수 없어요.', [
          { field: fieldOf(i), message: '청구할 수 있는 기간이 지났어요.' },
        ]);
      }
      if (r.outcome === 'pending') {
        throw new AppError(
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
    const claims = await insertClaims(ctx, trx, rows, now);
    return claims;
  });
  const records = await recordsByIds(ctx.db, owner, ids);
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
    'LINK_INVALID',
    '링크의 사용 시간이 지났거나 잘못된 링크예요. 휴대폰 본인인증을 하면 내역을 볼 수 있어요.',
  );

/** A link opened before on another device (forwarded, or a messenger's preview): that person verifies by SMS. */
const LINK_OTHER_DEVICE = () =>
  new AppError('LINK_INVALID', '이 링크는 처음 연 휴대폰에서만 열려요. 휴대폰 본인인증을 하면 내역을 볼 수 있어요.');

/** The links of a subscription that was cancelled (or replaced by a newer one) open nothing. */
const LINK_CANCELLED = () =>
  new AppError(
    'LINK_INVALID',
    '자동청구를 해지해서 이 링크는 더 쓸 수 없어요. 휴대폰 본인인증을 하면 지난 내역을 볼 수 있어요.',
  );

/**
 * Trades a link's token for a link session (security/session.ts: the visit history, and for an ID-request link the
 * ID copy, nothing else). The first open binds the link to this browser's device cookie; the same device may open it
 * again for the link's lifetime (security/linkToken.ts). An expired, forged or foreign token, one opened on another
 * device, or the link of a subscription that is no longer live, opens nothing.
 */
export async function exchangeLink(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  purpose: LinkPurpose,
): Promise<LinkExchangeAnswer> {
  const deviceId = deviceIdOf(ctx, req);
  const grant = await openLinkToken(ctx, token, purpose, deviceId);
  if ('refused' in grant) throw grant.refused === 'otherDevice' ? LINK_OTHER_DEVICE() : LINK_INVALID();
  const live = await liveSubscriptionOf(ctx.db, grant.ciHmac);
  if (!live || (grant.insuApplyId && grant.insuApplyId !== live.insuApplyId)) throw LINK_CANCELLED();
  const who = await subscriberOf(ctx, grant.ciHmac, live.insuApplyId);
  if (!who) throw LINK_INVALID();
  const session = await startSession(ctx, req, reply, {
    kind: 'patient',
    ci: who.ci,
    person: who.person,
    origin: { via: 'link', purpose, insuApplyId: live.insuApplyId },
  });
  keepDeviceId(ctx, req, reply, deviceId);
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

/** The ID types each insurer takes (its photo settings: every type when it says nothing). */
const acceptedTypes = (db: AppContext['db'], insuCompCds: string[]) => photoControlsOf(db, [...new Set(insuCompCds)]);

export async function listIdCardRequests(ctx: AppContext, patient: Patient) {
  const rows = await repo.listIdCardRequests(ctx.db, patient.ciHmac);
  const codes = rows.map((r) => r.insuCompCd);
  const [accepted, insurers, briefs] = await Promise.all([
    acceptedTypes(ctx.db, codes),
    insurersByCode(ctx.db, [...new Set(codes)]),
    briefsOf(
      ctx.db,
      [],
      rows.flatMap((r) => (r.claimId ? [r.claimId] : [])),
    ),
  ]);
  const hospitals = await hospitalsByCode(ctx.db, [...new Set([...briefs.record.values()].map((r) => r.hospitalCd))]);
  const list = rows.map((r): IdCardRequest => {
    const claim = r.claimId ? briefs.claim.get(r.claimId) : undefined;
    const record = claim ? briefs.record.get(claim.recordId) : undefined;
    return {
      requestId: String(r.id),
      insuCompCd: r.insuCompCd,
      insuCompNm: insurers.find((i) => i.insuCompCd === r.insuCompCd)?.insuCompNm ?? r.insuCompCd,
      reason: r.reason,
      treatDate: record?.visitDate ?? null,
      hospitalNm: hospitals.find((h) => h.hospitalCd === record?.hospitalCd)?.hospitalNm ?? null,
      acceptedTypes: accepted.get(r.insuCompCd)!.idPhotoTypes,
      status: r.submittedAt ? 'submitted' : 'requested',
      requestedAt: iso(r.requestedAt),
      submittedAt: r.submittedAt ? iso(r.submittedAt) : null,
    };
  });
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
 * The open ID requests a submission would answer (locked in a transaction): refused when there is none, or when an
 * insurer asking does not take this kind of ID.
 */
async function answerableRequests(
  db: Parameters<typeof repo.openIdCardRequests>[0],
  ciHmac: string,
  requestId: number | undefined,
  idcardType: IdCardSubmit['idcardType'],
) {
  const open = await repo.openIdCardRequests(db, ciHmac, requestId);
  if (open.length === 0) {
    throw new AppError('NO_ID_CARD_REQUEST', '보험사가 요청한 신분증 제출이 없어요. 이미 제출했을 수 있어요.');
  }
  const accepted = await acceptedTypes(
    db,
    open.map((o) => o.insuCompCd),
  );
  if (open.some((o) => !accepted.get(o.insuCompCd)!.idPhotoTypes.includes(idcardType))) {
    const message = '요청한 보험사가 받지 않는 신분증이에요. 다른 신분증을 골라 주세요.';
    throw new AppError('VALIDATION_FAILED', message, [{ field: 'idcardType', message }]);
  }
  return open;
}

/**
 * Answers the insurer's open request(s) with the patient's ID copy. The image is checked and re-encoded by `check`
 * (magic bytes, size, pixels; EXIF gone) before anything is stored; a submission nobody asked for is refused before
 * its photo is decoded.
 */
export async function submitIdCard(
  ctx: AppContext,
  patient: Patient,
  body: IdCardSubmit,
  check: (dataUrl: string) => Promise<CheckedImage>,
): Promise<IdCardSubmitAnswer> {
  const requestId = body.requestId === undefined ? undefined : toId(body.requestId);
  const notFound = () =>
    new AppError('ID_CARD_REQUEST_NOT_FOUND', '신분증 제출 요청을 찾을 수 없어요. 알림톡을 다시 확인해 주세요.', [
      { field: 'requestId', message: '본인에게 온 요청이 아니거나 없는 요청이에요.' },
    ]);
  if (body.requestId !== undefined && requestId === undefined) throw notFound();
  if (requestId !== undefined) {
    const one = await repo.findIdCardRequest(ctx.db, patient.ciHmac, requestId);
    if (!one) throw notFound();
    if (one.submittedAt) {
      throw new AppError('ID_CARD_ALREADY_SUBMITTED', '이 요청에는 이미 신분증을 제출했어요.');
    }
  }
  // The request first, the photo after: decoding a photo of up to MAX_IMAGE_PIXELS costs ~0.1–1 s of CPU, which
  // nobody may spend without an open request this kind of ID answers (docs/security.md, "One caller cannot slow").
  await answerableRequests(ctx.db, patient.ciHmac, requestId, body.idcardType);
  const image = await check(body.idcardImg);
  const fields =
    body.idcardType === 'ic'
      ? { idcardIssueOrg: body.idcardIssueOrg, idcardIssueDate: body.idcardIssueDate }
      : body.idcardType === 'dl'
        ? { regNo: body.regNo, checkCd: body.checkCd }
        : { regNo: body.regNo, idcardIssueDate: body.idcardIssueDate };
  const now = ctx.clock.now();
  const answered = await ctx.db.transaction().execute(async (trx) => {
    // Again, locked: another submission may have answered the requests while the photo was decoded.
    const open = await answerableRequests(trx, patient.ciHmac, requestId, body.idcardType);
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
    await recordAccess(
      trx,
      [
        { ciHmac: patient.ciHmac, action: 'id_card_submitted', actor: 'patient', detail: null },
        ...open.map((o) => ({
          ciHmac: patient.ciHmac,
          action: 'id_card_released' as const,
          actor: `insurer:${o.insuCompCd}`,
          claimId: o.claimId,
          detail: `sha256:${image.sha256}`,
        })),
      ],
      now,
    );
    return open;
  });
  // The copy goes to each insurer that asked, through the delivery provider like a claim's documents.
  const [, base64 = ''] = image.dataUrl.split(',');
  const copy = new Uint8Array(Buffer.from(base64, 'base64'));
  const channels = await channelsOf(ctx, ctx.db, [...new Set(answered.map((o) => o.insuCompCd))]);
  await ctx.providers.delivery.deliver(
    answered.map((o) => {
      const channel = channels.get(o.insuCompCd)!;
      return {
        idempotencyKey: `id-card-${o.id}`,
        claimId: o.claimId,
        insuCompCd: o.insuCompCd,
        channel,
        destination: `api:${o.insuCompCd}`,
        documents: [
          {
            kind: 'id_copy' as const,
            contentType: image.dataUrl.startsWith('data:image/png') ? ('image/png' as const) : ('image/jpeg' as const),
            body: copy,
            sha256: image.sha256,
          },
        ],
      };
    }),
    ctx.outbox,
  );
  return { idcardType: body.idcardType, submittedAt: iso(now), requestIds: answered.map((o) => String(o.id)) };
}
