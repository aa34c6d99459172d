// Dual control that one admin cannot fake (docs/security.md, "Insiders: admin accounts"). A new admin, a promotion to
// admin and an admin's second-factor reset are requests: another admin approves, and the change applies only after a
// hold (ADMIN_CHANGE_HOLD_HOURS) every admin is shown. Who may approve is decided by people, not login ids: never the
// asker, never the account the change is about, never an account the asker created, promoted or reset, and never one
// created, promoted or reset within APPROVER_COOLING_DAYS (mayApprove; the insurer destination changes ask it too).
// Every console change of an account is written to operator_account_change, the immediate ones as applied, so the
// history that decides is there. Each step goes to the operators' record, to the log as an alert, and to every
// admin's console (the list below, shown as a banner on every screen).
import { sql, type Selectable, type Transaction } from 'kysely';
import {
  ACCOUNT_CHANGE_SHOWN_HOURS,
  ACCOUNT_CHANGE_TTL_HOURS,
  APPROVER_COOLING_DAYS,
  type AccountChange,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import type { JobModule } from '../../jobs/runtime.js';
import type { Handle } from '../../db/handle.js';
import { AppError } from '../../http/problem.js';
import { endOperatorSessions } from '../../security/operator-session.js';
import { recordOperatorAction, type OperatorActionEntry } from '../audit/index.js';
import { type OperatorAccountChangeTable, type OperatorRole, operatorsDb, type OperatorsTables } from './tables.js';

type Who = Pick<OperatorActionEntry, 'loginId' | 'ipEnc'>;
type Row = Selectable<OperatorAccountChangeTable>;
type Kind = OperatorAccountChangeTable['kind'];

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const DEFAULT_HOLD_HOURS = 24;
export const holdHoursOf = (ctx: AppContext) => ctx.config.adminChangeHoldHours ?? DEFAULT_HOLD_HOURS;
const coolingDaysOf = (ctx: Pick<AppContext, 'config'>) => ctx.config.adminApproverCoolingDays ?? APPROVER_COOLING_DAYS;

/** An admin's or a second factor's change that may give someone an admin's powers: it needs a second admin. */
const grantsAdmin = (r: Pick<Row, 'kind' | 'role'>) => r.kind === 'second_factor_reset' || r.role === 'admin';

const dateOf = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

/**
 * Why `approver` may not approve a change `requester` asked for (about `target`), or null when she may. The same rule
 * for admin-account changes and insurer destination changes.
 */
export async function approverRefusal(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  handle: Handle,
  approver: string,
  requester: string,
  target?: string,
): Promise<AppError | null> {
  const now = ctx.clock.now();
  const coolingDays = coolingDaysOf(ctx);
  if (approver === requester) {
    return new AppError('SAME_ADMIN', '직접 요청한 변경은 승인할 수 없어요. 다른 관리자의 승인을 기다려요.');
  }
  if (target !== undefined && approver === target) {
    return new AppError(
      'APPROVER_NOT_INDEPENDENT',
      '내 계정에 관한 변경은 승인할 수 없어요. 다른 관리자의 승인을 기다려요.',
    );
  }
  const history = await operatorsDb(handle)
    .selectFrom('operatorAccountChange')
    .select(['kind', 'role', 'requestedBy', 'appliedAt'])
    .where('targetLoginId', '=', approver)
    .where('status', '=', 'applied')
    .execute();
  if (history.some((h) => h.requestedBy === requester)) {
    return new AppError(
      'APPROVER_NOT_INDEPENDENT',
      `이 계정(${approver})은 요청한 관리자(${requester})가 만들었거나 역할을 바꿨거나 2단계 인증을 초기화한 계정이라, ` +
        '그 관리자의 요청은 승인할 수 없어요. 그 전부터 있던 다른 관리자가 승인해야 해요.',
    );
  }
  const since = now.getTime() - coolingDays * DAY;
  const recent = history
    .filter((h) => h.appliedAt && (h.kind === 'create' || grantsAdmin(h)) && h.appliedAt.getTime() > since)
    .map((h) => h.appliedAt!.getTime());
  if (recent.length) {
    const until = new Date(Math.max(...recent) + coolingDays * DAY);
    return new AppError(
      'APPROVER_NOT_INDEPENDENT',
      `이 계정은 ${coolingDays}일 안에 만들어졌거나 관리자가 됐거나 2단계 인증이 초기화돼서, ` +
        `${dateOf(until)}부터 다른 관리자의 요청을 승인할 수 있어요.`,
    );
  }
  return null;
}

/** Throws why `approver` may not approve `requester`'s change (403 SAME_ADMIN or APPROVER_NOT_INDEPENDENT). */
export async function assertMayApprove(ctx: AppContext, approver: string, requester: string) {
  const refusal = await approverRefusal(ctx, ctx.db, approver, requester);
  if (refusal) throw refusal;
}

const CHANGE_GONE = () =>
  new AppError('CHANGE_NOT_FOUND', '그 변경 요청이 없거나 이미 처리됐어요. 목록을 새로 불러와 주세요.');

const kindOf = (r: Pick<Row, 'kind' | 'role'>): AccountChange['kind'] =>
  r.kind === 'create' ? 'create_admin' : r.kind === 'role' ? 'promote' : 'second_factor_reset';

function toChange(r: Row, refusal: AppError | null): AccountChange {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: String(r.id),
    kind: kindOf(r),
    loginId: r.targetLoginId,
    requestedBy: r.requestedBy,
    requestedAt: r.requestedAt.toISOString(),
    expiresAt: (r.expiresAt ?? r.requestedAt).toISOString(),
    status: r.status,
    decidedBy: r.decidedBy,
    decidedAt: iso(r.decidedAt),
    effectiveAt: iso(r.effectiveAt),
    appliedAt: iso(r.appliedAt),
    mayApprove: r.status === 'pending' && !refusal,
    whyNot: r.status === 'pending' ? (refusal?.detail ?? null) : null,
  };
}

