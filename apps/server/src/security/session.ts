// Sessions (DESIGN §4). The server is the authority: an HttpOnly, SameSite=Lax cookie carries a random token whose
// SHA-256 is the row's key; the row holds the subject (CI or operator id) encrypted. Idle timeout 15 minutes,
// absolute 12 hours; a new id at every login and refresh (no fixation). Beside it, a JS-readable claim-authorization
// cookie carries the session's `hash` for the SPA's guard (spec §5); it grants nothing by itself.
//
// A patient session has a scope (DESIGN §4, README "Identity and sessions"). `full`: opened by an SMS verification.
// `link`: opened by an 알림톡 link's token, which anyone the message reaches may hold; it reads the visit history and,
// for an ID-request link, submits the ID copy, and nothing else, and it ends when the link's subscription is cancelled.
// The calls that move money or identity need the last SMS verification of the session's own person to be fresh
// (STEP_UP_FRESH_SECONDS); a link session never is until it steps up (POST /rest/auth/stepUp), which makes it full.
// Each route says what it needs in `config.scope` (http/route-contract.ts); requirePatient enforces it.
//
// Operators (README "Operator console") have a cookie of their own (`__Host-ac_ops`, SameSite=Strict), so a patient's
// and an operator's session in one browser never mix: each kind's checks read only their own cookie. An operator
// session lasts 30 minutes idle and 8 hours in all, has a stage (`setup`, `password`, `full`: the second factor) and a
// CSRF token derived from its id, which every state-changing call must carry in `x-csrf-token`.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CLAIM_AUTH_COOKIE,
  SESSION_ABSOLUTE_SECONDS,
  SESSION_IDLE_SECONDS,
  STEP_UP_FRESH_SECONDS,
  maskName,
  maskPhone,
  type LinkPurpose,
  type SessionInfo,
  type SessionScope,
} from '@auto-claim/contract';
import {
  CSRF_HEADER,
  OPS_SESSION_ABSOLUTE_SECONDS,
  OPS_SESSION_IDLE_SECONDS,
  OPS_SESSION_PENDING_SECONDS,
  type OpsSession,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../context.js';
import { own } from '../db/handle.js';
import type { OperatorRole, OperatorStage } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { randomToken, sha256 } from './crypto.js';
import type { SecurityTables } from './tables.js';

/** The person the telecom vouched for at verification; what the patient's calls act for. */
export interface VerifiedPerson {
  userNm: string;
  /** YYYYMMDD */
  birthday: string;
  sex: 'M' | 'F';
  userTel: string;
  telecomType: string;
  /** The RRN's 7th digit when known (the identity vendor is asked with it again at step-up). */
  regDigit?: string;
}

export interface Patient {
  ci: string;
  ciHmac: string;
  person: VerifiedPerson;
  scope: SessionScope;
}

/** How a patient session was opened: an SMS verification, or a link (its purpose and subscription). */
export type PatientOrigin = { via: 'sms' } | { via: 'link'; purpose: LinkPurpose; insuApplyId: string };

interface ActiveSession {
  idHash: string;
  kind: 'patient' | 'operator';
  subject: string;
  person: VerifiedPerson | null;
  hash: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  scope: SessionScope;
  linkPurpose: LinkPurpose | null;
  linkInsuApplyId: string | null;
  verifiedAt: Date | null;
  /** Operator sessions: how far the sign-in has come. */
  operatorStage: OperatorStage | null;
}

type SessionKind = ActiveSession['kind'];

/** What a patient route needs of the session (config.scope); by default a full session of any age. */
export interface ScopeRule {
  /** Link sessions of these purposes may call it too. */
  link?: readonly LinkPurpose[];
  /** Needs a fresh SMS verification; the words say what for ("계좌를 바꾸려면"), for the patient. */
  fresh?: string;
  /** What the call does, for a link session's refusal ("가입 정보를 보려면"). */
  what?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requirePatient. */
    patient?: Patient;
    /** Set by requireOperator: the operator's login id. */
    operatorId?: string;
    /** Set by requireOperator: the operator's role (read from the account at every call). */
    operatorRole?: OperatorRole;
    /** Set by requireOperator: the operator session (its stage, limits and CSRF token). */
    operatorSession?: OpsSession & { idHash: string };
    /** Set by requirePatient: until when the session's last SMS verification is fresh (null: it is not). */
    freshUntil?: Date | null;
  }
  interface FastifyContextConfig {
    /** What a patient route needs of the session (security/session.ts); by default a full session. */
    scope?: ScopeRule;
    /** The least role an operator route needs (auth 'operator' requires it: README "Operator console"). */
    role?: OperatorRole;
    /**
     * The operator session stages an operator route accepts (default: `full` only): the sign-in's own calls accept
     * `setup` (the second factor's set-up) or `password` (the second factor).
     */
    stages?: readonly OperatorStage[];
  }
}

