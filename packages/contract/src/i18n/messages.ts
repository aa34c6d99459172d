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
