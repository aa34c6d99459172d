// Each access-log action once: the sentence the patient reads in their history (treats) and the short label of the
// console's list of lines operators caused (audit/routes.ts). The record type makes a new action impossible to forget.
import {
  CLAIM_STATUS_NM,
  HELPER_REL_NM,
  RECORDED_ANSWER_NM,
  RELATION_DOC_BY,
  RELATION_DOC_OBJECT,
  type RecordedAnswer,
  type ReleaseReason,
} from '@auto-claim/contract';
import { searchedWith } from '@auto-claim/contract/ops';
import type { AccessAction } from './access-actions.js';

/** What a line's sentence may say, its names already looked up by the reader. */
export interface AccessFacts {
  /**
   * Who reads the log and acted as "the patient": 본인, or 보호자 for a child's log (README "Children: a guardian
   * claims for a child"), where the guardian saw, claimed and chose.
   */
  who: '본인' | '보호자';
  /** "6월 1일 " or "" when the visit is unknown. */
  visit: string;
  detail: string | null;
  origin: 'auto' | 'patient' | null;
  /** The actor's code (hospital:/insurer: taken off), the record's hospital and the claim's insurer. */
  code: string;
  hospitalCd: string | null;
  insuCompCd: string | null;
  hospitalNm: (cd: string | null) => string;
  insurerNm: (cd: string | null) => string;
}

/**
 * Why an operator looked, as the patient reads it: a fixed phrase per reason category (the entry's detail). The
 * operator's own words never reach the patient (they stay in operator_action); a detail that is no category (an
 * entry written before categories) shows no reason at all.
 */
const OPERATOR_PURPOSE: Record<ReleaseReason, string> = {
  patient_inquiry: '회원님의 문의에 답하려고 ',
  insurer_request: '보험사의 요청을 처리하려고 ',
  delivery_problem: '보험사에 가지 못한 청구를 처리하려고 ',
  hospital_inquiry: '병원의 문의를 확인하려고 ',
};
const purposeOf = (detail: string | null) =>
  detail && Object.hasOwn(OPERATOR_PURPOSE, detail) ? OPERATOR_PURPOSE[detail as ReleaseReason] : '';

/** The relation document's type (an entry's detail), as the log's sentences name it. */
const relationDoc = (detail: string | null) => (detail === 'resident' ? 'resident' : 'family');

/** "본인이" / "보호자가": who acted, with its subject particle. */
const subjectOf = (f: AccessFacts) => (f.who === '본인' ? '본인이' : '보호자가');

/** Who helped her enrol, with its subject particle: "자녀분이", "한빛의원 직원 계정(desk01)이 접수대에서". */
const helperSubject = (f: AccessFacts) => {
  const d = f.detail ?? '';
  if (d.startsWith('hospital_staff:')) {
    return `${f.hospitalNm(f.code)} 직원 계정(${d.slice('hospital_staff:'.length)})이 접수대에서`;
  }
  return Object.hasOwn(HELPER_REL_NM, d) ? `${HELPER_REL_NM[d as keyof typeof HELPER_REL_NM]}분이` : '도와주신 분이';
};

/** How an operator searched (the kinds of key a search named, e.g. "name,birthDate"), as the patient reads it. */
const searchedBy = (detail: string | null) => {
  const how = searchedWith((detail ?? '').split(','));
  return how ? `${how} ` : '';
};

