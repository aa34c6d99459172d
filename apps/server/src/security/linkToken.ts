// Links sent to a patient (알림톡/SMS → /web/treat, /web/IDPhoto): signed, short-lived and single-use, and carrying no
// personal data. The token is `<jti>.<signature>`: a random id and its keyed MAC. Whose link it is, its purpose, its
// expiry and whether it was used live in the link_token row, so a URL that leaks (logs, screenshots, forwarded
// messages) says nothing, and a used or expired one opens nothing.
//
//   const token = await signLinkToken(ctx, { purpose: 'treat', ciHmac, insuApplyId });   // put it in the link
//   const link = await consumeLinkToken(ctx, token, 'treat');  // use once: a second call gets undefined
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import { randomToken, safeEqual } from './crypto.js';

/** How long a link in a message stays valid. */
export const LINK_TOKEN_TTL_SECONDS = 72 * 3600;

export type LinkPurpose = 'treat' | 'idCard';

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
  db: Kysely<Database> = ctx.db,
): Promise<string> {
  const jti = randomToken(16);
  const now = ctx.clock.now();
  await db
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
  db: Kysely<Database> = ctx.db,
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
  await db.insertInto('linkToken').values(rows).execute();
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

/** Uses the token once, atomically: of two concurrent calls exactly one gets the grant; every later call undefined. */
export async function consumeLinkToken(
  ctx: AppContext,
  token: string,
  purpose: LinkPurpose,
): Promise<LinkTokenGrant | undefined> {
  const jti = jtiOf(ctx, token);
  if (!jti) return undefined;
  const now = ctx.clock.now();
  const row = await ctx.db
    .updateTable('linkToken')
    .set({ usedAt: now })
    .where('jti', '=', jti)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['jti', 'purpose', 'ciHmac', 'insuApplyId', 'recordId', 'expiresAt'])
    .executeTakeFirst();
  return row ? toGrant(row) : undefined;
}