const PLAIN_NAME = 'ac_sess';
/** `__Host-` pins the cookie to this host, path / and Secure; only possible over https. */
const HOST_NAME = '__Host-ac_sess';
/** The session cookie's names, for the API document: `__Host-ac_sess` over https, `ac_sess` over plain http (development). */
export const SESSION_COOKIE = { https: HOST_NAME, localhost: PLAIN_NAME } as const;
const OPS_PLAIN_NAME = 'ac_ops';
const OPS_HOST_NAME = '__Host-ac_ops';
/** The operator session cookie's names (README "Operator console"). */
export const OPS_SESSION_COOKIE = { https: OPS_HOST_NAME, localhost: OPS_PLAIN_NAME } as const;
const COOKIE_OF: Record<SessionKind, CookieNames> = { patient: SESSION_COOKIE, operator: OPS_SESSION_COOKIE };
const IDLE_SECONDS: Record<SessionKind, number> = { patient: SESSION_IDLE_SECONDS, operator: OPS_SESSION_IDLE_SECONDS };

/**
 * Whether this answer goes to the browser over https: the scheme the request came by (with TRUST_PROXY, the one the
 * trusted proxy reports in X-Forwarded-Proto; never the Host header, which any client writes), and always in
 * production, which is only ever served over https (a proxy that forgets the header must not unsecure the cookie).
 */
export const isSecureRequest = (ctx: Pick<AppContext, 'config'>, req: FastifyRequest) =>
  req.protocol === 'https' || ctx.config.nodeEnv === 'production';

/** A cookie's two names: `__Host-…` over https, the plain one over http (development on localhost only). */
export interface CookieNames {
  https: string;
  localhost: string;
}

/**
 * The value of a cookie under the one name this request's scheme allows. Over https only the `__Host-` name counts: a
 * plain-named cookie can be planted by anyone who can write cookies for the domain (a sibling subdomain, a network
 * attacker over http), a `__Host-` one only by this host over https (docs/security.md, "A proxy hides no attacker").
 */
export const cookieOf = (ctx: Pick<AppContext, 'config'>, req: FastifyRequest, names: CookieNames) =>
  req.cookies[isSecureRequest(ctx, req) ? names.https : names.localhost];

/** The keyed hash under which a CI is looked up everywhere (sessions, subscriptions, claims). */
export const ciHmacOf = (ctx: AppContext, ci: string) => ctx.crypto.hmac('ci', ci);

const UNAUTHENTICATED = () =>
  new AppError('UNAUTHENTICATED', '인증 시간이 지났거나 인증하지 않았어요. 처음부터 다시 본인인증을 해 주세요.');

const tokenOf = (ctx: AppContext, req: FastifyRequest, kind: SessionKind = 'patient') =>
  cookieOf(ctx, req, COOKIE_OF[kind]);

const hashOf = (ctx: AppContext, token: string) => ctx.crypto.hmac('claim-auth', token);

function setCookies(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  kind: SessionKind = 'patient',
) {
  const secure = isSecureRequest(ctx, req);
  if (kind === 'operator') {
    // No claimAuth beside it: that is the patient SPA's guard.
    const name = secure ? OPS_HOST_NAME : OPS_PLAIN_NAME;
    reply.setCookie(name, token, { path: '/', sameSite: 'strict', secure, httpOnly: true, expires: expiresAt });
    return;
  }
  const common = { path: '/', sameSite: 'lax' as const, secure, expires: expiresAt };
  reply.setCookie(secure ? HOST_NAME : PLAIN_NAME, token, { ...common, httpOnly: true });
  reply.setCookie(CLAIM_AUTH_COOKIE, hashOf(ctx, token), { ...common, httpOnly: false });
}

