// The claim registration payload (reg, spec §3) and the subscription calls of spec §7, with DESIGN §3 formats.
import { withParticle } from './josa.js';
import { z } from 'zod';
import { childBody, childInsuApplyId, guardianRel, relationStatus } from './children.js';
import { bankCd, hospitalCd, insuCompCd, yyyymmdd } from './formats.js';
import { FOREIGN_IDCARD_TYPES, IDCARD_TYPES, IDCARD_TYPE_NM, idcardFitsNumber, type IdcardType } from './idcards.js';
import { HELPER_RELS, POLICY_GENERATIONS, POLICY_GENERATION_SOURCES, PRC_MODES } from './vocabulary.js';
import {
  ADDRESS_KEYWORD_MIN,
  MAX_HOSPITALS_PER_CALL,
  MAX_INSURERS_PER_SUBSCRIPTION,
  MAX_PHOTO_BYTES,
  MAX_SIGNATURE_BYTES,
  MIN_AMT_CHOICES,
  RETRO_MONTH_MAX,
} from './limits.js';
import { DEFAULT_HOSPITAL_CD } from './paths.js';
import { LANGS } from './i18n/langs.js';
import { MOBILE_RE, digitsOnly, isForeignRegDigit, isRealDate } from './person.js';

/** A contract's 실손 generation as the patient picks it. */
export const policyGeneration = z.enum(POLICY_GENERATIONS, {
  message: '가입 시기를 목록에서 골라 주세요.',
});

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
export const idcardType = z.enum(IDCARD_TYPES, { message: '신분증 종류를 선택해 주세요.' });
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

// ———————————————————————————————————————————— spec §4: enrolment, status, change, cancel ————————————————————————————————————————————

/** An optional field: absent, "" or a value (DESIGN §3). */
const orEmpty = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();

/** A desk handoff's grant: 32 random bytes, base64url (the server keeps its keyed hash only). */
export const deskGrant = z.string().regex(/^[A-Za-z0-9_-]{43}$/, {
  message: '접수대에서 받은 연결 정보가 올바르지 않아요. QR 코드를 다시 찍어 주세요.',
});

/** The 7th RRN digit → century and sex: userIdno2 must agree with the verified birthday and sex. */
const RRN_SEX_DIGITS: Record<'M' | 'F', Record<number, string[]>> = {
  M: { 1800: ['9'], 1900: ['1', '5'], 2000: ['3', '7'] },
  F: { 1800: ['0'], 1900: ['2', '6'], 2000: ['4', '8'] },
};
/** True when the RRN back part's first digit fits the birthday's century and the sex. */
export function rrnDigitFits(birthday: string, sex: 'M' | 'F', userIdno2: string): boolean {
  const century = Math.floor(Number(birthday.slice(0, 4)) / 100) * 100;
  return (RRN_SEX_DIGITS[sex][century] ?? []).includes(userIdno2.charAt(0));
}

/** 900101-1****** (DESIGN §5). */
export const maskRrn = (birthday: string, userIdno2: string) => `${birthday.slice(2, 8)}-${userIdno2.charAt(0)}******`;
/** ****1234 (DESIGN §5). */
export const maskAccount = (account: string) => `****${digitsOnly(account).slice(-4)}`;
/** 홍*동, 김*, 남궁**: the first and last character of a name stay. */
export function maskName(name: string) {
  const c = [...name.trim()];
  if (c.length <= 1) return '*';
  if (c.length === 2) return `${c[0]}*`;
  return `${c[0]}${'*'.repeat(c.length - 2)}${c[c.length - 1]}`;
}
/** na***@example.com */
export function maskEmail(email: string) {
  const [local = '', domain = ''] = email.split('@');
  if (!domain) return '';
  return `${local.slice(0, 2)}${'*'.repeat(Math.max(local.length - 2, 1))}@${domain}`;
}

/** Images as data URLs (DESIGN §3): type and size are checked again on the server from the bytes themselves. */
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4 + 64;
/**
 * A base64 data URL of one of `types`. The one expression `…base64,[A-Za-z0-9+/]+={0,2}$` backtracks over the whole
 * megabyte of a photo (about 20 ms of CPU a call); a run of base64 characters with the padding checked apart takes
 * about 2 (docs/performance.md, "The ID photo").
 */
