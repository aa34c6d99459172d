// The monthly statement's message (README "The monthly statement"): on the 1st of each month, to every live
// subscription that had something that month, a short summary by her channel (알림톡 with SMS fallback, or SMS only:
// the notification provider, as every patient message) and a link (her device, 72 hours) to the month's page. A page of
// subscriptions a transaction, walked by key; the monthly_statement row is written with the message, so a run retried
// or run twice sends nothing again.
import { KST_OFFSET_MS, childPossessive, patientLinkPath } from '@auto-claim/contract';
import { CHILD_STATEMENT_SMS, STATEMENT_SMS, foreignLang, messageIn, monthIn, wonIn } from '@auto-claim/contract/i18n';
import type { AppContext } from '../../context.js';
import { dbOutbox } from '../../providers/outbox.js';
import { signLinkTokens } from '../../security/linkToken.js';
import { monthFigures, type MonthFigures } from '../claims/index.js';
import { contactsOf, liveSubscriptionPage } from '../subscriptions/index.js';
import { statementsDb } from './tables.js';

const WON = new Intl.NumberFormat('ko-KR');

/** Subscriptions a transaction. */
export const STATEMENT_BATCH = 200;

/** The month (YYYY-MM, Korean calendar) before the one `now` falls in: the month a statement sent on the 1st is of. */
export function previousMonth(now: Date): string {
  const k = new Date(now.getTime() + KST_OFFSET_MS);
  const d = new Date(Date.UTC(k.getUTCFullYear(), k.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Nothing to tell: no visit that month and nothing paid for one. */
const quiet = (f: MonthFigures) => f.visits === 0 && f.paidAmount === 0;

/**
 * The statement's words: the 알림톡 text and the SMS sentence, the SMS in the reader's language when it is not Korean
 * (hers, or her guardian's for a child's: the one the guardian enrolled her in). `child` is her possessive (지민이의),
 * `childNm` her name, said in another language.
 */
export function statementText(
  f: MonthFigures,
  child?: string,
  o: { childNm?: string | undefined; lang?: string | undefined } = {},
): { text: string; sms: string } {
  const korean = koreanStatementText(f, child);
  const lang = foreignLang(o.lang);
  if (!lang) return korean;
  const values = {
    month: monthIn(lang, f.month),
    visits: f.visits,
    claimed: f.claimed,
    year: f.month.slice(0, 4),
    received: wonIn(lang, f.receivedThisYear),
  };
  return {
    text: korean.text,
    sms:
      child && o.childNm
        ? messageIn(lang, CHILD_STATEMENT_SMS, { ...values, child: o.childNm })
        : messageIn(lang, STATEMENT_SMS, values),
  };
}

function koreanStatementText(f: MonthFigures, child?: string): { text: string; sms: string } {
  const m = `${Number(f.month.slice(5, 7))}월`;
  const whose = child ? `${child} ` : '';
  const notClaimed = f.notClaimed.reduce((s, r) => s + r.count, 0);
  const year = `${Number(f.month.slice(0, 4))}년`;
  const parts = [
    `${whose}${m} 자동청구 명세예요.`,
    f.claimed === f.visits
      ? `진료 ${f.visits}건을 모두 보험사에 청구했어요.`
      : f.claimed === 0
        ? `진료 ${f.visits}건은 보험사에 청구하지 않았어요.`
        : `진료 ${f.visits}건 중 ${f.claimed}건을 보험사에 청구했어요.`,
    f.paid ? `${f.paid}건은 보험금 ${WON.format(f.paidAmount)}원을 받았어요.` : '',
    f.waiting ? `${f.waiting}건은 아직 심사 중이에요.` : '',
    f.rejected ? `${f.rejected}건은 보험사가 지급하지 않기로 했어요.` : '',
    notClaimed ? `청구하지 않은 ${notClaimed}건은 그 이유를 적어 두었어요.` : '',
    `${year}에 받은 보험금은 모두 ${WON.format(f.receivedThisYear)}원이에요.`,
    '자세한 내용은 아래 버튼에서 볼 수 있어요.',
  ];
  return {
    text: parts.filter(Boolean).join(' '),
    sms: `${whose}${m} 명세: 진료 ${f.visits}건 중 ${f.claimed}건 청구, ${year}에 받은 보험금 ${WON.format(f.receivedThisYear)}원이에요.`,
  };
}

/**
 * Sends the statements of the month before `now` to every live subscription not yet sent one, a page a transaction;
 * answers how many were sent (a quiet month is recorded as sent with channel 'none', so the next run skips it too).
 */
export async function sendMonthlyStatements(ctx: AppContext, batch = STATEMENT_BATCH): Promise<number> {
  const now = ctx.clock.now();
  const month = previousMonth(now);
  let after = '';
  let sent = 0;
  for (;;) {
    const page = await liveSubscriptionPage(ctx.db, after, batch);
    if (page.length === 0) return sent;
    after = page.at(-1)!;
    sent += await statementsDb(ctx)
      .transaction()
      .execute(async (tx) => {
        // The row first: a subscription whose row exists (sent by another run) is not this run's.
        const mine = await tx
          .insertInto('monthlyStatement')
          .values(page.map((insuApplyId) => ({ insuApplyId, month, sentAt: now, channel: 'none' as const })))
          .onConflict((oc) => oc.columns(['insuApplyId', 'month']).doNothing())
          .returning('insuApplyId')
          .execute();
        const ids = mine.map((r) => r.insuApplyId);
        const figures = await Promise.all(ids.map((id) => monthFigures(tx, id, month)));
        const contacts = await contactsOf(ctx, tx, ids);
        const due = ids.flatMap((id, i) => {
          const contact = contacts.get(id);
          return contact && !quiet(figures[i]!) ? [{ id, contact, figures: figures[i]! }] : [];
        });
        if (due.length === 0) return 0;
        const tokens = await signLinkTokens(
          ctx,
          due.map((d) => ({ purpose: 'statement' as const, ciHmac: d.contact.ciHmac, insuApplyId: d.id })),
          tx,
        );
        const channels = await ctx.providers.notification.send(
          due.map((d, i) => {
            const { text, sms } = statementText(
              d.figures,
              d.contact.childNm ? childPossessive(d.contact.childNm) : undefined,
              { childNm: d.contact.childNm, lang: d.contact.lang },
            );
            return {
              to: d.contact.userTel,
              template: 'MONTHLY_STATEMENT' as const,
              text,
              sms,
              linkPath: `${patientLinkPath('statement', tokens[i]!)}`,
              kakao: d.contact.kakao,
            };
          }),
          dbOutbox(tx, () => now),
        );
        for (const [i, d] of due.entries()) {
          await tx
            .updateTable('monthlyStatement')
            .set({ channel: channels[i]?.channel ?? 'kakao' })
            .where('insuApplyId', '=', d.id)
            .where('month', '=', month)
            .execute();
        }
        return due.length;
      });
  }
}
