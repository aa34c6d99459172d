// Who is looking at /web/treat or /web/IDPhoto. An 알림톡 link carries a single-use token in its fragment (#t=…, never
// sent to a server in the page request): it is taken out of the address bar at once and traded for a link session,
// which reads the history (and submits the ID) but knows no CI until the patient steps up (auth/stepUp.tsx). The same
// link opens again on this phone for its lifetime (the server keeps which device opened it first; docs/security.md);
// on another phone, or once expired, a live session from before still counts; otherwise the patient verifies by SMS.
import { useEffect, useRef, useState } from 'react';
import { LINK_TOKEN_PARAM, type LinkPurpose } from '@auto-claim/contract';
import { ApiError } from '../../api/client';
import { exchangeLink } from '../../api/treats';
import { fillFromSession, probeSession } from '../../auth/session';
import { t } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';

export type LinkSession =
  | { state: 'checking' }
  /** `child`: the link was about this child of the guardian (her insuApplyId): her history opens first. `treatId`:
   * the visit the message was about, whose claim opens first. */
  | { state: 'ready'; child?: string; treatId?: string }
  /** `reason`: why the link did not open (used, expired), or undefined when there was no link. */
  | { state: 'needAuth'; reason: string | undefined };

/** The token of the address's fragment, removed from the address bar (and so from history) right away. */
function takeToken(): string | undefined {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const token = params.get(LINK_TOKEN_PARAM) ?? undefined;
  if (token !== undefined) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  return token || undefined;
}

export function useLinkSession(purpose: LinkPurpose): LinkSession {
  const [session, setSession] = useState<LinkSession>({ state: 'checking' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development: one exchange per open
    started.current = true;
    const token = takeToken();
    void (async () => {
      let reason: string | undefined;
      if (token) {
        try {
          const answer = await exchangeLink(token, purpose);
          const { setRepository, setUi, setReg } = useClaimStore.getState();
          setRepository({ hash: answer.hash });
          setUi({ kakaoNotiCheck: true });
          // The link's session replaced any earlier one: no verified CI until the patient steps up.
          setReg({ userCi: '' });
          setSession({ state: 'ready', child: answer.child?.insuApplyId, treatId: answer.treatId });
          return;
        } catch (e) {
          reason =
            e instanceof ApiError
              ? e.detail
              : t('link.failed', '링크를 확인하지 못했어요. 휴대폰 본인인증을 하면 내역을 볼 수 있어요.');
        }
      }
      // Without a (working) link: a verified session from before, or a link session after a reload. One question to
      // the server, not one per kind of session: each round trip is the patient's wait on a slow network.
      if (!token && useClaimStore.getState().reg.userCi) {
        setSession({ state: 'ready' });
        return;
      }
      const current = await probeSession();
      if (current?.kind === 'patient' && current.scope !== 'link' && fillFromSession(current)) {
        setSession({ state: 'ready' });
      } else if (!token && current?.kind === 'patient' && current.scope === 'link') {
        setSession({ state: 'ready' });
      } else {
        setSession({ state: 'needAuth', reason });
      }
    })();
  }, [purpose]);

  return session;
}