const isDataUrl = (types: string) => {
  const shape = new RegExp(`^data:image\\/(?:${types});base64,[A-Za-z0-9+/=]+$`);
  return (s: string) => {
    if (!shape.test(s)) return false;
    const pad = s.indexOf('=');
    return pad === -1 || (pad >= s.length - 2 && s[pad - 1] !== ',' && s.endsWith('='.repeat(s.length - pad)));
  };
};
const isPhotoDataUrl = isDataUrl('jpeg|png');
const isPngDataUrl = isDataUrl('png');
export const imageDataUrl = (maxBytes: number, what: string) =>
  z
    .string()
    .max(base64Length(maxBytes), {
      message: `${what}이 너무 커요. ${Math.floor(maxBytes / 1024)}KB까지 올릴 수 있어요.`,
    })
    .refine(isPhotoDataUrl, { message: `${what}은 JPEG나 PNG 이미지로 보내 주세요.` });
export const idcardPhoto = imageDataUrl(MAX_PHOTO_BYTES, '신분증 사진');
export const signImg = z
  .string()
  .max(base64Length(MAX_SIGNATURE_BYTES), { message: '서명 이미지가 너무 커요.' })
  .refine(isPngDataUrl, { message: '서명을 다시 해 주세요.' });
/**
 * A signature typed instead of drawn (README "Accessibility and older patients"): the full name as the patient typed
 * it. It signs only when it is the verified person's name (`sameName`, names.ts); the server then draws it.
 */
export const signTypedNm = z.string().trim().max(40, { message: '이름은 40자까지 입력할 수 있어요.' });
export const SIGN_TYPED_MISMATCH = '서명으로 입력한 이름이 본인인증한 이름과 달라요. 이름을 그대로 입력해 주세요.';

/** Identity-document fields (spec §3). */
export const idcardIssueDate = yyyymmdd.refine((v) => isRealDate(v), { message: '발급일이 올바른 날짜가 아니에요.' });
export const idcardIssueOrg = z
  .string()
  .trim()
  .min(2, { message: '발급기관을 입력해 주세요. 예: 서울특별시 마포구청장' })
  .max(40, { message: '발급기관은 40자까지 입력할 수 있어요.' });
/** Driver's licence number: 12 digits (지역 2 · 연도 2 · 일련 6 · 검증 2), hyphens allowed. Passport: M12345678 style. */
export const licenceNo = z
  .string()
  .transform(digitsOnly)
  .refine((v) => /^\d{12}$/.test(v), { message: '운전면허번호 12자리를 입력해 주세요. 예: 11-24-123456-78' });
export const passportNo = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z][0-9A-Z]{7,8}$/.test(v), { message: '여권번호를 확인해 주세요. 예: M12345678' });
/** The licence's 암호일련번호 (serial under the photo): 5 or 6 letters and digits. */
export const checkCd = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[0-9A-Z]{5,6}$/.test(v), { message: '암호일련번호 5~6자리를 입력해 주세요.' });

export interface IdcardFields {
  idcardType?: IdcardType | '';
  idcardIssueDate?: string;
  idcardIssueOrg?: string;
  regNo?: string;
  checkCd?: string;
}
/** Which document fields each type keeps (spec §3); the others are cleared. */
export const IDCARD_KEEPS: Record<IdcardType, readonly (keyof IdcardFields)[]> = {
  ic: ['idcardIssueOrg', 'idcardIssueDate'],
  dl: ['regNo', 'checkCd'],
  pp: ['regNo', 'idcardIssueDate'],
  // The number on a 외국인등록증 or 영주증 is the 외국인등록번호 she types as userIdno2; the card's issue date is what an
  // ARC authenticity check asks beside it (docs/providers/clova-ocr.md, "외국인등록증").
  ac: ['idcardIssueDate'],
  pr: ['idcardIssueDate'],
};
const IDCARD_DETAIL_FIELDS = ['idcardIssueDate', 'idcardIssueOrg', 'regNo', 'checkCd'] as const;
/** The one place the rule of spec §3 lives: the fields the type does not use become ''. No type → all cleared. */
export function keepIdcardFields<T extends IdcardFields>(v: T): T {
  const keeps: readonly string[] = v.idcardType ? IDCARD_KEEPS[v.idcardType] : [];
  const out = { ...v };
  for (const f of IDCARD_DETAIL_FIELDS) if (!keeps.includes(f)) out[f] = '' as never;
  return out;
}
/** The format each kept field must have, per type. */
const IDCARD_FORMATS: Record<IdcardType, Partial<Record<keyof IdcardFields, z.ZodType>>> = {
  ic: { idcardIssueOrg, idcardIssueDate },
  dl: { regNo: licenceNo, checkCd },
  pp: { regNo: passportNo, idcardIssueDate },
  ac: { idcardIssueDate },
  pr: { idcardIssueDate },
};
/** Checks the kept fields of the chosen type; adds issues naming each field. */
export function checkIdcardFields(v: IdcardFields, ctx: z.RefinementCtx) {
  if (!v.idcardType) return;
  for (const [field, schema] of Object.entries(IDCARD_FORMATS[v.idcardType])) {
    const value = (v as Record<string, unknown>)[field];
    const r = schema!.safeParse(value ?? '');
    if (!r.success) ctx.addIssue({ code: 'custom', path: [field], message: r.error.issues[0]!.message });
  }
}

