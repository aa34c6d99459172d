// The guard of every /security/ screen (spec §5, §8). It mirrors the server, which is the authority
// (DESIGN §4): without a valid claim-authorization cookie or a verified userCi the patient is told so
// with the exact messages of spec §8, and after 확인 goes back to the landing. After a reload (or a tab the phone
// discarded) it also puts back the enrolment she was in the middle of, from her draft on the server, and resumes it
// where she was (wizard/draft.ts); every step of the walk it lets through saves that draft.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useClaimStore } from '../store/claim';
import { t } from '../i18n/t';
import { alert } from '../ui';
import { resumeDraft, stepOfPath, useDraftAutosave } from '../wizard/draft';
import { stepPath } from '../wizard/steps';
import { readClaimAuthorization } from './claimCookie';
import { checkGuard, GUARD_MESSAGES, landingPath, type GuardFailure } from './rules';
import { restoreSession, useSessionKeepAlive } from './session';

export function Guard({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [verdict, setVerdict] = useState<'checking' | 'ok' | GuardFailure>('checking');
  const started = useRef(false);
  useSessionKeepAlive();

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    void (async () => {
      const cookie = readClaimAuthorization();
      // A reload empties the store but not the session: get the verified person back from the server first.
      const reloaded = Boolean(cookie) && !useClaimStore.getState().reg.userCi;
      if (reloaded) await restoreSession();
      let failure = checkGuard(useClaimStore.getState(), readClaimAuthorization());
      // The session id rotates (keep-alive, another tab): before refusing, ask the server for the current hash once.
      // A cookie that was tampered with still differs from it.
      if (failure === 'invalidAuth' && cookie && (await restoreSession())) {
        failure = checkGuard(useClaimStore.getState(), readClaimAuthorization());
      }
      // And the enrolment she was in: put back, and resumed where she was (or where something must be given again).
      const here = stepOfPath(pathname);
      if (!failure && reloaded && here) {
        const resumed = await resumeDraft();
        if (resumed?.message) await alert(resumed.message, { title: t('guard.resumed', '하던 신청을 이어서 할게요') });
        if (resumed && resumed.step !== here) {
          navigate(stepPath(resumed.step), { replace: true });
          return;
        }
      }
      setVerdict(failure ?? 'ok');
      if (!failure) return;
      await alert(GUARD_MESSAGES[failure](), { title: t('guard.alert', '알림') });
      navigate(landingPath(useClaimStore.getState()), { replace: true });
    })();
  }, [navigate, pathname]);

  if (verdict === 'checking') {
    return (
      <div className="spinner" role="status" aria-label={t('guard.checking', '본인인증 정보를 확인하고 있어요')} />
    );
  }
  return verdict === 'ok' ? <Autosaved step={stepOfPath(pathname)}>{children}</Autosaved> : null;
}

/** A screen let through: the draft is saved on reaching it and when the tab goes to the background on it. */
function Autosaved({ step, children }: { step: ReturnType<typeof stepOfPath>; children: ReactNode }) {
  useDraftAutosave(step);
  return <>{children}</>;
}
