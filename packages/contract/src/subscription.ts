// The claim registration payload (reg, spec §3) and the subscription calls of spec §7, with DESIGN §3 formats.
import { z } from 'zod';
import { hospitalCd, yyyymmdd } from './formats.js';
import { MOBILE_RE, digitsOnly, isRealDate } from './person.js';

/** An optional text field may be absent or "" (DESIGN §3). */
export const optionalText = (max: number, message = `${max}자까지 입력할 수 있어요.`) =>
  z.string().trim().max(max, { message }).optional();

export const userCi = z.string().min(1, { message: '본인인증 정보가 없어요. 처음부터 다시 인증해 주세요.' }).max(200);
export const userNm = z
  .string()
  .trim()
  .min(1, { message: '이름을 입력해 주세요.' })
  .max(30, { message: '이름은 30자까지 입력할 수 있어요.' });
export const birthday = yyyymmdd.refine((v) => isRealDate(v), { message: '생년월일이 올바른 날짜가 아니에요.' });
export const userIdno2 = z.string().regex(/^\d{7}$/, { message: '주민등록번호 뒷자리 7자리를 숫자로 입력해 주세요.' });
export const userTel = z
  .string()
  .transform(digitsOnly)
  .refine((v) => MOBILE_RE.test(v), { message: '휴대폰 번호를 확인해 주세요.' });
export const sex = z.enum(['M', 'F'], { message: '성별이 올바르지 않아요.' });
export const idcardType = z.enum(['ic', 'dl', 'pp'], { message: '신분증 종류를 선택해 주세요.' });
export const bankAccount = z
  .string()
  .transform(digitsOnly)
  .refine((v) => /^\d{10,16}$/.test(v), { message: '계좌번호는 숫자 10~16자리로 입력해 주세요.' });

/** The subscription status of spec §4: subscribed only when it is 'subscribe'. */
export const subscriptionStatus = z.enum(['subscribe', 'cancel', 'none']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

/** POST /v1/claims/subscriptions/confirm: userIdno is the birthday without its first two characters plus userIdno2. */
export const subscriptionConfirmBody = z.object({
  userCi,
  hospitalCd: hospitalCd.optional(),
  userIdno: z.string().regex(/^\d{6}(\d{7})?$/, { message: '주민등록번호 형식이 올바르지 않아요.' }),
});

/** What the confirm answer fills into reg (spec: "answer fills reg"): no secrets, masked where personal. */
export const regFill = z.object({
  insuApplyId: z.string(),
  subsStatus: z.string(),
  insuCompCd: z.string(),
  multiSubscrib: z.array(z.string()),
  hospitalCd: z.string(),
  bankCd: z.string(),
  bankAccount: z.string(),
  userEmail: z.string(),
  userPostNo: z.string(),
  userAddr: z.string(),
  userAddrDetail: z.string(),
  jobCd: z.string(),
  jobNm: z.string(),
  minAmt: z.number().int().nullable(),
  contractStartDate: z.string(),
  contractEndDate: z.string(),
});
export const subscriptionConfirm = z.object({
  subscriptionStatus,
  hospitalNm: z.string().optional(),
  /** Empty object when there is no subscription. */
  reg: regFill.partial(),
});
export type SubscriptionConfirm = z.infer<typeof subscriptionConfirm>;

export const hospitalsConfirmBody = z.object({
  userCi,
  userNm: userNm.optional(),
  birthday: birthday.optional(),
  userIdno2: userIdno2.optional().or(z.literal('')),
  userTel: userTel.optional(),
  hospitalCd: hospitalCd.optional(),
});
export const hospitalsConfirm = z.object({
  hospitals: z.array(
    z.object({ hospitalCd, hospitalNm: z.string(), subscribedAt: z.string(), insuApplyId: z.string() }),
  ),
});
export type HospitalsConfirm = z.infer<typeof hospitalsConfirm>;

export const optionalEmail = z
  .string()
  .trim()
  .max(100, { message: '이메일은 100자까지 입력할 수 있어요.' })
  .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
    message: '이메일 주소를 확인해 주세요. 예: name@example.com',
  })
  .optional();
