// Sessions (DESIGN §4). The server is the authority: an HttpOnly, SameSite=Lax cookie carries a random token whose
// SHA-256 is the row's key; the row holds the subject (CI or operator id) encrypted. Idle timeout 15 minutes,
// absolute 12 hours; a new id at every login and refresh (no fixation). Beside it, a JS-readable claim-authorization
// cookie carries the session's `hash` for the SPA's guard (spec §5); it grants nothing by itself.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CLAIM_AUTH_COOKIE,
  SESSION_ABSOLUTE_SECONDS,
  SESSION_IDLE_SECONDS,
  type SessionInfo,
} from '@auto-claim/contract';
import type { AppContext } from '../context.js';
import { AppError } from '../http/problem.js';
import { randomToken, sha256 } from './crypto.js';

/** The person the telecom vouched for at verification; what the patient's calls act for. */
export interface VerifiedPerson {
  userNm: string;
  /** YYYYMMDD */
  birthday: string;
  sex: 'M' | 'F';
  userTel: string;
  telecomType: string;
}

export interface Patient {
  ci: string;
  ciHmac: string;
  person: VerifiedPerson;
}

interface ActiveSession {
  idHash: string;
  kind: 'patient' | 'operator';
  subject: string;
  person: VerifiedPerson | null;
  hash: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requirePatient. */
    patient?: Patient;
    /** Set by requireOperator: the operator's login id. */
    operatorId?: string;
  }
}

const PLAIN_NAME = 'ac_sess';
/** `__Host-` pins the cookie to this host, path / and Secure; only possible over https. */
const HOST_NAME = '__Host-ac_sess';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const isSecure = (req: FastifyRequest) => !LOCAL_HOSTS.has(req.hostname.replace(/:\d+$/, ''));

/** The keyed hash under which a CI is looked up everywhere (sessions, subscriptions, claims). */
export const ciHmacOf = (ctx: AppContext, ci: string) => ctx.crypto.hmac('ci', ci);

const UNAUTHENTICATED = () =>
  new AppError(401, 'UNAUTHENTICATED', '인증 시간이 지났거나 인증하지 않았어요. 처음부터 다시 본인인증을 해 주세요.');

function tokenOf(req: FastifyRequest): string | undefined {
  return req.cookies[HOST_NAME] ?? req.cookies[PLAIN_NAME];
}

const hashOf = (ctx: AppContext, token: string) => ctx.crypto.hmac('claim-auth', token);

function setCookies(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  const secure = isSecure(req);
  const common = { path: '/', sameSite: 'lax' as const, secure, expires: expiresAt };
  reply.setCookie(secure ? HOST_NAME : PLAIN_NAME, token, { ...common, httpOnly: true });
  reply.setCookie(CLAIM_AUTH_COOKIE, hashOf(ctx, token), { ...common, httpOnly: false });
}

function clearCookies(req: FastifyRequest, reply: FastifyReply) {
  const secure = isSecure(req);
  reply.clearCookie(secure ? HOST_NAME : PLAIN_NAME, { path: '/', secure, httpOnly: true, sameSite: 'lax' });
  reply.clearCookie(CLAIM_AUTH_COOKIE, { path: '/', secure, sameSite: 'lax' });
}

const info = (s: Pick<ActiveSession, 'kind' | 'lastSeenAt' | 'expiresAt' | 'hash'>): SessionInfo => {
  const idle = new Date(s.lastSeenAt.getTime() + SESSION_IDLE_SECONDS * 1000);
  return {
    kind: s.kind,
    hash: s.hash,
    idleExpiresAt: (idle < s.expiresAt ? idle : s.expiresAt).toISOString(),
    absoluteExpiresAt: s.expiresAt.toISOString(),
  };
};