/** The rule of spec §3 plus each kept field in its stored form (licence digits only, passport upper case). */
export function normalizeIdcardFields<T extends IdcardFields>(v: T): T {
  const out = keepIdcardFields(v);
  if (!out.idcardType) return out;
  for (const [field, schema] of Object.entries(IDCARD_FORMATS[out.idcardType])) {
    const r = schema!.safeParse((out as Record<string, unknown>)[field] ?? '');
    if (r.success) (out as Record<string, unknown>)[field] = r.data;
  }
  return out;
}

/**
 * NHLIFE takes the identity type as a code (spec §4): ic 1, dl 2, pp 3. The one place it is converted. The spec gives
 * it no code for a 외국인등록증 or 영주증, so NHLIFE is not sent one (insurerTakesIdcardType).
 */
export const NHLIFE_INSU_COMP_CD = 'NHLIFE';
export const NHLIFE_IDCARD_CODES: Partial<Record<IdcardType, '1' | '2' | '3'>> = { ic: '1', dl: '2', pp: '3' };
/** Whether the insurer's wire has a way to name this document type at all. */
export const insurerTakesIdcardType = (insuCompCd: string, type: IdcardType): boolean =>
  insuCompCd !== NHLIFE_INSU_COMP_CD || NHLIFE_IDCARD_CODES[type] !== undefined;
/** The identity type as the given insurer expects it. */
export const insurerIdcardType = (insuCompCd: string, type: IdcardType): string =>
  insuCompCd === NHLIFE_INSU_COMP_CD ? (NHLIFE_IDCARD_CODES[type] ?? type) : type;

/** Relation of the payout account's holder to the patient (bankAccountRel). */
export const BANK_ACCOUNT_RELS = [
  { code: '1', name: '본인' },
  { code: '2', name: '배우자' },
  { code: '3', name: '부모' },
  { code: '4', name: '자녀' },
  { code: '9', name: '기타 가족' },
] as const;
export const bankAccountRel = z.enum(['1', '2', '3', '4', '9'], { message: '예금주와의 관계를 선택해 주세요.' });
export const SELF_REL = '1';
export const bankAccountHolder = z
  .string()
  .trim()
  .min(1, { message: '예금주 이름을 입력해 주세요.' })
  .max(30, { message: '예금주 이름은 30자까지 입력할 수 있어요.' });

export const minAmt = z
  .number({ message: '최소 청구 금액을 선택해 주세요.' })
  .int({ message: '최소 청구 금액은 원 단위 정수여야 해요.' })
  .refine((v) => (MIN_AMT_CHOICES as readonly number[]).includes(v), {
    message: `최소 청구 금액은 ${MIN_AMT_CHOICES.map((v) => v.toLocaleString('ko-KR')).join(', ')}원 중에서 골라 주세요.`,
  });
export const retroMonth = z
  .number({ message: '소급 기간을 선택해 주세요.' })
  .int({ message: '소급 기간은 개월 수(정수)로 골라 주세요.' })
  .min(0, { message: '소급 기간은 0개월 이상이어야 해요.' })
  .max(RETRO_MONTH_MAX, { message: `소급 기간은 ${RETRO_MONTH_MAX}개월(3년)까지 고를 수 있어요.` });
export const userPostNo = z.string().regex(/^\d{5}$/, { message: '우편번호 5자리를 입력해 주세요.' });
/**
 * The postcode as a patient gives it with a typed address: 5 digits, or nothing when they do not know it (the server
 * looks it up from the road address through the address provider).
 */