function clearCookies(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, kind: SessionKind = 'patient') {
  const secure = isSecureRequest(ctx, req);
  if (kind === 'operator') {
    reply.clearCookie(secure ? OPS_HOST_NAME : OPS_PLAIN_NAME, {
      path: '/',
      secure,
      httpOnly: true,
      sameSite: 'strict',
    });
    return;
  }
  reply.clearCookie(secure ? HOST_NAME : PLAIN_NAME, { path: '/', secure, httpOnly: true, sameSite: 'lax' });
  reply.clearCookie(CLAIM_AUTH_COOKIE, { path: '/', secure, sameSite: 'lax' });
}

/** Until when a session's last SMS verification counts as fresh, or null. */
const freshUntilOf = (s: Pick<ActiveSession, 'scope' | 'verifiedAt'>) =>
  s.scope === 'full' && s.verifiedAt ? new Date(s.verifiedAt.getTime() + STEP_UP_FRESH_SECONDS * 1000) : null;

const info = (s: Pick<ActiveSession, 'kind' | 'lastSeenAt' | 'expiresAt' | 'hash'>): SessionInfo => {
  const idle = new Date(s.lastSeenAt.getTime() + IDLE_SECONDS[s.kind] * 1000);
  return {
    kind: s.kind,
    hash: s.hash,
    idleExpiresAt: (idle < s.expiresAt ? idle : s.expiresAt).toISOString(),
    absoluteExpiresAt: s.expiresAt.toISOString(),
  };
};

/** The live session of this request, touching its idle clock; undefined when absent, expired or revoked. */
export async function loadSession(
  ctx: AppContext,
  req: FastifyRequest,
  kind: SessionKind = 'patient',
): Promise<ActiveSession | undefined> {
  const token = tokenOf(ctx, req, kind);
  if (!token || token.length > 100) return undefined;
  const idHash = sha256(token);
  const now = ctx.clock.now();
  // One round trip: the row is live (not revoked, inside both limits) and its idle clock restarts, or nothing.
  const row = await own<SecurityTables>(ctx.db)
    .updateTable('authSession')
    .set({ lastSeenAt: now })
    .where('idHash', '=', idHash)
    .where('kind', '=', kind)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .where('lastSeenAt', '>', new Date(now.getTime() - IDLE_SECONDS[kind] * 1000))
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  const expiresAt = new Date(row.expiresAt);
  return {
    idHash,
    kind: row.kind,
    subject: ctx.crypto.decrypt(row.subjectEnc),
    person: row.personEnc ? ctx.crypto.decryptJson<VerifiedPerson>(row.personEnc) : null,
    hash: hashOf(ctx, token),
    createdAt: new Date(row.createdAt),
    lastSeenAt: now,
    expiresAt,
    scope: row.scope,
    linkPurpose: row.linkPurpose,
    linkInsuApplyId: row.linkInsuApplyId,
    verifiedAt: row.verifiedAt ? new Date(row.verifiedAt) : null,
    operatorStage: row.operatorStage,
  };
}

/** Either kind's live session: the patient's cookie first (the calls both kinds may make: GET session, refresh). */
async function loadAnySession(ctx: AppContext, req: FastifyRequest) {
  return (await loadSession(ctx, req, 'patient')) ?? (await loadSession(ctx, req, 'operator'));
}

async function revokeCurrent(ctx: AppContext, req: FastifyRequest, kind: SessionKind = 'patient') {
  const token = tokenOf(ctx, req, kind);
  if (!token) return;
  await own<SecurityTables>(ctx.db)
    .updateTable('authSession')
    .set({ revokedAt: ctx.clock.now() })
    .where('idHash', '=', sha256(token))
    .where('revokedAt', 'is', null)
    .execute();
}

