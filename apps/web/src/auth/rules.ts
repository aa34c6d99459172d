// The guard's rules as plain functions: where a patient goes when the guard fails (spec §4) and the guard's
// check itself (spec §5). Everything that sends a patient back to the landing asks landingPath, so the rule
// lives here once.
import { APP_BASE } from '@auto-claim/contract';
import { t } from '../i18n/t';
import type { ClaimState } from '../store/claim';

/** spec §8's words (in her language when shown). */
export const GUARD_MESSAGES = {
  invalidAuth: () => t('guard.invalidAuth', '유효하지 않은 인증입니다.'),
  wrongPath: () => t('guard.wrongPath', '잘못된 경로입니다.'),
} as const;
export type GuardFailure = keyof typeof GUARD_MESSAGES;

/** spec §4: the inner landing in inner mode, otherwise the landing of the stored hospitalCd. */
export function landingPath(state: Pick<ClaimState, 'reg' | 'ui'>) {
  return state.ui.prcMode === 'inner' ? `${APP_BASE}/` : `${APP_BASE}/${state.reg.hospitalCd}`;
}

/** spec §5, in order: the cookie, then userCi. */
export function checkGuard(state: Pick<ClaimState, 'reg' | 'repository'>, cookieValue: string): GuardFailure | null {
  const { hash, access_hash } = state.repository;
  const cookieOk = access_hash ? cookieValue !== '' && cookieValue === hash : cookieValue !== '';
  if (!cookieOk) return 'invalidAuth';
  if (!state.reg.userCi) return 'wrongPath';
  return null;
}
