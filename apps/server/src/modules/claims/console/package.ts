// An operator's download of a claim's PDF package (POST OPERATOR_API.claimPackage), released with a reason.
import { sql } from 'kysely';
import { PACKAGE_DOWNLOADS_ALERT_AT, PACKAGE_DOWNLOADS_PER_HOUR, type ReleaseBody } from '@auto-claim/contract/ops';
import type { AppContext } from '../../../context.js';
import { AppError, notFound } from '../../../http/problem.js';
import { operatorActionCount, recordAccess, recordOperatorAction } from '../../audit/index.js';
import { storePackage } from '../documents.js';
import { claimsDb, claimsTransaction } from '../tables.js';
import type { By } from './actions.js';

const HOUR = 3_600_000;

/**
 * An operator's download, with a reason as a reveal has (docs/security.md "Operator releases"): at most
 * PACKAGE_DOWNLOADS_PER_HOUR per operator (429 past it, nothing built or written), an alert from the
 * PACKAGE_DOWNLOADS_ALERT_AT-th in an hour on; builds the package, records the documents' hashes, and writes the
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
    // One operator's downloads one at a time, so that parallel calls cannot pass the limit together.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`package-downloads:${by.loginId}`}, 0))`.execute(tx);
    const before = await operatorActionCount(tx, by.loginId, 'documents_downloaded', new Date(now.getTime() - HOUR));
    if (before >= PACKAGE_DOWNLOADS_PER_HOUR) {
      throw new AppError(
        'OPERATOR_RELEASE_LIMITED',
        `청구 서류는 한 시간에 ${PACKAGE_DOWNLOADS_PER_HOUR}건까지 내려받을 수 있어요. 잠시 후 다시 시도해 주세요.`,
      );
    }
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
    return { pdf, inHour: before + 1 };
  });
  if (inHour >= PACKAGE_DOWNLOADS_ALERT_AT) {
    ctx.metrics.operatorReleaseAlerts.inc({ kind: 'package' });
    ctx.log.warn(
      { operator: by.loginId, packagesInHour: inHour, alertAt: PACKAGE_DOWNLOADS_ALERT_AT },
      'operator claim package downloads over the alert threshold',
    );
  }
  return pdf;
}