/** One change as `me` sees it (whether she may approve it, and why not). */
async function changeFor(ctx: AppContext, handle: Handle, r: Row, me: string) {
  return toChange(r, await approverRefusal(ctx, handle, me, r.requestedBy, r.targetLoginId));
}

/** Told to every admin: the log's alert (for the operators' alerting) beside the console's list and banner. */
function alertAdmins(
  ctx: AppContext,
  step: string,
  r: Pick<Row, 'id' | 'kind' | 'role' | 'targetLoginId'>,
  by: string,
) {
  ctx.log.warn(
    { alert: 'admin_account_change', step, changeId: String(r.id), kind: kindOf(r), target: r.targetLoginId, by },
    `admin account change ${step}: every admin is shown it in the console`,
  );
}

/** A console change of an account that needs no second admin, written as applied (the history mayApprove reads). */
export async function recordAppliedChange(
  tx: Transaction<OperatorsTables>,
  who: Who,
  change: { kind: Kind; target: string; role?: OperatorRole },
  now: Date,
) {
  await tx
    .insertInto('operatorAccountChange')
    .values({
      kind: change.kind,
      targetLoginId: change.target,
      role: change.role ?? null,
      requestedBy: who.loginId,
      requestedAt: now,
      needsApproval: false,
      status: 'applied',
      appliedAt: now,
    })
    .execute();
}

const OPEN = () =>
  new AppError(
    'ACCOUNT_CHANGE_OPEN',
    '이 계정에 승인이나 적용을 기다리는 관리자 계정 변경이 이미 있어요. 그 요청이 처리된 뒤에 다시 해 주세요.',
  );

/**
 * Asks for a change that needs a second admin, in the caller's transaction (operator-accounts.ts): it waits
 * ACCOUNT_CHANGE_TTL_HOURS for an approval. One open change per account.
 */
