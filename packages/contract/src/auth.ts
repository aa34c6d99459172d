// Identity verification by SMS (spec §3 auth payload, §7 Auth) and sessions.
import { z } from 'zod';
import { hospitalCd, telecomType } from './formats.js';
import { linkPurpose } from './treats.js';
import { nameRefusal } from './names.js';
import { MOBILE_RE, digitsOnly, validateKorRegId } from './person.js';

export const custName = z
  .string({ message: '이름을 입력해 주세요.' })
  .trim()
  .min(1, { message: '이름을 입력해 주세요.' })
  .max(30, { message: '이름은 30자까지 입력할 수 있어요.' })
  // 한글, or the Latin name a foreign resident's 외국인등록증 prints (names.ts: nameRefusal).
  .superRefine((v, ctx) => {
    const refusal = nameRefusal(v);
    if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
  });

export const korRegId = z
  .string({ message: '생년월일과 주민등록번호 뒷자리 첫 숫자를 입력해 주세요.' })
  .superRefine((v, ctx) => {
    const check = validateKorRegId(v);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: check.reason });
  });

export const custHp = z
  .string({ message: '휴대폰 번호를 입력해 주세요.' })
  .transform(digitsOnly)
  .refine((v) => MOBILE_RE.test(v), { message: '휴대폰 번호를 확인해 주세요. 예: 010-1234-5678' });

/** POST /auth/rest/nice/userAuth: the auth payload of spec §3 with the telecom terms agreed. */
export const userAuthBody = z.object({
  korRegId,
  custName,
  telecomType,
  custHp,
  hospitalCode: hospitalCd,
  /** The TELECOM terms the person agreed to; every required one must be here. */
  termsIds: z.array(z.string().max(64)).max(20).default([]),
});
export type UserAuthBody = z.input<typeof userAuthBody>;
export const userAuthAnswer = z.object({ smsRequestSeq: z.string(), smsResponseSeq: z.string() });
export type UserAuthAnswer = z.infer<typeof userAuthAnswer>;

/** The code as people type it: spaces and hyphens are fine. */
export const smsAuthNum = z
  .string({ message: '인증번호를 입력해 주세요.' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => /^\d{6}$/.test(v), { message: '문자로 받은 인증번호 6자리를 입력해 주세요.' });

export const smsAuthBody = z.object({
  smsRequestSeq: z.string().min(1).max(64),
  smsResponseSeq: z.string().min(1).max(64),
  smsAuthNum,
  hospitalCode: hospitalCd,
});
export const smsAuthAnswer = z.object({ responseCode: z.literal('0000'), hash: z.string(), ci: z.string() });
export type SmsAuthAnswer = z.infer<typeof smsAuthAnswer>;

/**
 * POST /auth/rest/nice/userAuth/pending (ours): the code-entry screen again after the tab was discarded (the SMS app
 * took the memory). The browser keeps only the request's two sequence numbers (not personal data); the server answers
 * where the code went, masked, and the time left by its own clock, so the timer is not restarted.
 */
export const smsPendingBody = smsAuthBody.omit({ smsAuthNum: true });
export const smsPendingAnswer = z.object({
  /** open: the code can still be entered; otherwise a new code is needed. */
  state: z.enum(['open', 'expired', 'used', 'locked']),
  /** Where the code went (010-****-5678). */
  userTelMasked: z.string(),
  /** Seconds until the code expires, by the server's clock (0 once expired). */
  expiresInSeconds: z.number().int().min(0),
  /** Seconds until another code may be sent to this person (SMS_RESEND_INTERVAL_SECONDS after this send). */
  resendInSeconds: z.number().int().min(0),
});
export type SmsPendingAnswer = z.infer<typeof smsPendingAnswer>;

/** POST /auth/rest/terms: the terms agreed, recorded with their current versions. */
export const termsAgreeBody = z.object({
  termsIds: z.array(z.string().min(1).max(64)).min(1, { message: '동의한 약관이 없어요.' }).max(100),
});
export const termsAgreeAnswer = z.object({
  agreed: z.array(z.object({ termsId: z.string(), version: z.string(), agreedAt: z.string() })),
});

/** A live session as its owner may see it. `hash` is what the claim-authorization cookie carries (spec §5). */
export const sessionInfo = z.object({
  kind: z.enum(['patient', 'operator']),
  hash: z.string(),
  idleExpiresAt: z.string(),
  absoluteExpiresAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

/**
 * What a patient session may do (DESIGN §4): `full` after an SMS verification, `link` after an 알림톡 link's exchange
 * (the visit history and, for an ID-request link, the ID copy; nothing else until it steps up).
 */
export const sessionScope = z.enum(['full', 'link']);
export type SessionScope = z.infer<typeof sessionScope>;

/** GET /rest/auth/session: restores the SPA's verified identity after a reload, from the server, not browser storage. */
export const sessionCurrent = sessionInfo.extend({
  /** Patient sessions only. A link session carries neither the CI nor the person until it steps up. */
  scope: sessionScope.optional(),
  /** The purpose of the link a link session was opened with. */
  linkPurpose: linkPurpose.optional(),
  /** Until when the last SMS verification counts as fresh (STEP_UP_FRESH_SECONDS); absent when it does not. */
  freshUntil: z.string().optional(),
  /** A link session's person, masked, for the step-up screen (홍*동, 010-****-5678). */
  userNmMasked: z.string().optional(),
  userTelMasked: z.string().optional(),
  /** A link session's carrier, as she verified with it when subscribing: the step-up offers it again. */
  telecomType: z.string().optional(),
  ci: z.string().optional(),
  person: z
    .object({
      userNm: z.string(),
      birthday: z.string(),
      sex: z.enum(['M', 'F']),
      userTel: z.string(),
      telecomType: z.string(),
      /**
       * She verified with a 외국인등록번호 (its 7th digit 5–8): the screens call her number by its name after a reload
       * too. Only this, never the digit.
       */
      foreignResident: z.boolean().optional(),
    })
    .optional(),
});
export type SessionCurrent = z.infer<typeof sessionCurrent>;

export const loginBody = z.object({
  loginId: z.string().min(1, { message: '아이디를 입력해 주세요.' }).max(64),
  password: z.string().min(1, { message: '비밀번호를 입력해 주세요.' }).max(256),
});

/**
 * POST API.stepUp: sends a code to the session's own phone to verify the same person again. Name, birth date and phone
 * come from the session; only the carrier (a link session does not know it) and the telecom terms are asked.
 */
export const stepUpBody = z.object({
  telecomType,
  /** The TELECOM terms agreed for this verification; every required one must be here. */
  termsIds: z.array(z.string().max(64)).max(20).default([]),
});
export type StepUpBody = z.input<typeof stepUpBody>;
export const stepUpAnswer = userAuthAnswer.extend({
  /** Where the code went (010-****-5678). */
  userTelMasked: z.string(),
});
export type StepUpAnswer = z.infer<typeof stepUpAnswer>;

/** POST API.stepUpConfirm: the code; the same person's CI upgrades the session (new id) and makes it fresh. */
export const stepUpConfirmBody = z.object({
  smsRequestSeq: z.string().min(1).max(64),
  smsResponseSeq: z.string().min(1).max(64),
  smsAuthNum,
});
export const stepUpConfirmAnswer = smsAuthAnswer.extend({ freshUntil: z.string() });
export type StepUpConfirmAnswer = z.infer<typeof stepUpConfirmAnswer>;
