// The patient's side of the claim engine (README, claim engine): the treatment history behind the 알림톡 link
// (/web/treat), claiming a visit that was not claimed automatically (v1 one visit, v2 several receipts at once),
// the ID copy an insurer asked for (/web/IDPhoto), and the append-only access log the patient can read.
// Paths: API.treats, API.treatsV2, API.idCards, API.linkExchange.
import { z } from 'zod';
import { childInsuApplyId } from './children.js';
import { hospitalCd, insuCompCd, yyyymmdd } from './formats.js';
import { LANGS } from './i18n/langs.js';
import { APP_ROOT } from './paths.js';
import {
  CLAIM_ORIGINS,
  CLAIM_STATUSES,
  DELIVERY_CHANNELS,
  PAYOUT_DIFFERENCES,
  PAYOUT_VERDICTS,
  POLICY_GENERATIONS,
  HELD_QUESTIONS,
  NOT_CLAIMED_REASONS,
  REASON_BY,
} from './vocabulary.js';
import {
  checkCd,
  idcardIssueDate,
  idcardIssueOrg,
  idcardPhoto,
  idcardType,
  licenceNo,
  passportNo,
} from './subscription.js';

const listOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int() });

/** ISO 8601 instants in answers (timestamps of status changes and log entries). */
const instant = z.string();

// ---------------------------------------------------------------------------------------------------------------
// The 알림톡 link: a signed, short-lived, single-use token, never personal data.

/** The link's token travels in the URL fragment (`#t=…`), so it never reaches a server log or a Referer header. */
export const LINK_TOKEN_PARAM = 't';
/** The screens a link may open. */
export const linkPurpose = z.enum(['treat', 'idCard', 'statement']);
export type LinkPurpose = z.infer<typeof linkPurpose>;
/** The web screen (spec §2) each purpose opens. */
export const LINK_SCREENS: Record<LinkPurpose, string> = {
  treat: '/web/treat',
  idCard: '/web/IDPhoto',
  /** Ours: her monthly statement (README "The monthly statement"). */
  statement: '/web/statement',
};
/** The path (below the origin) an 알림톡 opens: `/ui/insu/vuex/auto-claim/web/treat#t=<token>`. */
export const patientLinkPath = (purpose: LinkPurpose, token: string) =>
  `${APP_ROOT}${LINK_SCREENS[purpose]}#${LINK_TOKEN_PARAM}=${encodeURIComponent(token)}`;

/**
 * The short form of a message's link an SMS carries (it has no button, and a long bare link reads as 스미싱): the
 * service's own origin + `/m/<the token's random id>`, which the server redirects to the tokenised link above (the
 * token itself, bound to the first device that opens it, is unchanged). A link without a token opens the history
 * (`/m`) or the landing (`/m/start`).
 */
export const SHORT_LINK_PREFIX = '/m';
export function shortLinkPath(linkPath: string): string {
  const token = new RegExp(`#${LINK_TOKEN_PARAM}=([A-Za-z0-9_-]{22})(?:\\.|%2E)`, 'i').exec(linkPath);
  if (token) return `${SHORT_LINK_PREFIX}/${token[1]}`;
  if (linkPath === `${APP_ROOT}${LINK_SCREENS.treat}`) return SHORT_LINK_PREFIX;
  if (linkPath === `${APP_ROOT}/`) return `${SHORT_LINK_PREFIX}/start`;
  return linkPath;
}

/** POST API.linkExchange: trade the link's token for a patient session (cookie). */
export const linkExchangeBody = z.object({
  /** The screen the link opened: a token is good only for its own purpose. */
  purpose: linkPurpose,
  token: z
    .string({ message: '링크 정보가 없어요. 알림톡의 링크를 다시 눌러 주세요.' })
    .min(16, { message: '링크 정보가 올바르지 않아요. 알림톡의 링크를 다시 눌러 주세요.' })
    .max(1024, { message: '링크 정보가 올바르지 않아요. 알림톡의 링크를 다시 눌러 주세요.' }),
});
export const linkExchangeAnswer = z.object({
  purpose: linkPurpose,
  /** The session's hash, which the claim-authorization cookie also carries (spec §5). */
  hash: z.string(),
  idleExpiresAt: instant,
  absoluteExpiresAt: instant,
  /** Masked (김*수), for a greeting. */
  userNmMasked: z.string(),
  /** Ours, the child case: the link is about this child of the guardian (open her history: API.treats?insuApplyId). */
  child: z.object({ insuApplyId: z.string(), calledNm: z.string() }).optional(),
  /** Ours: the visit the message was about (its claim opens first on /web/treat), when the link names one. */
  treatId: z.string().optional(),
});
export type LinkExchangeAnswer = z.infer<typeof linkExchangeAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Claims and their statuses.

