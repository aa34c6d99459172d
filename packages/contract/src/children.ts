// A parent claims for a child (README "Children: a guardian claims for a child"): the child is the insured person of
// a subscription of her own, tied to the verified parent as its legal guardian (법정대리인). The spec's calls for the
// self case keep their shapes; the child case is an extension of them (`child` in reg, `insuApplyId` naming a child's
// subscription in the history and the changes) plus the calls below. Paths: CHILD_API.
import { z } from 'zod';
import { addMonths, kstToday } from './dates.js';
import { hospitalCd, insuCompCd, yyyymmdd } from './formats.js';
import { ADULT_AGE, RELATION_DOCUMENT_MAX_AGE_MONTHS } from './limits.js';
import { pathParam } from './paths.js';
import { MOBILE_RE, digitsOnly, isRealDate } from './person.js';
import {
  GUARDIAN_RELS,
  RELATION_DOC_TYPES,
  RELATION_STATUSES,
  SUBSCRIPTION_END_REASONS,
  SUBSCRIPTION_STATUSES,
  type RelationDocType,
} from './vocabulary.js';

/** How many live child subscriptions one guardian may hold. */
export const MAX_CHILDREN_PER_GUARDIAN = 10;
/** The document as a photo (JPEG, PNG) or as the PDF 정부24 gives, at most this many bytes. */
export const MAX_RELATION_DOCUMENT_BYTES = 2 * 1024 * 1024;
/** How long before the 19th birthday the parent (and the child, if her phone is known) is told. */
export const ADULT_NOTICE_MONTHS_BEFORE = 1;

export const guardianRel = z.enum(GUARDIAN_RELS, { message: '자녀와의 관계를 골라 주세요.' });

/** The 19th birthday (YYYYMMDD): from that day the child is an adult and claims for herself. 29 Feb → 28 Feb. */
export const adultOn = (birthday: string) => addMonths(birthday, ADULT_AGE * 12);
/** 만 나이 on `today` (YYYYMMDD): whole years since the birthday. */
export function ageOn(birthday: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthday.slice(0, 4));
  return today.slice(4) >= birthday.slice(4) ? years : years - 1;
}
/** A child still: under ADULT_AGE on Korea's today. */
export const isMinor = (birthday: string, now: Date) => kstToday(now) < adultOn(birthday);

/** The child as the parent enters her after "누구의 진료인가요? → 자녀" (the insured person of the subscription). */
export const childBody = z
  .object({
    userNm: z
      .string({ message: '자녀 이름을 입력해 주세요.' })
      .trim()
      .min(1, { message: '자녀 이름을 입력해 주세요.' })
      .max(30, { message: '자녀 이름은 30자까지 입력할 수 있어요.' }),
    birthday: yyyymmdd.refine((v) => isRealDate(v), { message: '자녀 생년월일이 올바른 날짜가 아니에요.' }),
    sex: z.enum(['M', 'F'], { message: '자녀 성별을 골라 주세요.' }),
    /** The child's RRN back part, 7 digits (the front is the birthday). */
    userIdno2: z.string().regex(/^\d{7}$/, { message: '자녀 주민등록번호 뒷자리 7자리를 숫자로 입력해 주세요.' }),
    /** The verified parent's relation to the child. */
    guardianRel,
    /** The child's own phone, if she has one: she is told when she turns 19 and may enrol herself. */
    userTel: z
      .string()
      .transform(digitsOnly)
      .refine((v) => v === '' || MOBILE_RE.test(v), { message: '자녀 휴대폰 번호를 확인해 주세요.' })
      .optional(),
  })
  .strict();
export type ChildBody = z.input<typeof childBody>;
export type ChildReg = z.output<typeof childBody>;

export const relationDocType = z.enum(RELATION_DOC_TYPES, { message: '서류 종류를 골라 주세요.' });
/** With the particles a sentence needs (등본 ends in a consonant): "…를/을 확인했어요", "…로/으로 확인했어요". */
export const RELATION_DOC_OBJECT: Record<RelationDocType, string> = {
  family: '가족관계증명서를',
  resident: '주민등록등본을',
};
export const RELATION_DOC_BY: Record<RelationDocType, string> = {
  family: '가족관계증명서로',
  resident: '주민등록등본으로',
};

export const relationStatus = z.enum(RELATION_STATUSES);

const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4 + 64;
const RELATION_FILE_SHAPE = /^data:(?:image\/(?:jpeg|png)|application\/pdf);base64,[A-Za-z0-9+/]+={0,2}$/;

/** POST CHILD_API.relationDocument: the photo or PDF of the document, and the issue date the parent reads on it. */
export const relationDocumentBody = z.object({
  userCi: z.string().max(200).optional(),
  docType: relationDocType,
  /** 발급일 as printed on the document (YYYYMMDD): within RELATION_DOCUMENT_MAX_AGE_MONTHS, not in the future. */
  issueDate: yyyymmdd.refine((v) => isRealDate(v), { message: '발급일이 올바른 날짜가 아니에요.' }),
  /** data:image/jpeg|png;base64,… or data:application/pdf;base64,…; the server checks the bytes themselves. */
  file: z
    .string({ message: '서류 사진이나 PDF 파일을 올려 주세요.' })
    .min(1, { message: '서류 사진이나 PDF 파일을 올려 주세요.' })
    .max(base64Length(MAX_RELATION_DOCUMENT_BYTES), {
      message: `파일이 너무 커요. ${MAX_RELATION_DOCUMENT_BYTES / 1024 / 1024}MB까지 올릴 수 있어요.`,
    })
    .refine((s) => RELATION_FILE_SHAPE.test(s), { message: '서류는 JPEG·PNG 사진이나 PDF 파일로 올려 주세요.' }),
});
export type RelationDocumentBody = z.input<typeof relationDocumentBody>;

