// Links sent to a patient (알림톡/SMS → /web/treat, /web/IDPhoto): signed, short-lived and carrying no personal data.
// The token is `<jti>.<signature>`: a random id and its keyed MAC. Whose link it is, its purpose, its expiry, when it
// was first opened and on which device live in the link_token row, so a URL that leaks (logs, screenshots, forwarded
// messages) says nothing.
//
// A link opens on one device for its whole lifetime (docs/security.md, "A link opens the history, nothing else"): the
// first exchange binds it to the browser's device cookie (an HttpOnly random id this server issued and signed; the row
// keeps its keyed hash), and a later exchange from the same cookie opens it again; from any other device (a forwarded
// link, a messenger's preview) it opens nothing, and that person verifies by SMS. What it opens is a link session,
// which reads and changes nothing else (security/session.ts).
//
//   const token = await signLinkToken(ctx, { purpose: 'treat', ciHmac, insuApplyId });   // put it in the link
//   const link = await openLinkToken(ctx, token, 'treat', deviceId);  // first open binds; same device again: allowed
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Handle } from '../db/handle.js';
import { randomToken, safeEqual } from './crypto.js';
import { securityDb } from './tables.js';
import { cookieOf, isSecureRequest } from './cookies.js';

/** How long a link in a message stays valid. */
export const LINK_TOKEN_TTL_SECONDS = 72 * 3600;

export type LinkPurpose = 'treat' | 'idCard' | 'statement';

export interface LinkTokenGrant {
  jti: string;
  purpose: LinkPurpose;
  ciHmac: string;
  insuApplyId: string | null;
  recordId: number | null;
  expiresAt: Date;
}

const TOKEN_RE = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

const macOf = (ctx: AppContext, jti: string) => ctx.crypto.hmac('link-token', jti);

/** A new token for one person and purpose; `db` may be a transaction so the link exists only if the message does. */
export async function signLinkToken(
  ctx: AppContext,
  grant: {
    purpose: LinkPurpose;
    ciHmac: string;
    insuApplyId?: string | null;
    recordId?: number | null;
    ttlSeconds?: number;
  },
  handle: Handle = ctx.db,
): Promise<string> {
  const jti = randomToken(16);
  const now = ctx.clock.now();
  await securityDb(handle)
    .insertInto('linkToken')
    .values({
      jti,
      purpose: grant.purpose,
      ciHmac: grant.ciHmac,
      insuApplyId: grant.insuApplyId ?? null,
      recordId: grant.recordId ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + (grant.ttlSeconds ?? LINK_TOKEN_TTL_SECONDS) * 1000),
      usedAt: null,
    })
    .execute();
  return `${jti}.${macOf(ctx, jti)}`;
}

/** Many tokens in one statement (the engine's 알림톡 batches); answers them in order. */
export async function signLinkTokens(
  ctx: AppContext,
  grants: { purpose: LinkPurpose; ciHmac: string; insuApplyId?: string | null; recordId?: number | null }[],
  handle: Handle = ctx.db,
): Promise<string[]> {
  if (grants.length === 0) return [];
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + LINK_TOKEN_TTL_SECONDS * 1000);
  const rows = grants.map((g) => ({
    jti: randomToken(16),
    purpose: g.purpose,
    ciHmac: g.ciHmac,
    insuApplyId: g.insuApplyId ?? null,
    recordId: g.recordId ?? null,
    createdAt: now,
    expiresAt,
    usedAt: null,
  }));
  await securityDb(handle).insertInto('linkToken').values(rows).execute();
  return rows.map((r) => `${r.jti}.${macOf(ctx, r.jti)}`);
}

/** The jti of a well-formed, correctly signed token, or undefined (no database read for forgeries). */
function jtiOf(ctx: AppContext, token: string): string | undefined {
  if (typeof token !== 'string' || !TOKEN_RE.test(token)) return undefined;
  const [jti, mac] = token.split('.') as [string, string];
  return safeEqual(mac, macOf(ctx, jti)) ? jti : undefined;
}

const toGrant = (row: {
  jti: string;
  purpose: string;
  ciHmac: string;
  insuApplyId: string | null;
  recordId: number | string | null;
  expiresAt: Date | string;
}): LinkTokenGrant => ({
  jti: row.jti,
  purpose: row.purpose as LinkPurpose,
  ciHmac: row.ciHmac,
  insuApplyId: row.insuApplyId,
  recordId: row.recordId === null ? null : Number(row.recordId),
  expiresAt: new Date(row.expiresAt),
});

