// One vocabulary (docs/decisions/0009-one-vocabulary.md): every code the server stores in an enumerated column, and
// the Korean label the console and the patient app show for it, declared here once. The server's table types and
// zod schemas are derived from these lists; a database test compares every CHECK constraint of an enumerated column
// with them (apps/server/test/db/vocabulary-checks.test.ts), and a test refuses a label map written again outside
// the contract (apps/server/test/architecture/vocabulary.test.ts).
// No zod here: a screen that needs a label must not bring the schemas onto the landing (as limits.ts).

// ---------------------------------------------------------------------------------------------------------------
// Claims (README "Claim engine").

/**
 * The claim lifecycle: received → claimed → sent → accepted / documents_requested (the insurer wants more papers) /
 * rejected (with a reason) / paid, or failed.
 */
export const CLAIM_STATUSES = [
  'received',
  'claimed',
  'sent',
  'accepted',
  'documents_requested',
  'rejected',
  'paid',
  'failed',
  /** The hospital cancelled the receipt before the claim was sent: it is never sent (fhir/ig/README.md). */
  'withdrawn',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** What the patient and the operators read for each status. */
export const CLAIM_STATUS_NM: Record<ClaimStatus, string> = {
  received: '청구 준비 중',
  claimed: '청구서 작성 완료',
  sent: '보험사에 보냄',
  accepted: '보험사 접수 완료',
  documents_requested: '보험사 서류 요청',
  rejected: '보험사 반려',
  paid: '보험금 지급 완료',
  failed: '보내지 못함',
  withdrawn: '병원 취소로 청구 안 함',
};

/** Who asked for the claim: the engine on its own, or the patient on /web/treat. */
export const CLAIM_ORIGINS = ['auto', 'patient'] as const;

/** What an insurer can say about a claim (docs/providers/insurer-api.md): received (접수), documents requested, paid, rejected. */
export const INSURER_ANSWERS = ['received', 'documents_requested', 'paid', 'rejected'] as const;
export type InsurerAnswer = (typeof INSURER_ANSWERS)[number];
/** An answer as a claim's timeline says it. */
export const INSURER_ANSWER_NM: Record<InsurerAnswer, string> = {
  received: '보험사가 접수했어요',
  documents_requested: '보험사가 서류를 더 요청했어요',
  paid: '보험사가 지급했어요',
  rejected: '보험사가 반려했어요',
};

/**
 * The answers an operator records by hand for an insurer that answered by phone, fax or letter; papers asked for go on
 * as an insurer's documents_requested answer does (the hospital is asked for the ones it issues).
 */
export const RECORDED_ANSWERS = ['accepted', 'rejected', 'paid', 'documents_requested'] as const;
export type RecordedAnswer = (typeof RECORDED_ANSWERS)[number];
export const RECORDED_ANSWER_NM: Record<RecordedAnswer, string> = {
  accepted: '접수',
  rejected: '반려',
  paid: '지급',
  documents_requested: '서류 요청',
};

/** Who wrote a reason the patient reads: the insurer (its answer), or an operator recording what the insurer said. */
export const REASON_BY = ['insurer', 'operator'] as const;
export type ReasonBy = (typeof REASON_BY)[number];
export const REASON_BY_NM: Record<ReasonBy, string> = {
  insurer: '보험사가 적은 사유',
  operator: '운영자가 보험사에서 듣고 적은 사유',
};
/** The same writer, as a console line names whose words a reason is. */
export const REASON_BY_WHO_NM: Record<ReasonBy, string> = {
  insurer: '보험사가 적은',
  operator: '운영자가 보험사에서 듣고 적은',
};

/** Papers an insurer may ask for; id_copy starts the patient's ID-copy request (알림톡 → /web/IDPhoto). */
export const REQUESTED_DOCUMENTS = [
  'id_copy',
  'diagnosis',
  'receipt_detail',
  'prescription',
  'admission_discharge',
  'other',
] as const;
export type RequestedDocument = (typeof REQUESTED_DOCUMENTS)[number];
export const REQUESTED_DOCUMENT_NM: Record<RequestedDocument, string> = {
  id_copy: '신분증 사본',
  diagnosis: '진단서',
  receipt_detail: '진료비 세부내역서',
  prescription: '처방전',
  admission_discharge: '입퇴원확인서',
  other: '그 밖의 서류',
};

/**
 * The papers a hospital issues, which the product asks the hospital for itself when an insurer wants one (README
 * "Documents an insurer asks for"): the patient does nothing.
 */
export const HOSPITAL_DOCUMENTS = ['diagnosis', 'receipt_detail', 'prescription', 'admission_discharge'] as const;
export type HospitalDocument = (typeof HOSPITAL_DOCUMENTS)[number];
export const isHospitalDocument = (d: RequestedDocument): d is HospitalDocument =>
  (HOSPITAL_DOCUMENTS as readonly string[]).includes(d);

/**
 * A hospital's document request: open (asked, the hospital has not answered), received (its PDF is kept, on its way to
 * the insurer), delivered (the insurer has it).
 */
export const DOCUMENT_REQUEST_STATES = ['open', 'received', 'delivered'] as const;
export type DocumentRequestState = (typeof DOCUMENT_REQUEST_STATES)[number];
export const DOCUMENT_REQUEST_STATE_NM: Record<DocumentRequestState, string> = {
  open: '병원 답을 기다려요',
  received: '받았어요, 보험사로 보내는 중이에요',
  delivered: '보험사로 보냈어요',
};

/** The documents made for a claim (the package is all of them in one PDF, as sent). */
export const CLAIM_DOCUMENT_KINDS = [
  'package',
  'claim_form',
  'receipt',
  'power_of_attorney',
  'consent',
  'id_copy',
] as const;
export type ClaimDocumentKind = (typeof CLAIM_DOCUMENT_KINDS)[number];
export const CLAIM_DOCUMENT_KIND_NM: Record<ClaimDocumentKind, string> = {
  claim_form: '청구서',
  receipt: '영수증 내역',
  package: '청구 서류 PDF (묶음)',
  power_of_attorney: '위임장',
  consent: '동의서',
  id_copy: '신분증 사본',
};

// ---------------------------------------------------------------------------------------------------------------
// Sending claims to insurers (docs/operations.md §4).

/** How a claim goes to its insurer. */
export const DELIVERY_CHANNELS = ['api', 'fax'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_CHANNEL_NM: Record<DeliveryChannel, string> = { api: '보험사 API', fax: '팩스' };

/** A delivery's state: awaiting is a fax the gateway accepted, its outcome asked for later; dead is a dead letter. */
export const DELIVERY_STATES = ['pending', 'awaiting', 'sent', 'dead'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export const DELIVERY_STATE_NM: Record<DeliveryState, string> = {
  pending: '보낼 예정',
  awaiting: '결과 기다림',
  sent: '보냄',
  dead: '보내지 못함',
};

/** One attempt's outcome, as a claim's timeline shows it. */
export const DELIVERY_ATTEMPT_OUTCOMES = ['sent', 'accepted', 'delivered', 'failed', 'dead'] as const;
export type DeliveryAttemptOutcome = (typeof DELIVERY_ATTEMPT_OUTCOMES)[number];
export const DELIVERY_ATTEMPT_OUTCOME_NM: Record<DeliveryAttemptOutcome, string> = {
  sent: '전달됨',
  accepted: '팩스 접수됨 (결과 기다림)',
  delivered: '팩스 전달됨',
  failed: '실패 (다시 시도해요)',
  dead: '실패 (더 시도하지 않아요)',
};

/** How the patient was told of an insurer's answer ('none': she could not be reached). */
export const NOTICE_CHANNELS = ['kakao', 'sms', 'none'] as const;

// ---------------------------------------------------------------------------------------------------------------
// Treatment records (docs/hospital-integration.md).

/** A visit's type as the hospital's feed writes it (stored so); the API says outpatient / inpatient / pharmacy. */
export const STORED_VISIT_TYPES = ['외래', '입원', '약국'] as const;

/** The engine's decision on a record. */
export const RECORD_OUTCOMES = [
  'pending',
  'claimed',
  'below_min',
  'not_subscribed',
  'hospital_not_subscribed',
  'outside_contract',
  'too_old',
  /** Matched only by an RRN not yet confirmed: held for the patient to confirm on /web/treat. */
  'rrn_unconfirmed',
  /** The record's name or birth date is not the subscriber's: held for an operator, never shown. */
  'identity_mismatch',
  /** The patient said a held record is not theirs: unlinked, held for an operator. */
  'not_patients',
  /** An operator set a held record aside: unlinked, never claimed, purged at purge_at. */
  'set_aside',
  /** A child's record while her guardian's relation document is not confirmed: held, never claimed or shown. */
  'relation_unconfirmed',
  /** A visit on or after a child's 19th birthday: not her guardian's to claim; unlinked, purged like another hospital's. */
  'insured_adult',
  /**
   * Her rule "비급여는 보내기 전에 물어봐 주세요" held it: asked once (one message, one tap on /web/treat), claimed only
   * when she says so (claims/held.ts).
   */
  'awaiting_decision',
  /** She answered a held visit "보내지 않을게요": never claimed. */
  'patient_declined',
  /** A held visit she did not answer in DECISION_DAYS: never claimed, and she is told so. */
  'decision_lapsed',
  /** The hospital cancelled the receipt before the visit was decided: hers (matched as any other), never claimed. */
  'receipt_cancelled',
] as const;
export type RecordOutcome = (typeof RECORD_OUTCOMES)[number];

/** How long a visit held for her decision waits for her answer before it is given up, unsent. */
export const DECISION_DAYS = 30;

// Why a visit of hers was not claimed, and what became of it on her monthly statement: declared in
// vocabulary-records.ts, a part of this vocabulary in a module of its own so that their labels, which only the
// history and the statement show, stay out of the landing's JS (which reads this file): README "Performance".
export * from './vocabulary-records.js';
import type { NotClaimedReason } from './vocabulary-records.js';

/**
 * What each decision on a record means for her: null for a claim, else the reason it was not claimed. Records held
 * for an operator (identity, a child's relation) are still being checked (PENDING); those she said are not hers, or
 * set aside, are NOT_HERS.
 */
export const RECORD_NOT_CLAIMED: Record<RecordOutcome, NotClaimedReason | null> = {
  claimed: null,
  pending: 'PENDING',
  below_min: 'BELOW_MIN_AMT',
  outside_contract: 'OUTSIDE_CONTRACT',
  too_old: 'TOO_OLD',
  hospital_not_subscribed: 'NOT_SUBSCRIBED_HOSPITAL',
  not_subscribed: 'NOT_SUBSCRIBED',
  rrn_unconfirmed: 'PENDING',
  identity_mismatch: 'PENDING',
  relation_unconfirmed: 'PENDING',
  not_patients: 'NOT_HERS',
  set_aside: 'NOT_HERS',
  insured_adult: 'NOT_HERS',
  awaiting_decision: 'AWAITING_DECISION',
  patient_declined: 'DECLINED',
  decision_lapsed: 'NO_ANSWER',
  receipt_cancelled: 'RECEIPT_CANCELLED',
};

/** What a held visit asks her on /web/treat ("to confirm"): whether it is hers, or whether to send its 비급여. */
export const HELD_QUESTIONS = ['mine', 'send_uncovered'] as const;
export type HeldQuestion = (typeof HELD_QUESTIONS)[number];

/** Why records are held for an operator, as the console lists them (held.ts on the server). */
export const HELD_OUTCOMES = [
  'identity_mismatch',
  'rrn_unconfirmed',
  'not_patients',
] as const satisfies readonly RecordOutcome[];
export type HeldOutcome = (typeof HELD_OUTCOMES)[number];
/** Why a record is held, in the operator's words. */
export const HELD_REASON_NM: Record<HeldOutcome, string> = {
  identity_mismatch: '이름·생년월일이 가입자와 달라요',
  rrn_unconfirmed: '주민등록번호로만 찾았고 본인 확인을 기다려요',
  not_patients: '환자가 본인 진료가 아니라고 했어요',
};

/**
 * Why an operator releases a patient's data (a reveal, the claim package): a category the patient's access log names
 * in a fixed sentence of its own (never the operator's words), and a typed reason only the operators' record keeps.
 */
export const RELEASE_REASONS = ['patient_inquiry', 'insurer_request', 'delivery_problem', 'hospital_inquiry'] as const;
export type ReleaseReason = (typeof RELEASE_REASONS)[number];
/** The categories as the console offers them. */
export const RELEASE_REASON_NM: Record<ReleaseReason, string> = {
  patient_inquiry: '환자 문의 응대',
  insurer_request: '보험사 요청 처리',
  delivery_problem: '청구 전송 문제 해결',
  hospital_inquiry: '병원 문의 확인',
};

// ---------------------------------------------------------------------------------------------------------------
// Subscriptions and identity documents.

export const SUBSCRIPTION_STATUSES = ['subscribe', 'cancel'] as const;
/** inner: enrolled at the hospital's kiosk or page; outer: from our own landing. */
export const PRC_MODES = ['inner', 'outer'] as const;
export const SIGN_METHODS = ['drawn', 'typed'] as const;

// The ID documents' types (IDCARD_TYPES …) are in idcards.ts: not on the first screen.

/** Why a subscription ended. */
export const SUBSCRIPTION_END_REASONS = ['cancelled', 'grown_up', 'dispute'] as const;
export type SubscriptionEndReason = (typeof SUBSCRIPTION_END_REASONS)[number];
export const SUBSCRIPTION_END_REASON_NM: Record<SubscriptionEndReason, string> = {
  cancelled: '해지',
  grown_up: '만 19세 도달로 종료',
  dispute: '가입 분쟁으로 종료',
};

// ---------------------------------------------------------------------------------------------------------------
// A helper beside her (README "A helper beside her"): who walked the enrolment's screens with the patient. She alone
// verifies by SMS and signs; the helper's relation (never a name) is kept on the subscription, shown in her access log
// and printed on the 위임장. `hospital_staff` with a desk handoff also names the hospital's staff account.

export const HELPER_RELS = [
  'child',
  'spouse',
  'grandchild',
  'sibling',
  'family',
  'caregiver',
  'hospital_staff',
] as const;
export type HelperRel = (typeof HELPER_RELS)[number];
export const HELPER_REL_NM: Record<HelperRel, string> = {
  child: '자녀',
  spouse: '배우자',
  grandchild: '손자녀',
  sibling: '형제자매',
  family: '기타 가족',
  caregiver: '간병인',
  hospital_staff: '병원 직원',
};

// ---------------------------------------------------------------------------------------------------------------
// Children (README "Children: a guardian claims for a child").

/** The guardian's relation to the child, as the documents write it (부, 모, or another legal guardian such as 후견인). */
export const GUARDIAN_RELS = ['father', 'mother', 'guardian'] as const;
export type GuardianRel = (typeof GUARDIAN_RELS)[number];
export const GUARDIAN_REL_NM: Record<GuardianRel, string> = {
  father: '부',
  mother: '모',
  guardian: '법정대리인(후견인)',
};
/** The same relations as the parent chooses hers on the child's step. */
export const GUARDIAN_REL_CHOICE_NM: Record<GuardianRel, string> = {
  father: '아버지 (부)',
  mother: '어머니 (모)',
  guardian: '그 밖의 법정대리인',
};

/** The guardian's relation document's state, as the parent and the operators see it. */
export const RELATION_STATUSES = ['required', 'pending', 'confirmed', 'refused'] as const;
export type RelationStatus = (typeof RELATION_STATUSES)[number];
export const RELATION_STATUS_NM: Record<RelationStatus, string> = {
  required: '서류를 보내 주세요',
  pending: '서류 확인 중',
  confirmed: '서류 확인 완료',
  refused: '서류를 다시 올려 주세요',
};

/** The kinds of relation document. */
export const RELATION_DOC_TYPES = ['family', 'resident'] as const;
export type RelationDocType = (typeof RELATION_DOC_TYPES)[number];
export const RELATION_DOC_TYPE_NM: Record<RelationDocType, string> = {
  family: '가족관계증명서',
  resident: '주민등록등본',
};
/** One uploaded relation document's review, as the operators' queue shows it. */
export const RELATION_DOCUMENT_STATUSES = ['pending', 'confirmed', 'refused'] as const;
export type RelationDocumentStatus = (typeof RELATION_DOCUMENT_STATUSES)[number];
export const RELATION_DOCUMENT_STATUS_NM: Record<RelationDocumentStatus, string> = {
  pending: '확인 전',
  confirmed: '확인함',
  refused: '반려함',
};
/** What a relation document may be: a photo or the PDF 정부24 gives. */
export const RELATION_DOCUMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

/** A dispute over who insures a person: open until an operator decides which enrolment is kept. */
export const DISPUTE_STATUSES = ['open', 'resolved'] as const;
export const DISPUTE_KEPT = ['holder', 'claimant'] as const;
export type DisputeKept = (typeof DISPUTE_KEPT)[number];
export const DISPUTE_KEPT_NM: Record<DisputeKept, string> = {
  holder: '먼저 가입한 쪽 유지',
  claimant: '새로 신청한 쪽에 넘김',
};

// ---------------------------------------------------------------------------------------------------------------
// The FHIR intake (fhir/ig/README.md).

/** A received bundle: a first receipt, a corrected one (replaces an earlier), or a cancelled one. */
export const BUNDLE_KINDS = ['original', 'correction', 'cancellation'] as const;
export type BundleKind = (typeof BUNDLE_KINDS)[number];
/** What a later receipt did to a visit already received. */
export const VISIT_REVISION_KINDS = ['corrected', 'cancelled'] as const;
export type VisitRevisionKind = (typeof VISIT_REVISION_KINDS)[number];
/**
 * A notice to the insurer of a claim already sent whose receipt the hospital corrected or cancelled (README "Claim
 * engine", FHIR intake): pending until the insurer takes it, sent, or dead (its last attempt failed, or no way to send it).
 */
export const CLAIM_NOTICE_STATES = ['pending', 'sent', 'dead'] as const;
export type ClaimNoticeState = (typeof CLAIM_NOTICE_STATES)[number];

// Operators, sessions and reference data (README "Operator console").

export const SESSION_KINDS = ['patient', 'operator'] as const;
/** An operator's session before her second factor is set up, before her own password, and fully signed in. */
export const OPERATOR_STAGES = ['setup', 'password', 'full'] as const;
/**
 * The console's accounts: `hospital` is a hospital's own user, who sees her hospital's feed and nothing of the
 * operators' (security/operator-session.ts keeps her out of every operator call); the others are the operators' ladder,
 * each able to do all the one before it can.
 */
export const OPERATOR_ROLES = ['hospital', 'viewer', 'operator', 'admin'] as const;
/** The operators' ladder alone: what an admin gives an operator account (a hospital user is made for a hospital). */
export const STAFF_ROLES = ['viewer', 'operator', 'admin'] as const;
export type OperatorRoleName = (typeof OPERATOR_ROLES)[number];
/** Changes to operator accounts that wait for a second admin, as stored (the console's kinds name them by effect). */
export const ACCOUNT_CHANGE_ROW_KINDS = ['create', 'role', 'second_factor_reset'] as const;
/** An insurer's destination change waits for a second operator. */
export const DESTINATION_DECISIONS = ['approved', 'rejected', 'replaced'] as const;
/** 생명보험 / 손해보험. */
export const INSURER_KINDS = ['LIFE', 'NONLIFE'] as const;

// ---------------------------------------------------------------------------------------------------------------
// Her policy's rules (docs/payout-rules.md): the 실손 generation of each insurer contract and where a visit was.

/**
 * The 실손의료보험 generation of one insurer contract, by when it was taken out (docs/payout-rules.md): gen1 before
 * 2009-10 (each insurer's own terms), gen2 the 2009-10 표준약관 to 2017-03, gen3 2017-04 to 2021-06 with the 3대 비급여
 * 특약 (도수치료·체외충격파·증식치료, 비급여 주사, 비급여 MRI) and gen3_basic without it, gen4 from 2021-07. A later
 * generation, when one is sold, is a new code here, a row in PAYOUT_RULES and a migration of the column's CHECK.
 * Not known ("잘 모르겠어요") is no code: the column is empty until the insurer's answer names it.
 */
export const POLICY_GENERATIONS = ['gen1', 'gen2', 'gen3', 'gen3_basic', 'gen4'] as const;
export type PolicyGeneration = (typeof POLICY_GENERATIONS)[number];
/** A generation as the patient and the operators read it. */
export const POLICY_GENERATION_NM: Record<PolicyGeneration, string> = {
  gen1: '1세대 (2009년 9월까지 가입)',
  gen2: '2세대 (2009년 10월 ~ 2017년 3월 가입)',
  gen3: '3세대 (2017년 4월 ~ 2021년 6월 가입, 도수치료·주사·MRI 특약 있음)',
  gen3_basic: '3세대 (2017년 4월 ~ 2021년 6월 가입, 도수치료·주사·MRI 특약 없음)',
  gen4: '4세대 (2021년 7월부터 가입)',
};
/** A generation in a sentence ("가입하신 보험이 3세대라면"). */
export const POLICY_GENERATION_SHORT_NM: Record<PolicyGeneration, string> = {
  gen1: '1세대',
  gen2: '2세대',
  gen3: '3세대',
  gen3_basic: '3세대(특약 없음)',
  gen4: '4세대',
};
/**
 * The question "언제 가입하셨어요?" as the enrolment asks it: by period, newest first, one choice each. The 3세대
 * period is taken as with the 특약 (how most were sold); 내 자동청구 offers every generation, gen3_basic too.
 */
export const POLICY_GENERATION_PERIODS = [
  'gen4',
  'gen3',
  'gen2',
  'gen1',
] as const satisfies readonly PolicyGeneration[];
export type PolicyGenerationPeriod = (typeof POLICY_GENERATION_PERIODS)[number];
export const POLICY_GENERATION_PERIOD_NM: Record<PolicyGenerationPeriod, string> = {
  gen4: '2021년 7월 이후',
  gen3: '2017년 4월 ~ 2021년 6월',
  gen2: '2009년 10월 ~ 2017년 3월',
  gen1: '2009년 9월 이전',
};
/** Who said which generation a contract is: the patient, or the insurer's answer when she did not know. */
export const POLICY_GENERATION_SOURCES = ['patient', 'insurer'] as const;
export type PolicyGenerationSource = (typeof POLICY_GENERATION_SOURCES)[number];

/**
 * Where a visit was, as the policy's 통원 공제 tells them apart: 의원 (clinic), 병원 (hospital), 종합병원·상급종합병원
 * (general), a pharmacy's 처방조제 (pharmacy), or a stay (inpatient).
 */
export const CARE_SETTINGS = ['clinic', 'hospital', 'general', 'pharmacy', 'inpatient'] as const;
export type CareSetting = (typeof CARE_SETTINGS)[number];
export const CARE_SETTING_NM: Record<CareSetting, string> = {
  clinic: '의원',
  hospital: '병원',
  general: '종합병원',
  pharmacy: '약국 처방조제',
  inpatient: '입원',
};

/**
 * An insurer's per-line adjudication, named as FHIR R4 ClaimResponse.item.adjudication.category
 * (http://terminology.hl7.org/CodeSystem/adjudication): the amount claimed, the part the policy covers, the patient's
 * co-pay share (자기부담금), the deductible (공제금액) and what was paid (docs/providers/insurer-api.md).
 */
export const ADJUDICATION_CATEGORIES = ['submitted', 'eligible', 'copay', 'deductible', 'benefit'] as const;
export type AdjudicationCategory = (typeof ADJUDICATION_CATEGORIES)[number];
export const ADJUDICATION_CATEGORY_NM: Record<AdjudicationCategory, string> = {
  submitted: '청구한 금액',
  eligible: '보장 대상 금액',
  copay: '자기부담금',
  deductible: '공제금액',
  benefit: '지급액',
};

/** What makes a paid amount less than the estimate: each is named to the patient (docs/payout-rules.md). */
export const PAYOUT_DIFFERENCES = ['deductible', 'copay_rate', 'not_covered', 'limit', 'proportional'] as const;
export type PayoutDifference = (typeof PAYOUT_DIFFERENCES)[number];
export const PAYOUT_DIFFERENCE_NM: Record<PayoutDifference, string> = {
  deductible: '공제',
  copay_rate: '자기부담률',
  not_covered: '보장 제외 항목',
  limit: '한도',
  proportional: '비례보상',
};
/** An adjudication item's reasonCode: one of the differences, or another reason the insurer writes out. */
export const ADJUDICATION_REASONS = [...PAYOUT_DIFFERENCES, 'other'] as const;
export type AdjudicationReason = (typeof ADJUDICATION_REASONS)[number];

/** The answer set beside the estimate: as expected, more, less with every won explained, or less with some not. */
export const PAYOUT_VERDICTS = ['same', 'more', 'less', 'unexplained'] as const;
export type PayoutVerdict = (typeof PAYOUT_VERDICTS)[number];
export const PAYOUT_VERDICT_NM: Record<PayoutVerdict, string> = {
  same: '예상과 같아요',
  more: '예상보다 많이 받았어요',
  less: '예상보다 적게 받았어요',
  unexplained: '보험사에 확인해 볼 부분이 있어요',
};