export const userPostNoOrEmpty = z.union([z.literal(''), userPostNo]);
export const userAddr = z
  .string()
  .trim()
  .min(5, { message: '주소를 입력해 주세요.' })
  .max(200, { message: '주소는 200자까지 입력할 수 있어요.' });
export const userAddrDetail = optionalText(100, '상세 주소는 100자까지 입력할 수 있어요.');
export const termsIdList = z.array(z.string().min(1).max(64)).max(100, { message: '약관이 너무 많아요.' });
const hospitalCdList = z
  .array(hospitalCd)
  .max(MAX_HOSPITALS_PER_CALL, { message: `병원은 한 번에 ${MAX_HOSPITALS_PER_CALL}곳까지 고를 수 있어요.` });

/** The person fields every subscription call carries; they must be the verified person's (the server checks). */
const personShape = {
  userCi,
  userNm,
  birthday,
  sex,
  userIdno2,
  userTel,
};

/** The reg payload of spec §3 as POSTed (v1 outer). The server ignores subsStatus and the contract dates it is sent. */
const regShape = {
  ...personShape,
  /** Required terms agreed: every required SERVICE and LMHC_SUBS term must be here or in agreeIds. */
  termsIds: termsIdList.default([]),
  optTerms: termsIdList.default([]),
  userEmail: optionalEmail,
  userPostNo: userPostNoOrEmpty.optional(),
  userAddr,
  userAddrDetail,
  hospitalCd: hospitalCd.default(DEFAULT_HOSPITAL_CD),
  multiSubscrib: hospitalCdList.default([]),
  jobCd: orEmpty(z.string().max(20)),
  jobNm: optionalText(60),
  minAmt,
  /** Drawn on the pad; or empty when signTypedNm is the signature. */
  signImg: orEmpty(signImg),
  signTypedNm: orEmpty(signTypedNm),
  idcardImg: orEmpty(idcardPhoto),
  idcardType: orEmpty(idcardType),
  idcardIssueDate: z.string().max(8).optional(),
  idcardIssueOrg: z.string().max(40).optional(),
  regNo: z.string().max(20).optional(),
  checkCd: z.string().max(10).optional(),
  postCenter: optionalText(40),
  applyChannel: optionalText(20),
  applyOrg: optionalText(40),
  insuCompCd,
  /** Ours: further insurers when the patient holds several policies; each needs its consent in agreeIds. */
  insuCompCds: z
    .array(insuCompCd)
    .max(MAX_INSURERS_PER_SUBSCRIPTION, { message: `보험사는 ${MAX_INSURERS_PER_SUBSCRIPTION}곳까지 고를 수 있어요.` })
    .optional(),
  /** The insurers' consents (INSU_<insuCompCd>_CLAIM of GET /auth/rest/terms/v3/INSU_CLAIM), one per insurer. */
  agreeIds: termsIdList.default([]),
  /**
   * Ours (docs/payout-rules.md): "언제 가입하셨어요?", one answer for every insurer chosen; absent ("잘 모르겠어요"),
   * the insurer's answer may name it. Changed per insurer on 내 자동청구 (API.subscriptionInsurers).
   */
  policyGeneration: z
    .union([z.literal(''), policyGeneration], { message: '가입 시기를 목록에서 골라 주세요.' })
    .optional(),
  bankCd,
  bankAccount,
  bankAccountHolder,
  bankAccountRel,
  /**
   * Ours (docs/decisions/0010-message-catalogs.md): the language she walked the enrolment in, kept on the subscription
   * for her later messages; absent, Korean.
   */
  lang: z.enum(LANGS, { message: '언어는 ko, en, zh-Hans, vi 가운데 하나로 보내 주세요.' }).optional(),
  /**
   * Ours (README "A helper beside her"): who walked the screens with her, by relation (HELPER_RELS); absent or '', she
   * walked alone. A desk handoff's deskGrant records the hospital's staff account instead, whatever this says.
   */
  helperRel: orEmpty(z.enum(HELPER_RELS, { message: '도와주신 분과의 관계를 목록에서 골라 주세요.' })),
  /** The grant a hospital desk's QR code was exchanged for (POST API.deskHandoff); the staff account is on it. */
  deskGrant: orEmpty(deskGrant),
  goodsSubsId: optionalText(40),
  subsStatus: z.string().max(20).optional(),
  contractStartDate: z.string().max(8).optional(),
  contractEndDate: z.string().max(8).optional(),
  /** Batch claims every repeatWeek weeks (1-4) on ISO weekday repeatDay (1 Mon … 7 Sun); absent: each at once. */
  repeatWeek: orEmpty(z.string().regex(/^[1-4]$/, { message: '청구 주기는 1~4주 중에서 골라 주세요.' })),
  repeatDay: orEmpty(z.string().regex(/^[1-7]$/, { message: '청구 요일을 골라 주세요.' })),
  insuApplyId: optionalText(40),
  retroMonth,
  /**
   * Ours (README "Children: a guardian claims for a child"): present, the subscription's insured person is this child
   * and the verified person above (userNm … userTel, her ID, her signature) is the child's legal guardian; absent, the
   * spec's self case, unchanged. The payout account is then the child's (bankAccountRel 1, holder the child's name)
   * or the guardian's (bankAccountRel 3 부모, holder the guardian's name), checked with the bank either way.
   */
  child: childBody.optional(),
};

