// The session cookies (DESIGN §4): a patient's HttpOnly, SameSite=Lax session cookie with the JS-readable
// claim-authorization cookie beside it (its `hash`, for the SPA's guard: spec §5; it grants nothing by itself), and
// an operator's own cookie, SameSite=Strict (README "Operator console"), so the two kinds never mix in one browser.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLAIM_AUTH_COOKIE } from '@auto-claim/contract';
import type { AppContext } from '../context.js';

/** A cookie's two names: `__Host-…` over https, the plain one over http (development on localhost only). */
export interface CookieNames {
  https: string;
  localhost: string;
}

/**
 * The session cookie's names, for the API document: `__Host-ac_sess` over https (`__Host-` pins the cookie to this
 * host, path / and Secure), `ac_sess` over plain http (development).
 */
export const SESSION_COOKIE = { https: '__Host-ac_sess', localhost: 'ac_sess' } as const satisfies CookieNames;
/** The operator session cookie's names (README "Operator console"). */
export const OPS_SESSION_COOKIE = { https: '__Host-ac_ops', localhost: 'ac_ops' } as const satisfies CookieNames;

export type SessionKind = 'patient' | 'operator';
const COOKIE_OF: Record<SessionKind, CookieNames> = { patient: SESSION_COOKIE, operator: OPS_SESSION_COOKIE };

/**
 * Whether this answer goes to the browser over https: the scheme the request came by (with TRUST_PROXY, the one the
 * trusted proxy reports in X-Forwarded-Proto; never the Host header, which any client writes), and always in
 * production, which is only ever served over https (a proxy that forgets the header must not unsecure the cookie).
 */
export const isSecureRequest = (ctx: Pick<AppContext, 'config'>, req: FastifyRequest) =>
  req.protocol === 'https' || ctx.config.nodeEnv === 'production';

/**
 * The value of a cookie under the one name this request's scheme allows. Over https only the `__Host-` name counts: a
 * plain-named cookie can be planted by anyone who can write cookies for the domain (a sibling subdomain, a network
 * attacker over http), a `__Host-` one only by this host over https (docs/security.md, "A proxy hides no attacker").
 */
export const cookieOf = (ctx: Pick<AppContext, 'config'>, req: FastifyRequest, names: CookieNames) =>
  req.cookies[isSecureRequest(ctx, req) ? names.https : names.localhost];

/** The session token this request carries for a kind of session. */
export const sessionTokenOf = (ctx: AppContext, req: FastifyRequest, kind: SessionKind) =>
  cookieOf(ctx, req, COOKIE_OF[kind]);

/** The claim-authorization cookie's value for a session token (the session's `hash`). */
export const claimAuthHashOf = (ctx: AppContext, token: string) => ctx.crypto.hmac('claim-auth', token);

export function setSessionCookies(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  kind: SessionKind,
) {
  const secure = isSecureRequest(ctx, req);
  const name = secure ? COOKIE_OF[kind].https : COOKIE_OF[kind].localhost;
  if (kind === 'operator') {
    // No claimAuth beside it: that is the patient SPA's guard.
    reply.setCookie(name, token, { path: '/', sameSite: 'strict', secure, httpOnly: true, expires: expiresAt });
    return;
  }
  const common = { path: '/', sameSite: 'lax' as const, secure, expires: expiresAt };
  reply.setCookie(name, token, { ...common, httpOnly: true });
  reply.setCookie(CLAIM_AUTH_COOKIE, claimAuthHashOf(ctx, token), { ...common, httpOnly: false });
}

export function clearSessionCookies(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, kind: SessionKind) {
  const secure = isSecureRequest(ctx, req);
  const name = secure ? COOKIE_OF[kind].https : COOKIE_OF[kind].localhost;
  if (kind === 'operator') {
    reply.clearCookie(name, { path: '/', secure, httpOnly: true, sameSite: 'strict' });
    return;
  }
  reply.clearCookie(name, { path: '/', secure, httpOnly: true, sameSite: 'lax' });
  reply.clearCookie(CLAIM_AUTH_COOKIE, { path: '/', secure, sameSite: 'lax' });
}