export const claimStatus = z.enum(CLAIM_STATUSES);

export const claimStatusChange = z.object({ status: claimStatus, at: instant });

export const reasonBy = z.enum(REASON_BY);

export const VISIT_TYPES = ['outpatient', 'inpatient', 'pharmacy'] as const;
export const visitType = z.enum(VISIT_TYPES);
export type VisitType = z.infer<typeof visitType>;
/**
 * An argument of a payout sentence: a name or a count as it is, an amount in 원 ({ won }), a rate ({ pct }: 0.2 is
 * 20 %); each worded in her language by wordPayoutSentence (amounts as the screens write money).
 */
const payoutArg = z.union([z.string(), z.number(), z.object({ won: z.number().int() }), z.object({ pct: z.number() })]);
/** A phrase inside a payout sentence: a catalog message (its id) and its arguments. */
export const payoutPhrase = z.object({ id: z.string(), values: z.record(z.string(), payoutArg) });
export type PayoutPhrase = z.infer<typeof payoutPhrase>;
/**
 * One sentence of the payout explanation as a catalog message (its id, i18n/messages.ts PAYOUT_…) with its arguments,
 * so that the screen says it in the language she reads now. An argument may be a phrase, or a list of phrases said
 * one after another ({ list }).
 */
export const payoutSentence = z.object({
  id: z.string(),
  values: z.record(z.string(), z.union([payoutArg, payoutPhrase, z.object({ list: z.array(payoutPhrase) })])),
});
export type PayoutSentence = z.infer<typeof payoutSentence>;

/**
 * A claim's expected amount ("예상 금액") from her generation's rules and why, and, once paid, the answer set beside
 * it: the same, more, or less with each difference named, or what to ask the insurer (docs/payout-rules.md). The
 * patient's history and the console's claim read the same.
 */
export const claimPayout = z.object({
  /** The generation the estimate used; null: not known, and `explanation` says how to tell it. */
  policyGeneration: z.enum(POLICY_GENERATIONS).nullable(),
  /** 예상 금액 (원); null when her generation is not known. */
  estimate: z.number().int().nullable(),
  /** The reckoning, one sentence each, as a person says it (in Korean). */
  explanation: z.array(z.string()),
  comparison: z
    .object({
      verdict: z.enum(PAYOUT_VERDICTS),
      paid: z.number().int(),
      /** One sentence that says it plainly. */
      headline: z.string(),
      /** All of it, headline first (in Korean). */
      sentences: z.array(z.string()),
      differences: z.array(z.object({ kind: z.enum(PAYOUT_DIFFERENCES), amount: z.number().int() })),
      /** 원 of the gap nothing explains. */
      unexplained: z.number().int(),
      /** Whom to call and what to ask, when something is not explained. */
      ask: z.object({ insurerNm: z.string(), phone: z.string().nullable(), question: z.string() }).nullable(),
    })
    .nullable(),
});
export type ClaimPayout = z.infer<typeof claimPayout>;

