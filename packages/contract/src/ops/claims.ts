// The console's claims, dead letters and access log (README "Operator console"): search, a claim's timeline, revealing
// its patient with a reason, retrying and closing dead letters, and who looked at whose data.
import { z } from 'zod';
import { claimStatusBody, operatorClaimView } from '../claims.js';
import { visitLineView, visitRevision } from '../intake.js';
import { pathParam } from '../paths.js';
import { KST_OFFSET_MS } from '../dates.js';
import { hospitalCd, insuCompCd, isSafeText, multiline, unsafeTextMessage, yyyymmdd } from '../formats.js';
import { claimStatus } from '../treats.js';
import {
  CLAIM_NOTICE_STATES,
  DELIVERY_CHANNELS,
  DELIVERY_STATES,
  RELEASE_REASONS,
  VISIT_REVISION_KINDS,
} from '../vocabulary.js';
import { cursorPageOf, cursorQuery, pageOf, pageQuery } from './page.js';
import { PERSON_KEY_MESSAGE, hasPersonKey, personKeys } from './search.js';

const id = (label: string) =>
  z.coerce
    .number({ message: `${label}는 숫자예요.` })
    .int({ message: `${label}는 숫자예요.` })
    .positive({ message: `${label}는 숫자예요.` });

export const OPS_CLAIMS_API = {
  /** Search: GET with opsClaimsQuery. */
  claims: '/api/admin/claims',
  /** The patient's unmasked name, phone and birth date, with a typed reason (both access logs record it). */
  claimReveal: (claimId: number | string) => `/api/admin/claims/${pathParam('claimId', claimId)}/reveal`,
  /** Many dead letters sent again at once (up to OPS_BULK_MAX), each answered. */
  deadLettersRetry: '/api/admin/claims/dead-letters/retry',
  /** Dead letters closed with a note: they leave the list (`handled=true` finds them). */
  deadLettersHandled: '/api/admin/claims/dead-letters/handled',
  /** Failed patient messages sent again, many at once (up to OPS_BULK_MAX), each answered. */
  notificationsRetry: '/api/admin/notifications/dead-letters/retry',
  /** Failed patient messages closed with a note. */
  notificationsHandled: '/api/admin/notifications/dead-letters/handled',
  /** The operators' own record (operator_action). */
  operatorActions: '/api/admin/access-log/operator-actions',
  /** The patients' access log, the lines operators caused. */
  patientAccess: '/api/admin/access-log/patient-access',
  /** An operator's note on a claim (POST claimNoteBody): appended to its timeline, never changed. */
  claimNotes: (claimId: number | string) => `/api/admin/claims/${pathParam('claimId', claimId)}/notes`,
  /** The claim list by what a caller says (name, phone, birth date, receipt number, claim id): POST, recorded. */
  claimsSearch: '/api/admin/claims/search',
  /** The access log's operator lines of the patients a caller's words find: POST, recorded. */
  patientAccessSearch: '/api/admin/access-log/patient-access/search',
} as const;

/** How long one note may be (characters). */
export const CLAIM_NOTE_MAX = 1000;
export const claimNoteBody = z.object(
  {
    note: multiline(
      z
        .string({ message: '메모를 적어 주세요.' })
        .trim()
        .min(1, { message: '메모를 적어 주세요.' })
        .max(CLAIM_NOTE_MAX, { message: `메모는 ${CLAIM_NOTE_MAX.toLocaleString('ko-KR')}자까지 적을 수 있어요.` })
        .refine(isSafeText, { message: unsafeTextMessage('메모') }),
    ),
  },
  { message: '메모를 적어 주세요.' },
);
export type ClaimNoteBody = z.infer<typeof claimNoteBody>;

/** The first instant of a Korean day (YYYYMMDD), and of the day after: a from–to filter's bounds. */
export const kstDayStart = (ymd: string) =>
  new Date(Date.UTC(+ymd.slice(0, 4), +ymd.slice(4, 6) - 1, +ymd.slice(6, 8)) - KST_OFFSET_MS);
