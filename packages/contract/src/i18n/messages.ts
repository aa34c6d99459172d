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

/**
 * The payout explanation (payout-explain.ts; docs/payout-rules.md): each sentence the estimate and the insurer's answer
 * are said in, and the phrases inside them. Amounts ({base}, {amount}…) are given in her language's form, and always
 * end in 원 in Korean, so the particle after one is fixed (15,300원을, 5,300원이에요); a rate ends in %, read 퍼센트
 * (20%가); a generation ends in 세대 (4세대라면). `{setting}` is where the visit was (CARE_SETTINGS).
 */
/** What a part's amounts are: 급여 본인부담, the 3대 비급여 alone, 비급여, or both. */
export const PAYOUT_WHAT = {
  covered: t(
    'payout.what.covered',
    '{setting, select, pharmacy {약국 } inpatient {입원 } other {}}급여 본인부담 {base}',
  ),
  special: t(
    'payout.what.special',
    '{setting, select, pharmacy {약국 } inpatient {입원 } other {}}도수치료·주사·MRI 비급여 {base}',
  ),
  uncovered: t('payout.what.uncovered', '{setting, select, pharmacy {약국 } inpatient {입원 } other {}}비급여 {base}'),
  both: t(
    'payout.what.both',
    '{setting, select, pharmacy {약국 } inpatient {입원 } other {}}급여 본인부담과 비급여를 합친 {base}',
  ),
};
/** A part's 자기부담률 by kind where they differ ("급여 10%·비급여 20%"), joined by PAYOUT_JOIN. */
export const PAYOUT_RATE = {
  covered: t('payout.rate.covered', '급여 {rate}'),
  uncovered: t('payout.rate.uncovered', '비급여 {rate}'),
  special: t('payout.rate.special', '3대 비급여 {rate}'),
};
export const PAYOUT_JOIN = t('payout.join', '{first}·{rest}');
export const PAYOUT_PART_ALL = t('payout.part.all', '{what}은 모두 받을 수 있어요.');
export const PAYOUT_PART_RATE = t(
  'payout.part.rate',
  '{what}에서 자기부담 {rates}인 {deductible}을 빼면 {rest}이에요.',
);
export const PAYOUT_PART_BELOW = t('payout.part.below', '{what}은 공제 {fixed}보다 적어서 받을 금액이 없어요.');
export const PAYOUT_PART_BELOW_RATE = t('payout.part.belowRate', '{what}은 공제보다 적어서 받을 금액이 없어요.');
export const PAYOUT_PART_RATE_OVER_FIXED = t(
  'payout.part.rateOverFixed',
  '{rates}가 공제 {fixed}보다 많아서 그만큼 빼요.',
);
export const PAYOUT_PART_FIXED = t('payout.part.fixed', '{what}에서 공제 {deductible}을 빼면 {rest}이에요.');
export const PAYOUT_PART_LIMIT = t('payout.part.limit', '한 번에 받을 수 있는 한도가 {limit}이라서 그만큼만 받아요.');
/** What the estimate left out; `{name}` is the line's name as the hospital wrote it. */
export const PAYOUT_EXCLUDED = {
  certificate: t('payout.excluded.certificate', '{name} {amount}은 진료비가 아니라서 실손보험에서 받을 수 없어요.'),
  not_covered: t('payout.excluded.special', '{name} {amount}은 도수치료·주사·MRI 특약이 없어서 받을 수 없어요.'),
};
export const PAYOUT_ESTIMATE = t('payout.estimate', '그래서 예상 금액은 {amount}이에요.');
export const PAYOUT_ESTIMATE_NONE = t('payout.estimate.none', '그래서 이번 진료는 받을 금액이 없을 것 같아요.');
export const PAYOUT_PHARMACY_JOINS = t(
  'payout.pharmacyJoins',
  '같은 날 병원 진료와 함께 청구되면 공제를 한 번만 빼서 조금 더 받을 수도 있어요.',
);
export const PAYOUT_UNKNOWN_GENERATION = t(
  'payout.unknownGeneration',
  '실손보험에 언제 가입하셨는지 알려 주시면 받을 금액을 미리 알려 드릴게요. 내 자동청구 관리의 "실손보험 가입 시기"에서 골라 주세요.',
);
/** The insurer's answer beside the estimate. */
export const PAYOUT_SAME = t('payout.answer.same', '예상한 금액 {paid}을 보험사가 그대로 지급했어요.');
export const PAYOUT_MORE = t('payout.answer.more', '예상보다 {more} 더 받았어요.');
export const PAYOUT_MORE_NOTE = t(
  'payout.answer.more.note',
  '보험사가 예상보다 넉넉하게 셈했어요. 따로 하실 일은 없어요.',
);
export const PAYOUT_LESS = t('payout.answer.less', '예상 {estimate}보다 {gap} 적은 {paid}을 받았어요.');
export const PAYOUT_UNEXPLAINED = t('payout.answer.unexplained', '{amount}은 왜 빠졌는지 저희가 알 수 없어요.');
/** What to ask the insurer, and the sentence that says whom to call with it ({where}: PAYOUT_CALL_CENTRE). */
export const PAYOUT_QUESTION = t(
  'payout.answer.question',
  '청구하신 진료에서 공제금액과 자기부담금을 얼마씩 뺐는지, 보장하지 않은 항목이 있는지 물어보세요.',
);
export const PAYOUT_CALL = t('payout.answer.call', '{where}에 전화해서 {question}');
/** The insurer's customer centre, as the history screen names it (ClaimRow's callCentre). */
export const PAYOUT_CALL_CENTRE = {
  phone: t('claim.callCentre.phone', '{insurer} 고객센터({phone})'),
  none: t('claim.callCentre', '{insurer} 고객센터'),
};
/** Each difference the answer names; `{names}` are the insurer's own words for what it did not cover. */
export const PAYOUT_DIFFERENCE = {
  notCoveredNamed: t(
    'payout.difference.notCovered.named',
    '보험사가 {names} {amount}을 보장하지 않는 항목으로 봤어요.',
  ),
  notCovered: t('payout.difference.notCovered', '보험사가 {amount}을 보장하지 않는 항목으로 봤어요.'),
  copayRate: t(
    'payout.difference.copayRate',
    '보험사가 자기부담금으로 {amount}을 예상보다 더 뺐어요. 가입하신 상품의 자기부담률이 예상보다 높을 수 있어요.',
  ),
  deductible: t('payout.difference.deductible', '보험사가 공제금액을 예상보다 {amount} 더 뺐어요.'),
  limit: t('payout.difference.limit', '보장 한도를 넘은 {amount}은 지급되지 않았어요.'),
  proportional: t(
    'payout.difference.proportional',
    '실손보험이 여러 곳이라 보험사끼리 나눠서 지급했어요(비례보상). {amount}은 다른 보험사 몫이에요.',
  ),
  proportionalCount: t(
    'payout.difference.proportionalCount',
    '실손보험이 {count, plural, other {#곳}}이라 보험사끼리 나눠서 지급해요(비례보상). 나머지 {amount}은 다른 보험사에서 받아요.',
  ),
  generation: t(
    'payout.difference.generation',
    '가입하신 보험이 {generation}라면 딱 맞는 금액이에요. 그 세대의 공제와 자기부담률로 셈하면 이 금액이 나와요. 내 자동청구에서 가입 시기를 확인해 주세요.',
  ),
};
/** A generation in a sentence, as the screens name it (words.ts POLICY_GENERATION_SHORT; POLICY_GENERATION_SHORT_NM). */
export const PAYOUT_GENERATION = {
  gen1: t('generation.gen1.short', '1세대'),
  gen2: t('generation.gen2.short', '2세대'),
  gen3: t('generation.gen3.short', '3세대'),
  gen3_basic: t('generation.gen3_basic.short', '3세대(특약 없음)'),
  gen4: t('generation.gen4.short', '4세대'),
};