/** Why a link opened nothing: too old, or opened before on another device (or before links had one). */
export type LinkRefusal = 'expired' | 'otherDevice';

/**
 * Opens the link: the first open binds it to `deviceId` atomically (of two concurrent first opens exactly one binds;
 * the other counts as the same device only if it carries the same cookie); a later open within the link's lifetime
 * from the same device is allowed again. Forged or unknown tokens never reach the database's rows.
 */
export async function openLinkToken(
  ctx: AppContext,
  token: string,
  purpose: LinkPurpose,
  deviceId: string,
): Promise<LinkTokenGrant | { refused: LinkRefusal }> {
  const jti = jtiOf(ctx, token);
  if (!jti) return { refused: 'expired' };
  const now = ctx.clock.now();
  const deviceHash = deviceHashOf(ctx, deviceId);
  const first = await securityDb(ctx.db)
    .updateTable('linkToken')
    .set({ usedAt: now, deviceHash })
    .where('jti', '=', jti)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['jti', 'purpose', 'ciHmac', 'insuApplyId', 'recordId', 'expiresAt'])
    .executeTakeFirst();
  if (first) return toGrant(first);
  const row = await securityDb(ctx.db)
    .selectFrom('linkToken')
    .select(['jti', 'purpose', 'ciHmac', 'insuApplyId', 'recordId', 'expiresAt', 'deviceHash'])
    .where('jti', '=', jti)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row || new Date(row.expiresAt) <= now) return { refused: 'expired' };
  if (!row.deviceHash || !safeEqual(row.deviceHash, deviceHash)) return { refused: 'otherDevice' };
  return toGrant(row);
}

// ---------------------------------------------------------------------------------------------------------------
// The device cookie: a random id that names this browser to its links, nothing more (no person, no session). HttpOnly
// so no script reads it; it lives as long as the newest link it opened could (each exchange renews it). Only ids this
// server issued are adopted: the cookie carries the id with its keyed MAC, and a value without a valid one (made up,
// or planted in the victim's browser so that a leaked link binds to an id the attacker knows) is ignored and a fresh
// id issued. Over https only `__Host-ac_dev` is read, which no other host and no http answer can set
// (docs/security.md, "A link opens the history, nothing else").

/** The device cookie's names, for the API document and tests. */
export const DEVICE_COOKIE = { https: '__Host-ac_dev', localhost: 'ac_dev' } as const;
const DEVICE_RE = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

const deviceHashOf = (ctx: AppContext, deviceId: string) => ctx.crypto.hmac('link-device', deviceId);
const deviceMacOf = (ctx: AppContext, deviceId: string) => ctx.crypto.hmac('link-device-cookie', deviceId);

/** This browser's device id if this server issued it, else a new one; sent back only by keepDeviceId. */
export function deviceIdOf(ctx: AppContext, req: FastifyRequest): string {
  const [, id, mac] = DEVICE_RE.exec(cookieOf(ctx, req, DEVICE_COOKIE) ?? '') ?? [];
  return id && mac && safeEqual(mac, deviceMacOf(ctx, id)) ? id : randomToken(32);
}

/** Sets (or renews) the device cookie once a link opened with it: it lives as long as that link may open again. */
export function keepDeviceId(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, deviceId: string) {
  const secure = isSecureRequest(ctx, req);
  reply.setCookie(secure ? DEVICE_COOKIE.https : DEVICE_COOKIE.localhost, `${deviceId}.${deviceMacOf(ctx, deviceId)}`, {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: true,
    maxAge: LINK_TOKEN_TTL_SECONDS,
  });
}

const SHORT_CODE_RE = /^[A-Za-z0-9_-]{22}$/;

/**
 * A short link's code (an SMS's `/m/<jti>`) as the whole token, when it names a link that exists and has not expired:
 * the redirect then opens the tokenised link, which binds to the first device as every link does. Anything else is
 * undefined (the screen then asks for SMS verification).
 */
export async function tokenOfShortCode(
  ctx: AppContext,
  code: string,
): Promise<{ token: string; purpose: LinkPurpose } | undefined> {
  if (!SHORT_CODE_RE.test(code)) return undefined;
  const row = await securityDb(ctx.db)
    .selectFrom('linkToken')
    .select(['jti', 'purpose', 'expiresAt'])
    .where('jti', '=', code)
    .executeTakeFirst();
  if (!row || new Date(row.expiresAt) <= ctx.clock.now()) return undefined;
  return { token: `${row.jti}.${macOf(ctx, row.jti)}`, purpose: row.purpose as LinkPurpose };
}
