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
