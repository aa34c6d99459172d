// A hospital's own view of its feed (README "Hospital users"): a hospital user signs in to the console as operators do
// and sees her hospital's month: what arrived, what became of it, what was refused and why, the insurers' answers and
// the time from visit to claim; its records as CSV (보험업법 §102-6). Her calls live under /api/hospital, never
// /api/admin; an admin makes her account from the hospital's screen.
import { z } from 'zod';
import {
  HELD_OUTCOMES,
  INSURER_ANSWERS,
  RECORD_OUTCOMES,
  type HeldOutcome,
  type RecordOutcome,
} from '../vocabulary.js';
import { CLAIM_STATUSES, type ClaimStatus } from '../vocabulary.js';
import { cursorPageOf, cursorQuery } from './page.js';
import { operatorLoginId } from './operators.js';
import { pathParam } from '../paths.js';

export const HOSPITAL_PORTAL_API = {
  month: '/api/hospital/month',
  records: '/api/hospital/month/records',
  refusals: '/api/hospital/month/refusals',
  export: '/api/hospital/month/export',
  /** The keys her hospital signs its bundles with (fhir/ig/README.md, "Signing"): list, register, revoke. */
  signingKeys: '/api/hospital/signing-keys',
  signingKey: (kid: string) => `/api/hospital/signing-keys/${pathParam('kid', kid)}`,
  /** An admin makes a hospital user for a hospital (the console's Hospitals screen). */
  users: (cd: string) => `/api/admin/hospitals/${pathParam('hospitalCd', cd)}/users`,
} as const;

/** A Korean calendar month, YYYY-MM. */
export const portalMonth = z
  .string({ message: '조회할 달을 골라 주세요.' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: '달은 2026-11처럼 YYYY-MM으로 보내 주세요.' });
export const monthQuery = z.object({ month: portalMonth });

/** What became of a record, as the hospital reads it (the engine's outcomes grouped). */
export const PORTAL_OUTCOMES = ['claimed', 'held', 'set_aside', 'not_claimed', 'pending'] as const;
export type PortalOutcome = (typeof PORTAL_OUTCOMES)[number];
export const PORTAL_OUTCOME_NM: Record<PortalOutcome, string> = {
  claimed: '청구함',
  held: '보류 (확인 중)',
  set_aside: '제외함',
  not_claimed: '청구 대상 아님',
  pending: '처리 중',
};
const HELD: readonly string[] = [...HELD_OUTCOMES, 'relation_unconfirmed'];
export const portalOutcomeOf = (o: RecordOutcome): PortalOutcome =>
  o === 'claimed'
    ? 'claimed'
    : o === 'set_aside'
      ? 'set_aside'
      : o === 'pending'
        ? 'pending'
        : HELD.includes(o)
          ? 'held'
          : 'not_claimed';

/** Why a record is held or not claimed, in the hospital's words (never a person's data). */
export const RECORD_WHY_NM: Partial<Record<RecordOutcome, string>> = {
  identity_mismatch: '이름·생년월일이 가입 정보와 달라 확인하고 있어요',
  rrn_unconfirmed: '환자의 본인 확인을 기다리고 있어요',
  not_patients: '환자가 본인 진료가 아니라고 해 확인하고 있어요',
  relation_unconfirmed: '보호자의 가족관계 서류 확인을 기다리고 있어요',
  below_min: '청구 최소 금액보다 적어요',
  not_subscribed: '자동청구 가입자가 아니에요',
  hospital_not_subscribed: '가입자가 이 병원을 자동청구에 고르지 않았어요',
  outside_contract: '보험 계약 기간 밖의 진료예요',
  too_old: '청구 기한이 지난 진료예요',
  set_aside: '운영자가 확인 후 청구에서 제외했어요',
  insured_adult: '성인이 된 자녀의 진료라 보호자가 청구할 수 없어요',
  awaiting_decision: '비급여가 있어 환자가 보낼지 고르기를 기다리고 있어요',
  patient_declined: '환자가 보내지 않기로 했어요',
  decision_lapsed: '환자가 30일 동안 답하지 않아 보내지 않았어요',
  receipt_cancelled: '영수증이 취소되어 청구하지 않았어요',
};

