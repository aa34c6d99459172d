// Operator accounts: argon2id-hashed passwords (security/password.ts). An account comes from OPERATOR_LOGIN_ID + OPERATOR_PASSWORD at start
// or from `npm run operator -- <loginId>` (password read from stdin); there is no default account or password.
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, OperatorRole } from '../../db/schema.js';
import { hashPassword, verifyPassword } from '../../security/password.js';

export const MIN_OPERATOR_PASSWORD = 12;

/** Makes the account, or sets its password (and its role when one is given); a new account without a role is an admin. */
export async function upsertOperator(db: Kysely<Database>, loginId: string, password: string, role?: OperatorRole) {
  if (password.length < MIN_OPERATOR_PASSWORD) {
    throw new Error(`operator password must be at least ${MIN_OPERATOR_PASSWORD} characters`);
  }
  const passwordHash = await hashPassword(password);
  await db
    .insertInto('operator')
    .values({ loginId, passwordHash, role: role ?? 'admin' })
    .onConflict((oc) => oc.column('loginId').doUpdateSet(role ? { passwordHash, role } : { passwordHash }))
    .execute();
}

/** Constant work whether or not the account exists, so timing does not tell which ids exist. */
const DUMMY_HASH = hashPassword('no-such-operator-password');

/** The account when the password is its own (a disabled account never signs in). */
export async function checkOperator(db: Kysely<Database>, loginId: string, password: string) {
  const row = await db
    .selectFrom('operator')
    .select(['passwordHash', 'role', 'disabledAt', 'totpSecretEnc'])
    .where('loginId', '=', loginId)
    .executeTakeFirst();
  const ok = await verifyPassword(row?.passwordHash ?? (await DUMMY_HASH), password);
  return row && ok && !row.disabledAt ? { role: row.role, secondFactorSet: row.totpSecretEnc !== null } : undefined;
}

/**
 * Per account, whatever the address (the per-address limit does not stop guesses spread over many addresses): after
 * `maxTries` failed sign-ins within `windowMinutes` the login id is locked for `lockMinutes`, even for the right
 * password. A try is counted before the password is checked, so parallel guesses get no more; a success clears them.
 * Ids that do not exist are counted and locked alike, so the answers tell nobody which ids exist.
 */
export const OPERATOR_LOCKOUT = { maxTries: 5, windowMinutes: 15, lockMinutes: 15 } as const;

export type SignInOutcome =
  { ok: true; role: OperatorRole; secondFactorSet: boolean } | { ok: false; lockedUntil?: Date };

const MINUTE = 60_000;

/** Counts one try of this login id and answers how many the window has; while it is locked, when the lock ends. */
export async function reserveTry(ctx: AppContext, loginHmac: string, now: Date): Promise<number | Date> {
  const windowStart = new Date(now.getTime() - OPERATOR_LOCKOUT.windowMinutes * MINUTE);
  // A new window after the old one ran out or a lock ended; nothing while a lock holds (the row then stays as it is).
  const fresh = sql<boolean>`(operator_sign_in_guard.window_started_at <= ${windowStart}
    or operator_sign_in_guard.locked_until is not null)`;
  const counted = await ctx.db
    .insertInto('operatorSignInGuard')
    .values({ loginHmac, ipHmac: '*', tries: 1, windowStartedAt: now, lockedUntil: null })
    .onConflict((oc) =>
      oc
        .columns(['loginHmac', 'ipHmac'])
        .doUpdateSet({
          tries: sql`case when ${fresh} then 1 else operator_sign_in_guard.tries + 1 end`,
          windowStartedAt: sql`case when ${fresh} then ${now} else operator_sign_in_guard.window_started_at end`,
          lockedUntil: null,
        })
        .where((eb) =>
          eb.or([eb('operatorSignInGuard.lockedUntil', 'is', null), eb('operatorSignInGuard.lockedUntil', '<=', now)]),
        ),
    )
    .returning('tries')
    .executeTakeFirst();
  if (counted) return counted.tries;
  const held = await ctx.db
    .selectFrom('operatorSignInGuard')
    .select('lockedUntil')
    .where('loginHmac', '=', loginHmac)
    .executeTakeFirst();
  return new Date(held?.lockedUntil ?? now);
}

/**
 * Counts whose window and lock have both ended mean nothing any more: dropped at each success and each lockout, so
 * ids sprayed by a guesser do not pile up.
 */
async function forgetStale(ctx: AppContext, now: Date) {
  const windowStart = new Date(now.getTime() - OPERATOR_LOCKOUT.windowMinutes * MINUTE);
  await ctx.db
    .deleteFrom('operatorSignInGuard')
    .where('windowStartedAt', '<=', windowStart)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]))
    .execute();
}

/** Locks the login id from now, once, and records the lockout (who, from which address, how many tries). */
export async function lock(ctx: AppContext, loginId: string, loginHmac: string, ip: string, tries: number, now: Date) {
  const lockedUntil = new Date(now.getTime() + OPERATOR_LOCKOUT.lockMinutes * MINUTE);
  const locked = await ctx.db
    .updateTable('operatorSignInGuard')
    .set({ lockedUntil })
    .where('loginHmac', '=', loginHmac)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]))
    .returning('lockedUntil')
    .executeTakeFirst();
  if (!locked) return lockedUntil;
  await forgetStale(ctx, now);
  await ctx.db
    .insertInto('operatorLockout')
    .values({
      loginHmac,
      loginIdEnc: ctx.crypto.encrypt(loginId),
      ipHmac: ctx.crypto.hmac('ip', ip),
      tries,
      lockedAt: now,
      lockedUntil,
    })
    .execute();
  // The keyed hash, never the id itself: an id someone typed may be anything.
  ctx.log.warn({ event: 'operator_locked', login: loginHmac.slice(0, 12), lockedUntil }, 'operator sign-in locked');
  return lockedUntil;
}

/** A sign-in completed: the account's count is cleared. */
export async function clearTries(ctx: AppContext, loginHmac: string, now: Date) {
  await ctx.db.deleteFrom('operatorSignInGuard').where('loginHmac', '=', loginHmac).execute();
  await forgetStale(ctx, now);
}

/** One sign-in: the account's guard, then the password; a success clears the guard. */
export async function signInOperator(
  ctx: AppContext,
  loginId: string,
  password: string,
  ip: string,
): Promise<SignInOutcome> {
  const now = ctx.clock.now();
  const loginHmac = ctx.crypto.hmac('operator-sign-in', loginId);
  const tries = await reserveTry(ctx, loginHmac, now);
  if (tries instanceof Date) return { ok: false, lockedUntil: tries };
  if (tries > OPERATOR_LOCKOUT.maxTries) {
    return { ok: false, lockedUntil: await lock(ctx, loginId, loginHmac, ip, tries, now) };
  }
  const account = await checkOperator(ctx.db, loginId, password);
  if (account?.secondFactorSet) {
    // Half a sign-in: the count stays until the second factor is given too (each of its failures counts), so that a
    // known password does not buy endless guesses at the code; this try alone is given back.
    await ctx.db
      .updateTable('operatorSignInGuard')
      .set({ tries: sql`greatest(tries - 1, 0)` })
      .where('loginHmac', '=', loginHmac)
      .execute();
    return { ok: true, ...account };
  }
  if (account) {
    await clearTries(ctx, loginHmac, now);
    return { ok: true, ...account };
  }
  if (tries >= OPERATOR_LOCKOUT.maxTries) {
    return { ok: false, lockedUntil: await lock(ctx, loginId, loginHmac, ip, tries, now) };
  }
  return { ok: false };
}
