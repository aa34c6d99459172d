// The console's hospitals (README "Operator console"): the list, adding and editing a hospital, its feed (when the
// last records came, how many today, which were refused and why) and its API keys (issue, rotate with an overlap,
// revoke). Keys' list, issue and revoke are the claim engine's calls (OPERATOR_API in paths.ts); rotate is here.
import { withParticle } from '../josa.js';
import { z } from 'zod';
import { hospitalCd, isSafeText, multiline, unsafeTextMessage } from '../formats.js';
import { hospitalApiKeyView } from '../claims.js';
import { cursorPageOf, cursorQuery, pageOf, pageQuery } from './page.js';
import { pathParam } from '../paths.js';

export const OPS_HOSPITALS_API = {
  list: '/api/admin/hospitals',
  one: (cd: string) => `/api/admin/hospitals/${pathParam('hospitalCd', cd)}`,
  feed: (cd: string) => `/api/admin/hospitals/${pathParam('hospitalCd', cd)}/feed`,
  rejections: (cd: string) => `/api/admin/hospitals/${pathParam('hospitalCd', cd)}/feed/rejections`,
  keyRotate: (cd: string, keyId: number | string) =>
    `/api/admin/hospitals/${pathParam('hospitalCd', cd)}/api-keys/${pathParam('keyId', keyId)}/rotate`,
} as const;

const text = (label: string, max: number, min = 1) =>
  z
    .string({ message: `${withParticle(label, '을/를')} 입력해 주세요.` })
    .refine(isSafeText, { message: unsafeTextMessage(label) })
    .trim()
    .min(min, { message: `${withParticle(label, '을/를')} 입력해 주세요.` })
    .max(max, { message: `${withParticle(label, '은/는')} ${max}자까지예요.` });

/** A hospital's phone as people write it (02-123-4567, 1588-0000): digits and hyphens. */
export const hospitalPhone = z
  .string({ message: '전화번호를 입력해 주세요.' })
  .trim()
  .regex(/^[0-9-]{8,14}$/, { message: '전화번호는 숫자와 -로 입력해 주세요. 예: 02-123-4567' })
  .refine((v) => /^(0\d{8,10}|1[5-9]\d{6})$/.test(v.replace(/-/g, '')), {
    message: '전화번호가 올바르지 않아요. 예: 02-123-4567',
  });

const appPackage = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^([a-zA-Z][a-zA-Z0-9_]*)(\.[a-zA-Z][a-zA-Z0-9_]*)+$/, {
      message: `${label}는 kr.example.app 같은 패키지 이름이에요.`,
    })
    .max(200, { message: `${label}는 200자까지예요.` })
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null));

/** What an operator types for a hospital; the code is given once, when the hospital is added. */
export const hospitalFields = z.object({
  hospitalNm: text('병원 이름', 100),
  hospitalType: text('종류', 30),
  address: text('주소', 200),
  phone: hospitalPhone,
  introText: multiline(text('소개 글', 2000, 0)).default(''),
  autoClaimEnabled: z.boolean({ message: '자동청구 사용 여부를 골라 주세요.' }),
  androidPackage: appPackage('안드로이드 앱 패키지'),
  iOSPackage: appPackage('iOS 앱 번들 ID'),
});
export const hospitalCreateBody = hospitalFields.extend({
  hospitalCd: z
    .string({ message: '병원 코드를 입력해 주세요.' })
    .regex(/^\d{8}$/, { message: '병원 코드는 숫자 8자리여야 해요.' })
    .refine((v) => v !== '00000000', { message: '병원 코드 00000000은 쓸 수 없어요.' }),
});
export type HospitalCreateBody = z.infer<typeof hospitalCreateBody>;
export const hospitalUpdateBody = hospitalFields;
export type HospitalUpdateBody = z.infer<typeof hospitalUpdateBody>;

export const opsHospital = z.object({
  hospitalCd,
  hospitalNm: z.string(),
  hospitalType: z.string(),
  address: z.string(),
  phone: z.string(),
  introText: z.string(),
  autoClaimEnabled: z.boolean(),
  androidPackage: z.string().nullable(),
  iOSPackage: z.string().nullable(),
  isDemo: z.boolean(),
});
export type OpsHospital = z.infer<typeof opsHospital>;

export const HOSPITAL_SORTS = ['hospitalNm', 'hospitalCd', 'hospitalType'] as const;
export const hospitalsPageQuery = pageQuery(HOSPITAL_SORTS).extend({
  /** Part of a name or a code. */
  q: z.string().trim().max(100, { message: '검색어는 100자까지예요.' }).optional(),
});
export type HospitalsPageQuery = z.infer<typeof hospitalsPageQuery>;
export const hospitalsPage = pageOf(opsHospital);

/** The hospital's feed at a glance: counts and times, never a record's contents. */
export const hospitalFeed = z.object({
  hospitalCd,
  /** When its last records arrived, or null if none ever did. */
  lastFeedAt: z.string().nullable(),
  /** Records received since midnight in Korea. */
  recordsToday: z.number().int(),
  /** Records refused since midnight in Korea. */
  rejectedToday: z.number().int(),
});
export type HospitalFeed = z.infer<typeof hospitalFeed>;

/** A record of the feed that was refused: the receipt number if the hospital sent a readable one, and why. */
export const feedRejection = z.object({
  id: z.number().int(),
  at: z.string(),
  receiptNo: z.string().nullable(),
  code: z.string(),
  field: z.string(),
  message: z.string(),
});
export type FeedRejection = z.infer<typeof feedRejection>;
export const feedRejectionsQuery = cursorQuery(['at'] as const);
export const feedRejectionsPage = cursorPageOf(feedRejection);

/** Rotation: a new key now; the old one keeps working for `overlapHours` (1–168), then is refused. */
export const HOSPITAL_KEY_OVERLAP_MAX_HOURS = 168;
export const hospitalKeyRotateBody = z.object({
  overlapHours: z
    .number({ message: '겹쳐 쓸 시간을 시간 단위 숫자로 입력해 주세요.' })
    .int({ message: '겹쳐 쓸 시간은 정수로 입력해 주세요.' })
    .min(1, { message: '겹쳐 쓸 시간은 1시간 이상이어야 해요.' })
    .max(HOSPITAL_KEY_OVERLAP_MAX_HOURS, { message: '겹쳐 쓸 시간은 168시간(7일)까지예요.' }),
  label: z.string().trim().max(100, { message: '이름표는 100자까지예요.' }).optional(),
});
/** A key as the console shows it: besides its use and revocation, when it stops working and who issued it. */
export const opsHospitalKey = hospitalApiKeyView.extend({
  /** A rotated key works until then; null: until revoked. */
  expiresAt: z.string().nullable(),
  issuedBy: z.string().nullable(),
  /** The key a rotation issued in its place. */
  replacedBy: z.number().int().nullable(),
  /** Whether a call with it is accepted now. */
  live: z.boolean(),
});
export type OpsHospitalKey = z.infer<typeof opsHospitalKey>;
export const opsHospitalKeyList = z.object({ list: z.array(opsHospitalKey) });
export const hospitalKeyRotated = z.object({
  hospitalCd: z.string(),
  keyId: z.number().int(),
  /** Shown in this answer only. */
  apiKey: z.string(),
  old: opsHospitalKey,
});
export type HospitalKeyRotated = z.infer<typeof hospitalKeyRotated>;
