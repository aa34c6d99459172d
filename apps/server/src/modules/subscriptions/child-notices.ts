// What a guardian (and a grown child) is told about a child's subscription itself (README "Children: a guardian claims
// for a child"): the relation confirmed or refused (sent for the guardians module), the child turning 19 (a month
// before and on the day: the daily job here), and the subscription ended (she enrolled herself, or an operator's
// ruling). Each goes to the guardian's phone by her channel (알림톡 with SMS fallback, or SMS only) with a link to
// the child's history while the subscription is live; the child's own phone, when the guardian gave it, gets the
// invitation to enrol herself.
import {
  ADULT_NOTICE_MONTHS_BEFORE,
  APP_ROOT,
  addMonths,
  childCalled,
  childPossessive,
  formatYmd,
  kstToday,
  patientLinkPath,
} from '@auto-claim/contract';
import {
  CHILD_INVITE_DAY_SMS,
  CHILD_INVITE_MONTH_SMS,
  GUARDIAN_ADULT_DAY_SMS,
  GUARDIAN_ADULT_MONTH_SMS,
  GUARDIAN_GROWN_UP_SMS,
  dateIn,
  foreignLang,
  messageIn,
} from '@auto-claim/contract/i18n';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { firstSentence, type PatientMessage, type PatientTemplate } from '../../providers/notification/types.js';
import { dbOutbox } from '../../providers/outbox.js';
import { signLinkTokens } from '../../security/linkToken.js';
import { kakaoBy } from './lookups.js';
import { guardianOf, personOf, type GuardianPerson, type SubscriptionPerson } from './person.js';
import { subscriptionsDb } from './tables.js';

/** The words of one message to a guardian, from the child's details. */
export type GuardianText = (c: { child: SubscriptionPerson; guardian: GuardianPerson }) => string;
/**
 * The same message's SMS form in the guardian's language (`lang`, not Korean): the child's subscription keeps the
 * language of the guardian who enrolled her (docs/decisions/0010-message-catalogs.md). Such a message goes by SMS/LMS
 * (kakaoBy: the 알림톡 templates are approved in Korean); in Korean the SMS is the text's first sentence, as before.
 */
export type GuardianSms = (c: { child: SubscriptionPerson; guardian: GuardianPerson }, lang: string) => string;

/**
 * Tells the guardian of a child's subscription, in the caller's transaction (the link's token exists only if the
 * message does). A live subscription's message opens the child's history; an ended one's opens the history page,
 * which asks for an SMS verification. Nothing when the row is not a child's.
 */
export async function tellGuardian(
  ctx: AppContext,
  handle: Handle,
  insuApplyId: string,
  template: PatientTemplate,
  text: GuardianText,
  smsIn: GuardianSms,
) {
  const row = await subscriptionsDb(handle)
    .selectFrom('subscription')
    .select(['insuApplyId', 'ciHmac', 'status', 'personEnc', 'guardianEnc', 'optTerms', 'lang'])
    .where('insuApplyId', '=', insuApplyId)
    .executeTakeFirst();
  if (!row?.guardianEnc) return;
  const guardian = guardianOf(ctx, row.guardianEnc);
  if (!guardian.userTel) return;
  const child = personOf(ctx, row.personEnc);
  const said = text({ child, guardian });
  const lang = foreignLang(row.lang);
  const [token] =
    row.status === 'subscribe'
      ? await signLinkTokens(ctx, [{ purpose: 'treat', ciHmac: row.ciHmac, insuApplyId }], handle)
      : [undefined];
  await ctx.providers.notification.send(
    [
      {
        to: guardian.userTel,
        template,
        text: said,
        sms: lang ? smsIn({ child, guardian }, lang) : firstSentence(said),
        linkPath: token ? patientLinkPath('treat', token) : `${APP_ROOT}/web/treat`,
        kakao: kakaoBy(row.optTerms, row.lang),
      },
    ],
    dbOutbox(handle, () => ctx.clock.now()),
  );
}

/** After the grown child enrolled herself (enrol.ts, a takeover). */
export const tellGuardianGrownUp = (ctx: AppContext, insuApplyId: string) =>
  tellGuardian(
    ctx,
    ctx.db,
    insuApplyId,
    'CHILD_SUBSCRIPTION_ENDED',
    ({ child }) =>
      `${childCalled(child.userNm)}가 만 19세가 되어 직접 자동청구에 가입했어요. 보호자로 신청한 ${childPossessive(child.userNm)} ` +
      '자동청구는 끝났어요. 그동안의 진료 내역은 아래 버튼에서 본인인증을 하고 볼 수 있어요.',
    ({ child }, lang) => messageIn(lang, GUARDIAN_GROWN_UP_SMS, { child: child.userNm, childJosa: '' }),
  );

