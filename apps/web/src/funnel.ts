// The enrolment funnel's screen views (POST API.appMenuLogs): the route's pattern as the route table names it, the
// hospital, the time and a random id of this tab's visit (sessionStorage, gone with the tab). Never a name, phone, CI
// or RRN, never the URL itself. Loaded after the first input or idle (later.ts), so the landing carries none of it; a view that
// cannot be sent is dropped without a word: the patient's screens never wait for it or fail because of it.
import { API, DEFAULT_HOSPITAL_CD } from '@auto-claim/contract';
import { FUNNEL_SCREENS } from '@auto-claim/contract/ops';
import type { AppRouter } from './router';
import { useClaimStore } from './store/claim';

const VISIT_KEY = 'auto-claim-visit';

function visitId() {
  let id = sessionStorage.getItem(VISIT_KEY);
  if (!id) sessionStorage.setItem(VISIT_KEY, (id = crypto.randomUUID()));
  return id;
}

/**
 * Sends a view of the first screen (`first`, as it was put up: she may have moved on by the time this code arrives),
 * of the screen now, and of each navigation that settles (`s`: a short name, as the landing's bytes are counted).
 */
export function s(router: AppRouter, first: AppRouter['state'] = router.state) {
  let sentFor: string | undefined;
  const send = (state: AppRouter['state']) => {
    if (state.navigation.state !== 'idle' || state.location.key === sentFor) return;
    sentFor = state.location.key;
    try {
      const match = state.matches[state.matches.length - 1];
      const screen = `/${match?.route.path ?? ''}`;
      const hospitalCd = match?.params.hospitalCd ?? useClaimStore.getState().reg.hospitalCd ?? DEFAULT_HOSPITAL_CD;
      // Only the enrolment's steps are counted (the server refuses any other screen); the not-found screen and a
      // mistyped hospital code are none of them.
      if (!match || !FUNNEL_SCREENS.includes(screen) || !/^\d{8}$/.test(hospitalCd)) return;
      void fetch(API.appMenuLogs, {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ screen, hospitalCd, time: Date.now(), visitId: visitId() }),
      }).catch(() => undefined);
    } catch {
      // No sessionStorage or no crypto.randomUUID (an insecure origin): no funnel, nothing else changes.
    }
  };
  send(first);
  send(router.state);
  router.subscribe(send);
}
