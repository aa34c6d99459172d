// The guard of every /security/ screen (spec §5, §8). It mirrors the server, which is the authority
// (DESIGN §4): without a valid claim-authorization cookie or a verified userCi the patient is told so
// with the exact messages of spec §8, and after 확인 goes back to the landing.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useClaimStore } from '../store/claim';
import { alert } from '../ui';
import { readClaimAuthorization } from './claimCookie';
import { checkGuard, GUARD_MESSAGES, landingPath, type GuardFailure } from './rules';
import { restoreSession, useSessionKeepAlive } from './session';

export function Guard({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [verdict, setVerdict] = useState<'checking' | 'ok' | GuardFailure>('checking');
  const started = useRef(false);
  useSessionKeepAlive();

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    void (async () => {
      const cookie = readClaimAuthorization();
      // A reload empties the store but not the session: get the verified person back from the server first.
      if (cookie && !useClaimStore.getState().reg.userCi) await restoreSession();
      let failure = checkGuard(useClaimStore.getState(), readClaimAuthorization());
      // The session id rotates (keep-alive, another tab): before refusing, ask the server for the current hash once.
      // A cookie that was tampered with still differs from it.
      if (failure === 'invalidAuth' && cookie && (await restoreSession())) {
        failure = checkGuard(useClaimStore.getState(), readClaimAuthorization());
      }
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
