// Operator accounts: argon2id-hashed passwords (security/password.ts). An account comes from OPERATOR_LOGIN_ID + OPERATOR_PASSWORD at start
// or from `npm run operator -- <loginId>` (password read from stdin); there is no default account or password.
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { addressHmac } from '../../http/client-address.js';
import { AppError } from '../../http/problem.js';
import { endOperatorSessions } from '../../security/operator-session.js';
import { hashPassword, verifyPassword } from '../../security/password.js';
import { type OperatorRole, operatorsDb } from './tables.js';

export const MIN_OPERATOR_PASSWORD = 12;

/**
 * Makes the account, or sets its password (and its role when one is given); a new account without a role is an admin.
 * OPERATOR_PASSWORD and `npm run operator` come here: the person who set the password typed it, so it need not change.
 */
export async function upsertOperator(handle: Handle, loginId: string, password: string, role?: OperatorRole) {
  if (password.length < MIN_OPERATOR_PASSWORD) {
    throw new Error(`operator password must be at least ${MIN_OPERATOR_PASSWORD} characters`);
  }
  const passwordHash = await hashPassword(password);
  await operatorsDb(handle)
    .insertInto('operator')
    .values({ loginId, passwordHash, role: role ?? 'admin' })
    .onConflict((oc) =>
      oc
        .column('loginId')
        .doUpdateSet(
          role ? { passwordHash, role, mustChangePassword: false } : { passwordHash, mustChangePassword: false },
        ),
    )
    .execute();
}

/** Constant work whether or not the account exists, so timing does not tell which ids exist. */
const DUMMY_HASH = hashPassword('no-such-operator-password');

/** The account when the password is its own (a disabled account never signs in). */
export async function checkOperator(handle: Handle, loginId: string, password: string) {
  const row = await operatorsDb(handle)
    .selectFrom('operator')
    .select(['passwordHash', 'role', 'disabledAt', 'totpSecretEnc'])
    .where('loginId', '=', loginId)
    .executeTakeFirst();
  const ok = await verifyPassword(row?.passwordHash ?? (await DUMMY_HASH), password);
  return row && ok && !row.disabledAt ? { role: row.role, secondFactorSet: row.totpSecretEnc !== null } : undefined;
}

/**
 * Sign-in failures are counted per account *and* address (docs/security.md, "Operators and hospitals"), before the
 * password is checked, so parallel guesses get no more; ids that do not exist are counted and locked alike, so the
 * answers tell nobody which ids exist.
 * - From an address the operator never completed a sign-in from: `maxTries` failures within `windowMinutes` lock the
 *   account *from that address* for `lockMinutes`, even for the right password; and `unknownAddressesMaxTries` over
 *   all such addresses together lock them all (guesses spread over many addresses).
 * - From a known address (one she signed in from within `knownAddressDays`, kept as a keyed hash): no lock of a
 *   stranger's making reaches it; its own failures back off, `backoffFirstMinutes` after `maxTries`, doubling with
 *   each further failure up to `lockMinutes`.
 * A completed sign-in clears its address's count; an admin unlocks an account everywhere (console.ts).
 */
export const OPERATOR_LOCKOUT = {
  maxTries: 5,
  windowMinutes: 15,
  lockMinutes: 15,
  unknownAddressesMaxTries: 20,
  backoffFirstMinutes: 1,
  knownAddressDays: 90,
} as const;

export type SignInOutcome =
  { ok: true; role: OperatorRole; secondFactorSet: boolean } | { ok: false; lockedUntil?: Date };

const MINUTE = 60_000;
/** The count of every address the account never signed in from, together. */
const UNKNOWN_ADDRESSES = '*';

/** A count a try is taken from: this address's, or all unknown addresses'. */
interface Count {
  ipKey: string;
  max: number;
  /** A known address backs off instead of locking for `lockMinutes` at once. */
  backoff: boolean;
}

const loginHmacOf = (ctx: AppContext, loginId: string) => ctx.crypto.hmac('operator-sign-in', loginId);

