// Operator accounts as an admin runs them in the console (README "Operator console"): list, add, set role, reset the
// second factor, unlock sign-in, disable. A new admin, a promotion to admin and an admin's second-factor reset wait
// for a second admin and a hold (account-changes.ts; docs/security.md, "Insiders: admin accounts"). No change may leave the service without an active admin; each is written to
// the operators' record in the same transaction (audit module).
import { randomInt } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { OperatorRow } from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { pageOf } from '../../db/page.js';
import { AppError } from '../../http/problem.js';
import { hashPassword } from '../../security/password.js';
import { endOperatorSessions } from '../../security/operator-session.js';
import { recordOperatorAction, type OperatorActionEntry } from '../audit/index.js';
import { recordAppliedChange, requestAccountChange } from './account-changes.js';
import { lockedUntilOf, unlockOperator } from './operators.js';
import { type OperatorRole, operatorsDb, type OperatorsTables } from './tables.js';

type Who = Pick<OperatorActionEntry, 'loginId' | 'ipEnc'>;

const SORT_COLUMN = {
  loginId: 'loginId',
  role: 'role',
  createdAt: 'createdAt',
  lastSignInAt: 'lastSignInAt',
} as const;

const rowOf = (
  r: {
    loginId: string;
    role: OperatorRole;
    createdAt: Date;
    disabledAt: Date | null;
    totpSecretEnc: string | null;
    lastSignInAt: Date | null;
  },
  lockedUntil: Date | undefined,
): OperatorRow => ({
  loginId: r.loginId,
  role: r.role,
  createdAt: new Date(r.createdAt).toISOString(),
  disabledAt: r.disabledAt ? new Date(r.disabledAt).toISOString() : null,
  secondFactorSet: r.totpSecretEnc !== null,
  lastSignInAt: r.lastSignInAt ? new Date(r.lastSignInAt).toISOString() : null,
  lockedUntil: lockedUntil?.toISOString() ?? null,
});

