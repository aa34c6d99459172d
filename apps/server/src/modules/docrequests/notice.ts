// The patient hears of a document request only when it needs her (README "Documents an insurer asks for"): when the
// hospital has not answered within DOCUMENT_REQUEST_PATIENT_DAYS, she is told once, by her channel (알림톡 with SMS
// fallback, or SMS only), what the insurer asked, that the hospital has not sent it, and what she can do: ask the
// hospital for it and send it to the insurer herself. A request the hospital answers in time is never told her.
import { DOCUMENT_REQUEST_PATIENT_DAYS, REQUESTED_DOCUMENT_NM, patientLinkPath } from '@auto-claim/contract';
import { DOCS_OVERDUE_SMS, foreignLang, messageIn } from '@auto-claim/contract/i18n';
import type { AppContext } from '../../context.js';
import { signLinkToken } from '../../security/linkToken.js';
import { claimById } from '../claims/index.js';
import { hospitalsByCode, insurersByCode } from '../reference/index.js';
import { subscriberOf } from '../subscriptions/index.js';
import { docrequestsDb } from './tables.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The sentence she reads: what, from whom, why she hears of it, and what she can do; the SMS in her language when it is
 * not Korean (a child's: her guardian's), the papers keeping their Korean names (she asks the hospital by them).
 */
export function overdueText(p: { hospitalNm: string; insurerNm: string; papers: string[]; lang?: string | undefined }) {
  const papers = p.papers.join(', ');
  const lang = foreignLang(p.lang);
  const korean = {
    text:
      `[자동청구] ${p.insurerNm}에서 요청한 ${papers}를 ${p.hospitalNm}에 ${DOCUMENT_REQUEST_PATIENT_DAYS}일 전에 ` +
      `부탁드렸는데 아직 받지 못했어요. 병원에서 ${papers}를 발급받아 ${p.insurerNm}에 보내 주시면 심사가 이어져요.`,
    sms: `${p.hospitalNm}에서 ${p.insurerNm}이 요청한 ${papers}를 아직 보내지 않았어요. 병원에서 발급받아 보험사에 보내 주세요.`,
  };
  if (!lang) return korean;
  return {
    text: korean.text,
    sms: messageIn(lang, DOCS_OVERDUE_SMS, {
      hospital: p.hospitalNm,
      insurer: p.insurerNm,
      papers,
      insurerJosa: '',
      papersJosa: '',
    }),
  };
}

/** Tells each patient whose requests have waited DOCUMENT_REQUEST_PATIENT_DAYS (once per claim); the minute calls it. */
export async function tellOverdue(ctx: AppContext, limit = 100): Promise<number> {
  const now = ctx.clock.now();
  const before = new Date(now.getTime() - DOCUMENT_REQUEST_PATIENT_DAYS * DAY_MS);
  const due = await docrequestsDb(ctx)
    .selectFrom('documentRequest')
    .select(['id', 'claimId', 'hospitalCd', 'insuCompCd', 'documentKind'])
    .where('state', '=', 'open')
    .where('patientToldAt', 'is', null)
    .where('askedAt', '<=', before)
    .orderBy('askedAt')
    .limit(limit)
    .execute();
  const byClaim = new Map<number, typeof due>();
  for (const d of due) byClaim.set(Number(d.claimId), [...(byClaim.get(Number(d.claimId)) ?? []), d]);
  for (const [claimId, rows] of byClaim) {
    // Marked first, in its own statement: a crash after it tells her nothing rather than twice.
    const marked = await docrequestsDb(ctx)
      .updateTable('documentRequest')
      .set({ patientToldAt: now })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .where('patientToldAt', 'is', null)
      .returning('id')
      .execute();
    if (!marked.length) continue;
    const claim = await claimById(ctx.db, claimId);
    if (!claim) continue;
    const who = await subscriberOf(ctx, claim.ciHmac, claim.insuApplyId);
    const phone = who?.person.userTel;
    if (!phone) continue;
    const [[hospital], [insurer]] = await Promise.all([
      hospitalsByCode(ctx.db, [rows[0]!.hospitalCd]),
      insurersByCode(ctx.db, [rows[0]!.insuCompCd]),
    ]);
    const token = await signLinkToken(ctx, {
      purpose: 'treat',
      ciHmac: claim.ciHmac,
      insuApplyId: claim.insuApplyId,
      recordId: claim.recordId,
    });
    const words = overdueText({
      hospitalNm: hospital?.hospitalNm ?? '병원',
      insurerNm: insurer?.insuCompNm ?? '보험사',
      papers: rows.map((r) => REQUESTED_DOCUMENT_NM[r.documentKind]),
      lang: who.lang,
    });
    await ctx.providers.notification.send(
      [
        {
          to: phone,
          // The documents-requested message's template: what the insurer asked and what she can do about it.
          template: 'AUTO_CLAIM_ANSWER_DOCUMENTS',
          ...words,
          linkPath: patientLinkPath('treat', token),
          kakao: who.kakao,
        },
      ],
      ctx.outbox,
    );
  }
  return due.length;
}