export const treatClaim = z.object({
  claimId: z.string(),
  insuCompCd,
  insuCompNm: z.string(),
  status: claimStatus,
  /** Set when status is rejected (the insurer's reason), documents_requested (what the insurer asks for) or failed
   * (ours, in Korean). */
  reason: z.string().nullable(),
  /** Who wrote the reason (rejected, documents_requested), else null. */
  reasonBy: reasonBy.nullable(),
  /** documents_requested: the papers the insurer named (REQUESTED_DOCUMENTS codes), else empty. */
  documents: z.array(z.string()),
  /** The insurer's claim fax (digits), where papers other than the ID copy go with the claim number, when known. */
  insuFaxNo: z.string().nullable(),
  /** The amount claimed (원). */
  claimAmt: z.number().int(),
  /** The amount the insurer paid, once paid (원). */
  paidAmt: z.number().int().nullable(),
  /** When the insurer's "paid" answer reached us (the status change), once paid. */
  paidAt: instant.nullable(),
  /** The insurer's customer centre number (for a rejection or requested papers), when known. */
  insuCallCenter: z.string().nullable(),
  /** 'auto': the engine claimed it; 'patient': the patient asked for it on /web/treat. */
  origin: z.enum(CLAIM_ORIGINS),
  /** How it goes to the insurer. */
  channel: z.enum(DELIVERY_CHANNELS).nullable(),
  createdAt: instant,
  updatedAt: instant,
  /** Every status change, oldest first. */
  history: z.array(claimStatusChange),
  /**
   * The other visits this one claim carries (README "A pharmacy follows its clinic": a clinic's visit and the
   * pharmacy's that filled its 처방전 go as one claim, whose amount is both receipts'); empty for most claims.
   */
  with: z.array(
    z.object({
      treatId: z.string(),
      hospitalNm: z.string(),
      /** YYYYMMDD */
      treatDate: z.string(),
      /** 낸 진료비 of that visit (원). */
      paidAmt: z.number().int(),
    }),
  ),
  /** Ours: what she should expect and why, and the insurer's answer set beside it (docs/payout-rules.md). */
  payout: claimPayout.nullable().optional(),
  /**
   * `payout`'s sentences as catalog messages (its `explanation`, and its comparison's `sentences` once answered), for
   * the screen to say in the language she reads; `payout` keeps them in Korean.
   */
  payoutSentences: z
    .object({ explanation: z.array(payoutSentence), comparison: z.array(payoutSentence).nullable() })
    .nullable()
    .optional(),
});
export type TreatClaim = z.infer<typeof treatClaim>;

// ---------------------------------------------------------------------------------------------------------------
// Visits (treatment records fed by the hospital).

export const VISIT_TYPE_NM: Record<VisitType, string> = { outpatient: '외래', inpatient: '입원', pharmacy: '약국' };

/** Why a visit was not claimed automatically (the engine's decision on the record): the vocabulary's reasons. */
export const notClaimedReason = z.enum(NOT_CLAIMED_REASONS);

export const treatVisit = z.object({
  treatId: z.string(),
  hospitalCd,
  hospitalNm: z.string(),
  /** YYYYMMDD */
  treatDate: yyyymmdd,
  visitType,
  deptNm: z.string(),
  receiptNo: z.string(),
  /** 급여 본인부담금 (원). */
  coveredSelfAmt: z.number().int(),
  /** 비급여 (원). */
  uncoveredAmt: z.number().int(),
  /** What the patient paid in total (원); compared with minAmt. */
  paidAmt: z.number().int(),
  /** When the hospital's record reached us. */
  receivedAt: instant,
  /** claimed: at least one claim exists; notClaimed: none, see notClaimedReason. */
  claimState: z.enum(['claimed', 'notClaimed']),
  notClaimedReason: notClaimedReason.nullable(),
  /** The patient may still claim it here (not claimed for every insurer, inside the three-year lapse). */
  canClaim: z.boolean(),
  claims: z.array(treatClaim),
});
export type TreatVisit = z.infer<typeof treatVisit>;

// ---------------------------------------------------------------------------------------------------------------
// The access log (DESIGN §5): every release of the patient's records and every delivery, append-only.