export async function listOperators(
  ctx: AppContext,
  q: {
    page: number;
    size: number;
    sort?: keyof typeof SORT_COLUMN;
    order: 'asc' | 'desc';
    q?: string;
    role?: OperatorRole;
    status?: 'active' | 'disabled';
  },
): Promise<{ list: OperatorRow[]; total: number }> {
  let base = operatorsDb(ctx.db).selectFrom('operator');
  if (q.q) base = base.where('loginId', 'like', `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (q.role) base = base.where('role', '=', q.role);
  if (q.status === 'active') base = base.where('disabledAt', 'is', null);
  if (q.status === 'disabled') base = base.where('disabledAt', 'is not', null);
  const column = SORT_COLUMN[q.sort ?? 'createdAt'];
  const { rows, total } = await pageOf(
    base
      .select(['loginId', 'role', 'createdAt', 'disabledAt', 'totpSecretEnc', 'lastSignInAt'])
      .orderBy(column, (ob) => (q.order === 'asc' ? ob.asc().nullsFirst() : ob.desc().nullsLast()))
      .orderBy('loginId', 'asc'),
    q,
  );
  const locks = await lockedUntilOf(
    ctx,
    rows.map((r) => r.loginId),
  );
  return { list: rows.map((r) => rowOf(r, locks.get(r.loginId))), total };
}

export async function operatorRowOf(ctx: AppContext, loginId: string): Promise<OperatorRow> {
  const r = await operatorsDb(ctx.db)
    .selectFrom('operator')
    .select(['loginId', 'role', 'createdAt', 'disabledAt', 'totpSecretEnc', 'lastSignInAt'])
    .where('loginId', '=', loginId)
    .executeTakeFirst();
  if (!r) throw NOT_FOUND();
  return rowOf(r, (await lockedUntilOf(ctx, [loginId])).get(loginId));
}

/** What the console session's checks read of the account at every call (security/operator-session.ts). */
export const operatorAccountOf = (handle: Handle) => (loginId: string) =>
  operatorsDb(handle)
    .selectFrom('operator')
    .select(['role', 'disabledAt', 'mustChangePassword', 'hospitalCd'])
    .where('loginId', '=', loginId)
    .executeTakeFirst();

/** The account of this id, if there is one (what someone typed as an id may be anything). */
export const existingOperator = (handle: Handle, loginId: string) =>
  operatorsDb(handle).selectFrom('operator').select('loginId').where('loginId', '=', loginId).executeTakeFirst();

const NOT_FOUND = () => new AppError('NOT_FOUND', '그 아이디의 운영자가 없어요.');

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
/** 16 characters of 55 (about 92 bits), for an account whose admin typed no password. */
function newPassword() {
  let s = '';
  for (let i = 0; i < 16; i++) s += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return s;
}

/**
 * A viewer or operator is made at once; an admin is asked for (account-changes.ts): the account exists only once a
 * second admin approves and the hold has passed. The password is hashed now either way, and shown once if made here.
 */
export async function createOperator(
  ctx: AppContext,
  who: Who,
  /** hospitalCd: a hospital user's (role `hospital`), made from the hospital's screen (hospitals module). */
  body: { loginId: string; role: OperatorRole; password?: string; hospitalCd?: string },
) {
  const initialPassword = body.password === undefined ? newPassword() : undefined;
  const passwordHash = await hashPassword(body.password ?? initialPassword!);
  const EXISTS = () =>
    new AppError('OPERATOR_EXISTS', '이미 있는 아이디예요. 다른 아이디를 정해 주세요.', [
      { field: 'loginId', message: '이미 있는 아이디예요.' },
    ]);
  const pendingChange = await operatorsDb(ctx.db)
    .transaction()
    .execute(async (tx) => {
      if (body.role === 'admin') {
        if (await existingOperator(tx, body.loginId)) throw EXISTS();
        return requestAccountChange(ctx, tx, who, {
          kind: 'create',
          target: body.loginId,
          role: 'admin',
          passwordHash,
        });
      }
      const made = await tx
        .insertInto('operator')
        // The password is the admin's, not hers: changed at her first sign-in.
        .values({
          loginId: body.loginId,
          passwordHash,
          role: body.role,
          mustChangePassword: true,
          hospitalCd: body.role === 'hospital' ? (body.hospitalCd ?? null) : null,
        })
        .onConflict((oc) => oc.column('loginId').doNothing())
        .returning('loginId')
        .executeTakeFirst();
      if (!made) throw EXISTS();
      const now = ctx.clock.now();
      await recordAppliedChange(tx, who, { kind: 'create', target: body.loginId, role: body.role }, now);
      await recordOperatorAction(
        tx,
        {
          ...who,
          action: 'operator_created',
          target: body.loginId,
          detail: body.role === 'hospital' ? `role=hospital hospitalCd=${body.hospitalCd}` : `role=${body.role}`,
        },
        now,
      );
      return undefined;
    });
  return {
    loginId: body.loginId,
    role: body.role,
    ...(initialPassword ? { initialPassword } : {}),
    ...(pendingChange ? { pendingChange } : {}),
  };
}

/**
 * Changes that could leave no active admin hold one lock between them and count the admins left inside it, so two
 * admins demoting each other at once cannot both succeed.
 */
async function withAccount<T>(
  ctx: AppContext,
  loginId: string,
  change: (tx: Transaction<OperatorsTables>, account: { role: OperatorRole; disabledAt: Date | null }) => Promise<T>,
) {
  return operatorsDb(ctx.db)
    .transaction()
    .execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended('operator-admins', 0))`.execute(tx);
      const account = await tx
        .selectFrom('operator')
        .select(['role', 'disabledAt'])
        .where('loginId', '=', loginId)
        .executeTakeFirst();
      if (!account) throw NOT_FOUND();
      return change(tx, account);
    });
}

async function assertAnotherAdmin(tx: Transaction<OperatorsTables>, loginId: string) {
  const others = await tx
    .selectFrom('operator')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('role', '=', 'admin')
    .where('disabledAt', 'is', null)
    .where('loginId', '!=', loginId)
    .executeTakeFirstOrThrow();
  if (Number(others.n) === 0) {
    throw new AppError(
      'LAST_ADMIN',
      '활성 관리자가 한 명도 남지 않게 돼요. 다른 관리자를 먼저 만든 뒤 다시 해 주세요.',
    );
  }
}