/** The counts a try from this address is taken from. */
async function countsOf(ctx: AppContext, loginId: string, ipHmac: string): Promise<Count[]> {
  const since = new Date(ctx.clock.now().getTime() - OPERATOR_LOCKOUT.knownAddressDays * 24 * 60 * MINUTE);
  const known = await operatorsDb(ctx.db)
    .selectFrom('operatorKnownAddress')
    .select('ipHmac')
    .where('loginId', '=', loginId)
    .where('ipHmac', '=', ipHmac)
    .where('lastAt', '>', since)
    .executeTakeFirst();
  if (known) return [{ ipKey: ipHmac, max: OPERATOR_LOCKOUT.maxTries, backoff: true }];
  return [
    { ipKey: ipHmac, max: OPERATOR_LOCKOUT.maxTries, backoff: false },
    { ipKey: UNKNOWN_ADDRESSES, max: OPERATOR_LOCKOUT.unknownAddressesMaxTries, backoff: false },
  ];
}

/** Counts one try and answers how many the window has; while it is locked, when the lock ends. */
async function reserveTry(ctx: AppContext, loginHmac: string, count: Count, now: Date): Promise<number | Date> {
  const windowStart = new Date(now.getTime() - OPERATOR_LOCKOUT.windowMinutes * MINUTE);
  // A new window after the old one ran out, or after a lock ended (a back-off keeps counting: its window is the time
  // since the last try); nothing while a lock holds (the row then stays as it is).
  const fresh = count.backoff
    ? sql<boolean>`(operator_sign_in_guard.window_started_at <= ${windowStart})`
    : sql<boolean>`(operator_sign_in_guard.window_started_at <= ${windowStart}
    or operator_sign_in_guard.locked_until is not null)`;
  const started = count.backoff ? sql`${now}::timestamptz` : sql`operator_sign_in_guard.window_started_at`;
  const counted = await operatorsDb(ctx.db)
    .insertInto('operatorSignInGuard')
    .values({ loginHmac, ipHmac: count.ipKey, tries: 1, windowStartedAt: now, lockedUntil: null })
    .onConflict((oc) =>
      oc
        .columns(['loginHmac', 'ipHmac'])
        .doUpdateSet({
          tries: sql`case when ${fresh} then 1 else operator_sign_in_guard.tries + 1 end`,
          windowStartedAt: sql`case when ${fresh} then ${now}::timestamptz else ${started} end`,
          lockedUntil: null,
        })
        .where((eb) =>
          eb.or([eb('operatorSignInGuard.lockedUntil', 'is', null), eb('operatorSignInGuard.lockedUntil', '<=', now)]),
        ),
    )
    .returning('tries')
    .executeTakeFirst();
  if (counted) return counted.tries;
  const held = await operatorsDb(ctx.db)
    .selectFrom('operatorSignInGuard')
    .select('lockedUntil')
    .where('loginHmac', '=', loginHmac)
    .where('ipHmac', '=', count.ipKey)
    .executeTakeFirst();
  return new Date(held?.lockedUntil ?? now);
}

/**
 * Counts whose window and lock have both ended mean nothing any more: dropped at each success and each lockout, so
 * ids sprayed by a guesser do not pile up.
 */
async function forgetStale(ctx: AppContext, now: Date) {
  const windowStart = new Date(now.getTime() - OPERATOR_LOCKOUT.windowMinutes * MINUTE);
  await operatorsDb(ctx.db)
    .deleteFrom('operatorSignInGuard')
    .where('windowStartedAt', '<=', windowStart)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]))
    .execute();
}

/** How long a count that reached its limit is locked: the lock, or a known address's back-off. */
function lockMinutesOf(count: Count, tries: number) {
  if (!count.backoff) return OPERATOR_LOCKOUT.lockMinutes;
  const doublings = Math.max(0, tries - count.max);
  return Math.min(OPERATOR_LOCKOUT.lockMinutes, OPERATOR_LOCKOUT.backoffFirstMinutes * 2 ** Math.min(doublings, 10));
}

