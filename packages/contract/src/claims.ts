// The claim engine's calls (README, claim engine): the hospital feed of treatment records, and the operator's view of claims and
// dead letters. Paths are in paths.ts (HOSPITAL_API, OPERATOR_API).
import { withParticle } from './josa.js';
import { z } from 'zod';
import { hasLink, isSafeText, linkInTextMessage, multiline, unsafeTextMessage, yyyymmdd } from './formats.js';
import { isRealDate } from './person.js';
import { MAX_VISIT_LINES, visitLines } from './intake.js';
import { claimStatus, reasonBy } from './treats.js';
import {
  ADJUDICATION_CATEGORIES,
  ADJUDICATION_REASONS,
  POLICY_GENERATIONS,
  DELIVERY_CHANNELS,
  DELIVERY_STATES,
  HELD_OUTCOMES,
  INSURER_ANSWERS,
  RECORD_OUTCOMES,
  RECORDED_ANSWERS,
  REQUESTED_DOCUMENTS,
  REQUESTED_DOCUMENT_NM,
  type RequestedDocument,
} from './vocabulary.js';

/** Records per feed call: large enough for throughput, small enough for one transaction. */
export const MAX_FEED_BATCH = 500;
/** The header that carries a hospital's API key. */
export const HOSPITAL_KEY_HEADER = 'x-hospital-api-key';
/** Delivery attempts before a claim goes to the dead letters. */
export const MAX_DELIVERY_ATTEMPTS = 5;

/** The hospital feed's visit types, as hospitals write them (VISIT_TYPE_NM in treats.ts maps the patient's codes). */
export const feedVisitType = z.enum(['외래', '입원', '약국'], {
  message: '진료 구분은 외래, 입원, 약국 중 하나여야 해요.',
});
export type FeedVisitType = z.infer<typeof feedVisitType>;

const won = (label: string) =>
  z
    .number({ message: `${withParticle(label, '은/는')} 원 단위 정수로 보내 주세요.` })
    .int({ message: `${withParticle(label, '은/는')} 원 단위 정수로 보내 주세요.` })
    .min(0, { message: `${withParticle(label, '은/는')} 0 이상이어야 해요.` })
    .max(1_000_000_000, { message: `${withParticle(label, '이/가')} 너무 커요.` });

/** KCD-8 diagnosis code: a letter, two digits, then up to three more characters, with or without the dot. */
export const kcdCode = z
  .string()
  .regex(/^[A-Z]\d{2}(\.?[0-9A-Z]{1,3})?$/, { message: 'KCD 상병코드 형식이 아니에요. 예: J00, K29.7' });

export const feedPatient = z
  .object({
    name: z
      .string()
      .refine(isSafeText, { message: unsafeTextMessage('환자 이름') })
      .trim()
      .min(1, { message: '환자 이름이 없어요.' })
      .max(30, { message: '이름은 30자까지예요.' }),
    birthDate: yyyymmdd.refine((v) => isRealDate(v), { message: '생년월일이 올바른 날짜가 아니에요.' }),
    /** 13 digits, no hyphen. */
    rrn: z
      .string()
      .regex(/^\d{13}$/, { message: '주민등록번호는 하이픈 없이 숫자 13자리로 보내 주세요.' })
      .optional(),
    /** The CI (연계정보) from the hospital's identity check, when it has one. */
    ci: z
      .string()
      .min(1)
      .max(200, { message: 'CI가 너무 길어요.' })
      .refine(isSafeText, { message: unsafeTextMessage('CI') })
      .optional(),
  })
  .refine((p) => p.rrn !== undefined || p.ci !== undefined, {
    message: '주민등록번호(rrn)나 CI(ci) 중 하나는 있어야 해요.',
    path: ['rrn'],
  })
  .refine((p) => p.rrn === undefined || p.rrn.slice(0, 6) === p.birthDate.slice(2), {
    message: '주민등록번호 앞자리가 생년월일과 달라요.',
    path: ['rrn'],
  });

