// The console's sign-in calls (README "Operator console"): the password, then the second factor (its set-up the first
// time, the app's code or a recovery code later). Bodies are checked with the contract's schemas first. Each step
// answers a new session, whose CSRF token is kept here for every later change; the screen then tells the query cache.
import { API, loginBody } from '@auto-claim/contract';
import {
  OPS_AUTH_API,
  passwordChangeBody,
  secondFactorBody,
  totpConfirmBody,
  type operatorLoginAnswer,
  type OpsMe,
  type totpConfirmAnswer,
  type totpSetupAnswer,
} from '@auto-claim/contract/ops';
import type { z } from 'zod';
import { checked, opsSend, setCsrfToken } from './client';

export type TotpSetup = z.infer<typeof totpSetupAnswer>;
export type TotpConfirmed = z.infer<typeof totpConfirmAnswer>;

/** Keeps the new session's CSRF token and hands the answer on. */
const kept = <T extends { csrfToken?: string | undefined }>(answer: T) => {
  setCsrfToken(answer.csrfToken);
  return answer;
};

export const signIn = (body: { loginId: string; password: string }) =>
  opsSend<z.infer<typeof operatorLoginAnswer>>('POST', API.login, checked(loginBody, body)).then(kept);

/** A new secret and its QR code, for the first sign-in (the set-up is confirmed with the app's first code). */
export const startTotpSetup = () => opsSend<TotpSetup>('POST', OPS_AUTH_API.totpSetup);

/** The set-up's first code: answers the full session and the recovery codes, shown once. */
export const confirmTotp = (code: string) =>
  opsSend<TotpConfirmed>('POST', OPS_AUTH_API.totpConfirm, checked(totpConfirmBody, { code })).then(kept);

export const giveSecondFactor = (body: { code: string } | { recoveryCode: string }) =>
  opsSend<OpsMe>('POST', OPS_AUTH_API.secondFactor, checked(secondFactorBody, body)).then(kept);

/** The operator's own new password (one an admin issued must change at the first sign-in): answers the session. */
export const changePassword = (newPassword: string) =>
  opsSend<OpsMe>('POST', OPS_AUTH_API.password, checked(passwordChangeBody, { newPassword }));
