// The access log (DESIGN §5; PIPA safety measures): who received, made, sent or looked at a patient's records,
// append-only. Every writer goes through recordAccess() with one of ACCESS_ACTIONS, and every action has a sentence
// the patient reads (treats: describe). Beside it, the operators' own record (operator_action): every action an
// operator takes in the console, each reveal or download of personal data with its reason; append-only (a trigger
// refuses updates, and deletes of rows younger than two years), kept three years (retention.ts). Owns: access_log,
// operator_action.
import { sql } from 'kysely';
import type { OperatorAction } from '@auto-claim/contract/ops';
import type { Handle } from '../../db/handle.js';
import { auditDb } from './tables.js';
import type { AccessAction } from './access-actions.js';

export { ACCESS_ACTIONS, type AccessAction } from './access-actions.js';

export interface AccessEntry {
  ciHmac: string;
  action: AccessAction;
  actor: string;
  recordId?: number | null;
  claimId?: number | null;
  detail?: string | null;
}

/** Appends entries, in the caller's transaction when `db` is one. */
export async function recordAccess(handle: Handle, entries: AccessEntry[], at: Date) {
  const db = auditDb(handle);
  if (entries.length === 0) return;
  await db
    .insertInto('accessLog')
    .values(
      entries.map((e) => ({
        ciHmac: e.ciHmac,
        action: e.action,
        actor: e.actor,
        recordId: e.recordId ?? null,
        claimId: e.claimId ?? null,
        detail: e.detail ?? null,
        at,
      })),
    )
    .execute();
}

/**
 * Appends the entry unless the same one (patient, action, actor, detail) is already there since `since`: for entries a
 * read writes (a GET), so that repeating the read adds nothing. Not for use inside a caller's transaction.
 */
export async function recordAccessOnce(handle: Handle, e: AccessEntry, at: Date, since: Date) {
  const db = auditDb(handle);
  const detail = e.detail ?? null;
  // Its own short transaction, holding the patient's lock for this action: parallel reads write one line between them.
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`access-once:${e.ciHmac}:${e.action}`}, 0))`.execute(tx);
    const seen = await tx
      .selectFrom('accessLog')
      .select('id')
      .where('ciHmac', '=', e.ciHmac)
      .where('action', '=', e.action)
      .where('actor', '=', e.actor)
      .where((w) => (detail === null ? w('detail', 'is', null) : w('detail', '=', detail)))
      .where('at', '>=', since)
      .limit(1)
      .executeTakeFirst();
    if (!seen) await recordAccess(tx, [e], at);
  });
}

/** The newest entries of one patient, and how many there are in all. */
export async function accessLogOf(handle: Handle, ciHmac: string, limit: number) {
  const db = auditDb(handle);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('accessLog')
      .select(['id', 'action', 'actor', 'detail', 'at', 'recordId', 'claimId'])
      .where('ciHmac', '=', ciHmac)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('accessLog')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('ciHmac', '=', ciHmac)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, action: r.action as AccessAction })), total: Number(count.n) };
}

// What an operator can do, with its labels: the one list in the contract (ops/actions.ts).
export { OPERATOR_ACTIONS, type OperatorAction } from '@auto-claim/contract/ops';

export { byOperator, recordOperatorAction, type OperatorActionEntry } from './operator-record.js';
export {
  RELEASE_ACTIONS,
  personSearchAlert,
  releaseAlert,
  takePersonSearch,
  takeRelease,
  type ReleaseAction,
} from './budget.js';

/** How many times one operator took `action` since `since` (a limit per operator counts its own record). */
export async function operatorActionCount(handle: Handle, loginId: string, action: OperatorAction, since: Date) {
  const db = auditDb(handle);
  const r = await db
    .selectFrom('operatorAction')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('loginId', '=', loginId)
    .where('action', '=', action)
    .where('at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The operators' actions on one claim, oldest first (a claim's timeline in the console). */
export const operatorActionsOfClaim = (handle: Handle, claimId: number) =>
  auditDb(handle)
    .selectFrom('operatorAction')
    .select(['id', 'at', 'loginId', 'action', 'reason', 'detail'])
    .where('claimId', '=', claimId)
    .orderBy('id')
    .execute();

/**
 * The operators' releases of one held record to its subscriber, oldest first (by the partial index of migration
 * 0053): the timeline of a claim made of it shows who released it, when and why.
 */
export const releasesOfRecord = (handle: Handle, recordId: number) =>
  auditDb(handle)
    .selectFrom('operatorAction')
    .select(['id', 'at', 'loginId', 'action', 'reason', 'detail'])
    .where('recordId', '=', recordId)
    .where('action', '=', 'record_released')
    .orderBy('id')
    .execute();

export { auditRoutes, type AuditLookups } from './routes.js';
export { AUDIT_KEEP_DAYS, auditJobs, purgeAuditLogs } from './retention.js';
export { ACCESS_ACTION, accessActionNm, accessSentence, type AccessFacts } from './sentences.js';
export { EXPORT_DESCRIPTION, EXPORT_FILE, exportList } from './export.js';