/** The live session of this request, touching its idle clock; undefined when absent, expired or revoked. */
export async function loadSession(ctx: AppContext, req: FastifyRequest): Promise<ActiveSession | undefined> {
  const token = tokenOf(req);
  if (!token || token.length > 100) return undefined;
  const idHash = sha256(token);
  const now = ctx.clock.now();
  // One round trip: the row is live (not revoked, inside both limits) and its idle clock restarts, or nothing.
  const row = await ctx.db
    .updateTable('authSession')
    .set({ lastSeenAt: now })
    .where('idHash', '=', idHash)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .where('lastSeenAt', '>', new Date(now.getTime() - SESSION_IDLE_SECONDS * 1000))
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
  };
}

async function revokeCurrent(ctx: AppContext, req: FastifyRequest) {
  const token = tokenOf(req);
  if (!token) return;
  await ctx.db
    .updateTable('authSession')
    .set({ revokedAt: ctx.clock.now() })
    .where('idHash', '=', sha256(token))
    .where('revokedAt', 'is', null)
    .execute();
}

async function insertSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  s: { kind: 'patient' | 'operator'; subject: string; person: VerifiedPerson | null; createdAt: Date; expiresAt: Date },
): Promise<SessionInfo> {
  const token = randomToken();
  const now = ctx.clock.now();
  await ctx.db
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
    })
    .execute();
  setCookies(ctx, req, reply, token, s.expiresAt);
  return info({ kind: s.kind, lastSeenAt: now, expiresAt: s.expiresAt, hash: hashOf(ctx, token) });
}

/** Login: a new session with a new id; whatever session the browser had is revoked (no fixation). */
export async function startSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  s: { kind: 'patient'; ci: string; person: VerifiedPerson } | { kind: 'operator'; loginId: string },
): Promise<SessionInfo> {
  await revokeCurrent(ctx, req);
  const now = ctx.clock.now();
  return insertSession(ctx, req, reply, {
    kind: s.kind,
    subject: s.kind === 'patient' ? s.ci : s.loginId,
    person: s.kind === 'patient' ? s.person : null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_SECONDS * 1000),
  });
}

/** Refresh: the live session continues under a new id; the absolute limit does not move. */
export async function rotateSession(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<SessionInfo> {
  const current = await loadSession(ctx, req);
  if (!current) throw UNAUTHENTICATED();
  await revokeCurrent(ctx, req);
  return insertSession(ctx, req, reply, {
    kind: current.kind,
    subject: current.subject,
    person: current.person,
    createdAt: current.createdAt,
    expiresAt: current.expiresAt,
  });
}

export async function endSession(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  await revokeCurrent(ctx, req);
  clearCookies(req, reply);
}

/** The current session as the SPA may see it (restores the guard's state after a reload), or 401. */
export async function currentSession(ctx: AppContext, req: FastifyRequest) {
  const s = await loadSession(ctx, req);
  if (!s) throw UNAUTHENTICATED();
  return { ...info(s), ...(s.kind === 'patient' ? { ci: s.subject, person: s.person! } : {}) };
}

/** preHandler for every call that reads or writes a patient's personal data: 401 without a live patient session. */
export const requirePatient = (ctx: AppContext) => async (req: FastifyRequest) => {
  const s = await loadSession(ctx, req);
  if (!s || s.kind !== 'patient' || !s.person) throw UNAUTHENTICATED();
  req.patient = { ci: s.subject, ciHmac: ciHmacOf(ctx, s.subject), person: s.person };
};

/** preHandler for operator calls. */
export const requireOperator = (ctx: AppContext) => async (req: FastifyRequest) => {
  const s = await loadSession(ctx, req);
  if (!s || s.kind !== 'operator') throw UNAUTHENTICATED();
  req.operatorId = s.subject;
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
    throw new AppError(403, 'CI_MISMATCH', '인증한 본인의 정보로만 신청할 수 있어요.', [
      { field: 'userCi', message: '본인인증한 사람과 다른 사람의 정보예요.' },
    ]);
  }
  return patient;
}
