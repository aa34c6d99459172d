// Rate limits counted in the database (docs/operations.md, "Limits and leases"): @fastify/rate-limit's store, so
// that every web process counts in the same row and a limit of N a minute is N across all of them. One statement per
// limited request (an upsert that answers the count and the window's end); a window starts at its key's first hit, as
// the plugin's in-memory store has it, and on the database's clock, the one every process shares. The row's key is a
// keyed hash of the limit's namespace and key: no client address is stored. The minute tick deletes ended windows.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import { IDENTITY_STARTS_PER_ADDRESS_DEFAULT } from '../config.js';
import type { Handle } from '../db/handle.js';
import type { FieldCrypto } from './crypto.js';
import { securityDb } from './tables.js';

type Answer = { current: number; ttl: number };

/**
 * The limit per client address of a step every enrolling patient takes once or twice (the account-holder check, the ID
 * photo's reading, the documents, subscribing), set for the default number of identity verifications. Patients on a
 * hospital's Wi-Fi share its address: one allowed more verifications (IDENTITY_STARTS_PER_ADDRESS) is allowed more of
 * each step in proportion, never fewer than the step's own.
 */
export const perPatientLimit = <L extends { max: number }>(
  limit: L,
  identityStartsPerAddress = IDENTITY_STARTS_PER_ADDRESS_DEFAULT,
): L => ({
  ...limit,
  max: Math.max(limit.max, Math.ceil((limit.max * identityStartsPerAddress) / IDENTITY_STARTS_PER_ADDRESS_DEFAULT)),
});

/** The store's constructor for `app.register(rateLimit, { store })`, counting through `db`. */
export function databaseRateLimitStore(db: Handle, crypto: FieldCrypto): FastifyRateLimitStoreCtor {
  const security = securityDb(db);
  const hashOf = (namespace: string, key: string) => crypto.hmac('rate-limit', `${namespace}\u0000${key}`);

  async function hit(keyHash: string, windowMs: number): Promise<Answer> {
    const { rows } = await sql<{ hits: number; ttl: number }>`
      insert into rate_limit_counter as c (key_hash, hits, resets_at)
      values (${keyHash}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key_hash) do update set
        hits = case when c.resets_at <= now() then 1 else c.hits + 1 end,
        resets_at = case when c.resets_at <= now() then excluded.resets_at else c.resets_at end
      returning hits, ceil(extract(epoch from resets_at - now()) * 1000)::integer as ttl`.execute(security);
    const row = rows[0]!;
    return { current: row.hits, ttl: Math.max(0, row.ttl) };
  }

  async function peek(keyHash: string): Promise<Answer> {
    const { rows } = await sql<{ hits: number; ttl: number }>`
      select hits, ceil(extract(epoch from resets_at - now()) * 1000)::integer as ttl
      from rate_limit_counter where key_hash = ${keyHash} and resets_at > now()`.execute(security);
    return rows[0] ? { current: rows[0].hits, ttl: Math.max(0, rows[0].ttl) } : { current: 0, ttl: 0 };
  }

  const storeOf = (namespace: string): FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] } => ({
    incr(key, cb, timeWindow) {
      hit(hashOf(namespace, key), timeWindow).then((r) => cb(null, r), cb);
    },
    read(key, cb) {
      peek(hashOf(namespace, key)).then((r) => cb(null, r), cb);
    },
    child(route) {
      const { continueExceeding, exponentialBackoff } = route as {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
      };
      if (continueExceeding || exponentialBackoff)
        throw new Error('the database rate-limit store has no continueExceeding or exponentialBackoff');
      // A route's own limit counts apart from every other route's (as the plugin's Redis store does). A limiter made
      // with createRateLimit has no route: it names its keys with a prefix of its own (`documents:…`, `id-cards:…`);
      // the hospital API's failed keys are the one such limiter that counts the bare address key.
      const { method, url } = (route as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return storeOf(typeof url === 'string' ? `${String(method)} ${url}` : '');
    },
  });

  // The plugin makes its store with `new`: a constructor that answers an object answers that object.
  return function DatabaseRateLimitStore() {
    return storeOf('');
  } as unknown as FastifyRateLimitStoreCtor;
}

/** The minute tick's share: windows that ended, at most `limit` a minute (one short statement). */
export async function purgeRateLimits(db: Handle, limit = 50_000): Promise<number> {
  const { numAffectedRows } = await sql`
    delete from rate_limit_counter where key_hash in (
      select key_hash from rate_limit_counter where resets_at <= now() limit ${limit})`.execute(securityDb(db));
  return Number(numAffectedRows ?? 0);
}

/** Its share of the minute tick (jobs/index.ts lists it): the ended windows go. */
export const rateLimitJobs = (ctx: { db: Handle }) => ({
  async everyMinute() {
    await purgeRateLimits(ctx.db);
  },
});