export const treatmentRecordInput = z
  .object({
    receiptNo: z.string().regex(/^[A-Za-z0-9_-]{1,50}$/, { message: '영수증 번호는 영문, 숫자, -, _ 50자까지예요.' }),
    patient: feedPatient,
    visitDate: yyyymmdd.refine((v) => isRealDate(v), { message: '진료일이 올바른 날짜가 아니거나 미래예요.' }),
    visitType: feedVisitType,
    department: z
      .string()
      .refine(isSafeText, { message: unsafeTextMessage('진료과') })
      .trim()
      .min(1, { message: '진료과가 없어요.' })
      .max(50, { message: '진료과는 50자까지예요.' }),
    kcdCodes: z
      .array(kcdCode)
      .min(1, { message: '상병코드를 하나 이상 보내 주세요.' })
      .max(20, { message: '상병코드는 20개까지예요.' }),
    /** 급여 본인부담금 */
    coveredCopay: won('급여 본인부담금'),
    /** 비급여 */
    uncovered: won('비급여'),
    /** 환자가 낸 총액 = 급여 본인부담금 + 비급여 */
    totalPaid: won('납부 총액'),
    /** The 세부산정내역, when the hospital sends it (fhir/ig/README.md, "The bundle"): kept beside the record. */
    lines: visitLines.optional(),
  })
  .refine((r) => r.totalPaid === r.coveredCopay + r.uncovered, {
    message: '납부 총액은 급여 본인부담금과 비급여의 합이어야 해요.',
    path: ['totalPaid'],
  });
export type TreatmentRecordInput = z.infer<typeof treatmentRecordInput>;

export const feedBody = z.object({
  records: z
    .array(treatmentRecordInput)
    .min(1, { message: '진료 기록을 하나 이상 보내 주세요.' })
    .max(MAX_FEED_BATCH, { message: `한 번에 ${MAX_FEED_BATCH}건까지 보낼 수 있어요.` }),
});

/** created: new; duplicate: the same record was sent before (nothing changed); conflict: the same receipt number
 * was sent before with other contents (nothing changed; correct it through the hospital desk). */
export const feedItemStatus = z.enum(['created', 'duplicate', 'conflict']);
/**
 * Where the record stands, as its hospital may know it: received (we have it; whose it is and whether it is claimed
 * stay ours), or set_aside (an operator found it is not the subscriber's and it will not be claimed: check the name
 * and birth date on the receipt).
 */
export const feedRecordStatus = z.enum(['received', 'set_aside']);
export const feedAnswer = z.object({
  created: z.number().int(),
  duplicates: z.number().int(),
  conflicts: z.number().int(),
  results: z.array(
    z.object({
      receiptNo: z.string(),
      recordId: z.number().int(),
      status: feedItemStatus,
      recordStatus: feedRecordStatus,
    }),
  ),
});
export type FeedAnswer = z.infer<typeof feedAnswer>;

/** What the engine decided about a record (vocabulary.ts RECORD_OUTCOMES says what each means). */
export const recordOutcome = z.enum(RECORD_OUTCOMES);

export const operatorClaimView = z.object({
  claimId: z.number().int(),
  recordId: z.number().int(),
  insuCompCd: z.string(),
  hospitalCd: z.string(),
  visitDate: z.string(),
  amount: z.number().int(),
  status: claimStatus,
  rejectReason: z.string().nullable(),
  /** Who wrote the rejection's reason: the insurer's answer, or an operator who recorded it by hand. */
  rejectReasonBy: reasonBy.nullable(),
  paidAmount: z.number().int().nullable(),
  scheduledFor: z.string().nullable(),
  delivery: z
    .object({
      channel: z.enum(DELIVERY_CHANNELS),
      /** awaiting: a fax gateway accepted it and its outcome is still to come. */
      status: z.enum(DELIVERY_STATES),
      attempts: z.number().int(),
      nextAttemptAt: z.string(),
      lastError: z.string().nullable(),
    })
    .nullable(),
  history: z.array(z.object({ status: claimStatus, reason: z.string().nullable(), actor: z.string(), at: z.string() })),
  documents: z.array(z.object({ kind: z.string(), sha256: z.string(), bytes: z.number().int() })),
});
export type OperatorClaimView = z.infer<typeof operatorClaimView>;

/** A hospital API key as operators see it: never the key itself, only its first characters. */
export const hospitalApiKeyView = z.object({
  keyId: z.number().int(),
  hospitalCd: z.string(),
  /** The key's first 14 characters (hk_<hospitalCd>_…), to tell keys apart. */
  keyPrefix: z.string(),
  label: z.string(),
  createdAt: z.string(),
  /** The last call made with it (to the minute), or null if never used. */
  lastUsedAt: z.string().nullable(),
  /** When it was revoked (every call with it is refused from then on), or null while it is live. */
  revokedAt: z.string().nullable(),
  /** The operator who revoked it. */
  revokedBy: z.string().nullable(),
});
export type HospitalApiKeyView = z.infer<typeof hospitalApiKeyView>;
export const hospitalApiKeyList = z.object({ list: z.array(hospitalApiKeyView) });
/** A newly issued key: `apiKey` is shown in this answer only. */
export const hospitalApiKeyIssued = z.object({ hospitalCd: z.string(), keyId: z.number().int(), apiKey: z.string() });
export const hospitalApiKeyParams = z.object({
  keyId: z.coerce.number({ message: '키 번호는 숫자예요.' }).int().positive({ message: '키 번호는 숫자예요.' }),
});

