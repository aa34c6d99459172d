// What one operator may take out of the system, counted in her own record (operator_action; docs/security.md,
// "Operator releases"): every release of personal data shares one hourly budget, whatever the screen (a reveal, a
// claim package, a relation document opened, a list exported), and searches naming a person have their own per
// minute. Each is taken under a per-operator advisory lock in the caller's transaction, so parallel calls are counted
// one after another (exact across processes); past the threshold each one raises an alert.
import { sql } from 'kysely';
import {
  OPERATOR_RELEASES_ALERT_AT,
  OPERATOR_RELEASES_PER_HOUR,
  PERSON_SEARCHES_ALERT_AT,
  PERSON_SEARCHES_PER_MINUTE,
  type OperatorAction,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { AppError } from '../../http/errors.js';
import { auditDb } from './tables.js';

/** The operator actions that release personal data: one budget for all of them. */
export const RELEASE_ACTIONS = [
  'patient_revealed',
  'documents_downloaded',
  'relation_document_viewed',
  'list_exported',
] as const satisfies readonly OperatorAction[];
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

/** What the alert counter names (autoclaim_operator_release_alerts_total{kind}). */
const KIND: Record<ReleaseAction, string> = {
  patient_revealed: 'reveal',
  documents_downloaded: 'package',
  relation_document_viewed: 'relation_document',
  list_exported: 'export',
};

const HOUR = 3_600_000;
const MINUTE = 60_000;

const lock = (tx: Handle, key: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(auditDb(tx));

/**
 * Takes one release from the operator's hourly budget, in the caller's transaction (which then writes the release to
 * operator_action before it commits): 429 OPERATOR_RELEASE_LIMITED past OPERATOR_RELEASES_PER_HOUR, nothing taken.
 * A relation document the operator opened within the hour (`target`) is no new release. Answers how many releases
 * the hour holds with this one, for releaseAlert; undefined for no new release (no alert: it released nothing more).
 */
export async function takeRelease(
  tx: Handle,
  e: { loginId: string; action: ReleaseAction; target?: string; now: Date },
): Promise<number | undefined> {
  await lock(tx, `operator-releases:${e.loginId}`);
  const r = await sql<{ n: number; again: boolean }>`select
      (count(*) filter (where action <> 'relation_document_viewed')
        + count(distinct target) filter (where action = 'relation_document_viewed'))::int as n,
      coalesce(bool_or(action = 'relation_document_viewed' and target = ${e.target ?? null}), false) as again
    from operator_action
    where login_id = ${e.loginId} and at >= ${new Date(e.now.getTime() - HOUR)}
      and action in (${sql.join(RELEASE_ACTIONS.map((a) => sql.lit(a)))})`.execute(auditDb(tx));
  const { n, again } = r.rows[0]!;
  if (e.action === 'relation_document_viewed' && again) return undefined;
  if (Number(n) >= OPERATOR_RELEASES_PER_HOUR) {
    throw new AppError(
      'OPERATOR_RELEASE_LIMITED',
      `환자 정보 확인, 서류 열람·내려받기, 목록 내려받기는 합쳐서 한 시간에 ${OPERATOR_RELEASES_PER_HOUR}건까지 할 수 있어요. 잠시 후 다시 시도해 주세요.`,
    );
  }
  return Number(n) + 1;
}

/**
 * After a new release committed: from OPERATOR_RELEASES_ALERT_AT in an hour on, a warning and the alert counter (a
 * document opened again within the hour, `inHour` undefined, is none).
 */
export function releaseAlert(ctx: AppContext, loginId: string, action: ReleaseAction, inHour: number | undefined) {
  if (inHour === undefined || inHour < OPERATOR_RELEASES_ALERT_AT) return;
  ctx.metrics.operatorReleaseAlerts.inc({ kind: KIND[action] });
  ctx.log.warn(
    { operator: loginId, kind: KIND[action], releasesInHour: inHour, alertAt: OPERATOR_RELEASES_ALERT_AT },
    'operator releases of personal data over the alert threshold',
  );
}

/**
 * Takes one person search from the operator's minute (patient_searched, every page), in the caller's transaction
 * which records it: 429 OPERATOR_SEARCH_LIMITED past PERSON_SEARCHES_PER_MINUTE. Answers the count with this one.
 */
export async function takePersonSearch(tx: Handle, e: { loginId: string; now: Date }): Promise<number> {
  await lock(tx, `person-searches:${e.loginId}`);
  const r = await auditDb(tx)
    .selectFrom('operatorAction')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('loginId', '=', e.loginId)
    .where('action', '=', 'patient_searched')
    .where('at', '>=', new Date(e.now.getTime() - MINUTE))
    .executeTakeFirstOrThrow();
  const n = Number(r.n);
  if (n >= PERSON_SEARCHES_PER_MINUTE) {
    throw new AppError(
      'OPERATOR_SEARCH_LIMITED',
      `환자 찾기는 1분에 ${PERSON_SEARCHES_PER_MINUTE}번까지 할 수 있어요. 잠시 후 다시 시도해 주세요.`,
    );
  }
  return n + 1;
}

/** After the search: from PERSON_SEARCHES_ALERT_AT in a minute on, a warning and the alert counter. */
export function personSearchAlert(ctx: Pick<AppContext, 'metrics' | 'log'>, loginId: string, inMinute: number) {
  if (inMinute < PERSON_SEARCHES_ALERT_AT) return;
  ctx.metrics.operatorReleaseAlerts.inc({ kind: 'person_search' });
  ctx.log.warn(
    { operator: loginId, searchesInMinute: inMinute, alertAt: PERSON_SEARCHES_ALERT_AT },
    'operator person searches over the alert threshold',
  );
}
