// The enrolment wizard's order, in one place (spec §4: "screen order is implied by the screens").
// Each screen calls useWizard().next() when its question is answered; the wizard decides where that leads:
// the next step this patient walks, or back to the summary when the patient came from a change link there.
// The walk visits a screen only when its answer needs her (docs/decisions/0007-enrolment-walk.md): the others keep
// their routes, reached directly or by the summary's "변경", and their answers have defaults the summary shows.
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { APP_BASE } from '@auto-claim/contract';
import { useClaimStore, type ClaimState } from '../store/claim';
import { carriedToNextChild } from './nextChild';
import { t } from '../i18n/t';

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
  /** Whether the step concerns this patient at all (the summary shows its answer); absent: always. */
  applies?(s: ClaimState): boolean;
  /**
   * Whether the walk visits it; absent: always (when it applies). `false`: never on the walk, only directly or from
   * the summary: a screen that only informs (its words are on a walked screen) or whose answer has a default.
   */
  walk?: false | ((s: ClaimState) => boolean);
}

/** Insurers whose ui-controls say they take no ID photo skip the photo steps (insuChoose sets ui.idPhotoRequired). */
const takesPhoto = (s: ClaimState) => s.ui.idPhotoRequired !== false;
/** "누구의 진료인가요? → 자녀": the child, her relation and its proof (README "A parent enrols her children"). */
const forChild = (s: ClaimState) => s.ui.insured === 'child';

export const STEPS: Step[] = [
  // 본인 or 자녀 is asked on jumin, right after identity verification, 본인 already chosen (the walk stays as short);
  // this screen, with the children she enrolled before, is reached directly or from her status page.
  { id: 'whose', walk: false },
  { id: 'jumin' },
  { id: 'childInfo', applies: forChild },
  // Outer mode arrives with its hospital chosen by the landing; inner mode picks one or several.
  { id: 'possibleHospital', applies: (s) => s.ui.prcMode === 'inner' },
  { id: 'insuChoose' },
  // The insurer's consent was given on the one consent screen and applied to the chosen insurers by insuChoose
  // (reg.agreeIds); only without it is it asked here.
  { id: 'claimAgreeInfo', walk: (s) => s.reg.agreeIds.length === 0 },
  // What is sent, from where: said on insuChoose and the signature's documents; the full list from the summary.
  { id: 'document', walk: false },
  // The photo screen says which documents and how; the longer guidance stays at its route.
  { id: 'idPhotoInfo', applies: takesPhoto, walk: false },
  { id: 'photo', applies: takesPhoto },
  { id: 'relationDoc', applies: forChild },
  { id: 'paymentAccount' },
  // Folded into the account screen (who pays, into which account, whom to call).
  { id: 'paymentCenter', walk: false },
  // Defaults (ENROL_DEFAULTS in the store), shown on the summary with "변경".
  { id: 'expenses', walk: false },
  { id: 'retro', walk: false },
  { id: 'adress' },
  { id: 'job', walk: false },
  { id: 'email', walk: false },
  // Shown on the signature screen before she signs, and from the summary; the subscription's terms were agreed on
  // the one consent screen (docAgreeView asks them only when they were not).
  { id: 'signature' },
  { id: 'docComissionView', walk: false },
  { id: 'docAgreeView', walk: false },
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

/** The steps that concern this patient, in order (whether walked or not): what the summary shows and checks. */
export const stepsFor = (s: ClaimState) => STEPS.filter((st) => !st.applies || st.applies(s));

const walked = (st: Step, s: ClaimState) =>
  (!st.applies || st.applies(s)) && (st.walk === undefined || (st.walk !== false && st.walk(s)));

/** The screens this patient's walk visits, in order. */
export const walkFor = (s: ClaimState) => STEPS.filter((st) => walked(st, s));

/**
 * The step after `current` on this patient's walk; applyHistory is the last. From a screen off the walk (visited
 * directly), the next walked one after it.
 */
export function nextStep(current: StepId, s: ClaimState): StepId {
  const i = STEPS.findIndex((st) => st.id === current);
  // A parent's next child passes the answers she carries (nextChild.ts).
  return STEPS.slice(i + 1).find((st) => walked(st, s) && !carriedToNextChild(st.id, s))?.id ?? 'applyHistory';
}

/**
 * The five steps the landing promises ("가입은 5단계", screens/landing/SignUpOrder.tsx): every screen belongs to one,
 * so the progress line counts what the patient was told, not screens (README "Accessibility and older patients").
 * 1 본인 확인 is the terms, /identity, /certInput, /security/whose and /security/jumin (and a child's details). The
 * signature is the last: the summary after it is a question to confirm, outside the line (phase 0).
 */
export const PHASES = [
  () => t('landing.order.identity.title', '본인 확인'),
  () => t('landing.order.insurer.title', '보험사 선택'),
  () => t('landing.order.idcard.title', '신분증'),
  () => t('landing.order.account.title', '계좌와 주소'),
  () => t('landing.order.sign.title', '서명'),
] as const;
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
  applyHistory: 0,
};
/** The phase of a screen, 1–5; 0: outside the progress line (the summary). */
export const phaseOf = (id: StepId) => PHASE_OF[id];

/**
 * On a child's enrolment the ID is her parent's own, under the child's banner (README "A parent enrols her children"):
 * the phase says so, and the relation document its own name.
 */
const CHILD_PHASE_NAME: Partial<Record<StepId, () => string>> = {
  idPhotoInfo: () => t('wizard.phase.guardianId', '신분증: 보호자 본인의 신분증'),
  photo: () => t('wizard.phase.guardianId', '신분증: 보호자 본인의 신분증'),
  relationDoc: () => t('route.relationDoc', '가족관계 서류'),
};

/** "5단계 중 2단계 · 보험사 선택" for the progress line of a screen; index 0 draws no line. */
export function progressOf(current: StepId, forChild = false) {
  const index = PHASE_OF[current];
  const name = (forChild && CHILD_PHASE_NAME[current]?.()) || (PHASES[index - 1]?.() ?? '');
  return { index, total: PHASES.length, name };
}

/** A change link from the summary: `?from=applyHistory` brings the patient back there after this step. */
export const changeLink = (id: StepId) => `${stepPath(id)}?from=applyHistory`;

export function useWizard(current: StepId) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromSummary = params.get('from') === 'applyHistory';
  const web = useLocation().pathname.startsWith(`${APP_BASE}/web/`);
  const child = useClaimStore((s) => forChild(s));
  const next = useCallback(() => {
    const s = useClaimStore.getState();
    navigate(stepPathIn(fromSummary ? 'applyHistory' : nextStep(current, s), web));
  }, [current, fromSummary, navigate, web]);
  // A change from the summary is no step forward: no progress line there.
  return { next, fromSummary, web, progress: fromSummary ? progressOf('applyHistory') : progressOf(current, child) };
}
