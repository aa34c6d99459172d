// The enrolment wizard's order, in one place (spec §4: "screen order is implied by the screens").
// Each screen calls useWizard().next() when its question is answered; the wizard decides where that leads:
// the next step that applies to this patient, or back to the summary when the patient came from a change link there.
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { APP_BASE } from '@auto-claim/contract';
import { useClaimStore, type ClaimState } from '../store/claim';
import { carriedToNextChild } from './nextChild';

export type StepId =
  | 'whose'
  | 'childInfo'
  | 'relationDoc'
  | 'jumin'
  | 'possibleHospital'
  | 'insuChoose'
  | 'claimAgreeInfo'
  | 'document'
  | 'idPhotoInfo'
  | 'photo'
  | 'paymentAccount'
  | 'paymentCenter'
  | 'expenses'
  | 'retro'
  | 'adress'
  | 'job'
  | 'email'
  | 'signature'
  | 'docComissionView'
  | 'docAgreeView'
  | 'applyHistory';

interface Step {
  id: StepId;
  /** Whether this patient sees the step; absent: always. */
  applies?(s: ClaimState): boolean;
}

/** Insurers whose ui-controls say they take no ID photo skip the photo steps (insuChoose sets ui.idPhotoRequired). */
const takesPhoto = (s: ClaimState) => s.ui.idPhotoRequired !== false;
/** "누구의 진료인가요? → 자녀": the child, her relation and its proof (README "A parent enrols her children"). */
const forChild = (s: ClaimState) => s.ui.insured === 'child';

export const STEPS: Step[] = [
  // Right after identity verification; 본인 is one tap and the self path goes on as it was.
  { id: 'whose' },
  { id: 'jumin' },
  { id: 'childInfo', applies: forChild },
  // Outer mode arrives with its hospital chosen by the landing; inner mode picks one or several.
  { id: 'possibleHospital', applies: (s) => s.ui.prcMode === 'inner' },
  { id: 'insuChoose' },
  { id: 'claimAgreeInfo' },
  { id: 'document' },
  { id: 'idPhotoInfo', applies: takesPhoto },
  { id: 'photo', applies: takesPhoto },
  { id: 'relationDoc', applies: forChild },
  { id: 'paymentAccount' },
  { id: 'paymentCenter' },
  { id: 'expenses' },
  { id: 'retro' },
  { id: 'adress' },
  { id: 'job' },
  { id: 'email' },
  { id: 'signature' },
  { id: 'docComissionView' },
  { id: 'docAgreeView' },
  { id: 'applyHistory' },
];

export const stepPath = (id: StepId) => `${APP_BASE}/security/${id}`;

/** Steps with a /web/ variant (spec §2), by their web route name: inside the web layout the wizard stays there. */
export const WEB_VARIANTS: Partial<Record<StepId, string>> = {
  jumin: 'jumin',
  idPhotoInfo: 'idPhotoInfo',
  photo: 'IDPhoto',
  signature: 'signature',
  docComissionView: 'docComissionView',
  docAgreeView: 'docAgreeView',
};
/** Where a step lives: its /web/ variant when the patient is in the web layout and there is one. */
export const stepPathIn = (id: StepId, web: boolean) =>
  web && WEB_VARIANTS[id] ? `${APP_BASE}/web/${WEB_VARIANTS[id]}` : stepPath(id);

/** The steps this patient walks, in order. */
export const stepsFor = (s: ClaimState) => STEPS.filter((st) => !st.applies || st.applies(s));

/** The step after `current` for this patient (a parent's next child passes the answers she carries); applyHistory is the last. */
export function nextStep(current: StepId, s: ClaimState): StepId {
  const steps = stepsFor(s).filter((st) => st.id === current || !carriedToNextChild(st.id, s));
  const i = steps.findIndex((st) => st.id === current);
  return steps[Math.min(i + 1, steps.length - 1)]!.id;
}

/**
 * The five steps the landing promises ("가입은 5단계", screens/landing/SignUpOrder.tsx): every screen belongs to one,
 * so the progress line counts what the patient was told, not screens (README "Accessibility and older patients").
 * 1 본인 확인 is the terms, /identity, /certInput, /security/whose and /security/jumin (and a child's details).
 */
export const PHASES = ['본인 확인', '보험사 선택', '신분증', '받을 계좌', '서명'] as const;
const PHASE_OF: Record<StepId, number> = {
  whose: 1,
  jumin: 1,
  childInfo: 1,
  relationDoc: 3,
  possibleHospital: 2,
  insuChoose: 2,
  claimAgreeInfo: 2,
  document: 3,
  idPhotoInfo: 3,
  photo: 3,
  paymentAccount: 4,
  paymentCenter: 4,
  expenses: 4,
  retro: 4,
  adress: 4,
  job: 4,
  email: 4,
  signature: 5,
  docComissionView: 5,
  docAgreeView: 5,
  applyHistory: 5,
};
/** The phase of a screen, 1–5. */
export const phaseOf = (id: StepId) => PHASE_OF[id];

/** "5단계 중 2단계 · 보험사 선택" for the progress line of a screen. */
export function progressOf(current: StepId, _s?: ClaimState) {
  const index = PHASE_OF[current];
  return { index, total: PHASES.length, name: PHASES[index - 1]! };
}

/** A change link from the summary: `?from=applyHistory` brings the patient back there after this step. */
export const changeLink = (id: StepId) => `${stepPath(id)}?from=applyHistory`;

export function useWizard(current: StepId) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromSummary = params.get('from') === 'applyHistory';
  const web = useLocation().pathname.startsWith(`${APP_BASE}/web/`);
  const next = useCallback(() => {
    const s = useClaimStore.getState();
    navigate(stepPathIn(fromSummary ? 'applyHistory' : nextStep(current, s), web));
  }, [current, fromSummary, navigate, web]);
  return { next, fromSummary, web, progress: progressOf(current, useClaimStore.getState()) };
}
