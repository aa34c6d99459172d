// The contract's words as the history, the statement and 내 자동청구 show them, in her language (docs/decisions/
// 0010-message-catalogs.md): the contract keeps them in Korean for the server and the console; each Korean source here
// is the contract's word, so a Korean phone reads exactly what it did (words.test.ts holds them equal).
import type {
  ClaimStatus,
  MoneyTermKey,
  NotClaimedReason,
  PayoutVerdict,
  PolicyGeneration,
  ReasonBy,
  RequestedDocument,
  StatementState,
  VisitType,
} from '@auto-claim/contract';
import { t } from '../../i18n/t';

export const MONEY_TERM: Record<MoneyTermKey, () => { term: string; meaning: string }> = {
  totalPaid: () => ({
    term: t('term.totalPaid', '낸 진료비'),
    meaning: t('term.totalPaid.meaning', '병원에서 이 진료로 낸 돈 전부예요. 본인부담금과 비급여를 더한 금액이에요.'),
  }),
  coveredSelf: () => ({
    term: t('term.coveredSelf', '본인부담금'),
    meaning: t('term.coveredSelf.meaning', '건강보험이 적용된 진료비 가운데 내가 낸 몫이에요.'),
  }),
  uncovered: () => ({
    term: t('term.uncovered', '비급여'),
    meaning: t('term.uncovered.meaning', '건강보험이 적용되지 않아 내가 모두 낸 진료비예요.'),
  }),
  claimAmt: () => ({
    term: t('term.claimAmt', '청구 금액'),
    meaning: t('term.claimAmt.meaning', '보험사에 보험금을 달라고 청구한 진료비예요. 받은 보험금이 아니에요.'),
  }),
  estimate: () => ({
    term: t('term.estimate', '예상 금액'),
    meaning: t(
      'term.estimate.meaning',
      '가입하신 실손보험의 규칙으로 미리 셈해 본 보험금이에요. 실제 금액은 보험사가 심사해서 정해요.',
    ),
  }),
  paid: () => ({
    term: t('term.paid', '받은 보험금'),
    meaning: t('term.paid.meaning', '보험사가 심사하고 내 계좌로 준(지급한) 돈이에요.'),
  }),
  deductible: () => ({
    term: t('term.deductible', '공제금액'),
    meaning: t(
      'term.deductible.meaning',
      '실손보험이 보험금을 줄 때 진료비에서 빼는 금액이에요. 가입한 상품에 따라 보통 1만~3만 원이에요.',
    ),
  }),
};
export const term = (k: MoneyTermKey) => MONEY_TERM[k]().term;

export const CLAIM_STATUS: Record<ClaimStatus, () => string> = {
  received: () => t('claimStatus.received', '청구 준비 중'),
  claimed: () => t('claimStatus.claimed', '청구서 작성 완료'),
  sent: () => t('claimStatus.sent', '보험사에 보냄'),
  accepted: () => t('claimStatus.accepted', '보험사 접수 완료'),
  documents_requested: () => t('claimStatus.documents_requested', '보험사 서류 요청'),
  rejected: () => t('claimStatus.rejected', '보험사 반려'),
  paid: () => t('claimStatus.paid', '보험금 지급 완료'),
  failed: () => t('claimStatus.failed', '보내지 못함'),
  withdrawn: () => t('claimStatus.withdrawn', '병원 취소로 청구 안 함'),
};

export const PAYOUT_VERDICT: Record<PayoutVerdict, () => string> = {
  same: () => t('verdict.same', '예상과 같아요'),
  more: () => t('verdict.more', '예상보다 많이 받았어요'),
  less: () => t('verdict.less', '예상보다 적게 받았어요'),
  unexplained: () => t('verdict.unexplained', '보험사에 확인해 볼 부분이 있어요'),
};

export const POLICY_GENERATION_SHORT: Record<PolicyGeneration, () => string> = {
  gen1: () => t('generation.gen1.short', '1세대'),
  gen2: () => t('generation.gen2.short', '2세대'),
  gen3: () => t('generation.gen3.short', '3세대'),
  gen3_basic: () => t('generation.gen3_basic.short', '3세대(특약 없음)'),
  gen4: () => t('generation.gen4.short', '4세대'),
};

/** Whose words a reason is, as its label says. */
export const REASON_BY: Record<ReasonBy, () => { reason: string; note: string }> = {
  insurer: () => ({
    reason: t('reasonBy.insurer', '보험사가 적은 사유'),
    note: t('reasonBy.insurer.note', '보험사가 적은 내용'),
  }),
  operator: () => ({
    reason: t('reasonBy.operator', '운영자가 보험사에서 듣고 적은 사유'),
    note: t('reasonBy.operator.note', '운영자가 보험사에서 듣고 적은 내용'),
  }),
};

export const REQUESTED_DOCUMENT: Record<RequestedDocument, () => string> = {
  id_copy: () => t('document.id_copy', '신분증 사본'),
  diagnosis: () => t('document.diagnosis', '진단서'),
  receipt_detail: () => t('document.receipt_detail', '진료비 세부내역서'),
  prescription: () => t('document.prescription', '처방전'),
  admission_discharge: () => t('document.admission_discharge', '입퇴원확인서'),
  other: () => t('document.other', '그 밖의 서류'),
};

