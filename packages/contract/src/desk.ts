// A hospital desk's handoff (README "A helper beside her", desk mode): a clerk signed in to the console makes a QR
// code; the patient scans it and goes on on her own phone with the hospital chosen and the clerk's staff account
// recorded as her helper. The QR's URL carries one short-lived, single-use random token and nothing personal; opened,
// it is exchanged for a grant that the subscription names (deskGrant), so the staff account always comes from the
// clerk's console session, never from what a phone sends.
import { z } from 'zod';
import { deskGrant } from './subscription.js';

/** The token's and the grant's lives: the QR works for 10 minutes, once; the walk it starts has 2 hours. */
export const DESK_HANDOFF_TTL_SECONDS = 600;
export const DESK_GRANT_TTL_SECONDS = 2 * 3600;
/** The patient app's screen the QR code opens: the token is in the fragment, so no server log or Referer sees it. */
export const DESK_SCREEN = '/desk';

/** POST API.deskHandoff: the QR's token (32 random bytes, base64url). */
export const deskHandoffBody = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, {
    message: 'QR 코드의 연결 정보가 올바르지 않아요. 접수대에 새 QR 코드를 부탁해 주세요.',
  }),
});
export type DeskHandoffBody = z.input<typeof deskHandoffBody>;
export const deskHandoffAnswer = z.object({
  hospitalCd: z.string(),
  hospitalNm: z.string(),
  deskGrant,
  /** Until when the grant is good for a subscription (ISO 8601). */
  expiresAt: z.string(),
});
export type DeskHandoffAnswer = z.infer<typeof deskHandoffAnswer>;