export const kstDayEnd = (ymd: string) => new Date(kstDayStart(ymd).getTime() + 24 * 3600_000);

/** How many items one bulk call takes. */
export const OPS_BULK_MAX = 100;

const dateRange = {
  from: yyyymmdd.optional(),
  to: yyyymmdd.optional(),
};
const refineRange = <T extends { from?: string | undefined; to?: string | undefined }>(q: T) =>
  !q.from || !q.to || q.from <= q.to;
const rangeMessage = { message: '시작일이 종료일보다 늦어요.', path: ['from'] };

export const OPS_CLAIM_SORT = ['claimId', 'visitDate', 'createdAt', 'amount', 'status'] as const;
/** The claim list's filters, sort and cursor (the GET's query, and the person search's body beside its keys). */
const opsClaimsFilters = cursorQuery(OPS_CLAIM_SORT).extend({
  claimId: id('청구 번호').optional(),
  hospitalCd: hospitalCd.optional(),
  insuCompCd: insuCompCd.optional(),
  status: claimStatus.optional(),
  /** Which date from/to mean: the visit (진료일) or the claim's making (청구일, Korea time). */
  dateField: z
    .enum(['visit', 'claim'], { message: '날짜 기준은 visit(진료일) 또는 claim(청구일)이에요.' })
    .default('visit'),
  ...dateRange,
});
export const opsClaimsQuery = opsClaimsFilters.refine(refineRange, rangeMessage);
/**
 * The claim list searched by what a caller says (search.ts): POST, so that no name or phone rides in a URL; the same
 * filters beside the keys, at least one key.
 */
export const opsClaimsSearchBody = opsClaimsFilters
  .safeExtend(personKeys)
  .refine(refineRange, rangeMessage)
  .refine(hasPersonKey, PERSON_KEY_MESSAGE);
export type OpsClaimsSearchBody = z.input<typeof opsClaimsSearchBody>;
export type OpsClaimsQuery = z.input<typeof opsClaimsQuery>;

/** A patient as lists show them: 홍*동, 010-****-5678. */
export const maskedPatient = z.object({ name: z.string(), phone: z.string().nullable() });

export const opsClaimRow = z.object({
  claimId: z.number().int(),
  recordId: z.number().int(),
  hospitalCd: z.string(),
  hospitalNm: z.string().nullable(),
  insuCompCd: z.string(),
  insuCompNm: z.string().nullable(),
  /** YYYYMMDD */
  visitDate: z.string(),
  createdAt: z.string(),
  amount: z.number().int(),
  /** 지급액: what the insurer paid (원), once it paid; null before. */
  paidAmount: z.number().int().nullable(),
  status: claimStatus,
  patient: maskedPatient,
  delivery: z
    .object({
      channel: z.enum(DELIVERY_CHANNELS),
      status: z.enum(DELIVERY_STATES),
      attempts: z.number().int(),
    })
    .nullable(),
});
export type OpsClaimRow = z.infer<typeof opsClaimRow>;
export const opsClaimsAnswer = cursorPageOf(opsClaimRow);