/** A promotion to admin is asked for (account-changes.ts); any other role change applies at once. */
export async function setOperatorRole(ctx: AppContext, who: Who, loginId: string, role: OperatorRole) {
  const pendingChange = await withAccount(ctx, loginId, async (tx, account) => {
    if (account.role === role) return undefined;
    // A hospital user stays one (her hospital is her account's); an operator is never made one here.
    if (account.role === 'hospital' || role === 'hospital') {
      throw new AppError('VALIDATION_FAILED', '병원 사용자의 역할은 바꿀 수 없어요.', [
        { field: 'role', message: '병원 사용자의 역할은 바꿀 수 없어요.' },
      ]);
    }
    if (role === 'admin') return requestAccountChange(ctx, tx, who, { kind: 'role', target: loginId, role });
    if (account.role === 'admin' && !account.disabledAt) await assertAnotherAdmin(tx, loginId);
    await tx.updateTable('operator').set({ role }).where('loginId', '=', loginId).execute();
    const now = ctx.clock.now();
    await recordAppliedChange(tx, who, { kind: 'role', target: loginId, role }, now);
    await recordOperatorAction(
      tx,
      { ...who, action: 'operator_updated', target: loginId, detail: `role ${account.role}→${role}` },
      now,
    );
    return undefined;
  });
  return { operator: await operatorRowOf(ctx, loginId), ...(pendingChange ? { pendingChange } : {}) };
}

/**
 * The account must set its second factor up again at its next sign-in; its sessions end then. An admin's is asked
 * for (account-changes.ts): whoever resets it could take the account over with its password.
 */
export async function resetSecondFactor(ctx: AppContext, who: Who, loginId: string) {
  const pendingChange = await withAccount(ctx, loginId, async (tx, account) => {
    if (account.role === 'admin') {
      return requestAccountChange(ctx, tx, who, { kind: 'second_factor_reset', target: loginId });
    }
    await tx
      .updateTable('operator')
      .set({ totpSecretEnc: null, totpPendingEnc: null, totpSetAt: null, totpLastStep: null })
      .where('loginId', '=', loginId)
      .execute();
    await tx.deleteFrom('operatorRecoveryCode').where('loginId', '=', loginId).execute();
    await endOperatorSessions({ ...ctx, db: tx }, loginId);
    const now = ctx.clock.now();
    await recordAppliedChange(tx, who, { kind: 'second_factor_reset', target: loginId }, now);
    await recordOperatorAction(tx, { ...who, action: 'operator_second_factor_reset', target: loginId }, now);
    return undefined;
  });
  return { operator: await operatorRowOf(ctx, loginId), ...(pendingChange ? { pendingChange } : {}) };
}

/** Disabled: no sign-in any more, and every session of the account ends at once. */
export async function disableOperator(ctx: AppContext, who: Who, loginId: string) {
  await withAccount(ctx, loginId, async (tx, account) => {
    if (account.disabledAt) return;
    if (account.role === 'admin') await assertAnotherAdmin(tx, loginId);
    await tx.updateTable('operator').set({ disabledAt: ctx.clock.now() }).where('loginId', '=', loginId).execute();
    await endOperatorSessions({ ...ctx, db: tx }, loginId);
    await recordOperatorAction(tx, { ...who, action: 'operator_disabled', target: loginId }, ctx.clock.now());
  });
  return operatorRowOf(ctx, loginId);
}

/**
 * Sign-in unlocked from every address (docs/security.md, "Operators and hospitals"): a stranger's lock, or the
 * operator's own back-off, ends now and the counts start again. Written to the operators' record.
 */
export async function unlockSignIn(ctx: AppContext, who: Who, loginId: string) {
  await withAccount(ctx, loginId, async (tx) => {
    await unlockOperator(tx, ctx, loginId);
    await recordOperatorAction(tx, { ...who, action: 'operator_unlocked', target: loginId }, ctx.clock.now());
  });
  return operatorRowOf(ctx, loginId);
}

/** Whether a hospital has a user who can answer what it is asked in the console (README "Hospital users"). */
export async function hospitalHasUser(handle: Handle, hospitalCd: string): Promise<boolean> {
  const row = await operatorsDb(handle)
    .selectFrom('operator')
    .select('loginId')
    .where('hospitalCd', '=', hospitalCd)
    .where('disabledAt', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
