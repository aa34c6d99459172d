// The operators' side of the disputes over whose subscription an insured person is (subscriptions/disputes.ts keeps
// them): a page by key, and the ruling. Keeping the holder changes nothing but the dispute; keeping the claimant ends
// the holder's subscription (end_reason dispute, its files deleted after the commit) so the claimant can enrol. Both
// parties are told; the operators' record keeps who decided and why.
import type { z } from 'zod';
import { childPossessive, APP_ROOT } from '@auto-claim/contract';
import { GUARDIAN_DISPUTE_ENDED_SMS, messageIn } from '@auto-claim/contract/i18n';
import type { DisputeResolveBody, InsuredDispute, insuredDisputesQuery } from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';

import { dbOutbox } from '../../providers/outbox.js';
import { deleteDocumentsOf } from './files.js';
import { recordOperatorAction, type byOperator } from '../audit/index.js';
import {
  cancelForDispute,
  disputeById,
  disputePage as page,
  markDisputeResolved,
  tellGuardian,
} from '../subscriptions/index.js';
import { guardiansDb } from './tables.js';

type By = ReturnType<typeof byOperator>;

export const disputePage = (ctx: AppContext, q: z.output<typeof insuredDisputesQuery>) => page(ctx, q);

export async function resolveDispute(
  ctx: AppContext,
  disputeId: number,
  body: DisputeResolveBody,
  by: By,
): Promise<InsuredDispute> {
  const now = ctx.clock.now();
  let endedId: string | undefined;
  const files = await guardiansDb(ctx.db)
    .transaction()
    .execute(async (tx) => {
      const d = await markDisputeResolved(ctx, tx, disputeId, body.kept, by.loginId, now);
      await recordOperatorAction(
        tx,
        {
          ...by,
          action: 'insured_dispute_resolved',
          target: `insured_dispute:${disputeId}`,
          reason: body.reason,
          detail: body.kept,
        },
        now,
      );
      const claimant = d.claimant;
      const whose = claimant.kind === 'child' ? childPossessive(claimant.insuredNm) : `${claimant.insuredNm}님의`;
      let ended: string[] = [];
      if (body.kept === 'claimant') {
        // The holder is told before her subscription ends (its message still opens her history).
        await tellGuardian(
          ctx,
          tx,
          d.holderInsuApplyId,
          'CHILD_SUBSCRIPTION_ENDED',
          ({ child }) =>
            `${childPossessive(child.userNm)} 자동청구를 다른 보호자나 본인이 신청해서, 운영자가 확인한 뒤 보호자로 신청한 ` +
            '자동청구를 끝냈어요. 그동안의 진료 내역은 아래 버튼에서 본인인증을 하고 볼 수 있어요.',
          ({ child }, lang) => messageIn(lang, GUARDIAN_DISPUTE_ENDED_SMS, { child: child.userNm }),
        );
        ended = await cancelForDispute(ctx, tx, d.holderInsuApplyId, now);
        endedId = d.holderInsuApplyId;
      }
      await ctx.providers.notification.send(
        [
          {
            to: claimant.userTel,
            template: 'INSURED_DISPUTE_RESOLVED',
            text:
              body.kept === 'claimant'
                ? `${whose} 자동청구 가입을 운영자가 확인했어요. 이제 가입할 수 있어요. 아래 버튼에서 다시 신청해 주세요.`
                : `${whose} 자동청구 가입을 운영자가 확인했어요. 이미 가입된 자동청구를 그대로 두기로 해서 새로 가입할 수 없어요. 궁금한 점은 고객센터에 물어봐 주세요.`,
            sms: `${whose} 자동청구 가입을 운영자가 확인했어요.`,
            linkPath: `${APP_ROOT}/`,
            kakao: false,
          },
        ],
        dbOutbox(tx, () => ctx.clock.now()),
      );
      return ended;
    });
  for (const blobId of files) {
    try {
      await ctx.blobs.delete(blobId);
    } catch (err) {
      ctx.log.warn({ err, blobId }, 'a subscription file was not deleted; the orphan sweep removes it');
    }
  }
  if (endedId) await deleteDocumentsOf(ctx, endedId);
  return disputeById(ctx, disputeId);
}