export const VISIT_TYPE: Record<VisitType, () => string> = {
  outpatient: () => t('visitType.outpatient', '외래'),
  inpatient: () => t('visitType.inpatient', '입원'),
  pharmacy: () => t('visitType.pharmacy', '약국'),
};

export const NOT_CLAIMED_REASON: Record<NotClaimedReason, () => string> = {
  PENDING: () => t('notClaimed.PENDING', '병원에서 받은 진료 기록을 확인하고 있어요.'),
  BELOW_MIN_AMT: () => t('notClaimed.BELOW_MIN_AMT', '설정한 최소 청구 금액보다 적어서 자동으로 청구하지 않았어요.'),
  OUTSIDE_CONTRACT: () =>
    t('notClaimed.OUTSIDE_CONTRACT', '자동청구 가입 기간 밖의 진료라서 자동으로 청구하지 않았어요.'),
  TOO_OLD: () => t('notClaimed.TOO_OLD', '청구할 수 있는 기간이 지난 진료라서 자동으로 청구하지 않았어요.'),
  NOT_SUBSCRIBED_HOSPITAL: () =>
    t('notClaimed.NOT_SUBSCRIBED_HOSPITAL', '자동청구를 신청하지 않은 병원의 진료라서 자동으로 청구하지 않았어요.'),
  NOT_SUBSCRIBED: () => t('notClaimed.NOT_SUBSCRIBED', '자동청구에 가입하기 전의 진료라서 자동으로 청구하지 않았어요.'),
  AWAITING_DECISION: () =>
    t('notClaimed.AWAITING_DECISION', '비급여가 있어서 보내기 전에 여쭤보고 있어요. 보낼지 골라 주세요.'),
  DECLINED: () => t('notClaimed.DECLINED', '보내지 말라고 하셔서 청구하지 않았어요.'),
  NO_ANSWER: () => t('notClaimed.NO_ANSWER', '30일 동안 답이 없어서 보내지 않았어요. 직접 청구할 수 있어요.'),
  NOT_HERS: () => t('notClaimed.NOT_HERS', '내 진료가 아니라고 하셔서 청구하지 않았어요.'),
  RECEIPT_CANCELLED: () => t('notClaimed.RECEIPT_CANCELLED', '병원에서 영수증을 취소해서 청구하지 않았어요.'),
};

export const NOT_CLAIMED_REASON_SHORT: Record<NotClaimedReason, () => string> = {
  PENDING: () => t('notClaimed.PENDING.short', '확인 중'),
  BELOW_MIN_AMT: () => t('notClaimed.BELOW_MIN_AMT.short', '최소 청구 금액보다 적음'),
  OUTSIDE_CONTRACT: () => t('notClaimed.OUTSIDE_CONTRACT.short', '가입 기간 밖'),
  TOO_OLD: () => t('notClaimed.TOO_OLD.short', '청구 기간(3년) 지남'),
  NOT_SUBSCRIBED_HOSPITAL: () => t('notClaimed.NOT_SUBSCRIBED_HOSPITAL.short', '신청하지 않은 병원'),
  NOT_SUBSCRIBED: () => t('notClaimed.NOT_SUBSCRIBED.short', '가입 전 진료'),
  AWAITING_DECISION: () => t('notClaimed.AWAITING_DECISION.short', '보낼지 답을 기다려요'),
  DECLINED: () => t('notClaimed.DECLINED.short', '보내지 말라고 하셨어요'),
  NO_ANSWER: () => t('notClaimed.NO_ANSWER.short', '30일 동안 답이 없었어요'),
  NOT_HERS: () => t('notClaimed.NOT_HERS.short', '본인 진료가 아니라고 하셨어요'),
  RECEIPT_CANCELLED: () => t('notClaimed.RECEIPT_CANCELLED.short', '병원이 영수증 취소'),
};

export const STATEMENT_STATE: Record<StatementState, () => string> = {
  paid: () => t('statementState.paid', '보험금 받음'),
  waiting: () => t('statementState.waiting', '심사 중'),
  rejected: () => t('statementState.rejected', '지급되지 않음'),
  not_claimed: () => t('statementState.not_claimed', '청구하지 않음'),
};

export const POLICY_GENERATION: Record<PolicyGeneration, () => string> = {
  gen1: () => t('generation.gen1', '1세대 (2009년 9월까지 가입)'),
  gen2: () => t('generation.gen2', '2세대 (2009년 10월 ~ 2017년 3월 가입)'),
  gen3: () => t('generation.gen3', '3세대 (2017년 4월 ~ 2021년 6월 가입, 도수치료·주사·MRI 특약 있음)'),
  gen3_basic: () => t('generation.gen3_basic', '3세대 (2017년 4월 ~ 2021년 6월 가입, 도수치료·주사·MRI 특약 없음)'),
  gen4: () => t('generation.gen4', '4세대 (2021년 7월부터 가입)'),
};