export const claimIdParams = z.object({
  claimId: z.coerce.number({ message: '청구 번호는 숫자예요.' }).int().positive({ message: '청구 번호는 숫자예요.' }),
});

/** An insurer's answer about a claim, entered by an operator (insurers post theirs: insurerAnswerBody). */
export const claimStatusBody = z
  .object({
    status: z.enum(RECORDED_ANSWERS, { message: `상태는 ${RECORDED_ANSWERS.join(', ')} 중 하나예요.` }),
    // The patient reads it in her history: no link (docs/security.md, "Free text in patients' messages").
    reason: multiline(
      z
        .string()
        .trim()
        .max(500)
        .refine((v) => !hasLink(v), { message: linkInTextMessage('반려 사유') }),
    ).optional(),
    paidAmount: won('지급액').optional(),
    /** documents_requested: the papers the insurer asked for (at least one). */
    documents: z
      .array(z.enum(REQUESTED_DOCUMENTS, { message: `서류는 ${REQUESTED_DOCUMENTS.join(', ')} 중에서 골라요.` }))
      .max(REQUESTED_DOCUMENTS.length, { message: '같은 서류를 두 번 고를 수 없어요.' })
      .refine((d) => new Set(d).size === d.length, { message: '같은 서류를 두 번 고를 수 없어요.' })
      .optional(),
  })
  .refine((b) => b.status !== 'rejected' || (b.reason !== undefined && b.reason !== ''), {
    message: '반려 사유를 적어 주세요.',
    path: ['reason'],
  })
  // A paid answer names what the insurer paid: an empty amount is refused, never taken as the whole claim.
  .refine((b) => b.status !== 'paid' || b.paidAmount !== undefined, {
    message: '보험사가 지급한 금액을 적어 주세요.',
    path: ['paidAmount'],
  })
  .refine((b) => b.status !== 'documents_requested' || (b.documents?.length ?? 0) > 0, {
    message: '보험사가 요청한 서류를 하나 이상 골라 주세요.',
    path: ['documents'],
  });