/** A refused bundle's issue as the hospital reads it: the rule's Korean (no values: none is kept) and the element. */
/**
 * The rules a refused bundle names (intake's FHIR refusals): the guide's (GUIDE_RULES in @auto-claim/kr-silson-claim,
 * which the intake checks are all here) and the intake's own: unreadable JSON, the issuer not the key's hospital, a
 * signature, values it cannot claim with.
 */
export const REFUSAL_RULES = [
  'json',
  'r4',
  'bundle',
  'entries',
  'composition',
  'organization',
  'patient',
  'encounter',
  'condition',
  'codes',
  'line',
  'line-split',
  'line-total',
  'receipt',
  'receipt-total',
  'prescription',
  'references',
  'amendment',
  'hospital',
  'signature',
  'intake',
] as const;
export type RefusalRule = (typeof REFUSAL_RULES)[number];
export const REFUSAL_RULE_NM: Record<RefusalRule, string> = {
  json: 'JSON으로 읽을 수 없거나 FHIR Bundle이 아니에요',
  r4: 'FHIR R4 기본 정의와 맞지 않아요',
  bundle: '번들의 유형이나 식별자(영수증 번호)가 안내서와 맞지 않아요',
  entries: '번들 항목의 구성이 안내서와 맞지 않아요',
  composition: '문서(Composition)의 구성이 안내서와 맞지 않아요',
  organization: '요양기관(Organization) 정보가 빠졌거나 맞지 않아요',
  patient: '환자(Patient) 정보가 빠졌거나 맞지 않아요',
  encounter: '내원(Encounter) 정보가 빠졌거나 맞지 않아요',
  condition: 'KCD-8 상병(Condition)이 빠졌거나 맞지 않아요',
  codes: '코드 체계가 안내서의 것이 아니에요',
  line: '세부산정내역 줄의 항목이 빠졌거나 맞지 않아요',
  'line-split': '세부산정내역 줄의 본인·공단·전액본인·비급여 나눔이 맞지 않아요',
  'line-total': '세부산정내역 줄의 금액 합계가 맞지 않아요',
  receipt: '진료비 계산서·영수증 정보가 빠졌거나 맞지 않아요',
  'receipt-total': '영수증 합계가 세부산정내역과 맞지 않아요',
  prescription: '처방전(MedicationRequest) 정보가 빠졌거나 맞지 않아요',
  references: '번들 안의 참조가 없는 항목을 가리켜요',
  amendment: '수정·취소 영수증이 가리키는 원래 영수증과 맞지 않아요',
  hospital: 'API 키의 요양기관과 영수증을 발행한 요양기관이 달라요',
  signature: '등록한 서명 키의 서명이 없거나 번들과 맞지 않아요',
  intake: '청구할 수 있게 읽을 수 없는 값이 있어요',
};
/** A stored refusal's rule (kept as text: a rule retired later still reads as something). */
export const refusalRuleNm = (rule: string) =>
  (Object.hasOwn(REFUSAL_RULE_NM, rule) ? REFUSAL_RULE_NM[rule as RefusalRule] : undefined) ??
  '안내서와 맞지 않는 항목이 있어요';

export const hospitalMonth = z.object({
  hospitalCd: z.string(),
  hospitalNm: z.string(),
  month: portalMonth,
  records: z.object({
    received: z.number().int(),
    claimed: z.number().int(),
    held: z.number().int(),
    setAside: z.number().int(),
    notClaimed: z.number().int(),
    pending: z.number().int(),
  }),
  /** Held records by why. */
  held: z.array(z.object({ outcome: z.enum(RECORD_OUTCOMES), n: z.number().int() })),
  /** Records not claimed by why. */
  notClaimed: z.array(z.object({ outcome: z.enum(RECORD_OUTCOMES), n: z.number().int() })),
  refusedBundles: z.number().int(),
  /** Insurers' answers received this month, by kind. */
  answers: z.array(z.object({ answer: z.enum(INSURER_ANSWERS), n: z.number().int() })),
  /** Days from the visit to its claim, over the claims made this month. */
  visitToClaim: z.object({
    claims: z.number().int(),
    medianDays: z.number().nullable(),
    p90Days: z.number().nullable(),
  }),
});
export type HospitalMonth = z.infer<typeof hospitalMonth>;

