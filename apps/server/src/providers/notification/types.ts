// Telling the patient: KakaoTalk 알림톡, with SMS when 알림톡 cannot be delivered (no KakaoTalk, blocked
// channel), when she gave the optional 알림톡 consent (SUBS_KAKAO_NOTI, the spec's kakaoNotiCheck); without it SMS/LMS
// only, never KakaoTalk. The message carries a link with a token (one device, 72 hours) and never personal data beyond the greeting.
import { shortLinkPath } from '@auto-claim/contract';
import type { Outbox } from '../outbox.js';

/**
 * Every 알림톡 the app sends, by our name, with the name of the one link button its template is approved with (a
 * 알림톡 whose text or buttons differ from the approved template is refused by Kakao). A real provider maps our names
 * to the codes the vendor gave the approved templates (configuration).
 */
export const PATIENT_TEMPLATES = {
  AUTO_CLAIM_SENT: { button: '진료 내역 보기' },
  AUTO_CLAIM_BELOW_MIN: { button: '진료 내역 보기' },
  AUTOCLAIM_ID_REQUEST: { button: '신분증 제출하기' },
  /** The insurer's answers (modules/claims/notify.ts): each button opens the patient's history of that claim. */
  AUTO_CLAIM_ANSWER_RECEIVED: { button: '청구 진행 보기' },
  AUTO_CLAIM_ANSWER_DOCUMENTS: { button: '요청 서류 보기' },
  AUTO_CLAIM_ANSWER_PAID: { button: '지급 내역 보기' },
  AUTO_CLAIM_ANSWER_REJECTED: { button: '반려 사유 보기' },
  /**
   * The child case (README "Children: a guardian claims for a child"): the same messages to the guardian's phone,
   * each naming the child ("지민이의 진료비를 …"), and what is told of the child's subscription itself.
   */
  AUTO_CLAIM_CHILD_SENT: { button: '자녀 진료 내역 보기' },
  AUTO_CLAIM_CHILD_BELOW_MIN: { button: '자녀 진료 내역 보기' },
  AUTO_CLAIM_CHILD_ANSWER_RECEIVED: { button: '청구 진행 보기' },
  AUTO_CLAIM_CHILD_ANSWER_DOCUMENTS: { button: '요청 서류 보기' },
  AUTO_CLAIM_CHILD_ANSWER_PAID: { button: '지급 내역 보기' },
  AUTO_CLAIM_CHILD_ANSWER_REJECTED: { button: '반려 사유 보기' },
  CHILD_RELATION_CONFIRMED: { button: '자녀 진료 내역 보기' },
  CHILD_RELATION_REFUSED: { button: '자녀 가입 정보 보기' },
  CHILD_TURNING_ADULT: { button: '자녀 진료 내역 보기' },
  CHILD_SUBSCRIPTION_ENDED: { button: '자녀 진료 내역 보기' },
  /** To the grown child's own phone: she may enrol herself (the landing, no token). */
  CHILD_ADULT_INVITE: { button: '자동청구 가입하기' },
  /** To whoever an operator's ruling on a dispute lets enrol (the landing, no token). */
  INSURED_DISPUTE_RESOLVED: { button: '자동청구 가입하기' },
  /** Each enrolment, confirmed to the phone she verified (modules/subscriptions/enrol.ts): hers, or her child's. */
  SUBSCRIPTION_CONFIRMED: { button: '진료 내역 보기' },
  CHILD_SUBSCRIPTION_CONFIRMED: { button: '자녀 진료 내역 보기' },
  /** To a hospital's contact (modules/hospitals/alerts.ts): its feed went quiet, or its refusals spiked. */
  HOSPITAL_FEED_QUIET: { button: '병원 콘솔 열기' },
  HOSPITAL_REFUSAL_SPIKE: { button: '병원 콘솔 열기' },
  /**
   * Her rule "비급여는 보내기 전에 물어봐 주세요" (README "Her rules for what is sent"): the one question about a held
   * visit, and, 30 days unanswered, that it was not sent; the monthly statement (modules/statements).
   */
  AUTO_CLAIM_ASK_UNCOVERED: { button: '보낼지 고르기' },
  AUTO_CLAIM_ASK_LAPSED: { button: '진료 내역 보기' },
  MONTHLY_STATEMENT: { button: '이번 달 명세 보기' },
} as const;
export type PatientTemplate = keyof typeof PATIENT_TEMPLATES;

export interface PatientMessage {
  /** Digits only. */
  to: string;
  /** The 알림톡 template the text was approved under (our name; see PATIENT_TEMPLATES). */
  template: PatientTemplate;
  text: string;
  /**
   * The SMS/LMS form (no 알림톡 consent, or KakaoTalk could not deliver): one sentence saying what happened (and at
   * which hospital, when a visit is meant), never a button ("아래 버튼"): smsBody puts the service's name first and
   * the short link last.
   */
  sms: string;
  /** Path and fragment below the public origin, e.g. /ui/insu/vuex/auto-claim/web/treat#t=… */
  linkPath: string;
  /**
   * She agreed to 알림톡 (SUBS_KAKAO_NOTI): 알림톡 with SMS/LMS fallback. false: SMS/LMS only, never KakaoTalk.
   */
  kakao: boolean;
}

export interface NotificationProvider {
  /**
   * Sends each by 알림톡 falling back to SMS (`kakao`), or by SMS/LMS only; answers the channel that carried each. `outbox` is the caller's (bound
   * to its transaction): the sandbox writes there, a real adapter ignores it.
   */
  send(messages: PatientMessage[], outbox: Outbox): Promise<{ channel: 'kakao' | 'sms' }[]>;
}

/** Every SMS begins with the service's name (README "Patient messages"). */
export const SMS_PREFIX = '[자동청구]';

/**
 * The SMS/LMS a message becomes: `[자동청구] <one sentence> <origin>/m/<code>` (the short link on our own origin,
 * redirecting to the tokenised link: contract shortLinkPath, modules/treats/routes.ts).
 */
export function smsBody(m: Pick<PatientMessage, 'sms' | 'linkPath'>, origin: string): string {
  const sentence = m.sms.replace(/\s+/g, ' ').trim();
  const named = sentence.startsWith(SMS_PREFIX) ? sentence : `${SMS_PREFIX} ${sentence}`;
  return `${named} ${origin}${shortLinkPath(m.linkPath)}`;
}

/** A 알림톡 text's first sentence (what happened), for a message whose SMS form says just that. */
export function firstSentence(text: string): string {
  return (text.split(/(?<=[.!?])\s+/)[0] ?? text).trim();
}
