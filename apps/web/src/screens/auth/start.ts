// Where the enrolment starts (spec §2: the landing's start button, then /authAgreeInfo). The landing's button is a
// real link (screens/landing/Bottom.tsx) that names the landing's hospital, so the first step starts the same way
// whether the app, once it has taken the landing over, follows it (startFrom, then the router) or the browser opened
// it as a new page before that (when the landing's own effects, which set the hospital and the mode, never ran): the
// app then starts from the address (startFromAddress) before its router reads it.
import { APP_BASE, DEFAULT_HOSPITAL_CD } from '@auto-claim/contract';
import { useClaimStore } from '../../store/claim';

/** The query parameter of the start link: the landing's hospital code (00000000 for the inner landing). */
export const START_PARAM = 'hospitalCd';

/** The start link of a landing. A hospital code is not personal: it may be in the address. */
export const startPath = (hospitalCd: string) => `${APP_BASE}/authAgreeInfo?${START_PARAM}=${hospitalCd}`;

/**
 * Starts an enrolment from the landing of `hospitalCd` (an 8-digit code; anything else is ignored): the mode and the
 * hospital as that landing sets them (spec §3: inner for 00000000, else outer), then spec §4's reset. True when it did.
 */
export function startFrom(hospitalCd: string | null): boolean {
  if (!hospitalCd || !/^\d{8}$/.test(hospitalCd)) return false;
  const { reg, desk, setUi, setReg, setRepository, setDesk, reset } = useClaimStore.getState();
  // A hospital desk's walk is for its hospital: started from another landing, it is over.
  if (desk.grant && desk.hospitalCd !== hospitalCd) setDesk({ grant: '', hospitalCd: '', hospitalNm: '' });
  setUi({ prcMode: hospitalCd === DEFAULT_HOSPITAL_CD ? 'inner' : 'outer' });
  // A name kept from another hospital's landing is not this one's (the landing sets it when it ran).
  if (reg.hospitalCd !== hospitalCd) setRepository({ hospitalNm: '' });
  setReg({ hospitalCd });
  reset();
  return true;
}

/**
 * A page opened by the start link (…/authAgreeInfo?hospitalCd=…, before the app had taken the landing over): starts
 * the enrolment from that hospital and takes the parameter out of the address, before the router reads it (main.tsx),
 * so that the screen, the funnel's view and a reload see the step as the router's own start gives it.
 */
export function startFromAddress() {
  const url = new URL(window.location.href);
  const from = url.searchParams.get(START_PARAM);
  if (from === null || !url.pathname.endsWith(`${APP_BASE}/authAgreeInfo`)) return;
  startFrom(from);
  url.searchParams.delete(START_PARAM);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}