type RegLike = IdcardFields & {
  idcardImg?: string;
  birthday: string;
  sex?: 'M' | 'F';
  userIdno2?: string;
  child?: { birthday: string; sex: 'M' | 'F'; userIdno2: string };
};
function regRules(v: RegLike, ctx: z.RefinementCtx) {
  if (v.sex && v.userIdno2 && !rrnDigitFits(v.birthday, v.sex, v.userIdno2)) {
    ctx.addIssue({
      code: 'custom',
      path: ['userIdno2'],
      message: '주민등록번호 뒷자리 첫 숫자가 생년월일·성별과 맞지 않아요.',
    });
  } else if (v.idcardType && v.userIdno2) {
    // The document and the number must be of one kind: a 외국인등록증 or 영주증 carries a 외국인등록번호 (5–8), the
    // others a 주민등록번호.
    const foreign = FOREIGN_IDCARD_TYPES.includes(v.idcardType);
    if (!idcardFitsNumber(v.idcardType, isForeignRegDigit(v.userIdno2.charAt(0)))) {
      ctx.addIssue({
        code: 'custom',
        path: ['userIdno2'],
        message: foreign
          ? '외국인등록번호는 뒷자리가 5, 6, 7, 8 중 하나로 시작해요. 외국인등록증에 적힌 번호를 확인해 주세요.'
          : `${withParticle(IDCARD_TYPE_NM[v.idcardType], '을/를')} 고르셨는데 외국인등록번호를 입력하셨어요. 신분증 종류나 번호를 확인해 주세요.`,
      });
    }
  }
  if (v.child && !rrnDigitFits(v.child.birthday, v.child.sex, v.child.userIdno2)) {
    ctx.addIssue({
      code: 'custom',
      path: ['child', 'userIdno2'],
      message: '자녀 주민등록번호 뒷자리 첫 숫자가 자녀의 생년월일·성별과 맞지 않아요.',
    });
  }
  if (v.idcardImg && !v.idcardType) {
    ctx.addIssue({ code: 'custom', path: ['idcardType'], message: '신분증 종류를 선택해 주세요.' });
  }
  checkIdcardFields(v, ctx);
}

/** A subscription is signed one way: drawn (signImg) or typed (signTypedNm). */
function signRules(v: { signImg?: string; signTypedNm?: string }, ctx: z.RefinementCtx) {
  if (!v.signImg && !v.signTypedNm) ctx.addIssue({ code: 'custom', path: ['signImg'], message: '서명해 주세요.' });
}

/** POST /ui/insu/v1/claims/subscriptions (outer mode): the hospital of hospitalCd. */
export const subscriptionBody = z
  .object(regShape)
  .superRefine(regRules)
  .superRefine(signRules)
  .transform((v) => normalizeIdcardFields(v));
/** POST /ui/insu/v2/claims/subscriptions (inner mode, multi-receipt): the hospitals of multiSubscrib. */
export const subscriptionV2Body = z
  .object({
    ...regShape,
    multiSubscrib: hospitalCdList.min(1, { message: '자동청구할 병원을 한 곳 이상 골라 주세요.' }),
  })
  .superRefine(regRules)
  .superRefine(signRules)
  .transform((v) => normalizeIdcardFields(v));
export type SubscriptionBody = z.input<typeof subscriptionBody>;
export type SubscriptionReg = z.output<typeof subscriptionBody>;
export type SubscriptionV2Body = z.input<typeof subscriptionV2Body>;

