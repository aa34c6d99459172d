// The claim engine's calls (issue 5): the hospital feed of treatment records, and the operator's view of claims and
// dead letters. Paths are in paths.ts (HOSPITAL_API, OPERATOR_API).
import { z } from 'zod';
import { insuCompCd, yyyymmdd } from './formats.js';
import { isRealDate } from './person.js';
import { claimStatus } from './treats.js';

/** Records per feed call: large enough for throughput, small enough for one transaction. */
export const MAX_FEED_BATCH = 500;
/** The header that carries a hospital's API key. */
export const HOSPITAL_KEY_HEADER = 'x-hospital-api-key';
/** A claim older than this can no longer be claimed (상법 §662: the claim lapses after three years). */
export const CLAIM_LAPSE_MONTHS = 36;
/** Delivery attempts before a claim goes to the dead letters. */
export const MAX_DELIVERY_ATTEMPTS = 5;

/** The hospital feed's visit types, as hospitals write them (VISIT_TYPE_NM in treats.ts maps the patient's codes). */
export const feedVisitType = z.enum(['외래', '입원', '약국'], {
  message: '진료 구분은 외래, 입원, 약국 중 하나여야 해요.',
});
export type FeedVisitType = z.infer<typeof feedVisitType>;

const won = (label: string) =>
  z
    .number({ message: `${label}은(는) 원 단위 정수로 보내 주세요.` })
    .int({ message: `${label}은(는) 원 단위 정수로 보내 주세요.` })
    .min(0, { message: `${label}은(는) 0 이상이어야 해요.` })
    .max(1_000_000_000, { message: `${label}이(가) 너무 커요.` });

/** KCD-8 diagnosis code: a letter, two digits, then up to three more characters, with or without the dot. */
export const kcdCode = z
  .string()
  .regex(/^[A-Z]\d{2}(\.?[0-9A-Z]{1,3})?$/, { message: 'KCD 상병코드 형식이 아니에요. 예: J00, K29.7' });

export const feedPatient = z
  .object({
    name: z.string().trim().min(1, { message: '환자 이름이 없어요.' }).max(30, { message: '이름은 30자까지예요.' }),
    birthDate: yyyymmdd.refine((v) => isRealDate(v), { message: '생년월일이 올바른 날짜가 아니에요.' }),
    /** 13 digits, no hyphen. */
    rrn: z
      .string()
      .regex(/^\d{13}$/, { message: '주민등록번호는 하이픈 없이 숫자 13자리로 보내 주세요.' })
      .optional(),
    /** The CI (연계정보) from the hospital's identity check, when it has one. */
    ci: z.string().min(1).max(200, { message: 'CI가 너무 길어요.' }).optional(),
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
export const feedAnswer = z.object({
  created: z.number().int(),
  duplicates: z.number().int(),
  conflicts: z.number().int(),
  results: z.array(z.object({ receiptNo: z.string(), recordId: z.number().int(), status: feedItemStatus })),
});
export type FeedAnswer = z.infer<typeof feedAnswer>;

/** What the engine decided about a record. */
export const recordOutcome = z.enum([
  'pending',
  'claimed',
  'below_min',
  'not_subscribed',
  'hospital_not_subscribed',
  'outside_contract',
  'too_old',
]);

export const operatorClaimView = z.object({
  claimId: z.number().int(),
  recordId: z.number().int(),
  insuCompCd: z.string(),
  hospitalCd: z.string(),
  visitDate: z.string(),
  amount: z.number().int(),
  status: claimStatus,
  rejectReason: z.string().nullable(),
  paidAmount: z.number().int().nullable(),
  scheduledFor: z.string().nullable(),
  delivery: z
    .object({
      channel: z.enum(['api', 'fax']),
      status: z.enum(['pending', 'sent', 'dead']),
      attempts: z.number().int(),
      nextAttemptAt: z.string(),
      lastError: z.string().nullable(),
    })
    .nullable(),
  history: z.array(z.object({ status: claimStatus, reason: z.string().nullable(), actor: z.string(), at: z.string() })),
  documents: z.array(z.object({ kind: z.string(), sha256: z.string(), bytes: z.number().int() })),
});
export type OperatorClaimView = z.infer<typeof operatorClaimView>;

export const claimIdParams = z.object({
  claimId: z.coerce.number({ message: '청구 번호는 숫자예요.' }).int().positive({ message: '청구 번호는 숫자예요.' }),
});

/** An insurer's answer about a claim, entered by an operator (or an insurer callback). */
export const claimStatusBody = z
  .object({
    status: z.enum(['accepted', 'rejected', 'paid'], { message: '상태는 accepted, rejected, paid 중 하나예요.' }),
    reason: z.string().trim().max(500).optional(),
    paidAmount: won('지급액').optional(),
  })
  .refine((b) => b.status !== 'rejected' || (b.reason !== undefined && b.reason !== ''), {
    message: '반려 사유를 적어 주세요.',
    path: ['reason'],
  });

export const deadLettersAnswer = z.object({
  list: z.array(
    z.object({
      claimId: z.number().int(),
      insuCompCd: insuCompCd,
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      failedAt: z.string(),
    }),
  ),
  total: z.number().int(),
});