type NewSession = Pick<
  ActiveSession,
  | 'kind'
  | 'subject'
  | 'person'
  | 'createdAt'
  | 'expiresAt'
  | 'scope'
  | 'linkPurpose'
  | 'linkInsuApplyId'
  | 'verifiedAt'
  | 'operatorStage'
>;

async function insertSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  s: NewSession,
): Promise<SessionInfo & { idHash: string }> {
  const token = randomToken();
  const now = ctx.clock.now();
  await own<SecurityTables>(ctx.db)
    .insertInto('authSession')
    .values({
      idHash: sha256(token),
      kind: s.kind,
      subjectEnc: ctx.crypto.encrypt(s.subject),
      subjectHmac: s.kind === 'patient' ? ciHmacOf(ctx, s.subject) : ctx.crypto.hmac('operator', s.subject),
      personEnc: s.person ? ctx.crypto.encryptJson(s.person) : null,
      createdAt: s.createdAt,
      lastSeenAt: now,
      expiresAt: s.expiresAt,
      revokedAt: null,
      scope: s.scope,
      linkPurpose: s.linkPurpose,
      linkInsuApplyId: s.linkInsuApplyId,
      verifiedAt: s.verifiedAt,
      operatorStage: s.operatorStage,
    })
    .execute();
  setCookies(ctx, req, reply, token, s.expiresAt, s.kind);
  return {
    ...info({ kind: s.kind, lastSeenAt: now, expiresAt: s.expiresAt, hash: hashOf(ctx, token) }),
    idHash: sha256(token),
  };
}

/**
 * Login: a new session with a new id; whatever session the browser had is revoked (no fixation). A patient's is full
 * and fresh after an SMS verification, a link session after a link's exchange.
 */
export async function startSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  s: { kind: 'patient'; ci: string; person: VerifiedPerson; origin: PatientOrigin },
): Promise<SessionInfo> {
  await revokeCurrent(ctx, req);
  const now = ctx.clock.now();
  const link = s.origin.via === 'link' ? s.origin : undefined;
  const { idHash: _id, ...session } = await insertSession(ctx, req, reply, {
    kind: 'patient',
    subject: s.ci,
    person: s.person,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_SECONDS * 1000),
    scope: link ? 'link' : 'full',
    linkPurpose: link?.purpose ?? null,
    linkInsuApplyId: link?.insuApplyId ?? null,
    verifiedAt: !link ? now : null,
    operatorStage: null,
  });
  return session;
}

/** The CSRF token of an operator session: derived from its id, so it needs no column and changes with the id. */
const csrfOf = (ctx: AppContext, idHash: string) => ctx.crypto.hmac('ops-csrf', idHash);

/**
 * An operator's sign-in moves a stage on (password → `setup` or `password`; second factor → `full`): each step is a new
 * session with a new id and CSRF token, and the one before it ends (no fixation). A session short of `full` lasts
 * OPS_SESSION_PENDING_SECONDS at most; a full one OPS_SESSION_ABSOLUTE_SECONDS from the second factor.
 */
export async function startOperatorSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  s: { loginId: string; role: OperatorRole; stage: OperatorStage },
): Promise<OpsSession & SessionInfo> {
  await revokeCurrent(ctx, req, 'operator');
  const now = ctx.clock.now();
  const seconds = s.stage === 'full' ? OPS_SESSION_ABSOLUTE_SECONDS : OPS_SESSION_PENDING_SECONDS;
  const { idHash, ...session } = await insertSession(ctx, req, reply, {
    kind: 'operator',
    subject: s.loginId,
    person: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + seconds * 1000),
    scope: 'full',
    linkPurpose: null,
    linkInsuApplyId: null,
    verifiedAt: null,
    operatorStage: s.stage,
  });
  return {
    ...session,
    kind: 'operator',
    loginId: s.loginId,
    role: s.role,
    stage: s.stage,
    csrfToken: csrfOf(ctx, idHash),
  };
}

/** Ends every session of an operator account (disabled, second factor reset). */
export async function endOperatorSessions(ctx: Pick<AppContext, 'db' | 'crypto' | 'clock'>, loginId: string) {
  await own<SecurityTables>(ctx.db)
    .updateTable('authSession')
    .set({ revokedAt: ctx.clock.now() })
    .where('kind', '=', 'operator')
    .where('subjectHmac', '=', ctx.crypto.hmac('operator', loginId))
    .where('revokedAt', 'is', null)
    .execute();
}