/** POST /ui/insu/v1/claims/subscriptions/hospitals: add one hospital to the live subscription. */
/**
 * Adding a hospital to one's own subscription: the SMS-verified session already proves who this is and the resident
 * number is on file, so the back part may be left out (a returning patient has not typed it this time); if sent,
 * it must match what is on file.
 */
const addPersonShape = { ...personShape, sex: sex.optional(), userIdno2: userIdno2.optional().or(z.literal('')) };
export const addHospitalBody = z
  .object({
    ...addPersonShape,
    hospitalCd,
    /** The consent the patient gave for this hospital (a terms id); optional. */
    agreeId: optionalText(64),
    insuApplyId: optionalText(40),
  })
  .superRefine(regRules);
/** POST /ui/insu/v2/claims/subscriptions/hospitals: add several hospitals (inner mode). */
export const addHospitalsV2Body = z
  .object({
    ...addPersonShape,
    hospitals: hospitalCdList.min(1, { message: '추가할 병원을 한 곳 이상 골라 주세요.' }),
    agreeId: optionalText(64),
    insuApplyId: optionalText(40),
  })
  .superRefine(regRules);
export type AddHospitalBody = z.input<typeof addHospitalBody>;
export type AddHospitalsV2Body = z.input<typeof addHospitalsV2Body>;

/**
 * Ours, in the child case: a child's subscription (CHILD_API.children) named by its insuApplyId, which the session's
 * verified person must be the guardian of; absent, the session's own subscription as the spec has it.
 */
const childTarget = { insuApplyId: childInsuApplyId.optional() };

/** DELETE /ui/insu/v1/claims/subscriptions (query, spec §7): cancel (a child's with insuApplyId). */
export const cancelQuery = z.object({ userCi: userCi.optional(), ...childTarget });
/** DELETE /ui/insu/v1/claims/subscriptions/hospitals (query): remove one hospital. */
export const removeHospitalQuery = z.object({ userCi: userCi.optional(), hospitalCd });
/** GET /ui/insu/v1/claims/subscriptions (query). */
export const subscriptionQuery = z.object({ userCi: userCi.optional() });

/** The batch day: a day of the month every month has (1–28). */
export const batchDay = z
  .number({ message: '청구를 모아 보낼 날을 골라 주세요.' })
  .int({ message: '청구를 모아 보낼 날은 1일부터 28일 중에서 골라 주세요.' })
  .min(1, { message: '청구를 모아 보낼 날은 1일부터 28일 중에서 골라 주세요.' })
  .max(28, { message: '청구를 모아 보낼 날은 1일부터 28일 중에서 골라 주세요.' });

/** PUT /ui/insu/v1/claims/subscriptions: change any of account, address, e-mail, minimum amount (each group whole). */
export const subscriptionChangeBody = z
  .object({
    userCi: userCi.optional(),
    /** A child's subscription (the account or the minimum amount; her contact is the guardian's). */
    ...childTarget,
    bankCd: bankCd.optional(),
    bankAccount: bankAccount.optional(),
    bankAccountHolder: bankAccountHolder.optional(),
    bankAccountRel: bankAccountRel.optional(),
    userPostNo: userPostNoOrEmpty.optional(),
    userAddr: userAddr.optional(),
    userAddrDetail,
    userEmail: optionalEmail,
    minAmt: minAmt.optional(),
    /** The optional 알림톡 consent (KAKAO_NOTI_TERMS_ID): true 알림톡 with SMS/LMS fallback, false SMS/LMS only. */
    kakaoNotiCheck: z.boolean({ message: '알림 받는 방법을 골라 주세요.' }).optional(),
    /**
     * Ours: her rule "비급여는 보내기 전에 물어봐 주세요": true ask, false never ask, null back to the default (ask for a
     * 4세대 policy when claiming the 비급여 would cost more in next year's premium than it pays).
     */
    askUncovered: z.boolean({ message: '비급여를 보내기 전에 물어볼지 골라 주세요.' }).nullable().optional(),
    /** Ours: her batch day, the day of the month (1–28) her month's claims go together; null: each as it comes. */
    batchDay: batchDay.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    // A postcode goes with an address; an address may come without one (the server looks it up).
    const groups = [['bankCd', 'bankAccount', 'bankAccountHolder', 'bankAccountRel']] as const;
    if (v.userPostNo !== undefined && v.userAddr === undefined) {
      ctx.addIssue({ code: 'custom', path: ['userAddr'], message: '함께 바꾸는 항목이에요. 이 항목도 입력해 주세요.' });
    }
    for (const g of groups) {
      const given = g.filter((f) => v[f] !== undefined);
      if (given.length > 0 && given.length < g.length) {
        for (const f of g.filter((f) => v[f] === undefined)) {
          ctx.addIssue({ code: 'custom', path: [f], message: '함께 바꾸는 항목이에요. 이 항목도 입력해 주세요.' });
        }
      }
    }
    const any = Object.entries(v).some(([k, x]) => k !== 'userCi' && k !== 'insuApplyId' && x !== undefined);
    if (!any) ctx.addIssue({ code: 'custom', path: [], message: '바꿀 내용을 입력해 주세요.' });
  });
