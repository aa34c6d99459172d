// The verified identity lives on the server (DESIGN §5: nothing personal in browser storage). After a reload the
// store is empty but the session cookie is not: ask the server who this is. While a patient works through the
// wizard, keep the session alive (idle timeout 15 minutes) by refreshing it now and then on their activity.
import { useEffect } from 'react';
import { API, SESSION_IDLE_SECONDS, type SessionCurrent, type SessionInfo } from '@auto-claim/contract';
import { api } from '../api/client';
import { alert } from '../ui/modals';
import { useClaimStore, verifiedAs } from '../store/claim';
import { t } from '../i18n/t';

/** The live session as the server sees it, or undefined when there is none. */
export async function probeSession(): Promise<SessionCurrent | undefined> {
  try {
    return await api.probe<SessionCurrent>(API.session);
  } catch {
    return undefined;
  }
}

/**
 * Fills the verified person from the live session; false when there is none, and for a link session (an 알림톡 link's:
 * the visit history only, no CI until it steps up).
 */
export async function restoreSession(): Promise<boolean> {
  const s = await probeSession();
  return s ? fillFromSession(s) : false;
}

/** Fills the verified person from a full patient session already fetched; false for any other session. */
export function fillFromSession(s: SessionCurrent): boolean {
  if (s.kind !== 'patient' || s.scope === 'link' || !s.ci || !s.person) return false;
  const { setReg, setRepository, reg } = useClaimStore.getState();
  verifiedAs(s.ci);
  setReg({
    userNm: s.person.userNm,
    birthday: s.person.birthday,
    sex: s.person.sex,
    userTel: reg.userTel || s.person.userTel,
  });
  setRepository({ hash: s.hash });
  useClaimStore.getState().setAuth({ foreignResident: s.person.foreignResident === true });
  return true;
}

/** How often activity may refresh the session: well inside the 15-minute idle timeout. */
const REFRESH_EVERY_MS = 4 * 60_000;
/**
 * Time enough to answer (KWCAG 2.2 6.2.1 응답시간 조절, docs/accessibility.md): reading a screen without touching it
 * for most of the idle timeout, she is asked two minutes before it ends, and one button keeps her session.
 */
export const IDLE_WARNING_BEFORE_MS = 2 * 60_000;
export const idleWarning = () =>
  t('session.idleWarning', '2분 뒤에 로그인 시간이 끝나요. 계속하시려면 아래 버튼을 눌러 주세요.');

export function useSessionKeepAlive() {
  useEffect(() => {
    let last = Date.now();
    let warning: ReturnType<typeof setTimeout>;
    const refresh = () => {
      last = Date.now();
      warn();
      api
        .post<SessionInfo>(API.refreshToken)
        .then((s) => useClaimStore.getState().setRepository({ hash: s.hash }))
        .catch(() => undefined); // a 401 already shows the logout alert through the client
    };
    const warn = () => {
      clearTimeout(warning);
      warning = setTimeout(
        () =>
          void alert(idleWarning(), {
            title: t('session.extend', '로그인 시간 연장'),
            confirmText: t('session.continue', '계속할게요'),
          }).then((r) => r === 'confirm' && refresh()),
        SESSION_IDLE_SECONDS * 1000 - IDLE_WARNING_BEFORE_MS,
      );
    };
    const onActivity = () => {
      if (Date.now() - last < REFRESH_EVERY_MS) return;
      refresh();
    };
    warn();
    const events = ['pointerdown', 'keydown'] as const;
    for (const e of events) window.addEventListener(e, onActivity, { passive: true });
    return () => {
      clearTimeout(warning);
      for (const e of events) window.removeEventListener(e, onActivity);
    };
  }, []);
}
