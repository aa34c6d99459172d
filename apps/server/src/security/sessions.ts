// The session rows (DESIGN §4), either kind: the server is the authority. A cookie (cookies.ts) carries a random token
// whose SHA-256 is the row's key; the row holds the subject (CI or operator id) encrypted. Each kind has its idle
// limit (a patient 15 minutes, an operator 30); a new id at every login, stage and refresh (no fixation). The patient
// session is session.ts, the operator console's operator-session.ts; both keep their rows here.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_IDLE_SECONDS, type LinkPurpose, type SessionInfo, type SessionScope } from '@auto-claim/contract';
import { OPS_SESSION_IDLE_SECONDS } from '@auto-claim/contract/ops';
import type { AppContext } from '../context.js';
import type { Handle } from '../db/handle.js';
import { AppError } from '../http/errors.js';
import { claimAuthHashOf, sessionTokenOf, setSessionCookies, type SessionKind } from './cookies.js';
import { randomToken, sha256 } from './crypto.js';
import { type OperatorStage, securityDb } from './tables.js';

export type { SessionKind } from './cookies.js';

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

export interface ActiveSession {
  idHash: string;
  kind: SessionKind;
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

export type NewSession = Pick<
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

export const IDLE_SECONDS: Record<SessionKind, number> = {
  patient: SESSION_IDLE_SECONDS,
  operator: OPS_SESSION_IDLE_SECONDS,
};

/** The keyed hash under which a CI is looked up everywhere (sessions, subscriptions, claims). */
export const ciHmacOf = (ctx: Pick<AppContext, 'crypto'>, ci: string) => ctx.crypto.hmac('ci', ci);

/** The keyed hash a session's subject is found by: a patient's CI, or an operator's login id. */
const subjectHmacOf = (ctx: Pick<AppContext, 'crypto'>, kind: SessionKind, subject: string) =>
  kind === 'patient' ? ciHmacOf(ctx, subject) : ctx.crypto.hmac('operator', subject);

export const UNAUTHENTICATED = () =>
  new AppError('UNAUTHENTICATED', '인증 시간이 지났거나 인증하지 않았어요. 처음부터 다시 본인인증을 해 주세요.');

/** What the session's own calls answer of it: its kind, hash and when it ends. */
export const info = (s: Pick<ActiveSession, 'kind' | 'lastSeenAt' | 'expiresAt' | 'hash'>): SessionInfo => {
  const idle = new Date(s.lastSeenAt.getTime() + IDLE_SECONDS[s.kind] * 1000);
  return {
    kind: s.kind,
    hash: s.hash,
    idleExpiresAt: (idle < s.expiresAt ? idle : s.expiresAt).toISOString(),
    absoluteExpiresAt: s.expiresAt.toISOString(),
  };
};

/**
 * The live session of this request, touching its idle clock unless `touch` is false (the console's background polls:
 * only what the operator does keeps her session, so its idle timeout still ends an unattended console); undefined when
 * absent, expired or revoked.
 */
export async function loadSession(
  ctx: AppContext,
  req: FastifyRequest,
  kind: SessionKind = 'patient',
  { touch = true }: { touch?: boolean } = {},
): Promise<ActiveSession | undefined> {
  const token = sessionTokenOf(ctx, req, kind);
  if (!token || token.length > 100) return undefined;
  const idHash = sha256(token);
  const now = ctx.clock.now();
  // One round trip: the row is live (not revoked, inside both limits) and its idle clock restarts, or nothing.
  const row = touch
    ? await securityDb(ctx.db)
        .updateTable('authSession')
        .set({ lastSeenAt: now })
        .where('idHash', '=', idHash)
        .where('kind', '=', kind)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now)
        .where('lastSeenAt', '>', new Date(now.getTime() - IDLE_SECONDS[kind] * 1000))
        .returningAll()
        .executeTakeFirst()
    : await securityDb(ctx.db)
        .selectFrom('authSession')
        .selectAll()
        .where('idHash', '=', idHash)
        .where('kind', '=', kind)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now)
        .where('lastSeenAt', '>', new Date(now.getTime() - IDLE_SECONDS[kind] * 1000))
        .executeTakeFirst();
  if (!row) return undefined;
  return {
    idHash,
    kind: row.kind,
    subject: ctx.crypto.decrypt(row.subjectEnc),
    person: row.personEnc ? ctx.crypto.decryptJson<VerifiedPerson>(row.personEnc) : null,
    hash: claimAuthHashOf(ctx, token),
    createdAt: new Date(row.createdAt),
    lastSeenAt: touch ? now : new Date(row.lastSeenAt),
    expiresAt: new Date(row.expiresAt),
    scope: row.scope,
    linkPurpose: row.linkPurpose,
    linkInsuApplyId: row.linkInsuApplyId,
    verifiedAt: row.verifiedAt ? new Date(row.verifiedAt) : null,
    operatorStage: row.operatorStage,
  };
}

/** Either kind's live session: the patient's cookie first (the calls both kinds may make: GET session, refresh). */
export async function loadAnySession(ctx: AppContext, req: FastifyRequest) {
  return (await loadSession(ctx, req, 'patient')) ?? (await loadSession(ctx, req, 'operator'));
}

/** Ends the session of this kind the request's cookie names, if any. */
export async function revokeCurrent(ctx: AppContext, req: FastifyRequest, kind: SessionKind = 'patient') {
  const token = sessionTokenOf(ctx, req, kind);
  if (!token) return;
  await revokeSession(ctx, sha256(token));
}

/** Ends one session by its key. */
export async function revokeSession(ctx: Pick<AppContext, 'db' | 'clock'>, idHash: string) {
  await securityDb(ctx.db)
    .updateTable('authSession')
    .set({ revokedAt: ctx.clock.now() })
    .where('idHash', '=', idHash)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Ends every session of one subject (an operator account disabled, its second factor reset). */
export async function revokeSessionsOf(
  ctx: Pick<AppContext, 'crypto' | 'clock'> & { db: Handle },
  kind: SessionKind,
  subject: string,
  /** A session (its id's hash) that stays: the caller's own. */
  except?: string,
) {
  let q = securityDb(ctx.db)
    .updateTable('authSession')
    .set({ revokedAt: ctx.clock.now() })
    .where('kind', '=', kind)
    .where('subjectHmac', '=', subjectHmacOf(ctx, kind, subject))
    .where('revokedAt', 'is', null);
  if (except) q = q.where('idHash', '!=', except);
  await q.execute();
}

/** A new session row under a new token, and its cookies; answers what the session's calls show, and its key. */
export async function insertSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  s: NewSession,
): Promise<SessionInfo & { idHash: string }> {
  const token = randomToken();
  const now = ctx.clock.now();
  await securityDb(ctx.db)
    .insertInto('authSession')
    .values({
      idHash: sha256(token),
      kind: s.kind,
      subjectEnc: ctx.crypto.encrypt(s.subject),
      subjectHmac: subjectHmacOf(ctx, s.kind, s.subject),
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
  setSessionCookies(ctx, req, reply, token, s.expiresAt, s.kind);
  return {
    ...info({ kind: s.kind, lastSeenAt: now, expiresAt: s.expiresAt, hash: claimAuthHashOf(ctx, token) }),
    idHash: sha256(token),
  };
}
