// The messages the server sends in her language (the subscription's lang; docs/decisions/0010-message-catalogs.md):
// each a catalog message like the screens' (`t(id, korean)`, extracted into the same catalogs), named here so that the
// server and the catalogs' check read one source.
export interface MessageDescriptor {
  id: string;
  message: string;
}
const t = (id: string, message: string): MessageDescriptor => ({ id, message });

/** "A병원" or "A병원 외 2곳". */
export const AND_MORE = t('notice.andMore', '{first} 외 {more}곳');
/** The confirmation of her own enrolment (README "Patient messages"): the SMS form, then the 알림톡 text. */
export const ENROLLED_SMS = t(
  'notice.enrolled.sms',
  '{hospital} 진료비 자동청구 가입을 마쳤어요, 앞으로 {insurer}에 자동으로 청구해요.',
);
export const ENROLLED_TEXT = t(
  'notice.enrolled.text',
  '자동청구 가입을 마쳤어요. 앞으로 {hospital}에서 받은 진료비를 {insurer}에 자동으로 청구해요.',
);

/**
 * The later messages' SMS forms (README "Patient messages"), for a subscriber who reads another language: one sentence
 * each, as the Korean the server writes for a Korean subscriber (claims/notify.ts; notify-lang.test.ts holds them
 * equal). Sent by SMS/LMS: the 알림톡 templates are approved in Korean (docs/providers/popbill.md).
 */
export const VISIT_SMS = t(
  'notice.visit.sms',
  '{hospital}에서 {date} 받은 진료{count, plural, =1 {} other { #건}}({paid})',
);
export const CLAIMED_SMS = t('notice.claimed.sms', '{visit}{visitJosa} 보험사에 자동으로 청구할게요.');
export const BELOW_MIN_SMS = t(
  'notice.belowMin.sms',
  '{visit}{visitJosa} 설정한 최소 금액보다 적어 자동으로 청구하지 않았어요.',
);
/** The visit an insurer's answer is about: "A병원에서 7월 15일 받은 진료". */
export const ANSWER_VISIT_SMS = t('notice.answer.visit', '{hospital}에서 {date} 받은 진료');
export const ANSWER_RECEIVED_SMS = t('notice.answer.received.sms', '{visit}의 청구를 {insurer}에서 접수했어요.');
export const ANSWER_PAID_SMS = t(
  'notice.answer.paid.sms',
  '{visit}의 보험금 {amount}을 {insurer}에서 지급하기로 했어요.',
);
export const ANSWER_REJECTED_SMS = t(
  'notice.answer.rejected.sms',
  '{visit}의 청구에 {insurer}에서 보험금을 지급하지 않기로 했어요.',
);
export const ANSWER_DOCUMENTS_SMS = t(
  'notice.answer.documents.sms',
  '{visit}의 청구에 {insurer}에서 서류({names})를 더 요청했어요.',
);
export const ANSWER_DOCUMENTS_ANY_SMS = t(
  'notice.answer.documentsAny.sms',
  '{visit}의 청구에 {insurer}에서 서류를 더 요청했어요.',
);

/**
 * A child's messages go to her guardian, in the guardian's language (the child's subscription keeps the language of
 * the guardian who enrolled her). `{child}` is her name in another language; in Korean the server writes her possessive
 * itself ("지민이의": childPossessive), as the source below reads.
 */
export const CHILD_VISIT_SMS = t(
  'notice.child.visit.sms',
  '{child} {hospital} {date} 진료비{count, plural, =1 {} other { #건}}({paid})',
);
/** The visit of a child's an insurer's answer or a held question is about: "A병원에서 7월 15일 받은 지민이의 진료". */
export const CHILD_ANSWER_VISIT_SMS = t('notice.child.answer.visit', '{hospital}에서 {date} 받은 {child} 진료');

