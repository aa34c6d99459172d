// The enrolment draft (README "Enrolment drafts"): what a verified person typed in the enrolment so far, so that a
// reload or a tab the phone discarded (the relation-document screen sends a parent to 정부24) resumes where she was.
// One row per person, keyed by the hash of her verified CI: a session of anyone else finds nothing, and a new SMS
// verification of hers within the day finds it again. Sealed as one value with the field key; gone
// ENROLMENT_DRAFT_HOURS after her last save (a read treats it as gone at once, the minute's purge deletes it) and as
// soon as she subscribes (enrol.ts, in the subscription's transaction).
import { sql } from 'kysely';
import { ENROLMENT_DRAFT_HOURS, type EnrolmentDraft, type EnrolmentDraftBody } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { purgeInBatches, type PurgeOptions } from '../../db/purge.js';
import { subscriptionsDb } from './tables.js';

const NONE: EnrolmentDraft = { draft: null, savedAt: null, expiresAt: null };

export async function saveDraft(ctx: AppContext, ciHmac: string, draft: EnrolmentDraftBody): Promise<EnrolmentDraft> {
  const savedAt = ctx.clock.now();
  const expiresAt = new Date(savedAt.getTime() + ENROLMENT_DRAFT_HOURS * 3_600_000);
  const draftEnc = ctx.crypto.encryptJson(draft);
  await subscriptionsDb(ctx.db)
    .insertInto('enrolmentDraft')
    .values({ ciHmac, draftEnc, savedAt, expiresAt })
    .onConflict((oc) => oc.column('ciHmac').doUpdateSet({ draftEnc, savedAt, expiresAt }))
    .execute();
  return { draft, savedAt: savedAt.toISOString(), expiresAt: expiresAt.toISOString() };
}

export async function readDraft(ctx: AppContext, ciHmac: string): Promise<EnrolmentDraft> {
  const row = await subscriptionsDb(ctx.db)
    .selectFrom('enrolmentDraft')
    .select(['draftEnc', 'savedAt', 'expiresAt'])
    .where('ciHmac', '=', ciHmac)
    .where('expiresAt', '>', ctx.clock.now())
    .executeTakeFirst();
  if (!row) return NONE;
  return {
    draft: ctx.crypto.decryptJson<EnrolmentDraftBody>(row.draftEnc),
    savedAt: row.savedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Her draft is over: she subscribed (in that transaction), or started afresh. */
export async function deleteDraft(handle: Handle, ciHmac: string): Promise<void> {
  await subscriptionsDb(handle).deleteFrom('enrolmentDraft').where('ciHmac', '=', ciHmac).execute();
}

/** Drafts past their 24 hours, deleted (docs/operations.md, "Retention"). */
export async function purgeExpiredDrafts(handle: Handle, now: Date, opts?: PurgeOptions) {
  return (await purgeInBatches(subscriptionsDb(handle), 'enrolmentDraft', sql`expires_at <= ${now}`, opts)).deleted;
}