/** The issue date the server accepts: not after today, not before RELATION_DOCUMENT_MAX_AGE_MONTHS ago (KST). */
export function relationIssueDateProblem(issueDate: string, now: Date): string | undefined {
  const today = kstToday(now);
  if (issueDate > today) return '발급일이 오늘보다 뒤예요. 서류에 적힌 발급일을 확인해 주세요.';
  if (issueDate < addMonths(today, -RELATION_DOCUMENT_MAX_AGE_MONTHS)) {
    return `${RELATION_DOCUMENT_MAX_AGE_MONTHS}개월 안에 발급한 서류만 받을 수 있어요. 정부24에서 새로 발급해 올려 주세요.`;
  }
  return undefined;
}

/** A child's subscription as her guardian sees it (GET CHILD_API.children, and the answers of the calls about her). */
export const childSubscription = z.object({
  insuApplyId: z.string(),
  subsStatus: z.enum(SUBSCRIPTION_STATUSES),
  /**
   * The child's name as the parent typed it (her own data), and how messages call her: 지민이 / 서아. To a link session
   * (before SMS step-up) both masked (김*민), and birthday and adultOn empty.
   */
  userNm: z.string(),
  calledNm: z.string(),
  /** YYYYMMDD ('' to a link session) */
  birthday: z.string(),
  sex: z.enum(['M', 'F']),
  guardianRel,
  guardianRelNm: z.string(),
  relation: z.object({
    status: relationStatus,
    statusNm: z.string(),
    docType: relationDocType.nullable(),
    /** The issue date the parent stated (YYYYMMDD). */
    issueDate: z.string().nullable(),
    submittedAt: z.string().nullable(),
    decidedAt: z.string().nullable(),
    /** Why the operator refused it, in the operator's words to the parent (refused only). */
    refuseReason: z.string().nullable(),
  }),
  /** The 19th birthday (YYYYMMDD; '' to a link session): visits on or after it are hers to claim, not the guardian's. */
  adultOn: z.string(),
  /** She is 19 or older now: nothing new is claimed; she can enrol herself. */
  grownUp: z.boolean(),
  insurers: z.array(z.object({ insuCompCd, insuCompNm: z.string() })),
  hospitals: z.array(z.object({ hospitalCd, hospitalNm: z.string() })),
  /** ****1234, the payout account; whose it is: the child's own (bankAccountRel 1) or the guardian's (3). */
  bankAccountMasked: z.string(),
  bankAccountRel: z.string(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** Why it ended, when it did: cancelled by the guardian, she grew up and enrolled herself, or an operator's ruling. */
  endReason: z.enum(SUBSCRIPTION_END_REASONS).nullable(),
});
export type ChildSubscription = z.infer<typeof childSubscription>;

/** GET CHILD_API.children: the guardian's children, live first, then those ended within the keeping period. */
export const childrenAnswer = z.object({ list: z.array(childSubscription), total: z.number().int() });
export type ChildrenAnswer = z.infer<typeof childrenAnswer>;
export const childrenQuery = z.object({ userCi: z.string().max(200).optional() });

/** A child's subscription named in a path or a body (AC + date + 10 hex). */
export const childInsuApplyId = z
  .string({ message: '자녀 가입 정보를 골라 주세요.' })
  .regex(/^AC\d{8}[0-9A-F]{10}$/, { message: '자녀 가입 번호가 올바르지 않아요.' });
export const childParams = z.object({ insuApplyId: childInsuApplyId });

/** Ours: the child case of the subscription calls (README "Children: a guardian claims for a child"). */
export const CHILD_API = {
  /** GET: the verified guardian's children (a full session, or a link session of one of them). */
  children: '/ui/insu/v1/claims/subscriptions/children',
  /** POST relationDocumentBody: the 가족관계증명서 or 주민등록등본 for one child (again after a refusal). */
  relationDocument: (insuApplyId: string) =>
    `/ui/insu/v1/claims/subscriptions/children/${pathParam('insuApplyId', insuApplyId)}/relation-document`,
} as const;

/** The problem answers of the child case (code → the Korean detail the server sends; some name the child). */
export const CHILD_PROBLEMS = {
  /** 409: the child (her resident number) already has a live subscription: by this guardian, another, or herself. */
  CHILD_ALREADY_ENROLLED: '이미 자동청구에 가입된 자녀예요.',
  /** 422, field child.birthday: 19 or older (만 나이). */
  CHILD_TOO_OLD: '만 19세 이상은 자녀로 가입할 수 없어요. 본인이 직접 본인인증을 하고 가입해 주세요.',
  /** 409: MAX_CHILDREN_PER_GUARDIAN live children already. */
  CHILDREN_LIMIT: `자녀는 ${MAX_CHILDREN_PER_GUARDIAN}명까지 가입할 수 있어요.`,
  /** 404: no child subscription of this guardian has that insuApplyId. */
  CHILD_NOT_FOUND: '자녀 가입 정보를 찾을 수 없어요. 화면을 새로 고쳐 다시 확인해 주세요.',
  /** 409: the relation was confirmed already; nothing more to upload. */
  RELATION_ALREADY_CONFIRMED: '이미 확인을 마친 서류예요. 다시 올리지 않아도 돼요.',
} as const;