/** Locks the count from now, once, and records the lockout (who, from which address, how many tries). */
async function lock(ctx: AppContext, loginId: string, loginHmac: string, ip: string, count: Count, tries: number) {
  const now = ctx.clock.now();
  const lockedUntil = new Date(now.getTime() + lockMinutesOf(count, tries) * MINUTE);
  const locked = await operatorsDb(ctx.db)
    .updateTable('operatorSignInGuard')
    .set({ lockedUntil })
    .where('loginHmac', '=', loginHmac)
    .where('ipHmac', '=', count.ipKey)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]))
    .returning('lockedUntil')
    .executeTakeFirst();
  if (!locked) return lockedUntil;
  await forgetStale(ctx, now);
  await operatorsDb(ctx.db)
    .insertInto('operatorLockout')
    .values({
      loginHmac,
      loginIdEnc: ctx.crypto.encrypt(loginId),
      ipHmac: addressHmac(ctx.crypto, ip),
      tries,
      lockedAt: now,
      lockedUntil,
    })
    .execute();
  // The keyed hash, never the id itself: an id someone typed may be anything.
  ctx.log.warn(
    {
      event: 'operator_locked',
      login: loginHmac.slice(0, 12),
      scope: count.ipKey === UNKNOWN_ADDRESSES ? 'unknown addresses' : count.backoff ? 'known address' : 'address',
      lockedUntil,
    },
    'operator sign-in locked',
  );
  return lockedUntil;
}

/**
 * One guarded try of an account's password or second factor from an address: its counts are taken, a locked one
 * refuses before `check` runs, a failure that fills a count locks it. `passed` says what a success leaves: `done`
 * clears this address's count; `half` (the password of an account whose second factor is still to come) gives this
 * try back and keeps the count, so a known password does not buy endless guesses at the code.
 */
export async function guardedTry(
  ctx: AppContext,
  loginId: string,
  ip: string,
  check: () => Promise<'done' | 'half' | false>,
): Promise<{ passed: 'done' | 'half' } | { passed: false; lockedUntil?: Date }> {
  const now = ctx.clock.now();
  const loginHmac = loginHmacOf(ctx, loginId);
  const counts = await countsOf(ctx, loginId, addressHmac(ctx.crypto, ip));
  const taken: { count: Count; tries: number }[] = [];
  const giveBack = async () => {
    for (const { count } of taken) {
      await operatorsDb(ctx.db)
        .updateTable('operatorSignInGuard')
        .set({ tries: sql`greatest(tries - 1, 0)` })
        .where('loginHmac', '=', loginHmac)
        .where('ipHmac', '=', count.ipKey)
        .execute();
    }
  };
  for (const count of counts) {
    const tries = await reserveTry(ctx, loginHmac, count, now);
    // A try a lock refused counts nowhere (a stranger hammering a locked address fills no other count).
    if (tries instanceof Date) {
      await giveBack();
      return { passed: false, lockedUntil: tries };
    }
    taken.push({ count, tries });
  }
  let lockedUntil: Date | undefined;
  for (const { count, tries } of taken) {
    // Past the limit in a race (parallel tries counted before any locked it): locked without checking. A back-off's
    // tries go on past the limit by design, each checked once its wait is over.
    if (tries > count.max && !count.backoff) {
      const until = await lock(ctx, loginId, loginHmac, ip, count, tries);
      if (!lockedUntil || until > lockedUntil) lockedUntil = until;
    }
  }
  if (lockedUntil) {
    await giveBack();
    return { passed: false, lockedUntil };
  }

  const passed = await check();
  if (passed === 'half') {
    await giveBack();
    return { passed };
  }
  if (passed === 'done') {
    // A success is no failure anywhere: its try is given back to every count, and this address's count is cleared.
    await giveBack();
    await operatorsDb(ctx.db)
      .deleteFrom('operatorSignInGuard')
      .where('loginHmac', '=', loginHmac)
      .where('ipHmac', '=', counts[0]!.ipKey)
      .execute();
    await forgetStale(ctx, now);
    return { passed };
  }
  for (const { count, tries } of taken) {
    if (tries >= count.max) {
      const until = await lock(ctx, loginId, loginHmac, ip, count, tries);
      if (!lockedUntil || until > lockedUntil) lockedUntil = until;
    }
  }
  return { passed: false, lockedUntil };
}