export async function requestAccountChange(
  ctx: AppContext,
  tx: Transaction<OperatorsTables>,
  who: Who,
  change: { kind: Kind; target: string; role?: OperatorRole; passwordHash?: string },
): Promise<AccountChange> {
  const now = ctx.clock.now();
  await lapseOverdue(tx, now);
  const open = await tx
    .selectFrom('operatorAccountChange')
    .select('id')
    .where('targetLoginId', '=', change.target)
    .where('status', 'in', ['pending', 'approved'])
    .executeTakeFirst();
  if (open) throw OPEN();
  const row = await tx
    .insertInto('operatorAccountChange')
    .values({
      kind: change.kind,
      targetLoginId: change.target,
      role: change.role ?? null,
      passwordHash: change.passwordHash ?? null,
      requestedBy: who.loginId,
      requestedAt: now,
      needsApproval: true,
      status: 'pending',
      expiresAt: new Date(now.getTime() + ACCOUNT_CHANGE_TTL_HOURS * HOUR),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordOperatorAction(
    tx,
    {
      ...who,
      action: 'operator_change_requested',
      target: change.target,
      detail: JSON.stringify({ changeId: String(row.id), kind: kindOf(row) }),
    },
    now,
  );
  alertAdmins(ctx, 'requested', row, who.loginId);
  return changeFor(ctx, tx, row, who.loginId);
}

/** Pending changes past their approval window lapse. */
async function lapseOverdue(handle: Handle, now: Date) {
  await operatorsDb(handle)
    .updateTable('operatorAccountChange')
    .set({ status: 'lapsed', passwordHash: null })
    .where('status', '=', 'pending')
    .where('expiresAt', '<=', now)
    .execute();
}

/** The advisory lock every change that could alter who is an admin takes (operator-accounts.ts withAccount). */
const adminsLock = (tx: Transaction<OperatorsTables>) =>
  sql`select pg_advisory_xact_lock(hashtextextended('operator-admins', 0))`.execute(tx);

/**
 * Applies every approved change whose hold has passed (and lapses pending ones past their window): called by the
 * minute's tick, before a sign-in and before the console lists accounts or changes, so a change applies on time
 * whichever comes first. Idempotent; each change in its own transaction.
 */
export async function applyDueAccountChanges(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  await lapseOverdue(ctx.db, now);
  const due = await operatorsDb(ctx.db)
    .selectFrom('operatorAccountChange')
    .select('id')
    .where('status', '=', 'approved')
    .where('effectiveAt', '<=', now)
    .orderBy('id')
    .execute();
  let applied = 0;
  for (const { id } of due) {
    const done = await operatorsDb(ctx.db)
      .transaction()
      .execute(async (tx) => {
        await adminsLock(tx);
        const c = await tx
          .selectFrom('operatorAccountChange')
          .selectAll()
          .where('id', '=', id)
          .where('status', '=', 'approved')
          .forUpdate()
          .executeTakeFirst();
        if (!c) return null;
        const account = await tx
          .selectFrom('operator')
          .select(['role', 'disabledAt'])
          .where('loginId', '=', c.targetLoginId)
          .executeTakeFirst();
        let ok = false;
        if (c.kind === 'create' && !account && c.passwordHash) {
          await tx
            .insertInto('operator')
            .values({
              loginId: c.targetLoginId,
              passwordHash: c.passwordHash,
              role: c.role ?? 'admin',
              // Issued by the requesting admin: changed at the first sign-in (operator-session.ts).
              mustChangePassword: true,
            })
            .execute();
          ok = true;
        } else if (c.kind === 'role' && account && !account.disabledAt && c.role) {
          await tx.updateTable('operator').set({ role: c.role }).where('loginId', '=', c.targetLoginId).execute();
          ok = true;
        } else if (c.kind === 'second_factor_reset' && account) {
          await tx
            .updateTable('operator')
            .set({ totpSecretEnc: null, totpPendingEnc: null, totpSetAt: null, totpLastStep: null })
            .where('loginId', '=', c.targetLoginId)
            .execute();
          await tx.deleteFrom('operatorRecoveryCode').where('loginId', '=', c.targetLoginId).execute();
          await endOperatorSessions({ ...ctx, db: tx }, c.targetLoginId);
          ok = true;
        }
        // The account changed meanwhile (made by hand, disabled, gone): nothing applies, and every admin sees why.
        await tx
          .updateTable('operatorAccountChange')
          .set({ status: ok ? 'applied' : 'lapsed', appliedAt: ok ? now : null, passwordHash: null })
          .where('id', '=', c.id)
          .execute();
        await recordOperatorAction(
          tx,
          {
            loginId: c.decidedBy ?? c.requestedBy,
            ipEnc: ctx.crypto.encrypt('-'),
            action: 'operator_change_applied',
            target: c.targetLoginId,
            detail: JSON.stringify({
              changeId: String(c.id),
              kind: kindOf(c),
              applied: ok,
              requestedBy: c.requestedBy,
            }),
          },
          now,
        );
        return { c, ok };
      });
    if (done) {
      applied += done.ok ? 1 : 0;
      alertAdmins(ctx, done.ok ? 'applied' : 'lapsed', done.c, done.c.decidedBy ?? '');
    }
  }
  return applied;
}

/**
 * What every admin's console lists: the changes waiting for approval or for their hold, and those decided, applied or
 * lapsed within ACCOUNT_CHANGE_SHOWN_HOURS; each with whether `me` may approve it and why not.
 */
export async function listAccountChanges(ctx: AppContext, me: string) {
  await applyDueAccountChanges(ctx);
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - ACCOUNT_CHANGE_SHOWN_HOURS * HOUR);
  const rows = await operatorsDb(ctx.db)
    .selectFrom('operatorAccountChange')
    .selectAll()
    .where('needsApproval', '=', true)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['pending', 'approved']),
        eb('decidedAt', '>', since),
        eb('appliedAt', '>', since),
        eb('expiresAt', '>', since),
      ]),
    )
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const list = await Promise.all(rows.map((r) => changeFor(ctx, ctx.db, r, me)));
  return { list, total: list.length };
}