/** How many notices one run sends at most (the rest go the next day; a child's birthday is a day long). */
const ADULT_NOTICE_BATCH = 500;

/**
 * The daily notices of a child turning 19 (ADULT_AGE): a month before (ADULT_NOTICE_MONTHS_BEFORE) and on the day,
 * each once (adult_notice_month_at, adult_notice_day_at), to the guardian and, when known, to the child. A child whose
 * month notice was never sent before her birthday gets the day's only. Answers how many subscriptions were told.
 */
export async function adultNotices(ctx: AppContext, limit = ADULT_NOTICE_BATCH): Promise<number> {
  const now = ctx.clock.now();
  const today = kstToday(now);
  const inAMonth = addMonths(today, ADULT_NOTICE_MONTHS_BEFORE);
  const db = subscriptionsDb(ctx.db);
  let told = 0;
  for (const which of ['day', 'month'] as const) {
    const column = which === 'day' ? 'adultNoticeDayAt' : 'adultNoticeMonthAt';
    let q = db
      .selectFrom('subscription')
      .select(['insuApplyId', 'adultOn', 'personEnc', 'lang'])
      .where('guardianCiHmac', 'is not', null)
      .where('status', '=', 'subscribe')
      .where(column, 'is', null);
    // The partial index subscription_adult_on: live children by their 19th birthday.
    q =
      which === 'day'
        ? q.where('adultOn', '<=', today)
        : q.where('adultOn', '<=', inAMonth).where('adultOn', '>', today);
    const due = await q.orderBy('adultOn').limit(limit).execute();
    for (const s of due) {
      await db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable('subscription')
          // The day's notice settles the month's too: it is never sent after the birthday.
          .set(
            which === 'day'
              ? { adultNoticeDayAt: now, adultNoticeMonthAt: sql<Date>`coalesce(adult_notice_month_at, ${now})` }
              : { adultNoticeMonthAt: now },
          )
          .where('insuApplyId', '=', s.insuApplyId)
          .where(column, 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) return;
        const on = formatYmd(s.adultOn!);
        await tellGuardian(
          ctx,
          trx,
          s.insuApplyId,
          'CHILD_TURNING_ADULT',
          ({ child }) =>
            which === 'day'
              ? `오늘(${on}) ${childCalled(child.userNm)}가 만 19세가 되었어요. 오늘부터 받은 진료는 보호자가 대신 청구할 수 없어서 자동으로 청구하지 않아요. ` +
                `어제까지 받은 진료는 그대로 청구해 드려요. ${childCalled(child.userNm)}는 이제 본인인증을 하고 직접 가입할 수 있어요.`
              : `${childCalled(child.userNm)}가 ${on}에 만 19세가 돼요. 그날부터 받은 진료는 보호자가 대신 청구할 수 없어서 자동으로 청구하지 않아요. ` +
                `그 전날까지 받은 진료는 그대로 청구해 드려요. 생일부터는 ${childCalled(child.userNm)}가 본인인증을 하고 직접 가입할 수 있어요.`,
          ({ child }, lang) =>
            messageIn(lang, which === 'day' ? GUARDIAN_ADULT_DAY_SMS : GUARDIAN_ADULT_MONTH_SMS, {
              child: child.userNm,
              childJosa: '',
              date: dateIn(lang, s.adultOn!),
            }),
        );
        const child = personOf(ctx, s.personEnc);
        const lang = foreignLang(s.lang);
        if (child.ownTel) {
          const message: PatientMessage = {
            to: child.ownTel,
            template: 'CHILD_ADULT_INVITE',
            text:
              which === 'day'
                ? `${child.userNm}님, 만 19세 생일을 축하해요. 그동안 보호자가 대신 신청한 실손보험 자동청구를 이제 직접 가입해서 이어 갈 수 있어요.`
                : `${child.userNm}님, ${on}에 만 19세가 돼요. 그날부터는 보호자 대신 직접 실손보험 자동청구에 가입해서 진료비를 청구할 수 있어요.`,
            sms: messageIn(lang ?? 'ko', which === 'day' ? CHILD_INVITE_DAY_SMS : CHILD_INVITE_MONTH_SMS, {
              name: child.userNm,
              date: lang ? dateIn(lang, s.adultOn!) : on,
            }),
            linkPath: `${APP_ROOT}/`,
            kakao: false,
          };
          await ctx.providers.notification.send(
            [message],
            dbOutbox(trx, () => ctx.clock.now()),
          );
        }
        told++;
      });
    }
  }
  return told;
}