/** One sign-in: the account's guard, then the password; a success clears this address's count. */
export async function signInOperator(
  ctx: AppContext,
  loginId: string,
  password: string,
  ip: string,
): Promise<SignInOutcome> {
  let account: Awaited<ReturnType<typeof checkOperator>>;
  const outcome = await guardedTry(ctx, loginId, ip, async () => {
    account = await checkOperator(ctx.db, loginId, password);
    // Half a sign-in while the second factor is still to come (each of its failures counts too).
    return account ? (account.secondFactorSet ? 'half' : 'done') : false;
  });
  if (!outcome.passed) return { ok: false, lockedUntil: outcome.lockedUntil };
  return { ok: true, ...account! };
}

/** A sign-in completed from this address: from now on it is one of the operator's known addresses. */
export async function rememberAddress(handle: Handle, loginId: string, ipHmac: string, now: Date) {
  await operatorsDb(handle)
    .insertInto('operatorKnownAddress')
    .values({ loginId, ipHmac, firstAt: now, lastAt: now })
    .onConflict((oc) => oc.columns(['loginId', 'ipHmac']).doUpdateSet({ lastAt: now }))
    .execute();
}

/**
 * A sign-in completed: the account's last sign-in, this address one of its known addresses from now on (a stranger's
 * failures elsewhere no longer lock it out of here), and `record` (the operators' record), in one transaction.
 */
export async function completeSignIn(
  ctx: AppContext,
  loginId: string,
  ip: string,
  record: (tx: Handle, now: Date) => Promise<void>,
) {
  const now = ctx.clock.now();
  await operatorsDb(ctx.db)
    .transaction()
    .execute(async (tx) => {
      await tx.updateTable('operator').set({ lastSignInAt: now }).where('loginId', '=', loginId).execute();
      await rememberAddress(tx, loginId, addressHmac(ctx.crypto, ip), now);
      await record(tx, now);
    });
}

/** When the account is locked at the latest, from any address (a stranger's or its own); null when nowhere. */
export async function lockedUntilOf(ctx: AppContext, loginIds: string[]): Promise<Map<string, Date>> {
  if (loginIds.length === 0) return new Map();
  const byHmac = new Map(loginIds.map((id) => [loginHmacOf(ctx, id), id]));
  const rows = await operatorsDb(ctx.db)
    .selectFrom('operatorSignInGuard')
    .select(['loginHmac', (eb) => eb.fn.max('lockedUntil').as('until')])
    .where('loginHmac', 'in', [...byHmac.keys()])
    .where('lockedUntil', '>', ctx.clock.now())
    .groupBy('loginHmac')
    .execute();
  return new Map(rows.map((r) => [byHmac.get(r.loginHmac)!, new Date(r.until as Date)]));
}

/** An admin unlocks the account from every address; its counts start again. */
export async function unlockOperator(handle: Handle, ctx: AppContext, loginId: string) {
  await operatorsDb(handle)
    .deleteFrom('operatorSignInGuard')
    .where('loginHmac', '=', loginHmacOf(ctx, loginId))
    .execute();
}

/**
 * The operator sets her own password (docs/security.md, "Insiders: admin accounts"): one an admin issued is changed at
 * the first sign-in. The new one follows the creation's rules (passwordChangeBody) and differs from the current one;
 * her other sessions end, this one stays.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  sessionIdHash: string,
  loginId: string,
  password: string,
  record: (tx: Handle, now: Date) => Promise<void>,
) {
  const db = operatorsDb(ctx.db);
  const row = await db.selectFrom('operator').select('passwordHash').where('loginId', '=', loginId).executeTakeFirst();
  if (!row) throw new AppError('UNAUTHENTICATED', '로그인 시간이 지났거나 로그인하지 않았어요. 다시 로그인해 주세요.');
  if (await verifyPassword(row.passwordHash, password)) {
    const message = '지금 비밀번호와 다른 새 비밀번호를 정해 주세요.';
    throw new AppError('VALIDATION_FAILED', message, [{ field: 'newPassword', message }]);
  }
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('operator')
      .set({ passwordHash, mustChangePassword: false })
      .where('loginId', '=', loginId)
      .execute();
    await endOperatorSessions({ ...ctx, db: tx }, loginId, sessionIdHash);
    await record(tx, now);
  });
}