/**
 * A decision on a change. Approved: by an admin mayApprove lets (403 otherwise, saying why), before it lapses; it then
 * applies after the hold (at once with a hold of 0). Refused: by any admin, its asker too (a withdrawal).
 */
export async function decideAccountChange(
  ctx: AppContext,
  who: Who,
  id: string,
  decision: 'approved' | 'refused',
): Promise<AccountChange> {
  const now = ctx.clock.now();
  const db = operatorsDb(ctx.db);
  const asked = await db
    .selectFrom('operatorAccountChange')
    .selectAll()
    .where('id', '=', id)
    .where('needsApproval', '=', true)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (!asked) throw CHANGE_GONE();
  if (decision === 'approved') {
    if (asked.expiresAt && asked.expiresAt <= now) {
      throw new AppError('CHANGE_EXPIRED', '승인할 수 있는 시간이 지났어요. 변경을 다시 요청해 주세요.');
    }
    const refusal = await approverRefusal(ctx, ctx.db, who.loginId, asked.requestedBy, asked.targetLoginId);
    if (refusal) {
      // The attempt itself is news to every admin: someone tried to approve what she may not.
      alertAdmins(ctx, 'approval refused', asked, who.loginId);
      throw refusal;
    }
  }
  const effectiveAt = new Date(now.getTime() + holdHoursOf(ctx) * HOUR);
  const decided = await db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('operatorAccountChange')
      .set(
        decision === 'approved'
          ? { status: 'approved', decidedBy: who.loginId, decidedAt: now, effectiveAt }
          : { status: 'refused', decidedBy: who.loginId, decidedAt: now, passwordHash: null },
      )
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!row) throw CHANGE_GONE();
    await recordOperatorAction(
      tx,
      {
        ...who,
        action: decision === 'approved' ? 'operator_change_approved' : 'operator_change_refused',
        target: row.targetLoginId,
        detail: JSON.stringify({
          changeId: id,
          kind: kindOf(row),
          requestedBy: row.requestedBy,
          ...(decision === 'approved' ? { effectiveAt: effectiveAt.toISOString() } : {}),
        }),
      },
      now,
    );
    return row;
  });
  alertAdmins(ctx, decision, decided, who.loginId);
  if (decision === 'approved') await applyDueAccountChanges(ctx);
  const after = await db.selectFrom('operatorAccountChange').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return changeFor(ctx, ctx.db, after, who.loginId);
}

/** The minute's tick applies what is due even when no one signs in or opens the console. */
export const operatorJobs = (ctx: AppContext): JobModule => ({
  async everyMinute() {
    await applyDueAccountChanges(ctx);
  },
});
