// Each enrolment is confirmed to the phone that verified it (README "Enrolment drafts and coming back"): the
// hospital(s) whose visits will be claimed and to which insurer(s), her own or, for a parent, her child's (claimed once
// an operator checked the relation document). By 알림톡 with SMS fallback when she agreed to 알림톡, SMS only when not,
// through the notification provider (the sandbox writes its outbox). Its link is the history page itself, without a
// token: she has just been with us, and a message that only confirms opens nothing by itself (the page asks for an SMS
// verification unless her session is still open). Said after the subscription committed: a message that cannot go is
// logged and never undoes the enrolment. In another language than Korean it goes by SMS/LMS (kakaoBy).
import { APP_ROOT, childPossessive } from '@auto-claim/contract';
import {
  AND_MORE,
  CHILD_ENROLLED_SMS,
  ENROLLED_SMS,
  ENROLLED_TEXT,
  foreignLang,
  messageIn,
} from '@auto-claim/contract/i18n';
import type { AppContext } from '../../context.js';
import { dbOutbox } from '../../providers/outbox.js';
import { kakaoBy } from './lookups.js';

const demoless = (nm: string) => nm.replace(/\s*\(데모\)$/, '');
/** "A병원" or "A병원 외 2곳", in her language. */
const andMore = (names: string[], lang = 'ko') =>
  names.length <= 1 ? (names[0] ?? '') : messageIn(lang, AND_MORE, { first: names[0]!, more: names.length - 1 });

/** What is confirmed, and in which language (her subscription's: docs/decisions/0010-message-catalogs.md). */
interface Enrolled {
  hospitals: string[];
  insurers: string[];
  childNm?: string;
  lang?: string;
}

/** The SMS form (README "Patient messages"): one sentence naming the hospital and what happened. */
export function enrolledSms(e: Enrolled): string {
  const hospital = andMore(e.hospitals.map(demoless), e.lang);
  const insurer = andMore(e.insurers, e.lang);
  // A child's enrolment is told her guardian, in the guardian's language (the one she enrolled her in); her name is
  // her possessive in Korean (지민이의), her name in another language.
  const lang = foreignLang(e.lang);
  if (!e.childNm) return messageIn(e.lang ?? 'ko', ENROLLED_SMS, { hospital, insurer });
  return lang
    ? messageIn(lang, CHILD_ENROLLED_SMS, { child: e.childNm, hospital, insurer })
    : `${childPossessive(e.childNm)} 자동청구 신청을 받았어요, 서류 확인 뒤 ${hospital} 진료비를 ${insurer}에 청구해요.`;
}

/** The words of the confirmation: what was enrolled, and what happens from now on. */
export function enrolledText(e: Enrolled): string {
  const hospital = andMore(e.hospitals.map(demoless), e.lang);
  const insurer = andMore(e.insurers, e.lang);
  return e.childNm
    ? `${childPossessive(e.childNm)} 자동청구 신청을 받았어요. ${hospital}에서 받은 진료비를 ${insurer}에 자동으로 ` +
        '청구해요. 보내 주신 가족관계 서류를 담당자가 확인한 뒤부터 청구를 시작해요.'
    : messageIn(e.lang ?? 'ko', ENROLLED_TEXT, { hospital, insurer });
}

export async function tellEnrolled(
  ctx: AppContext,
  e: {
    insuApplyId: string;
    userTel: string;
    optTerms: string[];
    hospitals: string[];
    insurers: string[];
    childNm?: string;
    lang?: string;
  },
) {
  if (!e.userTel) return;
  try {
    await ctx.providers.notification.send(
      [
        {
          to: e.userTel,
          template: e.childNm ? 'CHILD_SUBSCRIPTION_CONFIRMED' : 'SUBSCRIPTION_CONFIRMED',
          text: enrolledText(e),
          sms: enrolledSms(e),
          linkPath: `${APP_ROOT}/web/treat`,
          kakao: kakaoBy(e.optTerms, e.lang),
        },
      ],
      dbOutbox(ctx.db, () => ctx.clock.now()),
    );
  } catch (err) {
    ctx.log.warn({ err, insuApplyId: e.insuApplyId }, 'enrolment confirmation not sent');
  }
}