export type SubscriptionChangeBody = z.input<typeof subscriptionChangeBody>;

/** The 'my subscription' view: everything personal masked (DESIGN §5). */
export const subscriptionSummary = z.object({
  insuApplyId: z.string(),
  subsStatus: subscriptionStatus,
  prcMode: z.enum(PRC_MODES),
  userNm: z.string(),
  /** 900101-1****** */
  userIdnoMasked: z.string(),
  /** 010-****-5678 */
  userTelMasked: z.string(),
  userEmailMasked: z.string(),
  userPostNo: z.string(),
  userAddr: z.string(),
  /** Shown as '***' when set: the patient retypes it to change it. */
  userAddrDetailMasked: z.string(),
  jobCd: z.string(),
  jobNm: z.string(),
  minAmt: z.number().int(),
  retroMonth: z.number().int(),
  bankCd: z.string(),
  bankNm: z.string(),
  /** ****1234 */
  bankAccountMasked: z.string(),
  bankAccountHolderMasked: z.string(),
  bankAccountRel: z.string(),
  idcardType: z.string(),
  hasIdcardImg: z.boolean(),
  /** She gave the optional 알림톡 consent: 알림톡 with SMS/LMS fallback; false: SMS/LMS only. */
  kakaoNotiCheck: z.boolean(),
  /** Ours: her rule for 비급여 (null: the default of her policy) and her batch day (null: none). */
  askUncovered: z.boolean().nullable().default(null),
  batchDay: z.number().int().nullable().default(null),
  insurers: z.array(
    z.object({
      insuCompCd: z.string(),
      insuCompNm: z.string(),
      idcardTypeCode: z.string(),
      /** Ours: her contract's 실손 generation (docs/payout-rules.md); null: not known yet. */
      policyGeneration: z.enum(POLICY_GENERATIONS).nullable(),
      /** Who said it: she did, or the insurer's answer did. */
      policyGenerationBy: z.enum(POLICY_GENERATION_SOURCES).nullable(),
    }),
  ),
  hospitals: z.array(z.object({ hospitalCd: z.string(), hospitalNm: z.string(), subscribedAt: z.string() })),
  /** YYYYMMDD, KST. */
  contractStartDate: z.string(),
  contractEndDate: z.string(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** Ours (README "A helper beside her"): who helped her walk the enrolment, when someone did. */
  helper: z
    .object({
      helperRel: z.enum(HELPER_RELS),
      /** The hospital's staff account (its login id) of a desk handoff, and that hospital's name. */
      staffLoginId: z.string().optional(),
      hospitalNm: z.string().optional(),
    })
    .optional(),
  /**
   * Ours, only in the child case: the insured child (userNm … above are then hers, the phone the guardian's) and the
   * guardian's relation, whether the relation document was confirmed, and the day she turns 19.
   */
  child: z
    .object({
      guardianRel,
      guardianNm: z.string(),
      relationStatus,
      /** YYYYMMDD: visits on or after it are not claimed by this subscription. */
      adultOn: z.string(),
    })
    .optional(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummary>;
/** GET /ui/insu/v1/claims/subscriptions and the answer of every change: subscribed only when 'subscribe' (spec §4). */
export const subscriptionView = z.object({
  subscriptionStatus,
  subscription: subscriptionSummary.optional(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

/** POST/GET /ui/insu/v1/claims/users/accounts: does the bank say the account's holder is who the patient says? */
export const accountCheckBody = z.object({
  userCi: userCi.optional(),
  bankCd,
  bankAccount,
  /** Whose account it is; absent → the verified patient's name. */
  bankAccountHolder: bankAccountHolder.optional(),
});
export type AccountCheckBody = z.input<typeof accountCheckBody>;
export const accountCheck = z.object({
  bankCd: z.string(),
  bankNm: z.string(),
  bankAccountMasked: z.string(),
  /** MATCH: the bank's holder is the name given. MISMATCH: it is someone else (the name comes back masked). */
  result: z.enum(['MATCH', 'MISMATCH']),
  /** The holder's name as the bank gives it: whole on a match, masked otherwise (spec repository checkBankAccountNm). */
  checkBankAccountNm: z.string(),
  message: z.string(),
});
export type AccountCheck = z.infer<typeof accountCheck>;

/** POST /ui/insu/v1/ocr/document/id-card: read what can be read from an ID photo; the patient confirms. */
export const ocrIdCardBody = z.object({
  userCi: userCi.optional(),
  idcardType,
  idcardImg: idcardPhoto,
});
export type OcrIdCardBody = z.input<typeof ocrIdCardBody>;
export const ocrIdCard = z.object({
  idcardType,
  /** True when at least one field could be read. */
  read: z.boolean(),
  /** Only the fields the type keeps (spec §3); anything not read is absent. */
  fields: z.object({
    userNm: z.string().optional(),
    idcardIssueDate: z.string().optional(),
    idcardIssueOrg: z.string().optional(),
    regNo: z.string().optional(),
    checkCd: z.string().optional(),
  }),
  message: z.string(),
});
export type OcrIdCard = z.infer<typeof ocrIdCard>;

/** GET /ui/insu/v1/addresses?keyword= (ours): road-address search; the patient may always type an address instead. */
export const addressQuery = z.object({
  keyword: z
    .string({ message: '검색어를 입력해 주세요.' })
    .trim()
    .min(ADDRESS_KEYWORD_MIN, { message: `검색어를 ${ADDRESS_KEYWORD_MIN}자 이상 입력해 주세요. 예: 세종대로 110` })
    .max(60, { message: '검색어는 60자까지 입력할 수 있어요.' }),
});
export const address = z.object({
  /** 5-digit postcode (국가기초구역번호). */
  postNo: z.string(),
  roadAddr: z.string(),
  jibunAddr: z.string(),
  buildingNm: z.string(),
});
export type Address = z.infer<typeof address>;
export const addressList = z.object({ list: z.array(address), total: z.number().int() });
/** POST /ui/insu/v1/addresses/postcode (ours): the road address as the patient typed it, detail included or not. */
export const addressPostcodeBody = z.object({ userAddr });
/** Its postcode when one is certain, otherwise '' (the patient may go on without it). */
export const addressPostcode = z.object({ userPostNo: userPostNoOrEmpty });
export type AddressPostcode = z.infer<typeof addressPostcode>;

/**
 * POST /ui/insu/v1/claims/documents/commission and /agree (ours): the power of attorney (위임장) and consent (동의서)
 * as application/pdf. After submission send insuApplyId alone; before it, the reg fields the document shows.
 * Name, birthday and phone always come from the verified session.
 */
export const documentBody = z.object({
  userCi: userCi.optional(),
  insuApplyId: optionalText(40),
  hospitalCd: hospitalCd.optional(),
  multiSubscrib: hospitalCdList.optional(),
  insuCompCd: insuCompCd.optional(),
  insuCompCds: z.array(insuCompCd).max(MAX_INSURERS_PER_SUBSCRIPTION).optional(),
  userIdno2: orEmpty(userIdno2),
  userPostNo: userPostNoOrEmpty.optional(),
  userAddr: optionalText(200),
  userAddrDetail,
  retroMonth: retroMonth.optional(),
  signImg: orEmpty(signImg),
  signTypedNm: orEmpty(signTypedNm),
  /** Before submission, the child case (reg's child): the documents name her and the session's person as guardian. */
  child: childBody.optional(),
});
export type DocumentBody = z.input<typeof documentBody>;

// ---------------------------------------------------------------------------------------------------------------
// Her policy's generation (docs/payout-rules.md).

/**
 * PUT API.subscriptionInsurers (ours): one insurer contract's generation, as she picks it on 내 자동청구; null is
 * "잘 모르겠어요" (the insurer's answer may then name it). A child's subscription with insuApplyId.
 */
export const policyGenerationBody = z.object({
  userCi: z.string().max(200).optional(),
  insuApplyId: childInsuApplyId.optional(),
  insuCompCd,
  policyGeneration: policyGeneration.nullable(),
});
export type PolicyGenerationBody = z.infer<typeof policyGenerationBody>;