/** A visit her rule held (claims/notify.ts heldText): the question, and that day passed unanswered. */
export const HELD_ASK_SMS = t(
  'notice.held.ask.sms',
  '{visit}에 비급여 {uncovered}이 있어요. 보험사에 보낼지 골라 주세요.',
);
export const HELD_LAPSED_SMS = t(
  'notice.held.lapsed.sms',
  '{visit}{visitJosa} 30일 동안 답이 없어서 보험사에 보내지 않았어요.',
);

/** An insurer asks for a copy of her ID (treats/requests.ts). */
export const ID_REQUEST_SMS = t('notice.idRequest.sms', '{insurer}에서 보험금 심사를 위해 신분증 사본을 요청했어요.');

/** The hospital has not sent the papers an insurer asked for (docrequests/notice.ts); the papers keep Korean names. */
export const DOCS_OVERDUE_SMS = t(
  'notice.docsOverdue.sms',
  '{hospital}에서 {insurer}{insurerJosa} 요청한 {papers}{papersJosa} 아직 보내지 않았어요. 병원에서 발급받아 보험사에 보내 주세요.',
);

/** The monthly statement's SMS (statements/send.ts): hers, or her child's to her guardian. */
export const STATEMENT_SMS = t(
  'notice.statement.sms',
  '{month} 명세: 진료 {visits}건 중 {claimed}건 청구, {year}년에 받은 보험금 {received}이에요.',
);
export const CHILD_STATEMENT_SMS = t(
  'notice.child.statement.sms',
  '{child} {month} 명세: 진료 {visits}건 중 {claimed}건 청구, {year}년에 받은 보험금 {received}이에요.',
);

/** The confirmation of a child's enrolment, to her guardian (subscriptions/enrol-notice.ts). */
export const CHILD_ENROLLED_SMS = t(
  'notice.child.enrolled.sms',
  '{child} 자동청구 신청을 받았어요, 서류 확인 뒤 {hospital} 진료비를 {insurer}에 청구해요.',
);

/**
 * What a guardian is told about her child's subscription itself (subscriptions/child-notices.ts tellGuardian; the
 * guardians module): the SMS forms, in the guardian's language. `{document}` keeps its Korean name (she is asked for it
 * by it); `{date}` is the child's 19th birthday.
 */
export const GUARDIAN_RELATION_CONFIRMED_SMS = t(
  'notice.guardian.relationConfirmed.sms',
  '{child} {document}{documentJosa} 확인했어요.',
);
export const GUARDIAN_RELATION_REFUSED_SMS = t(
  'notice.guardian.relationRefused.sms',
  '{child} {document}{documentJosa} 관계를 확인하지 못했어요.',
);
export const GUARDIAN_ADULT_DAY_SMS = t(
  'notice.guardian.adultDay.sms',
  '오늘({date}) {child}{childJosa} 만 19세가 되었어요.',
);
export const GUARDIAN_ADULT_MONTH_SMS = t(
  'notice.guardian.adultMonth.sms',
  '{child}{childJosa} {date}에 만 19세가 돼요.',
);
/**
 * The grown-up child's own invitation on her 19th birthday (and a month before), when her own number is known: in the
 * language her guardian chose for the family's subscription, the only language the service knows of hers.
 */
export const CHILD_INVITE_DAY_SMS = t(
  'notice.child.inviteDay.sms',
  '{name}님, 만 19세 생일을 축하해요, 이제 실손보험 자동청구에 직접 가입할 수 있어요.',
);
export const CHILD_INVITE_MONTH_SMS = t(
  'notice.child.inviteMonth.sms',
  '{name}님, {date}에 만 19세가 돼요, 그날부터 실손보험 자동청구에 직접 가입할 수 있어요.',
);
export const GUARDIAN_GROWN_UP_SMS = t(
  'notice.guardian.grownUp.sms',
  '{child}{childJosa} 만 19세가 되어 직접 자동청구에 가입했어요.',
);
export const GUARDIAN_DISPUTE_ENDED_SMS = t(
  'notice.guardian.disputeEnded.sms',
  '{child} 자동청구를 다른 보호자나 본인이 신청해서, 운영자가 확인한 뒤 보호자로 신청한 자동청구를 끝냈어요.',
);
