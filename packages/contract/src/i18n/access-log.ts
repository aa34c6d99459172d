// The access log's lines (treatment history, "who saw or sent my records"), one message per sentence, which the
// server words in Korean (its field `summary`) and in the language she reads (docs/decisions/0010-message-catalogs.md).
// Their arguments: names as they are ({hospital}, {insurer}); {visit} the visit's day in her language, or `none`;
// {who} `self` or `guardian` (a child's log, read by her guardian); the rest the codes the log keeps, told by `select`.
import type { MessageDescriptor } from './messages.js';

const t = (id: string, message: string): MessageDescriptor => ({ id, message });

export const LOG_RECORD_RECEIVED = t(
  'accessLog.line.recordReceived',
  '{hospital}에서 {visit, select, none {} other {{visit} }}진료 기록을 보내왔어요.',
);
export const LOG_CLAIM_PREPARED = t(
  'accessLog.line.claimPrepared',
  '{visit, select, none {} other {{visit} }}진료를 {insurer}에 청구하려고 서류를 만들었어요.',
);
export const LOG_CLAIMED_BY_HAND = t(
  'accessLog.line.claimedByHand',
  '{who, select, guardian {보호자가} other {본인이}} {visit, select, none {} other {{visit} }}진료를 {insurer}에 청구했어요.',
);
export const LOG_DELIVERED = t(
  'accessLog.line.delivered',
  '{insurer}에 {visit, select, none {} other {{visit} }}진료 청구 서류를 보냈어요.',
);
/** {shown}: what the history showed (`visits`, `older` visits, a `statement` of {month}), {count} visits; or `none`. */
export const LOG_SHOWN = t(
  'accessLog.line.shown',
  '{who, select, guardian {보호자} other {본인}}에게 진료 내역{shown, select, visits { {count}건} older { 이전 진료 {count}건} statement { {month} 명세 {count}건} other {}}을 보여 드렸어요.',
);
/** {purpose}: the category of the operator's reason (ReleaseReason), or `none`. */
export const LOG_OPERATOR_OPENED_CLAIM = t(
  'accessLog.line.operatorOpenedClaim',
  '운영자가 {purpose, select, patient_inquiry {회원님의 문의에 답하려고 } insurer_request {보험사의 요청을 처리하려고 } delivery_problem {보험사에 가지 못한 청구를 처리하려고 } hospital_inquiry {병원의 문의를 확인하려고 } other {}}{visit, select, none {} other {{visit} }}진료의 {insurer} 청구 서류(위임장·동의서 포함)를 확인했어요.',
);
export const LOG_OPERATOR_RETRY = t(
  'accessLog.line.operatorRetry',
  '운영자가 {insurer}에 보내지 못한 청구를 다시 보내도록 했어요.',
);
/** {answer}: the status the operator recorded (RecordedAnswer). */
export const LOG_OPERATOR_ANSWER = t(
  'accessLog.line.operatorAnswer',
  '운영자가 {insurer}에서 들은 {visit, select, none {} other {{visit} }}진료 청구의 결과({answer, select, accepted {접수} rejected {반려} paid {지급} documents_requested {서류 요청} other {답}})를 대신 기록했어요.',
);
export const LOG_ID_CARD_SUBMITTED = t(
  'accessLog.line.idCardSubmitted',
  '{who, select, guardian {보호자가} other {본인이}} 신분증 사본을 제출했어요.',
);
export const LOG_ID_CARD_SENT = t('accessLog.line.idCardSent', '{insurer}에 신분증 사본을 보냈어요.');
export const LOG_HOSPITAL_DOCUMENT_RECEIVED = t(
  'accessLog.line.hospitalDocumentReceived',
  '{hospital}에서 보험사가 요청한 {visit, select, none {} other {{visit} }}진료 서류를 보내왔어요.',
);
export const LOG_HOSPITAL_DOCUMENT_SENT = t(
  'accessLog.line.hospitalDocumentSent',
  '{insurer}에 보험사가 요청한 {visit, select, none {} other {{visit} }}진료 서류를 보냈어요.',
);
/** {keys}: the kinds of key the operator's search named (LOG_SEARCH_KEY, as a list), or `none`. */
export const LOG_OPERATOR_SEARCHED = t(
  'accessLog.line.operatorSearched',
  '운영자가 {keys, select, none {} other {{keys}{keysJosa} }}회원님을 찾아봤어요. 이름과 연락처는 가린 채로 보였어요.',
);
/** One kind of key of an operator's search (PERSON_KEYS). */
export const LOG_SEARCH_KEY = t(
  'accessLog.searchKey',
  '{key, select, name {이름} phone {휴대폰 번호} birthDate {생년월일} receiptNo {영수증 번호} other {청구 번호}}',
);
export const LOG_OPERATOR_REVEALED = t(
  'accessLog.line.operatorRevealed',
  '운영자가 {purpose, select, patient_inquiry {회원님의 문의에 답하려고 } insurer_request {보험사의 요청을 처리하려고 } delivery_problem {보험사에 가지 못한 청구를 처리하려고 } hospital_inquiry {병원의 문의를 확인하려고 } other {}}회원님의 이름, 휴대폰 번호, 생년월일을 확인했어요.',
);
export const LOG_HELD_RELEASED = t(
  'accessLog.line.heldReleased',
  '{hospital}에서 보낸 {visit, select, none {} other {{visit} }}진료 기록을 운영자가 회원님의 것으로 확인했어요. 평소처럼 청구해 드려요.',
);
export const LOG_HELD_VIEWED = t(
  'accessLog.line.heldViewed',
  '병원이 보낸 진료 기록 1건이 회원님의 것인지 확인하려고, 운영자가 회원님의 이름과 생년월일을 병원 기록과 맞춰 봤어요.',
);
export const LOG_SUBSCRIBER_VIEWED = t(
  'accessLog.line.subscriberViewed',
  '운영자가 회원님의 가입 정보와 청구 목록을 열어 봤어요. 이름과 연락처는 가려서 봤어요.',
);
export const LOG_HELD_SET_ASIDE = t(
  'accessLog.line.heldSetAside',
  '병원이 회원님 정보로 보낸 진료 기록 1건이 회원님의 것이 아니어서, 운영자가 확인하고 청구하지 않기로 했어요.',
);
/** {doc}: the relation document's type (RelationDocType). */
export const LOG_RELATION_VIEWED = t(
  'accessLog.line.relationViewed',
  '운영자가 보호자가 올린 {doc, select, resident {주민등록등본을} other {가족관계증명서를}} 자녀 정보와 맞춰 보려고 열어 봤어요.',
);
export const LOG_RELATION_CONFIRMED = t(
  'accessLog.line.relationConfirmed',
  '운영자가 {doc, select, resident {주민등록등본으로} other {가족관계증명서로}} 보호자와 자녀의 관계를 확인했어요. 이제 자녀의 진료비를 자동으로 청구해요.',
);
export const LOG_RELATION_REFUSED = t(
  'accessLog.line.relationRefused',
  '운영자가 {doc, select, resident {주민등록등본으로는} other {가족관계증명서로는}} 관계를 확인하지 못해 보호자에게 다시 올려 달라고 했어요.',
);
/** {helper}: her helper's relation (HelperRel), or `desk`: the staff account {account} of {hospital} at its desk. */
export const LOG_ENROLMENT_HELPED = t(
  'accessLog.line.enrolmentHelped',
  '{helper, select, desk {{hospital} 직원 계정({account})이 접수대에서} child {자녀분이} spouse {배우자분이} grandchild {손자녀분이} sibling {형제자매분이} family {기타 가족분이} caregiver {간병인분이} hospital_staff {병원 직원분이} other {도와주신 분이}} 가입 화면 작성을 도왔어요. 휴대폰 본인인증과 서명은 {who, select, guardian {보호자가} other {본인이}} 직접 했어요.',
);
export const LOG_CHANNEL_KAKAO = t(
  'accessLog.line.channelKakao',
  '{who, select, guardian {보호자가} other {본인이}} 청구 소식을 카카오 알림톡으로 받기로 했어요(받을 수 없으면 문자로 보내요).',
);
export const LOG_CHANNEL_SMS = t(
  'accessLog.line.channelSms',
  '{who, select, guardian {보호자가} other {본인이}} 청구 소식을 카카오 알림톡 대신 문자로만 받기로 했어요.',
);
/** A line whose action is no longer in the list. */
export const LOG_OTHER = t('accessLog.line.other', '진료 기록을 처리했어요.');

/** A hospital or an insurer the line does not name. */
export const LOG_SOME_HOSPITAL = t('accessLog.someHospital', '병원');
export const LOG_SOME_INSURER = t('accessLog.someInsurer', '보험사');

/** Who acted, beside each line: an operator, the service, her (or her guardian), the helper by relation. */
export const LOG_ACTOR_OPERATOR = t('accessLog.actor.operator', '운영자');
export const LOG_ACTOR_SERVICE = t('accessLog.actor.service', '자동청구');
export const LOG_ACTOR_WHO = t('accessLog.actor.who', '{who, select, guardian {보호자} other {본인}}');
export const LOG_ACTOR_HELPER = t(
  'accessLog.actor.helper',
  '{rel, select, child {자녀} spouse {배우자} grandchild {손자녀} sibling {형제자매} family {기타 가족} caregiver {간병인} other {병원 직원}}',
);
