// Part of the one vocabulary (vocabulary.ts re-exports it; docs/decisions/0009-one-vocabulary.md): why a visit of
// hers was not claimed, and what became of it on her monthly statement, with their Korean labels. In a module of its
// own only so that these labels, which the history and the statement show, stay out of the landing's JS.
/**
 * Why a visit of hers was not claimed ("청구하지 않았어요: 이유"), as her history, her monthly statement and the
 * console say it; the codes are the history's notClaimedReason (GET API.treats). Every record of a subscriber ends as
 * a claim or as one of these (RECORD_NOT_CLAIMED below): below her minimum, held for (or ended by) her decision,
 * excluded by her policy, outside the three-year claim window, not hers.
 */
export const NOT_CLAIMED_REASONS = [
  'PENDING',
  'BELOW_MIN_AMT',
  'OUTSIDE_CONTRACT',
  'TOO_OLD',
  'NOT_SUBSCRIBED_HOSPITAL',
  'NOT_SUBSCRIBED',
  'AWAITING_DECISION',
  'DECLINED',
  'NO_ANSWER',
  'NOT_HERS',
  'RECEIPT_CANCELLED',
] as const;
export type NotClaimedReason = (typeof NOT_CLAIMED_REASONS)[number];
export const NOT_CLAIMED_REASON_NM: Record<NotClaimedReason, string> = {
  PENDING: '병원에서 받은 진료 기록을 확인하고 있어요.',
  BELOW_MIN_AMT: '설정한 최소 청구 금액보다 적어서 자동으로 청구하지 않았어요.',
  OUTSIDE_CONTRACT: '자동청구 가입 기간 밖의 진료라서 자동으로 청구하지 않았어요.',
  TOO_OLD: '청구할 수 있는 기간이 지난 진료라서 자동으로 청구하지 않았어요.',
  NOT_SUBSCRIBED_HOSPITAL: '자동청구를 신청하지 않은 병원의 진료라서 자동으로 청구하지 않았어요.',
  NOT_SUBSCRIBED: '자동청구에 가입하기 전의 진료라서 자동으로 청구하지 않았어요.',
  AWAITING_DECISION: '비급여가 있어서 보내기 전에 여쭤보고 있어요. 보낼지 골라 주세요.',
  DECLINED: '보내지 말라고 하셔서 청구하지 않았어요.',
  NO_ANSWER: '30일 동안 답이 없어서 보내지 않았어요. 직접 청구할 수 있어요.',
  NOT_HERS: '내 진료가 아니라고 하셔서 청구하지 않았어요.',
  RECEIPT_CANCELLED: '병원에서 영수증을 취소해서 청구하지 않았어요.',
};
/** The same reasons, short, as the monthly statement counts them. */
export const NOT_CLAIMED_REASON_SHORT_NM: Record<NotClaimedReason, string> = {
  PENDING: '확인 중',
  BELOW_MIN_AMT: '최소 청구 금액보다 적음',
  OUTSIDE_CONTRACT: '가입 기간 밖',
  TOO_OLD: '청구 기간(3년) 지남',
  NOT_SUBSCRIBED_HOSPITAL: '신청하지 않은 병원',
  NOT_SUBSCRIBED: '가입 전 진료',
  AWAITING_DECISION: '보낼지 답을 기다려요',
  DECLINED: '보내지 말라고 하셨어요',
  NO_ANSWER: '30일 동안 답이 없었어요',
  NOT_HERS: '본인 진료가 아니라고 하셨어요',
  RECEIPT_CANCELLED: '병원이 영수증 취소',
};

/** What became of a visit of hers, as her monthly statement groups it (README "The monthly statement"). */
export const STATEMENT_STATES = ['paid', 'waiting', 'rejected', 'not_claimed'] as const;
export type StatementState = (typeof STATEMENT_STATES)[number];
export const STATEMENT_STATE_NM: Record<StatementState, string> = {
  paid: '보험금 받음',
  waiting: '심사 중',
  rejected: '지급되지 않음',
  not_claimed: '청구하지 않음',
};