/** One step of a claim's life, oldest first. */
export const timelineEntry = z.object({
  at: z.string(),
  /** record: the hospital sent it; status: the claim's status changed; attempt: one delivery attempt; answer: the
   * insurer's answer as it posted it; operator: an operator's action on this claim; note: an operator's note. */
  kind: z.enum(['record', 'status', 'attempt', 'answer', 'operator', 'note']),
  /** What happened, in Korean. */
  title: z.string(),
  /** The reason, error or note, when there is one. */
  detail: z.string().nullable(),
  /** Who: hospital:<code>, engine, insurer:<code>, operator:<id>. */
  actor: z.string().nullable(),
  status: claimStatus.nullable(),
  channel: z.enum(DELIVERY_CHANNELS).nullable(),
  outcome: z.string().nullable(),
  attempt: z.number().int().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

/** A claim as the console shows it: the engine's view plus the masked patient, names and the timeline. */
export const opsClaimDetail = operatorClaimView.extend({
  /** The patient as the subscription verified her (the name the documents write as 피보험자), masked. */
  patient: maskedPatient,
  /**
   * The name on the hospital's record, masked, when it is not the subscriber's (a held record an operator released to
   * her): "병원 기록상 이름". Null when they agree.
   */
  recordName: z.string().nullable(),
  /** The subscription the claim was made under (its subscriber's page), null when none is left. */
  insuApplyId: z.string().nullable(),
  hospitalNm: z.string().nullable(),
  insuCompNm: z.string().nullable(),
  receiptNo: z.string(),
  createdAt: z.string(),
  handled: z.object({ at: z.string(), by: z.string(), note: z.string() }).nullable(),
  /** What to do next in this state, in Korean; with the insurer's phone when calling it is the way (a dead letter). */
  nextStep: z.object({ text: z.string(), insurerPhone: z.string().nullable() }),
  /** The delivery's last failure, shown as a delivery failure (never as the insurer's reject reason), or null. */
  deliveryFailure: z.string().nullable(),
  /**
   * The subscription's address has no postcode: she typed the address and the address provider found none or could
   * not be asked. The claim goes without it (the claim form prints the address alone); the insurer's mail may need it.
   */
  postNoMissing: z.boolean(),
  /**
   * The account the claim asks the insurer to pay into (the subscription's, as the claim package names it), masked:
   * bank, ****1234 and the holder's masked name; null when the subscription keeps none.
   */
  payout: z.object({ bankNm: z.string().nullable(), accountMasked: z.string(), holderMasked: z.string() }).nullable(),
  /** When the insurer paid (its answer's own time, else when the payment was recorded); null until paid. */
  paidAt: z.string().nullable(),
  /** The visit's 세부산정내역 lines as the hospital sent them (empty when it sent none). */
  lines: z.array(visitLineView),
  /** Corrected or cancelled receipts that changed the visit, oldest first (sentClaims: the insurer must be told). */
  revisions: z.array(visitRevision),
  /**
   * What this claim's insurer was told of those changes (claims/notices.ts), oldest first: told (sent), still being
   * tried (pending, with the attempts so far), or not told (dead: an operator calls the insurer).
   */
  notices: z.array(
    z.object({
      kind: z.enum(VISIT_REVISION_KINDS),
      receiptNo: z.string(),
      state: z.enum(CLAIM_NOTICE_STATES),
      attempts: z.number().int(),
      sentAt: z.string().nullable(),
      lastError: z.string().nullable(),
    }),
  ),
  /**
   * Visits this claim carries beside its own (a pharmacy's dispensing of the visit's 처방전, or the clinic's visit a
   * pharmacy's claim waited for: README "Claim engine", "A pharmacy follows its clinic"), each with its receipt and
   * 세부산정내역; absent when it carries none.
   */
  joined: z
    .array(
      z.object({
        hospitalCd: z.string(),
        receiptNo: z.string(),
        visitDate: z.string(),
        totalPaid: z.number(),
        lines: z.array(visitLineView),
      }),
    )
    .optional(),
  timeline: z.array(timelineEntry),
});
export type OpsClaimDetail = z.infer<typeof opsClaimDetail>;

/** The insurer's answer as an operator records it (the same body as before). */
export const opsClaimStatusBody = claimStatusBody;

const reasonText = z
  .string({ message: '확인하는 이유를 적어 주세요.' })
  .trim()
  .min(2, { message: '확인하는 이유를 2자 이상 적어 주세요.' })
  .max(200, { message: '이유는 200자까지 적을 수 있어요.' })
  .refine(isSafeText, { message: unsafeTextMessage('이유') });
export const releaseBody = z.object(
  {
    category: z.enum(RELEASE_REASONS, { message: '확인하는 이유의 종류를 골라 주세요.' }),
    reason: reasonText,
  },
  { message: '확인하는 이유를 적어 주세요.' },
);
export type ReleaseBody = z.infer<typeof releaseBody>;
export const revealBody = releaseBody;
/** The claim package (POST OPERATOR_API.claimPackage): the same reason as a reveal. */
export const packageBody = releaseBody;
/**
 * Releases of personal data one operator may make in an hour, all kinds together (429 past it): a reveal, a claim
 * package, a relation document opened (the same document again within the hour is not another), a list exported. From
 * the OPERATOR_RELEASES_ALERT_AT-th in an hour each raises an alert (a warning in the log and
 * autoclaim_operator_release_alerts_total). docs/security.md, "Operator releases".
 */
export const OPERATOR_RELEASES_PER_HOUR = 20;
export const OPERATOR_RELEASES_ALERT_AT = 10;
/**
 * Searches naming a person (by what a caller says) one operator may make in a minute, every page counted (429 past
 * it), and from how many in a minute each raises an alert.
 */
export const PERSON_SEARCHES_PER_MINUTE = 20;
export const PERSON_SEARCHES_ALERT_AT = 10;
export const revealAnswer = z.object({
  claimId: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  /** YYYYMMDD */
  birthDate: z.string(),
});
export type RevealAnswer = z.infer<typeof revealAnswer>;

export const OPS_DEAD_LETTER_SORT = ['failedAt', 'claimId', 'attempts'] as const;
export const deadLettersQuery = cursorQuery(OPS_DEAD_LETTER_SORT).extend({
  /** false (default): still to deal with; true: those closed with a note; all: both. */
  handled: z.enum(['false', 'true', 'all'], { message: 'handled는 false, true, all 중 하나예요.' }).default('false'),
  insuCompCd: insuCompCd.optional(),
});
export const deadLetterRow = z.object({
  claimId: z.number().int(),
  insuCompCd: insuCompCd,
  insuCompNm: z.string().nullable(),
  hospitalCd: z.string(),
  channel: z.enum(DELIVERY_CHANNELS),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  failedAt: z.string(),
  patient: maskedPatient,
  handled: z.object({ at: z.string(), by: z.string(), note: z.string() }).nullable(),
});
export type DeadLetterRow = z.infer<typeof deadLetterRow>;
export const deadLettersPage = cursorPageOf(deadLetterRow);

const claimIds = z
  .array(id('청구 번호'), { message: '청구 번호 목록(claimIds)을 보내 주세요.' })
  .min(1, { message: '하나 이상 골라 주세요.' })
  .max(OPS_BULK_MAX, { message: `한 번에 ${OPS_BULK_MAX}건까지 처리할 수 있어요.` });
export const bulkRetryBody = z.object({ claimIds });
export const bulkHandledBody = z.object({
  claimIds,
  note: multiline(
    z
      .string({ message: '처리 내용을 적어 주세요.' })
      .trim()
      .min(2, { message: '처리 내용을 2자 이상 적어 주세요.' })
      .max(500, { message: '처리 내용은 500자까지 적을 수 있어요.' }),
  ),
});
/** One answer per id, in the order sent: ok, or the code and Korean detail of why not. */
export const bulkAnswer = z.object({
  results: z.array(
    z.object({
      claimId: z.number().int(),
      ok: z.boolean(),
      code: z.string().nullable(),
      detail: z.string().nullable(),
    }),
  ),
});
export type BulkAnswer = z.infer<typeof bulkAnswer>;

export const notificationDeadLettersQuery = pageQuery(['failedAt'] as const).extend({
  handled: deadLettersQuery.shape.handled,
});
export const notificationDeadLetterRow = z.object({
  jobId: z.string(),
  recordId: z.number().int(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  failedAt: z.string(),
  handled: z.object({ at: z.string(), by: z.string(), note: z.string() }).nullable(),
});
export type NotificationDeadLetterRow = z.infer<typeof notificationDeadLetterRow>;
export const notificationDeadLettersPage = pageOf(notificationDeadLetterRow);
const jobIds = z
  .array(z.uuid({ message: '작업 번호는 목록에 나온 UUID예요.' }), { message: '작업 번호 목록(jobIds)을 보내 주세요.' })
  .min(1, { message: '하나 이상 골라 주세요.' })
  .max(OPS_BULK_MAX, { message: `한 번에 ${OPS_BULK_MAX}건까지 처리할 수 있어요.` });
export const notificationsRetryBody = z.object({ jobIds });
export const notificationsHandledBody = z.object({ jobIds, note: bulkHandledBody.shape.note });
export const jobBulkAnswer = z.object({
  results: z.array(
    z.object({ jobId: z.string(), ok: z.boolean(), code: z.string().nullable(), detail: z.string().nullable() }),
  ),
});
export type JobBulkAnswer = z.infer<typeof jobBulkAnswer>;

export const OPS_ACTION_SORT = ['at', 'loginId', 'action'] as const;
export const operatorActionsQuery = cursorQuery(OPS_ACTION_SORT)
  .extend({
    loginId: z.string().trim().min(1).max(100).optional(),
    action: z.string().trim().min(1).max(60).optional(),
    /** The patient of this claim (all their lines, by the CI's keyed hash). */
    claimId: id('청구 번호').optional(),
    /** The patient of this treatment record. */
    recordId: id('진료 기록 번호').optional(),
    ...dateRange,
  })
  .refine(refineRange, rangeMessage);
export type OperatorActionsQuery = z.input<typeof operatorActionsQuery>;

export const operatorActionRow = z.object({
  id: z.string(),
  at: z.string(),
  loginId: z.string(),
  /**
   * Where the call came from (decrypted for this answer only): in full for the reader's own calls, another operator's
   * only as its network (`203.0.113.*`, `2001:db8:1:*`).
   */
  ip: z.string(),
  action: z.string(),
  /** The action in Korean. */
  actionNm: z.string(),
  claimId: z.number().int().nullable(),
  recordId: z.number().int().nullable(),
  /** The patient concerned, masked (홍*동), when there is one. */
  patient: z.string().nullable(),
  target: z.string().nullable(),
  reason: z.string().nullable(),
  detail: z.string().nullable(),
});
export type OperatorActionRow = z.infer<typeof operatorActionRow>;
export const operatorActionsPage = cursorPageOf(operatorActionRow);

export const OPS_ACCESS_SORT = ['at', 'action'] as const;
const patientAccessFilters = cursorQuery(OPS_ACCESS_SORT).extend({
  loginId: z.string().trim().min(1).max(100).optional(),
  claimId: id('청구 번호').optional(),
  recordId: id('진료 기록 번호').optional(),
  ...dateRange,
});
export const patientAccessQuery = patientAccessFilters.refine(refineRange, rangeMessage);
/** The access log's operator lines of the patients a caller's words find (search.ts): POST, at least one key. */
export const patientAccessSearchBody = patientAccessFilters
  .safeExtend(personKeys)
  .refine(refineRange, rangeMessage)
  .refine(hasPersonKey, PERSON_KEY_MESSAGE);
export type PatientAccessSearchBody = z.input<typeof patientAccessSearchBody>;
export const patientAccessRow = z.object({
  id: z.number().int(),
  at: z.string(),
  /** operator:<id> */
  actor: z.string(),
  action: z.string(),
  actionNm: z.string(),
  claimId: z.number().int().nullable(),
  recordId: z.number().int().nullable(),
  patient: z.string().nullable(),
  detail: z.string().nullable(),
});
export type PatientAccessRow = z.infer<typeof patientAccessRow>;
export const patientAccessPage = cursorPageOf(patientAccessRow);