export const accessLogEntry = z.object({
  logId: z.string(),
  at: instant,
  /** Stable UPPER_SNAKE code, e.g. RECORD_RECEIVED, RECORDS_SHOWN, CLAIM_DELIVERED, ID_CARD_SUBMITTED. */
  action: z.string(),
  /** Who received or read the records: a hospital, an insurer, the patient, an operator (Korean name). */
  actorNm: z.string(),
  /** One Korean sentence: what was released to whom. */
  summary: z.string(),
  /** actorNm in the log's `lang` (the same in Korean); a hospital's or insurer's name stays as it is. */
  localActorNm: z.string(),
  /** summary in the log's `lang` (the same in Korean), from the same message catalogs as the screens. */
  localSummary: z.string(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntry>;

// ---------------------------------------------------------------------------------------------------------------
// GET API.treats

/**
 * Ours, in the child case (README "Children: a guardian claims for a child"): whose history, a child of the session's
 * guardian by her subscription's insuApplyId (CHILD_API.children); absent, the session's own, as the spec has it.
 */
const childTarget = { insuApplyId: childInsuApplyId.optional() };

/** spec §7: GET sends params as query. A userCi, when given, must be the session's own. */
export const treatsQuery = z.object({
  userCi: z.string().max(200).optional(),
  ...childTarget,
  /** The next page: the `nextCursor` of the page before (the last visit it showed); none for the newest visits. */
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, { message: '다음 진료 목록을 찾을 수 없어요. 화면을 새로 고쳐 주세요.' })
    .optional(),
});
/**
 * A visit a hospital sent under the patient's resident number only, before that number was confirmed to be theirs:
 * held, never claimed, until the patient says it is theirs (POST API.treatsConfirm). When and where only.
 */
export const treatToConfirm = z.object({
  treatId: z.string(),
  hospitalCd,
  hospitalNm: z.string(),
  /** YYYYMMDD */
  treatDate: yyyymmdd,
  visitType,
  /**
   * Ours: what she is asked. mine (absent in older answers): is it hers (a visit found by her resident number only);
   * send_uncovered: her rule "비급여는 보내기 전에 물어봐 주세요" held it, shall it be sent (below, its figures).
   */
  question: z.enum(HELD_QUESTIONS).default('mine'),
  /** send_uncovered: the visit's 비급여 (원), what she paid in all, and the figures she decides by. */
  uncoveredAmt: z.number().int().optional(),
  paidAmt: z.number().int().optional(),
  /** The estimate of what the claim would pay (원), and what claiming its 비급여 may add to next year's premium (원). */
  expectedPayout: z.number().int().optional(),
  premiumEffect: z.number().int().optional(),
  /** When it is given up unsent if she has not answered (ISO instant). */
  answerBy: instant.optional(),
});
export type TreatToConfirm = z.infer<typeof treatToConfirm>;

export const treatsAnswer = listOf(treatVisit).extend({
  /** The subscription's minimum amount (원) below which visits are shown, not claimed; null when none is set. */
  minAmt: z.number().int().nullable(),
  /** Visits waiting for the patient to confirm they are theirs ("내 진료가 맞나요?"); newest first. */
  toConfirm: z.array(treatToConfirm),
  /** Newest first. */
  accessLog: listOf(accessLogEntry).extend({
    /**
     * The language of its lines' localSummary and localActorNm: the reader's, as her `lang` cookie names it, else
     * the first of her Accept-Language we have, else Korean (docs/decisions/0010-message-catalogs.md).
     */
    lang: z.enum(LANGS),
  }),
  /** Older visits follow: ask again with this `cursor`. Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TreatsAnswer = z.infer<typeof treatsAnswer>;

/** POST API.treatsConfirm: mine true → it is claimed by the ordinary rules; false → it is taken off the patient. */
export const treatConfirmBody = z
  .object({
    userCi: z.string().max(200).optional(),
    treatId: z
      .string({ message: '확인할 진료를 골라 주세요.' })
      .regex(/^\d{1,15}$/, { message: '진료 정보가 올바르지 않아요.' }),
    /** The answer to a question `mine`. */
    mine: z.boolean({ message: '내 진료가 맞는지 골라 주세요.' }).optional(),
    /** Ours: the answer to a question `send_uncovered`: true → claimed now, false → never. */
    send: z.boolean({ message: '보낼지 골라 주세요.' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mine === undefined && v.send === undefined) {
      ctx.addIssue({ code: 'custom', path: ['mine'], message: '내 진료가 맞는지 골라 주세요.' });
    }
    if (v.mine !== undefined && v.send !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['send'], message: '한 번에 하나만 답해 주세요.' });
    }
  });
export type TreatConfirmBody = z.input<typeof treatConfirmBody>;
export const treatConfirmAnswer = z.object({ toConfirm: z.array(treatToConfirm) });
export type TreatConfirmAnswer = z.infer<typeof treatConfirmAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// POST API.treats (one visit) and API.treatsV2 (multi-receipt: several visits in one claim per insurer)

/** The most visits one multi-receipt claim may carry. */
export const MAX_TREATS_PER_CLAIM = 20;

const treatId = z
  .string({ message: '청구할 진료를 골라 주세요.' })
  .min(1, { message: '청구할 진료를 골라 주세요.' })
  .max(64, { message: '진료 정보가 올바르지 않아요.' });
/** Which of the subscription's insurers to claim from; absent: every one not yet claimed. */
const insuCompCds = z
  .array(insuCompCd)
  .min(1, { message: '보험사를 하나 이상 골라 주세요.' })
  .max(10, { message: '보험사는 10곳까지 고를 수 있어요.' })
  .optional();

export const treatClaimBody = z.object({
  userCi: z.string().max(200).optional(),
  ...childTarget,
  treatId,
  insuCompCds,
});
export type TreatClaimBody = z.input<typeof treatClaimBody>;
export const treatClaimAnswer = z.object({
  treat: treatVisit,
  /** Claims made by this call; 0 when the visit was already claimed (the call is idempotent). */
  created: z.number().int(),
});
export type TreatClaimAnswer = z.infer<typeof treatClaimAnswer>;

export const treatsClaimBodyV2 = z.object({
  userCi: z.string().max(200).optional(),
  ...childTarget,
  treatIds: z
    .array(treatId, { message: '청구할 진료를 골라 주세요.' })
    .min(1, { message: '청구할 진료를 하나 이상 골라 주세요.' })
    .max(MAX_TREATS_PER_CLAIM, { message: `한 번에 ${MAX_TREATS_PER_CLAIM}건까지 청구할 수 있어요.` })
    .refine((ids) => new Set(ids).size === ids.length, { message: '같은 진료를 두 번 골랐어요.' }),
  insuCompCds,
});
export type TreatsClaimBodyV2 = z.input<typeof treatsClaimBodyV2>;
export const treatsClaimAnswerV2 = listOf(treatVisit).extend({ created: z.number().int() });
export type TreatsClaimAnswerV2 = z.infer<typeof treatsClaimAnswerV2>;

// ---------------------------------------------------------------------------------------------------------------
// GET / POST API.idCards: an insurer asked for a copy of the ID document.

export const idCardRequest = z.object({
  requestId: z.string(),
  insuCompCd,
  insuCompNm: z.string(),
  /** What the insurer asks for, in Korean. */
  reason: z.string(),
  /** The visit whose claim needs it, if one. */
  treatDate: yyyymmdd.nullable(),
  hospitalNm: z.string().nullable(),
  acceptedTypes: z.array(idcardType),
  status: z.enum(['requested', 'submitted']),
  requestedAt: instant,
  submittedAt: instant.nullable(),
});
export type IdCardRequest = z.infer<typeof idCardRequest>;
export const idCardsQuery = z.object({ userCi: z.string().max(200).optional() });
export const idCardsAnswer = listOf(idCardRequest);
export type IdCardsAnswer = z.infer<typeof idCardsAnswer>;

/** A missing field reads as "" so the patient gets the field's own Korean message, not zod's default. */
const required = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? '', schema);

const idCardCommon = {
  userCi: z.string().max(200).optional(),
  /** The request answered; absent: every open request. */
  requestId: z.string().max(64).optional(),
  /** JPEG or PNG as a data URL, at most MAX_PHOTO_BYTES; the server checks the bytes and re-encodes it. */
  idcardImg: required(z.string().min(1, { message: '신분증 사진을 올려 주세요.' }).pipe(idcardPhoto)),
};
/**
 * spec §3: ic uses issue organisation and issue date; dl uses regNo and checkCd; pp uses regNo and issue date.
 * The other document fields are cleared (each variant drops the fields it does not use, as IDCARD_KEEPS says);
 * the field formats are the enrolment's (subscription.ts).
 */
export const idCardSubmitBody = z.discriminatedUnion(
  'idcardType',
  [
    z.object({
      ...idCardCommon,
      idcardType: z.literal('ic'),
      idcardIssueOrg: required(idcardIssueOrg),
      idcardIssueDate: required(idcardIssueDate),
    }),
    z.object({ ...idCardCommon, idcardType: z.literal('dl'), regNo: required(licenceNo), checkCd: required(checkCd) }),
    z.object({
      ...idCardCommon,
      idcardType: z.literal('pp'),
      regNo: required(passportNo),
      idcardIssueDate: required(idcardIssueDate),
    }),
    z.object({ ...idCardCommon, idcardType: z.literal('ac'), idcardIssueDate: required(idcardIssueDate) }),
    z.object({ ...idCardCommon, idcardType: z.literal('pr'), idcardIssueDate: required(idcardIssueDate) }),
  ],
  { message: '신분증 종류를 선택해 주세요.' },
);
export type IdCardSubmitBody = z.input<typeof idCardSubmitBody>;
/** The body as the server reads it (normalized, only the chosen type's fields). */
export type IdCardSubmit = z.output<typeof idCardSubmitBody>;
export const idCardSubmitAnswer = z.object({
  idcardType,
  submittedAt: instant,
  /** The requests this submission answered. */
  requestIds: z.array(z.string()),
});
export type IdCardSubmitAnswer = z.infer<typeof idCardSubmitAnswer>;
