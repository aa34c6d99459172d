// An insurer asks for a copy of the patient's ID document about one claim (issue 5 §6): the request is kept, and the
// patient gets an 알림톡 with a single-use link to /web/IDPhoto. The engine's delivery (an insurer's answer) and the
// sandbox insurer both come through here.
import { patientLinkPath } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/problem.js';
import { signLinkToken } from '../../security/linkToken.js';
import * as repo from './repo.js';

/** The 알림톡 template the ID request text is approved under. */
export const ID_REQUEST_TEMPLATE = 'AUTOCLAIM_ID_REQUEST';

export const DEFAULT_ID_REQUEST_REASON = '보험금 심사를 위해 신분증 사본이 필요해요.';

/** The patient's phone from the subscription (encrypted at rest). */
async function phoneOf(ctx: AppContext, insuApplyId: string | null, ciHmac: string) {
  let q = ctx.db.selectFrom('subscription').select('personEnc').where('ciHmac', '=', ciHmac);
  if (insuApplyId) q = q.where('insuApplyId', '=', insuApplyId);
  const row = await q.orderBy('updatedAt', 'desc').executeTakeFirst();
  if (!row) return undefined;
  return ctx.crypto.decryptJson<{ userTel?: string }>(row.personEnc).userTel || undefined;
}

export async function requestIdCard(
  ctx: AppContext,
  r: { claimId: number; reason?: string | undefined },
): Promise<{ id: number; created: boolean }> {
  const claim = await repo.findClaim(ctx.db, r.claimId);
  if (!claim) throw notFound('청구를 찾을 수 없어요.', 'CLAIM_NOT_FOUND');
  const now = ctx.clock.now();
  const made = await repo.insertIdCardRequest(
    ctx.db,
    {
      ciHmac: claim.ciHmac,
      insuCompCd: claim.insuCompCd,
      claimId: claim.id,
      reason: r.reason?.trim() || DEFAULT_ID_REQUEST_REASON,
    },
    now,
  );
  if (!made.created) return made;
  const phone = await phoneOf(ctx, claim.insuApplyId, claim.ciHmac);
  if (phone) {
    const token = await signLinkToken(ctx, {
      purpose: 'idCard',
      ciHmac: claim.ciHmac,
      insuApplyId: claim.insuApplyId,
      recordId: claim.recordId,
    });
    const names = await repo.namesOf(ctx.db, [], [claim.insuCompCd]);
    const insurerNm = names.insurer.get(claim.insuCompCd) ?? claim.insuCompCd;
    await ctx.providers.notification.send(
      [
        {
          to: phone,
          template: ID_REQUEST_TEMPLATE,
          text: `[자동청구] ${insurerNm}에서 보험금 심사를 위해 신분증 사본을 요청했어요. 아래 버튼을 눌러 제출해 주세요.`,
          linkPath: patientLinkPath('idCard', token),
        },
      ],
      ctx.db,
    );
  }
  return made;
}
