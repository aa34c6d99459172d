// The 알림톡 link's exchange for a session (README, claim engine; docs/security.md, "A link opens the history, nothing
// else"). It stays here, not in security/linkToken.ts: the token is security's, but whether a link still opens is
// whether its subscription is live and whose it is, which subscriptions answer, and security/ imports no module.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { childCalled, maskName, type LinkExchangeAnswer, type LinkPurpose } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import { deviceIdOf, keepDeviceId, openLinkToken } from '../../security/linkToken.js';
import { ciHmacOf, startSession } from '../../security/session.js';
import { childOfGuardian, liveSubscriptionOf, subscriberOf } from '../subscriptions/index.js';

/**
 * 403, not 401: the link is refused, not a session that ended (a 401 makes the SPA show its logout alert, spec §6);
 * the screen offers SMS verification instead.
 */
const LINK_INVALID = () =>
  new AppError(
    'LINK_INVALID',
    '링크의 사용 시간이 지났거나 잘못된 링크예요. 휴대폰 본인인증을 하면 내역을 볼 수 있어요.',
  );

/** A link opened before on another device (forwarded, or a messenger's preview): that person verifies by SMS. */
const LINK_OTHER_DEVICE = () =>
  new AppError('LINK_INVALID', '이 링크는 처음 연 휴대폰에서만 열려요. 휴대폰 본인인증을 하면 내역을 볼 수 있어요.');

/** The links of a subscription that was cancelled (or replaced by a newer one) open nothing. */
const LINK_CANCELLED = () =>
  new AppError(
    'LINK_INVALID',
    '자동청구를 해지해서 이 링크는 더 쓸 수 없어요. 휴대폰 본인인증을 하면 지난 내역을 볼 수 있어요.',
  );

/**
 * Trades a link's token for a link session (security/session.ts: the visit history, and for an ID-request link the
 * ID copy, nothing else). The first open binds the link to this browser's device cookie; the same device may open it
 * again for the link's lifetime (security/linkToken.ts). An expired, forged or foreign token, one opened on another
 * device, or the link of a subscription that is no longer live, opens nothing.
 */
export async function exchangeLink(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  purpose: LinkPurpose,
): Promise<LinkExchangeAnswer> {
  const deviceId = deviceIdOf(ctx, req);
  const grant = await openLinkToken(ctx, token, purpose, deviceId);
  if ('refused' in grant) throw grant.refused === 'otherDevice' ? LINK_OTHER_DEVICE() : LINK_INVALID();
  const live = await liveSubscriptionOf(ctx.db, grant.ciHmac);
  if (!live || (grant.insuApplyId && grant.insuApplyId !== live.insuApplyId)) throw LINK_CANCELLED();
  const who = await subscriberOf(ctx, grant.ciHmac, live.insuApplyId);
  if (!who) throw LINK_INVALID();
  const session = await startSession(ctx, req, reply, {
    kind: 'patient',
    ci: who.ci,
    person: who.person,
    origin: { via: 'link', purpose, insuApplyId: live.insuApplyId },
  });
  keepDeviceId(ctx, req, reply, deviceId);
  // A child's message opens her guardian's session; the screen opens that child's history.
  const child =
    grant.ciHmac === ciHmacOf(ctx, who.ci)
      ? undefined
      : await childOfGuardian(ctx, ciHmacOf(ctx, who.ci), live.insuApplyId);
  return {
    purpose,
    hash: session.hash,
    idleExpiresAt: session.idleExpiresAt,
    absoluteExpiresAt: session.absoluteExpiresAt,
    userNmMasked: who.person.userNm ? maskName(who.person.userNm) : '',
    ...(child ? { child: { insuApplyId: child.insuApplyId, calledNm: childCalled(child.child.userNm) } } : {}),
    // The visit the message was about: the screen opens its claim (README "Patient messages").
    ...(grant.recordId !== null ? { treatId: String(grant.recordId) } : {}),
  };
}
