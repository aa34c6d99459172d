// An operator's download of a claim's PDF package (POST OPERATOR_API.claimPackage), released with a reason.
import type { ReleaseBody } from '@auto-claim/contract/ops';
import type { AppContext } from '../../../context.js';
import { notFound } from '../../../http/problem.js';
import { recordAccess, recordOperatorAction, releaseAlert, takeRelease } from '../../audit/index.js';
import { storePackage } from '../documents.js';
import { claimsDb, claimsTransaction } from '../tables.js';
import type { By } from './actions.js';

/**
 * An operator's download, with a reason as a reveal has (docs/security.md "Operator releases"): one release of
 * the operator's hourly budget (audit's takeRelease: 429 past it, nothing built or written; an alert past its
 * threshold); builds the package, records the documents' hashes, and writes the
 * release to the patient's access log (the reason's category) and the operators' record (category and typed reason).
 * A claim that does not exist answers CLAIM_NOT_FOUND before anything is counted.
 */
export async function recordClaimPackage(
  ctx: AppContext,
  claimId: number,
  release: ReleaseBody,
  by: By,
): Promise<Uint8Array> {
  const exists = await claimsDb(ctx).selectFrom('claim').select('id').where('id', '=', claimId).executeTakeFirst();
  if (!exists) throw notFound('청구를 찾을 수 없어요.', 'CLAIM_NOT_FOUND');
  const now = ctx.clock.now();
  const { pdf, inHour } = await claimsTransaction(ctx).execute(async (tx) => {
    const inHour = await takeRelease(tx, { loginId: by.loginId, action: 'documents_downloaded', now });
    const pdf = await storePackage(ctx, tx, claimId);
    const c = await tx
      .selectFrom('claim')
      .select(['ciHmac', 'recordId'])
      .where('id', '=', claimId)
      .executeTakeFirstOrThrow();
    await recordAccess(
      tx,
      [
        {
          ciHmac: c.ciHmac,
          action: 'released_to_operator',
          actor: `operator:${by.loginId}`,
          claimId,
          detail: release.category,
        },
      ],
      now,
    );
    await recordOperatorAction(
      tx,
      {
        ...by,
        action: 'documents_downloaded',
        ciHmac: c.ciHmac,
        claimId,
        recordId: Number(c.recordId),
        reason: release.reason,
        detail: release.category,
      },
      now,
    );
    return { pdf, inHour };
  });
  releaseAlert(ctx, by.loginId, 'documents_downloaded', inHour);
  return pdf;
}