export const portalRecordsQuery = cursorQuery(['receivedAt']).safeExtend({
  month: portalMonth,
  view: z.enum(['all', 'held']).default('all'),
});
export const portalRecord = z.object({
  recordId: z.number().int(),
  receivedAt: z.string(),
  receiptNo: z.string(),
  visitDate: z.string(),
  outcome: z.enum(RECORD_OUTCOMES),
  /** The patient's name as the hospital sent it, masked (홍*동). */
  patient: z.string(),
  claims: z.array(
    z.object({
      insuCompCd: z.string(),
      insuCompNm: z.string(),
      status: z.enum(CLAIM_STATUSES),
      answer: z.enum(INSURER_ANSWERS).nullable(),
    }),
  ),
});
export type PortalRecord = z.infer<typeof portalRecord>;
export const portalRecordPage = cursorPageOf(portalRecord);

export const portalRefusalsQuery = cursorQuery(['at']).safeExtend({ month: portalMonth });
export const portalRefusal = z.object({
  id: z.number().int(),
  at: z.string(),
  status: z.number().int(),
  receiptNo: z.string().nullable(),
  issues: z.array(z.object({ code: z.string(), rule: z.string(), expression: z.string(), text: z.string() })),
});
export type PortalRefusal = z.infer<typeof portalRefusal>;
export const portalRefusalPage = cursorPageOf(portalRefusal);

/** A phone for the hospital's alerts: a mobile number (알림톡), digits with or without hyphens. */
export const alertPhone = z
  .string()
  .trim()
  .transform((v) => v.replace(/-/g, ''))
  .refine((v) => /^01[016789]\d{7,8}$/.test(v), {
    message: '알림 받을 휴대폰 번호를 010-1234-5678처럼 입력해 주세요.',
  });

export const hospitalUserCreateBody = z.object({
  loginId: operatorLoginId,
  /** Where the feed's alerts go (알림톡, SMS when KakaoTalk cannot deliver): the hospital's contact. */
  alertPhone: alertPhone.optional(),
});
export const hospitalUserCreateAnswer = z.object({
  loginId: z.string(),
  hospitalCd: z.string(),
  /** Shown this once; she changes it at her first sign-in. */
  initialPassword: z.string(),
});

/** What the feed's alerts say (README "Hospital users"): once a day each. */
export const HOSPITAL_ALERT_KINDS = ['feed_quiet', 'refusal_spike'] as const;
export type HospitalAlertKind = (typeof HOSPITAL_ALERT_KINDS)[number];
export const HOSPITAL_ALERT_NM: Record<HospitalAlertKind, string> = {
  feed_quiet: '오늘 11시 이후 진료 기록이 오지 않았어요',
  refusal_spike: '오늘 거절된 번들이 많아요',
};

/** A bundle signing key's name: its RFC 7638 thumbprint (base64url SHA-256). */
export const signingKid = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: '서명 키 이름(kid)이 올바르지 않아요.' });
export const signingKeyBody = z.object({
  /** The public key `auto-claim-kit keygen` printed: an Ed25519 JWK, as JSON text. */
  publicKey: z
    .string({ message: '공개 키를 붙여 넣어 주세요.' })
    .trim()
    .min(1, { message: '공개 키를 붙여 넣어 주세요.' })
    .max(1000, { message: '공개 키는 1000자까지예요. keygen이 보여 준 한 줄만 붙여 넣어 주세요.' }),
});
export const signingKeyView = z.object({ kid: signingKid, createdAt: z.string(), createdBy: z.string() });
export type SigningKeyView = z.infer<typeof signingKeyView>;
export const signingKeyList = z.object({ list: z.array(signingKeyView), max: z.number().int() });
export type SigningKeyList = z.infer<typeof signingKeyList>;

export type { ClaimStatus, HeldOutcome };
