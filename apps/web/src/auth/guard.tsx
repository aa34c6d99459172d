// The guard of every /security/ screen (spec §5, §8). It mirrors the server, which is the authority
// (DESIGN §4): without a valid claim-authorization cookie or a verified userCi the patient is told so
// with the exact messages of spec §8, and after 확인 goes back to the landing.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { APP_BASE } from '@auto-claim/contract';
import { useClaimStore, type ClaimState } from '../store/claim';
import { alert } from '../ui';
import { readClaimAuthorization } from './claimCookie';
import { restoreSession, useSessionKeepAlive } from './session';

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
  const [verdict, setVerdict] = useState<'checking' | 'ok' | keyof typeof GUARD_MESSAGES>('checking');
  const started = useRef(false);
  useSessionKeepAlive();

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    void (async () => {
      const cookie = readClaimAuthorization();
      // A reload empties the store but not the session: get the verified person back from the server first.
      if (cookie && !useClaimStore.getState().reg.userCi) await restoreSession();
      const failure = checkGuard(useClaimStore.getState(), readClaimAuthorization());
      setVerdict(failure ?? 'ok');
      if (!failure) return;
      await alert(GUARD_MESSAGES[failure], { title: '알림' });
      navigate(landingPath(useClaimStore.getState()), { replace: true });
    })();
  }, [navigate]);

  if (verdict === 'checking') {
    return <div className="spinner" role="status" aria-label="본인인증 정보를 확인하고 있어요" />;
  }
  return verdict === 'ok' ? <>{children}</> : null;
}
