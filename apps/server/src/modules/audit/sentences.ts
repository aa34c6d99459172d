// Each access-log action once: the sentence the patient reads in their history (treats), a catalog message worded in
// any of her languages (contract i18n/access-log.ts), and the short label of the console's list of lines operators
// caused (audit/routes.ts; operators read Korean). The record type makes a new action impossible to forget.
import { josa } from 'es-hangul';
import { CLAIM_STATUS_NM, HELPER_RELS, RECORDED_ANSWERS, RELEASE_REASONS } from '@auto-claim/contract';
import {
  LOG_CHANNEL_KAKAO,
  LOG_CHANNEL_SMS,
  LOG_CLAIMED_BY_HAND,
  LOG_CLAIM_PREPARED,
  LOG_DELIVERED,
  LOG_ENROLMENT_HELPED,
  LOG_HELD_RELEASED,
  LOG_HELD_SET_ASIDE,
  LOG_HELD_VIEWED,
  LOG_HOSPITAL_DOCUMENT_RECEIVED,
  LOG_HOSPITAL_DOCUMENT_SENT,
  LOG_ID_CARD_SENT,
  LOG_ID_CARD_SUBMITTED,
  LOG_OPERATOR_ANSWER,
  LOG_OPERATOR_OPENED_CLAIM,
  LOG_OPERATOR_RETRY,
  LOG_OPERATOR_REVEALED,
  LOG_OPERATOR_SEARCHED,
  LOG_OTHER,
  LOG_RECORD_RECEIVED,
  LOG_RELATION_CONFIRMED,
  LOG_RELATION_REFUSED,
  LOG_RELATION_VIEWED,
  LOG_SEARCH_KEY,
  LOG_SHOWN,
  LOG_SUBSCRIBER_VIEWED,
  SOURCE_LANG,
  messageIn,
  monthIn,
  type Lang,
  type MessageDescriptor,
} from '@auto-claim/contract/i18n';
import { PERSON_KEYS } from '@auto-claim/contract/ops';
import type { AccessAction } from './access-actions.js';

