// Claims retention (docs/operations.md §9): a claim closed for good (paid or rejected) is kept three years after it
// closed, the prescription of an insurance claim (상법 제662조: 보험금청구권은 3년간 행사하지 아니하면 시효의 완성으로
// 소멸한다), then deleted with what the claims module keeps of it: its status history, delivery and delivery attempts,
// the insurers' answers, its documents' hashes and the package as sent (the blob store). A batch at a time on the
// index of closed claims (migration 0035, claim_closed), from the minute tick, like every other purge (db/purge.ts).
//
// The dashboard's day counts keep a purged claim: the rollups' triggers skip a delete made while auto_claim.purge is
// 'retention' (migration 0035), so the counts of a day three years ago do not change when its claims go. Not purged
// here: a failed claim (its dead letter waits for an operator; deadLetterCounts counts from the rollup), one still
// under way, the treatment record (the feed's; its own purge: held.ts), the access log and the operators' record
// (audit, their own period).
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { purgeTreeInBatches, type PurgeOptions } from '../../db/purge.js';
import { deletePackageFiles } from './documents.js';
import { claimsDb } from './tables.js';

/** Years a closed claim is kept after it closed (상법 제662조; to confirm with counsel, docs/operations.md §9). */
export const CLAIM_KEEP_YEARS = 3;
/** The statuses a claim never leaves by itself. */
export const CLOSED_CLAIM_STATUSES = ['paid', 'rejected'] as const;

/** The moment before which a claim closed is past its period. */
export const claimCutoff = (now: Date) => {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - CLAIM_KEEP_YEARS);
  return cutoff;
};

/** Deletes the closed claims past their period; answers how many went (their package files deleted after). */
export async function purgeClosedClaims(ctx: AppContext, now: Date, opts?: PurgeOptions) {
  const statuses = sql.join(CLOSED_CLAIM_STATUSES.map((s) => sql.lit(s)));
  const due = sql`status in (${statuses}) and updated_at < ${claimCutoff(now)}`;
  const r = await purgeTreeInBatches(claimsDb(ctx), 'claim', due, {
    ...opts,
    key: 'id',
    setting: ['auto_claim.purge', 'retention'],
    children: [
      { table: 'claimStatusHistory', column: 'claim_id' },
      { table: 'claimDeliveryAttempt', column: 'claim_id' },
      { table: 'claimDelivery', column: 'claim_id' },
      { table: 'claimNote', column: 'claim_id' },
      { table: 'answerNotice', column: 'claim_id' },
      { table: 'insurerAnswer', column: 'claim_id' },
      { table: 'claimDocument', column: 'claim_id', returning: 'file_blob_id' },
    ],
  });
  if (r.values.length) await deletePackageFiles(ctx, r.values);
  return r.deleted;
}