export const ACCESS_ACTION: Record<AccessAction, { nm: string; says: (f: AccessFacts) => string }> = {
  record_received: {
    nm: '진료 기록 받음',
    says: (f) => `${f.hospitalNm(f.hospitalCd ?? f.code)}에서 ${f.visit}진료 기록을 보내왔어요.`,
  },
  claim_created: {
    nm: '청구 만듦',
    says: (f) =>
      f.origin === 'patient'
        ? `${subjectOf(f)} ${f.visit}진료를 ${f.insurerNm(f.insuCompCd)}에 청구했어요.`
        : `${f.visit}진료를 ${f.insurerNm(f.insuCompCd)}에 청구하려고 서류를 만들었어요.`,
  },
  delivered: {
    nm: CLAIM_STATUS_NM.sent,
    says: (f) => `${f.insurerNm(f.insuCompCd ?? f.code)}에 ${f.visit}진료 청구 서류를 보냈어요.`,
  },
  released_to_patient: {
    nm: '본인에게 보여 줌',
    says: (f) => `${f.who}에게 진료 내역${f.detail ? ` ${f.detail}` : ''}을 보여 드렸어요.`,
  },
  released_to_operator: {
    nm: '청구 서류 열람',
    says: (f) =>
      `운영자가 ${purposeOf(f.detail)}${f.visit}진료의 ${f.insurerNm(f.insuCompCd)} 청구 서류(위임장·동의서 포함)를 확인했어요.`,
  },
  operator_retry: {
    nm: '청구 다시 보내기',
    says: (f) => `운영자가 ${f.insurerNm(f.insuCompCd)}에 보내지 못한 청구를 다시 보내도록 했어요.`,
  },
  operator_answer_recorded: {
    nm: '보험사 답 대신 기록',
    says: (f) =>
      `운영자가 ${f.insurerNm(f.insuCompCd)}에서 들은 ${f.visit}진료 청구의 결과(${recordedAnswerNm(f.detail)})를 대신 기록했어요.`,
  },
  id_card_submitted: { nm: '신분증 사본 제출', says: (f) => `${subjectOf(f)} 신분증 사본을 제출했어요.` },
  id_card_released: { nm: '신분증 사본 보냄', says: (f) => `${f.insurerNm(f.code)}에 신분증 사본을 보냈어요.` },
  hospital_document_received: {
    nm: '병원 서류 받음',
    says: (f) => `${f.hospitalNm(f.hospitalCd ?? f.code)}에서 보험사가 요청한 ${f.visit}진료 서류를 보내왔어요.`,
  },
  hospital_document_released: {
    nm: '병원 서류 보냄',
    says: (f) => `${f.insurerNm(f.insuCompCd ?? f.code)}에 보험사가 요청한 ${f.visit}진료 서류를 보냈어요.`,
  },
  operator_searched: {
    nm: '운영자가 찾아봄',
    says: (f) => `운영자가 ${searchedBy(f.detail)}회원님을 찾아봤어요. 이름과 연락처는 가린 채로 보였어요.`,
  },
  operator_revealed: {
    nm: '이름·연락처·생년월일 확인',
    says: (f) => `운영자가 ${purposeOf(f.detail)}회원님의 이름, 휴대폰 번호, 생년월일을 확인했어요.`,
  },
  operator_record_released: {
    nm: '보류 기록 연결',
    says: (f) =>
      `${f.hospitalNm(f.hospitalCd)}에서 보낸 ${f.visit}진료 기록을 운영자가 회원님의 것으로 확인했어요. 평소처럼 청구해 드려요.`,
  },
  // Never names the hospital or the visit: the record may be another person's.
  operator_held_viewed: {
    nm: '보류 기록 확인',
    says: () =>
      '병원이 보낸 진료 기록 1건이 회원님의 것인지 확인하려고, 운영자가 회원님의 이름과 생년월일을 병원 기록과 맞춰 봤어요.',
  },
  operator_subscriber_viewed: {
    nm: '가입자 정보 열람',
    says: () => '운영자가 회원님의 가입 정보와 청구 목록을 열어 봤어요. 이름과 연락처는 가려서 봤어요.',
  },
  operator_record_set_aside: {
    nm: '보류 기록 제외',
    says: () =>
      '병원이 회원님 정보로 보낸 진료 기록 1건이 회원님의 것이 아니어서, 운영자가 확인하고 청구하지 않기로 했어요.',
  },
  operator_relation_viewed: {
    nm: '가족관계 서류 확인',
    says: (f) =>
      `운영자가 보호자가 올린 ${RELATION_DOC_OBJECT[relationDoc(f.detail)]} 자녀 정보와 맞춰 보려고 열어 봤어요.`,
  },
  operator_relation_confirmed: {
    nm: '가족관계 확인',
    says: (f) =>
      `운영자가 ${RELATION_DOC_BY[relationDoc(f.detail)]} 보호자와 자녀의 관계를 확인했어요. 이제 자녀의 진료비를 자동으로 청구해요.`,
  },
  operator_relation_refused: {
    nm: '가족관계 서류 반려',
    says: (f) =>
      `운영자가 ${RELATION_DOC_BY[relationDoc(f.detail)]}는 관계를 확인하지 못해 보호자에게 다시 올려 달라고 했어요.`,
  },
  enrolment_helped: {
    nm: '가입 작성 도움',
    says: (f) => `${helperSubject(f)} 가입 화면 작성을 도왔어요. 휴대폰 본인인증과 서명은 ${subjectOf(f)} 직접 했어요.`,
  },
  notice_channel_changed: {
    nm: '알림 받는 방법 바꿈',
    says: (f) =>
      f.detail === 'kakao'
        ? `${subjectOf(f)} 청구 소식을 카카오 알림톡으로 받기로 했어요(받을 수 없으면 문자로 보내요).`
        : `${subjectOf(f)} 청구 소식을 카카오 알림톡 대신 문자로만 받기로 했어요.`,
  },
};

/** The status an operator recorded for an insurer (the entry's detail); an unknown one reads as a generic word. */
const recordedAnswerNm = (detail: string | null) =>
  detail !== null && Object.hasOwn(RECORDED_ANSWER_NM, detail) ? RECORDED_ANSWER_NM[detail as RecordedAnswer] : '답';

/** A stored action's label; a code no longer in the list reads as a generic one. */
export const accessActionNm = (action: string) =>
  Object.hasOwn(ACCESS_ACTION, action) ? ACCESS_ACTION[action as AccessAction].nm : '기록 처리';
/** The sentence the patient reads; a code no longer in the list reads as a generic one. */
export const accessSentence = (action: string, f: AccessFacts) =>
  Object.hasOwn(ACCESS_ACTION, action) ? ACCESS_ACTION[action as AccessAction].says(f) : '진료 기록을 처리했어요.';
