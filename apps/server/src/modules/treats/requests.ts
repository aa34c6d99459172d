// An insurer asks for a copy of the patient's ID document about one claim: the request is kept, and the
// patient gets an 알림톡 with a link to /web/IDPhoto (it opens on the device that first opened it:
// security/linkToken.ts). The engine's delivery (an insurer's answer) and the sandbox insurer both come through here.
import { patientLinkPath } from '@auto-claim/contract';
import { ID_REQUEST_SMS, foreignLang, messageIn } from '@auto-claim/contract/i18n';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/problem.js';
import { messageSafe } from '../../providers/notification/free-text.js';
import { signLinkToken } from '../../security/linkToken.js';
import { claimById } from '../claims/index.js';
import { insurersByCode } from '../reference/index.js';
import { subscriberOf } from '../subscriptions/index.js';
import * as repo from './repo.js';

/** The 알림톡 template the ID request text is approved under. */
export const ID_REQUEST_TEMPLATE = 'AUTOCLAIM_ID_REQUEST';

export const DEFAULT_ID_REQUEST_REASON = '보험금 심사를 위해 신분증 사본이 필요해요.';

export async function requestIdCard(
  ctx: AppContext,
  r: { claimId: number; reason?: string | undefined; silent?: boolean | undefined },
): Promise<{ id: number; created: boolean }> {
  const claim = await claimById(ctx.db, r.claimId);
  if (!claim) throw notFound('청구를 찾을 수 없어요.', 'CLAIM_NOT_FOUND');
  const now = ctx.clock.now();
  const made = await repo.insertIdCardRequest(
    ctx.db,
    {
      ciHmac: claim.ciHmac,
      insuCompCd: claim.insuCompCd,
      claimId: claim.id,
      // The insurer's words, as the history shows them: one line, no link, no control or bidi character.
      reason: messageSafe(r.reason, 200) || DEFAULT_ID_REQUEST_REASON,
    },
    now,
  );
  if (!made.created) return made;
  const who = await subscriberOf(ctx, claim.ciHmac, claim.insuApplyId);
  const phone = who?.person.userTel || undefined;
  // silent: the insurer's answer's own message tells her of this request among its other papers.
  if (phone && !r.silent) {
    const token = await signLinkToken(ctx, {
      purpose: 'idCard',
      ciHmac: claim.ciHmac,
      insuApplyId: claim.insuApplyId,
      recordId: claim.recordId,
    });
    const [insurer] = await insurersByCode(ctx.db, [claim.insuCompCd]);
    const insurerNm = insurer?.insuCompNm ?? claim.insuCompCd;
    await ctx.providers.notification.send(
      [
        {
          to: phone,
          template: ID_REQUEST_TEMPLATE,
          text: `[자동청구] ${insurerNm}에서 보험금 심사를 위해 신분증 사본을 요청했어요. 아래 버튼을 눌러 제출해 주세요.`,
          // In her language when it is not Korean (then by SMS/LMS: the 알림톡 template is approved in Korean).
          sms: foreignLang(who?.lang)
            ? messageIn(who!.lang, ID_REQUEST_SMS, { insurer: insurerNm })
            : `${insurerNm}에서 보험금 심사를 위해 신분증 사본을 요청했어요.`,
          linkPath: patientLinkPath('idCard', token),
          // Her 알림톡 consent and her language decide the channel (SMS/LMS only without it: kakaoBy).
          kakao: who?.kakao ?? false,
        },
      ],
      ctx.outbox,
    );
  }
  return made;
}