/** What a line's sentence may say, in the language it is worded in, its names already looked up by the reader. */
export interface AccessFacts {
  /** The language the sentence is worded in; Korean when not given. */
  lang?: Lang;
  /**
   * Who reads the log and acted as "the patient": 본인, or 보호자 for a child's log (README "Children: a guardian
   * claims for a child"), where the guardian saw, claimed and chose.
   */
  who: '본인' | '보호자';
  /** The visit's day as she reads it ("6월 1일 ", "June 1"; a space around it aside), or "" when it is unknown. */
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

type Values = Record<string, string | number>;
/** A line's message and its arguments. */
type Said = [MessageDescriptor, Values?];

/** A detail's code when it is one of `codes`, else `fallback` (a message's `other` case). */
const oneOf = (codes: readonly string[], detail: string | null, fallback: string) =>
  detail !== null && codes.includes(detail) ? detail : fallback;

const who = (f: AccessFacts) => (f.who === '본인' ? 'self' : 'guardian');
const visit = (f: AccessFacts) => f.visit.trim() || 'none';
const langOf = (f: AccessFacts) => f.lang ?? SOURCE_LANG;
/**
 * Why an operator looked, as a fixed phrase per reason category (the entry's detail). The operator's own words never
 * reach the patient (they stay in operator_action); a detail that is no category (an entry written before categories)
 * shows no reason at all.
 */
const purpose = (f: AccessFacts) => oneOf(RELEASE_REASONS, f.detail, 'none');
/** The relation document's type (an entry's detail). */
const doc = (f: AccessFacts) => (f.detail === 'resident' ? 'resident' : 'family');

/**
 * How an operator searched (the kinds of key a search named, e.g. "name,birthDate"): "이름·휴대폰 번호" with its
 * particle (으로/로 by es-hangul), "name and phone number" in another language.
 */
function searchedBy(f: AccessFacts): Values {
  const kinds = (f.detail ?? '').split(',').filter((k) => (PERSON_KEYS as readonly string[]).includes(k));
  if (kinds.length === 0) return { keys: 'none', keysJosa: '' };
  const lang = langOf(f);
  const names = kinds.map((key) => messageIn(lang, LOG_SEARCH_KEY, { key }));
  const keys =
    lang === SOURCE_LANG ? names.join('·') : new Intl.ListFormat(lang, { type: 'conjunction' }).format(names);
  return { keys, keysJosa: josa.pick(keys, '으로/로') };
}

/**
 * What the history showed her (the entry's detail, as treats/history.ts and statements/page.ts write it): "3건",
 * "이전 진료 3건", "2026-05 명세 3건"; another detail shows no count.
 */
function shown(f: AccessFacts): Values {
  const d = f.detail ?? '';
  const visits = /^(\d+)건$/.exec(d);
  if (visits) return { shown: 'visits', count: Number(visits[1]), month: '' };
  const older = /^이전 진료 (\d+)건$/.exec(d);
  if (older) return { shown: 'older', count: Number(older[1]), month: '' };
  const statement = /^(\d{4}-\d{2}) 명세 (\d+)건$/.exec(d);
  if (statement) {
    const lang = langOf(f);
    const month = lang === SOURCE_LANG ? statement[1]! : monthIn(lang, statement[1]!);
    return { shown: 'statement', count: Number(statement[2]), month };
  }
  return { shown: 'none', count: 0, month: '' };
}

/** Who helped her enrol: her helper's relation, or a hospital's staff account at its desk. */
function helper(f: AccessFacts): Values {
  const d = f.detail ?? '';
  if (d.startsWith('hospital_staff:')) {
    return { helper: 'desk', hospital: f.hospitalNm(f.code), account: d.slice('hospital_staff:'.length) };
  }
  return { helper: oneOf(HELPER_RELS, d, 'other'), hospital: '', account: '' };
}

export const ACCESS_ACTION: Record<AccessAction, { nm: string; says: (f: AccessFacts) => Said }> = {
  record_received: {
    nm: '진료 기록 받음',
    says: (f) => [LOG_RECORD_RECEIVED, { hospital: f.hospitalNm(f.hospitalCd ?? f.code), visit: visit(f) }],
  },
  claim_created: {
    nm: '청구 만듦',
    says: (f) =>
      f.origin === 'patient'
        ? [LOG_CLAIMED_BY_HAND, { who: who(f), visit: visit(f), insurer: f.insurerNm(f.insuCompCd) }]
        : [LOG_CLAIM_PREPARED, { visit: visit(f), insurer: f.insurerNm(f.insuCompCd) }],
  },
  delivered: {
    nm: CLAIM_STATUS_NM.sent,
    says: (f) => [LOG_DELIVERED, { insurer: f.insurerNm(f.insuCompCd ?? f.code), visit: visit(f) }],
  },
  released_to_patient: { nm: '본인에게 보여 줌', says: (f) => [LOG_SHOWN, { who: who(f), ...shown(f) }] },
  released_to_operator: {
    nm: '청구 서류 열람',
    says: (f) => [
      LOG_OPERATOR_OPENED_CLAIM,
      { purpose: purpose(f), visit: visit(f), insurer: f.insurerNm(f.insuCompCd) },
    ],
  },
  operator_retry: {
    nm: '청구 다시 보내기',
    says: (f) => [LOG_OPERATOR_RETRY, { insurer: f.insurerNm(f.insuCompCd) }],
  },
  operator_answer_recorded: {
    nm: '보험사 답 대신 기록',
    says: (f) => [
      LOG_OPERATOR_ANSWER,
      {
        insurer: f.insurerNm(f.insuCompCd),
        visit: visit(f),
        // An unknown status reads as a generic word.
        answer: oneOf(RECORDED_ANSWERS, f.detail, 'other'),
      },
    ],
  },
  id_card_submitted: { nm: '신분증 사본 제출', says: (f) => [LOG_ID_CARD_SUBMITTED, { who: who(f) }] },
  id_card_released: { nm: '신분증 사본 보냄', says: (f) => [LOG_ID_CARD_SENT, { insurer: f.insurerNm(f.code) }] },
  hospital_document_received: {
    nm: '병원 서류 받음',
    says: (f) => [LOG_HOSPITAL_DOCUMENT_RECEIVED, { hospital: f.hospitalNm(f.hospitalCd ?? f.code), visit: visit(f) }],
  },
  hospital_document_released: {
    nm: '병원 서류 보냄',
    says: (f) => [LOG_HOSPITAL_DOCUMENT_SENT, { insurer: f.insurerNm(f.insuCompCd ?? f.code), visit: visit(f) }],
  },
  operator_searched: { nm: '운영자가 찾아봄', says: (f) => [LOG_OPERATOR_SEARCHED, searchedBy(f)] },
  operator_revealed: {
    nm: '이름·연락처·생년월일 확인',
    says: (f) => [LOG_OPERATOR_REVEALED, { purpose: purpose(f) }],
  },
  operator_record_released: {
    nm: '보류 기록 연결',
    says: (f) => [LOG_HELD_RELEASED, { hospital: f.hospitalNm(f.hospitalCd), visit: visit(f) }],
  },
  // Never names the hospital or the visit: the record may be another person's.
  operator_held_viewed: { nm: '보류 기록 확인', says: () => [LOG_HELD_VIEWED] },
  operator_subscriber_viewed: { nm: '가입자 정보 열람', says: () => [LOG_SUBSCRIBER_VIEWED] },
  operator_record_set_aside: { nm: '보류 기록 제외', says: () => [LOG_HELD_SET_ASIDE] },
  operator_relation_viewed: { nm: '가족관계 서류 확인', says: (f) => [LOG_RELATION_VIEWED, { doc: doc(f) }] },
  operator_relation_confirmed: { nm: '가족관계 확인', says: (f) => [LOG_RELATION_CONFIRMED, { doc: doc(f) }] },
  operator_relation_refused: { nm: '가족관계 서류 반려', says: (f) => [LOG_RELATION_REFUSED, { doc: doc(f) }] },
  enrolment_helped: {
    nm: '가입 작성 도움',
    says: (f) => [LOG_ENROLMENT_HELPED, { ...helper(f), who: who(f) }],
  },
  notice_channel_changed: {
    nm: '알림 받는 방법 바꿈',
    says: (f) => [f.detail === 'kakao' ? LOG_CHANNEL_KAKAO : LOG_CHANNEL_SMS, { who: who(f) }],
  },
};

/** A stored action's label; a code no longer in the list reads as a generic one. */
export const accessActionNm = (action: string) =>
  Object.hasOwn(ACCESS_ACTION, action) ? ACCESS_ACTION[action as AccessAction].nm : '기록 처리';
/** The sentence the patient reads, in `f.lang` (Korean by default); a code no longer in the list reads as a generic one. */
export function accessSentence(action: string, f: AccessFacts) {
  const [message, values] = Object.hasOwn(ACCESS_ACTION, action)
    ? ACCESS_ACTION[action as AccessAction].says(f)
    : ([LOG_OTHER] as Said);
  return messageIn(langOf(f), message, values);
}
