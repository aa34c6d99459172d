// The patient's session (DESIGN §4, README "Identity and sessions"), and the calls either kind of session makes of
// itself (refresh, current, requireSession). The rows are sessions.ts, the cookies cookies.ts, the operator console's
// session operator-session.ts. Idle timeout 15 minutes, absolute 12 hours; a new id at every login and refresh.
//
// A patient session has a scope. `full`: opened by an SMS verification. `link`: opened by an 알림톡 link's token,
// which anyone the message reaches may hold; it reads the visit history and, for an ID-request link, submits the ID
// copy, and nothing else, and it ends when the link's subscription is cancelled. The calls that move money or
// identity need the last SMS verification of the session's own person to be fresh (STEP_UP_FRESH_SECONDS); a link
// session never is until it steps up (POST /rest/auth/stepUp), which makes it full. Each route says what it needs in
// `config.scope` (http/route-contract.ts); requirePatient enforces it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  SESSION_ABSOLUTE_SECONDS,
  STEP_UP_FRESH_SECONDS,
  isForeignRegDigit,
  maskName,
  maskPhone,
  type LinkPurpose,
  type SessionInfo,
  type SessionScope,
} from '@auto-claim/contract';
import type { AppContext } from '../context.js';
import { AppError } from '../http/errors.js';
import { clearSessionCookies } from './cookies.js';
import {
  UNAUTHENTICATED,
  ciHmacOf,
  info,
  insertSession,
  loadAnySession,
  loadSession,
  revokeCurrent,
  revokeSession,
  type ActiveSession,
  type VerifiedPerson,
} from './sessions.js';

export { ciHmacOf, type VerifiedPerson } from './sessions.js';

export interface Patient {
  ci: string;
  ciHmac: string;
  person: VerifiedPerson;
  scope: SessionScope;
  /** The session's row (checked-photo.ts keeps what its OCR call checked there); absent outside a request. */
  sessionIdHash?: string;
}

/** How a patient session was opened: an SMS verification, or a link (its purpose and subscription). */
export type PatientOrigin = { via: 'sms' } | { via: 'link'; purpose: LinkPurpose; insuApplyId: string };

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
    /** Set by requirePatient: until when the session's last SMS verification is fresh (null: it is not). */
    freshUntil?: Date | null;
  }
  interface FastifyContextConfig {
    /** What a patient route needs of the session (security/session.ts); by default a full session. */
    scope?: ScopeRule;
  }
}

/** Until when a session's last SMS verification counts as fresh, or null. */
const freshUntilOf = (s: Pick<ActiveSession, 'scope' | 'verifiedAt'>) =>
  s.scope === 'full' && s.verifiedAt ? new Date(s.verifiedAt.getTime() + STEP_UP_FRESH_SECONDS * 1000) : null;

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
  clearSessionCookies(ctx, req, reply, 'patient');
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
      ...(s.person?.telecomType ? { telecomType: s.person.telecomType } : {}),
    };
  }
  const { regDigit, ...person } = s.person!;
  return {
    ...common,
    ci: s.subject,
    person: { ...person, ...(isForeignRegDigit(regDigit ?? '') ? { foreignResident: true } : {}) },
  };
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
  await revokeSession(ctx, s.idHash);
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
  req.patient = {
    ci: s.subject,
    ciHmac: ciHmacOf(ctx, s.subject),
    person: s.person,
    scope: s.scope,
    sessionIdHash: s.idHash,
  };
};

/**
 * For a rule a route's config cannot state alone (it depends on the body): a link session may not do this part of the
 * call (a held visit's "is it mine?" needs her verified session; its "shall it be sent?" is the link's one tap).
 */
export function assertNotLink(req: FastifyRequest, why: string) {
  if (req.patient?.scope === 'link') throw STEP_UP(why);
}

/**
 * For a rule a route's config cannot state alone (it depends on the body): the session's last SMS verification must
 * be fresh. `why` says what for, in the patient's words ("보험금 받을 계좌를 바꾸려면").
 */
export function assertFresh(req: FastifyRequest, why: string) {
  if (!req.freshUntil) throw STEP_UP(why);
}

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
