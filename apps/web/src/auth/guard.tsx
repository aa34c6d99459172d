// The guard of every /security/ screen (spec §5, §8). It mirrors the server, which is the authority
// (DESIGN §4): without a valid claim-authorization cookie or a verified userCi the patient is told so
// with the exact messages of spec §8, and after 확인 goes back to the landing.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { APP_BASE } from '@auto-claim/contract';
import { useClaimStore, type ClaimState } from '../store/claim';
import { alert } from '../ui';
import { readClaimAuthorization } from './claimCookie';

export const GUARD_MESSAGES = {
  invalidAuth: '유효하지 않은 인증입니다.',
  wrongPath: '잘못된 경로입니다.',
} as const;

/** spec §5, in order: the cookie, then userCi. */
export function checkGuard(
  state: Pick<ClaimState, 'reg' | 'repository'>,
  cookieValue: string,
): keyof typeof GUARD_MESSAGES | null {
  const { hash, access_hash } = state.repository;
  const cookieOk = access_hash ? cookieValue !== '' && cookieValue === hash : cookieValue !== '';
  if (!cookieOk) return 'invalidAuth';
  if (!state.reg.userCi) return 'wrongPath';
  return null;
}

/** Inner landing in inner mode, otherwise the landing of the stored hospitalCd (spec §4). */
export function landingPath(state: Pick<ClaimState, 'reg' | 'ui'>) {
  return state.ui.prcMode === 'inner' ? `${APP_BASE}/` : `${APP_BASE}/${state.reg.hospitalCd}`;
}

export function Guard({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [failure] = useState(() => checkGuard(useClaimStore.getState(), readClaimAuthorization()));
  const shown = useRef(false);

  useEffect(() => {
    if (!failure || shown.current) return;
    shown.current = true;
    void alert(GUARD_MESSAGES[failure], { title: '알림' }).then(() =>
      navigate(landingPath(useClaimStore.getState()), { replace: true }),
    );
  }, [failure, navigate]);

  return failure ? null : <>{children}</>;
}