/** Operator logout: ends the operator session only (a patient session in the same browser goes on). */
export async function endOperatorSession(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  await revokeCurrent(ctx, req, 'operator');
  clearCookies(ctx, req, reply, 'operator');
}

/** Whether the request carries a live, fully signed-in session of an enabled admin account (the sandbox gate). */
export async function isSignedInAdmin(ctx: AppContext, req: FastifyRequest) {
  const s = await loadSession(ctx, req, 'operator');
  if (s?.operatorStage !== 'full') return false;
  const account = await ctx.db
    .selectFrom('operator')
    .select(['role', 'disabledAt'])
    .where('loginId', '=', s.subject)
    .executeTakeFirst();
  return account?.role === 'admin' && !account.disabledAt;
}

/**
 * Step-up: the session's own person verified again by SMS. A different person (CI) is refused and the session stays
 * as it was; the same one gets the session under a new id, full (a link session is upgraded) and fresh from now.
 */
export async function stepUpSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  verified: { ci: string; person: VerifiedPerson },
): Promise<SessionInfo & { freshUntil: string }> {
  const current = await loadSession(ctx, req);
  if (!current || current.kind !== 'patient') throw UNAUTHENTICATED();
  if (verified.ci !== current.subject) {
    throw new AppError(
      'STEP_UP_PERSON_MISMATCH',
      '지금 이용 중인 분과 다른 분으로 인증했어요. 알림톡을 받은 분의 휴대폰으로 본인인증을 해 주세요.',
    );
  }
  await revokeCurrent(ctx, req);
  const now = ctx.clock.now();
  const { idHash: _id, ...session } = await insertSession(ctx, req, reply, {
    kind: 'patient',
    subject: current.subject,
    // What the telecom vouched for just now (the carrier, which a link session did not know, included).
    person: { ...current.person, ...verified.person },
    createdAt: current.scope === 'link' ? now : current.createdAt,
    expiresAt: current.scope === 'link' ? new Date(now.getTime() + SESSION_ABSOLUTE_SECONDS * 1000) : current.expiresAt,
    scope: 'full',
    linkPurpose: null,
    linkInsuApplyId: null,
    verifiedAt: now,
    operatorStage: null,
  });
  return { ...session, freshUntil: freshUntilOf({ scope: 'full', verifiedAt: now })!.toISOString() };
}

/** The person of the live patient session, for step-up (a link session's has no carrier). */
export async function patientSessionPerson(ctx: AppContext, req: FastifyRequest) {
  const s = await loadSession(ctx, req);
  if (!s || s.kind !== 'patient' || !s.person) throw UNAUTHENTICATED();
  return s.person;
}