/** Records held for an operator (GET OPERATOR_API.heldRecords): whose they are is in doubt; never claimed or shown. */
export const operatorHeldRecord = z.object({
  recordId: z.number().int(),
  hospitalCd: z.string(),
  receiptNo: z.string(),
  /** YYYYMMDD */
  visitDate: z.string(),
  /** identity_mismatch: name or birth date differ from the subscriber's; rrn_unconfirmed: matched only by a resident
   * number not yet confirmed (the patient has not answered on /web/treat); not_patients: the patient disowned it. */
  reason: z.enum(HELD_OUTCOMES),
  /** The subscription it collided with (identity_mismatch, rrn_unconfirmed), or null. */
  insuApplyId: z.string().nullable(),
  /** The name on the record, masked (홍*동). */
  patientName: z.string(),
  /** Whether it may be released to the subscriber (there is one: identity_mismatch, rrn_unconfirmed). */
  releasable: z.boolean(),
  receivedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type OperatorHeldRecord = z.infer<typeof operatorHeldRecord>;
/** A page of them by key (ops/page.ts, cursorPageOf). */
export const heldRecordsAnswer = z.object({
  list: z.array(operatorHeldRecord),
  total: z.number().int(),
  capped: z.boolean(),
  nextCursor: z.string().nullable(),
});

export const notificationJobParams = z.object({
  jobId: z.uuid({ message: 'jobId는 목록에 나온 작업 번호(UUID)예요.' }),
});

// ---------------------------------------------------------------------------------------------------------------
// Insurers' answers about the claims we sent (docs/providers/insurer-api.md): posted to INSURER_API.claimAnswers,
// signed with the insurer's shared secret over the timestamp and the raw body.

/** Unix seconds when the insurer signed the call. */
export const INSURER_TIMESTAMP_HEADER = 'x-autoclaim-timestamp';
/** `v1=` and the hex HMAC-SHA256 of `<timestamp>.<raw body>` with the insurer's secret. */
export const INSURER_SIGNATURE_HEADER = 'x-autoclaim-signature';
/** A signed call older (or newer) than this is refused: a captured call cannot be replayed later. */
export const INSURER_SIGNATURE_TOLERANCE_SECONDS = 300;

export const insurerAnswerKind = z.enum(INSURER_ANSWERS, {
  message: `answer는 ${INSURER_ANSWERS.map((a) => `'${a}'`).join(', ')} 중 하나예요.`,
});

/**
 * A documents_requested reason as the server writes it ("진단서, 진료비 세부내역서 · <the insurer's words>") read back:
 * the documents named, and the insurer's own words (may be empty).
 */
export function requestedDocumentsOf(reason: string | null | undefined): {
  documents: RequestedDocument[];
  note: string;
} {
  if (!reason) return { documents: [], note: '' };
  const cut = reason.indexOf(' · ');
  const head = cut < 0 ? reason : reason.slice(0, cut);
  const byName = new Map(REQUESTED_DOCUMENTS.map((d) => [REQUESTED_DOCUMENT_NM[d], d]));
  const names = head.split(', ');
  if (!names.every((n) => byName.has(n))) return { documents: [], note: reason };
  return { documents: names.map((n) => byName.get(n)!), note: cut < 0 ? '' : reason.slice(cut + 3) };
}

/** A Korean phone or fax number's digits, written as people read it: 0212345678 → 02-1234-5678. */
export function phoneNumberNm(digits: string): string {
  const d = digits.replace(/\D/g, '');
  const m = /^(02|0\d{2}|1\d{3})(\d{3,4})(\d{4})$/.exec(d) ?? /^(1\d{3})(\d{4})$/.exec(d);
  return m ? m.slice(1).filter(Boolean).join('-') : d;
}

/**
 * One adjudicated item of a paid or rejected claim, named as FHIR R4 ClaimResponse.item does (docs/providers/insurer-api.md,
 * "Per-line adjudication"): `itemSequence` the line of the 세부산정내역 we sent (1-based; a claim sent without lines has
 * 1 급여 본인부담 and 2 비급여), `adjudication` the amounts by category, `reasonCode` why less was paid.
 */
export const adjudicationItem = z
  .object({
    itemSequence: z
      .number({ message: 'itemSequence는 보낸 세부산정내역의 줄 번호(1부터)예요.' })
      .int({ message: 'itemSequence는 보낸 세부산정내역의 줄 번호(1부터)예요.' })
      .positive({ message: 'itemSequence는 보낸 세부산정내역의 줄 번호(1부터)예요.' })
      .max(MAX_VISIT_LINES, { message: `itemSequence는 ${MAX_VISIT_LINES}까지예요.` })
      .optional(),
    adjudication: z
      .array(
        z.object({
          category: z.enum(ADJUDICATION_CATEGORIES, {
            message: `category는 ${ADJUDICATION_CATEGORIES.join(', ')} 중 하나예요 (FHIR adjudication 코드).`,
          }),
          amount: won('금액(amount)'),
        }),
        { message: 'adjudication은 category와 amount의 목록이에요.' },
      )
      .min(1, { message: 'adjudication에 금액을 하나 이상 보내 주세요.' })
      .max(ADJUDICATION_CATEGORIES.length, { message: 'adjudication은 category마다 한 번씩이에요.' }),
    reasonCode: z
      .enum(ADJUDICATION_REASONS, { message: `reasonCode는 ${ADJUDICATION_REASONS.join(', ')} 중 하나예요.` })
      .optional(),
    /** The insurer's words for the reason (the patient reads them): one line, no link. */
    reason: z
      .string()
      .trim()
      .max(200, { message: '사유(reason)는 200자까지예요.' })
      .refine(isSafeText, { message: unsafeTextMessage('사유(reason)') })
      .refine((v) => !hasLink(v), { message: linkInTextMessage('사유(reason)') })
      .optional(),
  })
  .refine((i) => new Set(i.adjudication.map((a) => a.category)).size === i.adjudication.length, {
    message: '같은 category를 두 번 보냈어요.',
    path: ['adjudication'],
  })
  .refine(
    (i) => {
      const of = (c: string) => i.adjudication.find((a) => a.category === c)?.amount;
      const submitted = of('submitted');
      return submitted === undefined || [of('eligible'), of('benefit')].every((x) => x === undefined || x <= submitted);
    },
    {
      message: '보장 대상 금액(eligible)과 지급액(benefit)은 청구한 금액(submitted)보다 클 수 없어요.',
      path: ['adjudication'],
    },
  );
export type AdjudicationItem = z.infer<typeof adjudicationItem>;

export const insurerAnswerBody = z
  .object({
    /** The insurer's own id of this answer: the same eventId twice is one answer. */
    eventId: z
      .string({ message: 'eventId를 보내 주세요.' })
      .regex(/^[A-Za-z0-9._:-]{1,100}$/, { message: 'eventId는 영문, 숫자, . _ : - 로 100자까지예요.' }),
    /** Which claim: our claim id, our delivery id (the Idempotency-Key we sent) or the insurer's receipt id. */
    claimId: z
      .number({ message: 'claimId는 숫자예요.' })
      .int({ message: 'claimId는 숫자예요.' })
      .positive({ message: 'claimId는 숫자예요.' })
      .optional(),
    deliveryId: z
      .string()
      .regex(/^delivery-\d{1,15}(-\d{1,4})?$/, {
        message: "deliveryId는 우리가 보낸 'Idempotency-Key' 헤더 값 그대로예요.",
      })
      .optional(),
    receiptId: z.string().trim().min(1, { message: 'receiptId가 비어 있어요.' }).max(200).optional(),
    answer: insurerAnswerKind,
    /** paid: the amount paid (원). */
    paidAmount: won('지급액').optional(),
    /** rejected: why (shown to the patient); documents_requested: what is needed, if the codes do not say it. */
    reason: multiline(z.string().trim().max(500, { message: '사유는 500자까지예요.' })).optional(),
    documents: z
      .array(
        z.enum(REQUESTED_DOCUMENTS, {
          message: `documents는 ${REQUESTED_DOCUMENTS.join(', ')} 중에서 골라요.`,
        }),
      )
      .max(10, { message: '서류는 10개까지예요.' })
      .optional(),
    /** When the insurer decided (ISO 8601); kept for the record. */
    occurredAt: z.iso.datetime({ offset: true, message: 'occurredAt은 ISO 8601 시각이에요.' }).optional(),
    /** paid or rejected, optional: how each line was adjudicated (FHIR ClaimResponse.item). */
    items: z
      .array(adjudicationItem, { message: "'items'는 항목의 목록이에요." })
      .min(1, { message: "'items'를 보낼 때는 항목을 하나 이상 보내 주세요." })
      .max(MAX_VISIT_LINES, { message: `'items'는 ${MAX_VISIT_LINES}개까지예요.` })
      .optional(),
    /** Optional: the 실손 generation of the patient's contract, when the insurer knows it (docs/payout-rules.md). */
    policyGeneration: z
      .enum(POLICY_GENERATIONS, { message: `policyGeneration은 ${POLICY_GENERATIONS.join(', ')} 중 하나예요.` })
      .optional(),
  })
  .refine((b) => b.claimId !== undefined || b.deliveryId !== undefined || b.receiptId !== undefined, {
    message: 'claimId, deliveryId, receiptId 중 하나로 청구를 알려 주세요.',
    path: ['claimId'],
  })
  .refine((b) => b.answer !== 'paid' || b.paidAmount !== undefined, {
    message: '지급(paid)에는 지급액(paidAmount)이 있어야 해요.',
    path: ['paidAmount'],
  })
  .refine((b) => b.answer !== 'rejected' || (b.reason !== undefined && b.reason !== ''), {
    message: '반려(rejected)에는 사유(reason)가 있어야 해요.',
    path: ['reason'],
  })
  .refine((b) => b.answer !== 'documents_requested' || b.documents?.length || b.reason, {
    message: '서류 요청(documents_requested)에는 documents나 reason이 있어야 해요.',
    path: ['documents'],
  })
  .refine((b) => b.items === undefined || b.answer === 'paid' || b.answer === 'rejected', {
    message: "항목별 심사 결과('items')는 지급('paid')이나 반려('rejected') 답에만 보내요.",
    path: ['items'],
  })
  .refine(
    (b) => {
      const seqs = (b.items ?? []).flatMap((i) => (i.itemSequence === undefined ? [] : [i.itemSequence]));
      return new Set(seqs).size === seqs.length;
    },
    { message: '같은 itemSequence를 두 번 보냈어요.', path: ['items'] },
  )
  .refine(
    (b) => {
      if (b.answer !== 'paid' || !b.items) return true;
      const benefits = b.items.map((i) => i.adjudication.find((a) => a.category === 'benefit')?.amount);
      return benefits.some((x) => x === undefined) || benefits.reduce((s, x) => s! + x!, 0) === b.paidAmount;
    },
    { message: '항목별 지급액(benefit)의 합이 지급액(paidAmount)과 같아야 해요.', path: ['items'] },
  );
export type InsurerAnswerBody = z.infer<typeof insurerAnswerBody>;

export const insurerAnswerResult = z.object({
  claimId: z.number().int(),
  /** The claim's status after the answer. */
  status: claimStatus,
  /** True when this eventId was answered before: nothing changed this time. */
  duplicate: z.boolean(),
});
export type InsurerAnswerResult = z.infer<typeof insurerAnswerResult>;