/** Refresh: the live session continues under a new id; the absolute limit does not move. */
export async function rotateSession(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<SessionInfo> {
  const current = await loadAnySession(ctx, req);
  if (!current) throw UNAUTHENTICATED();
  await revokeCurrent(ctx, req, current.kind);
  const { idHash: _id, ...session } = await insertSession(ctx, req, reply, {
    kind: current.kind,
    subject: current.subject,
    person: current.person,
    createdAt: current.createdAt,
    expiresAt: current.expiresAt,
    scope: current.scope,
    linkPurpose: current.linkPurpose,
    linkInsuApplyId: current.linkInsuApplyId,
    verifiedAt: current.verifiedAt,
    operatorStage: current.operatorStage,
  });
  return session;
}

/** Patient logout: ends the patient session only (an operator session in the same browser goes on). */
export async function endSession(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  await revokeCurrent(ctx, req);
  clearCookies(ctx, req, reply);
}

/**
 * The current session as the SPA may see it (restores the guard's state after a reload), or 401. A link session shows
 * neither the CI nor the person, only the masked name and phone its step-up screen names.
 */
export async function currentSession(ctx: AppContext, req: FastifyRequest) {
  const s = await loadAnySession(ctx, req);
  if (!s) throw UNAUTHENTICATED();
  if (s.kind !== 'patient') return info(s);
  const freshUntil = freshUntilOf(s);
  const common = {
    ...info(s),
    scope: s.scope,
    ...(freshUntil && freshUntil > ctx.clock.now() ? { freshUntil: freshUntil.toISOString() } : {}),
  };
  if (s.scope === 'link') {
    return {
      ...common,
      linkPurpose: s.linkPurpose ?? undefined,
      userNmMasked: s.person?.userNm ? maskName(s.person.userNm) : '',
      userTelMasked: s.person?.userTel ? maskPhone(s.person.userTel) : '',
    };
  }
  return { ...common, ci: s.subject, person: s.person! };
}

/** Is a link session's subscription still live? (app.ts asks the subscriptions module.) */
export type LinkStillLive = (ciHmac: string, insuApplyId: string) => Promise<boolean>;

/** A link session whose subscription was cancelled: ended at once, and told why. */
const LINK_ENDED = () =>
  new AppError(
    'LINK_INVALID',
    '자동청구를 해지해서 알림톡 링크로는 더 볼 수 없어요. 휴대폰 본인인증을 하면 내역을 볼 수 있어요.',
  );

async function checkLinkLive(ctx: AppContext, s: ActiveSession, linkLive: LinkStillLive) {
  if (s.kind !== 'patient' || s.scope !== 'link') return;
  if (s.linkInsuApplyId && (await linkLive(ciHmacOf(ctx, s.subject), s.linkInsuApplyId))) return;
  await own<SecurityTables>(ctx.db)
    .updateTable('authSession')
    .set({ revokedAt: ctx.clock.now() })
    .where('idHash', '=', s.idHash)
    .execute();
  throw LINK_ENDED();
}

const STEP_UP = (why: string) =>
  new AppError('STEP_UP_REQUIRED', `${why} 본인인증을 한 번 더 해 주세요. 휴대폰으로 받은 인증번호만 넣으면 돼요.`);

/** Korean for a link session's refusal when the route says nothing more. */
const DEFAULT_WHAT = '이 기능을 쓰려면';

/**
 * onRequest of every call that reads or writes a patient's personal data: 401 without a live patient session; 403
 * STEP_UP_REQUIRED when the route's config.scope asks more than the session has (a link session outside its purpose,
 * or a stale verification where a fresh one is needed).
 */
export const requirePatient = (ctx: AppContext, linkLive: LinkStillLive) => async (req: FastifyRequest) => {
  const s = await loadSession(ctx, req);
  if (!s || s.kind !== 'patient' || !s.person) throw UNAUTHENTICATED();
  await checkLinkLive(ctx, s, linkLive);
  const rule = req.routeOptions.config.scope ?? {};
  if (s.scope === 'link' && !(s.linkPurpose && rule.link?.includes(s.linkPurpose))) {
    throw STEP_UP(rule.fresh ?? rule.what ?? DEFAULT_WHAT);
  }
  const freshUntil = freshUntilOf(s);
  req.freshUntil = freshUntil && freshUntil > ctx.clock.now() ? freshUntil : null;
  if (rule.fresh) assertFresh(req, rule.fresh);
  req.patient = { ci: s.subject, ciHmac: ciHmacOf(ctx, s.subject), person: s.person, scope: s.scope };
};

/**
 * For a rule a route's config cannot state alone (it depends on the body): the session's last SMS verification must
 * be fresh. `why` says what for, in the patient's words ("보험금 받을 계좌를 바꾸려면").
 */
export function assertFresh(req: FastifyRequest, why: string) {
  if (!req.freshUntil) throw STEP_UP(why);
}

/** Operator roles, each able to do all the one before it can (README "Operator console"). */
export const OPERATOR_ROLES = ['viewer', 'operator', 'admin'] as const satisfies readonly OperatorRole[];
const ROLE_NM: Record<OperatorRole, string> = { viewer: '조회자', operator: '운영자', admin: '관리자' };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameText(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const UNAUTHENTICATED_OPERATOR = () =>
  new AppError('UNAUTHENTICATED', '로그인 시간이 지났거나 로그인하지 않았어요. 다시 로그인해 주세요.');

/**
 * onRequest of operator calls, before any body is read: 401 without a live operator session (its own cookie) or for a
 * disabled account; 403 CSRF_FAILED when a state-changing call lacks the session's token; 403 SECOND_FACTOR_REQUIRED
 * when the session is short of the stage the route needs; 403 ROLE_FORBIDDEN when the account's role (read now, so a
 * change holds at once) is below the route's.
 */
export const requireOperator = (ctx: AppContext) => async (req: FastifyRequest) => {
  const s = await loadSession(ctx, req, 'operator');
  if (!s || !s.operatorStage) throw UNAUTHENTICATED_OPERATOR();
  const account = await ctx.db
    .selectFrom('operator')
    .select(['role', 'disabledAt'])
    .where('loginId', '=', s.subject)
    .executeTakeFirst();
  if (!account || account.disabledAt) {
    await own<SecurityTables>(ctx.db)
      .updateTable('authSession')
      .set({ revokedAt: ctx.clock.now() })
      .where('idHash', '=', s.idHash)
      .execute();
    throw UNAUTHENTICATED_OPERATOR();
  }
  const csrfToken = csrfOf(ctx, s.idHash);
  if (!SAFE_METHODS.has(req.method)) {
    const sent = req.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || !sameText(sent, csrfToken)) {
      throw new AppError('CSRF_FAILED', '보안 확인 값이 맞지 않아요. 화면을 새로 고친 뒤 다시 시도해 주세요.');
    }
  }
  const stages = req.routeOptions.config.stages ?? ['full'];
  if (!stages.includes(s.operatorStage)) {
    if (s.operatorStage === 'full') {
      throw new AppError('SECOND_FACTOR_DONE', '이미 로그인을 마쳤어요. 콘솔로 이동해 주세요.');
    }
    throw new AppError(
      'SECOND_FACTOR_REQUIRED',
      s.operatorStage === 'setup'
        ? '2단계 인증을 먼저 설정해 주세요.'
        : '인증 앱의 6자리 숫자로 2단계 인증을 마쳐야 쓸 수 있어요.',
    );
  }
  const needed = req.routeOptions.config.role ?? 'admin';
  if (OPERATOR_ROLES.indexOf(account.role) < OPERATOR_ROLES.indexOf(needed)) {
    throw new AppError('ROLE_FORBIDDEN', `이 기능은 ${ROLE_NM[needed]} 권한이 있어야 쓸 수 있어요.`);
  }
  req.operatorId = s.subject;
  req.operatorRole = account.role;
  const idle = new Date(s.lastSeenAt.getTime() + OPS_SESSION_IDLE_SECONDS * 1000);
  req.operatorSession = {
    kind: 'operator',
    idHash: s.idHash,
    loginId: s.subject,
    role: account.role,
    stage: s.operatorStage,
    idleExpiresAt: (idle < s.expiresAt ? idle : s.expiresAt).toISOString(),
    absoluteExpiresAt: s.expiresAt.toISOString(),
    csrfToken,
  };
};

/** onRequest of the calls either kind of session may make (its own session): 401 without a live one. */
export const requireSession = (ctx: AppContext, linkLive: LinkStillLive) => async (req: FastifyRequest) => {
  const s = await loadAnySession(ctx, req);
  if (!s) throw UNAUTHENTICATED();
  await checkLinkLive(ctx, s, linkLive);
};

/** The patient of a request that passed requirePatient. */
export function patientOf(req: FastifyRequest): Patient {
  if (!req.patient) throw UNAUTHENTICATED();
  return req.patient;
}

/** A body may name a userCi only if it is the session's own (DESIGN §4). */
export function assertOwnCi(req: FastifyRequest, userCi: string | undefined) {
  const patient = patientOf(req);
  if (userCi !== undefined && userCi !== '' && userCi !== patient.ci) {
    throw new AppError('CI_MISMATCH', '인증한 본인의 정보로만 신청할 수 있어요.', [
      { field: 'userCi', message: '본인인증한 사람과 다른 사람의 정보예요.' },
    ]);
  }
  return patient;
}
