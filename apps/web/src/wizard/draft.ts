// The enrolment draft (README "Enrolment drafts and coming back"): what she typed, kept by the server for her verified
// identity (24 hours, sealed), never in browser storage. Saved on every screen of the walk she reaches and when the tab
// goes to the background (a phone may discard it then: the relation document sends a parent to 정부24); read back
// after a reload or a new verification, which resumes the walk where she was. The photos, the signature and the
// relation document are not kept: she is told which to give again and taken to the first of them.
import { useEffect } from 'react';
import {
  API,
  APP_BASE,
  CONTEXT_PATH,
  DRAFT_VALUE_MAX,
  type EnrolmentDraft,
  type EnrolmentDraftBody,
} from '@auto-claim/contract';
import { api } from '../api/client';
import { particle } from '../i18n/josa';
import { currentLang, t } from '../i18n/t';
import { emptyChild, useClaimStore, type ClaimState } from '../store/claim';
import { STEPS, stepsFor, type StepId } from './steps';

/** What a draft keeps of each slice: the answers, never the verified person (the session's), terms or images. */
const KEEP = {
  reg: [
    'userIdno2',
    'userEmail',
    'userPostNo',
    'userAddr',
    'userAddrDetail',
    'hospitalCd',
    'multiSubscrib',
    'jobCd',
    'jobNm',
    'minAmt',
    'retroMonth',
    'insuCompCd',
    'insuCompCds',
    'agreeIds',
    'policyGeneration',
    'bankCd',
    'bankAccount',
    'bankAccountHolder',
    'bankAccountRel',
    'applyChannel',
    'applyOrg',
    'postCenter',
    // Who helps her walks on with her: a reload or another tab still records the helper (README "A helper beside her").
    'helperRel',
  ],
  ui: [
    'insured',
    'idPhotoRequired',
    'socialNum',
    'bankNm',
    'bankAccountRelNm',
    'minAmtNm',
    'jobCategoryNm',
    'jobType',
    'deptNm',
    'prcMode',
  ],
  repository: ['hospitalNm', 'selectCompany', 'checkBankAccountNm'],
  person: ['userNm', 'birthday', 'sex', 'userIdno2', 'guardianRel', 'userTel'],
  relation: ['docType', 'issueDate'],
} as const;

type Value = string | number | boolean | string[];
const keepable = (v: unknown): v is Value =>
  (typeof v === 'string' && v.length <= DRAFT_VALUE_MAX) ||
  typeof v === 'number' ||
  typeof v === 'boolean' ||
  (Array.isArray(v) && v.every((x) => typeof x === 'string'));
function pickKept(from: object, keys: readonly string[]): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const k of keys) {
    const v = (from as Record<string, unknown>)[k];
    if (keepable(v)) out[k] = v;
  }
  return out;
}

/** The wizard step a path shows, if it is one (/security/<id>, or a /web/ variant of it). */
export function stepOfPath(pathname: string): StepId | undefined {
  const rest = pathname.replace(CONTEXT_PATH, '').replace(APP_BASE, '');
  const m = /^\/(security|web)\/([A-Za-z]+)$/.exec(rest);
  if (!m) return undefined;
  const name = m[2] === 'IDPhoto' ? 'photo' : m[2]!;
  return STEPS.some((s) => s.id === name) ? (name as StepId) : undefined;
}

/**
 * Whether this tab is in the middle of a new enrolment (hers or a child's): verified, whose visits answered (jumin),
 * not changing a subscription she has, not verifying for a link's history.
 */
export const enrolling = (s: ClaimState) =>
  Boolean(s.reg.userCi) &&
  s.ui.insured !== '' &&
  s.ui.pendingChanges.length === 0 &&
  !s.ui.afterVerify &&
  (s.ui.insured === 'child' || !s.reg.insuApplyId);

export function draftOf(s: ClaimState, step: StepId): EnrolmentDraftBody {
  return {
    step,
    reg: pickKept(s.reg, KEEP.reg),
    ui: pickKept(s.ui, KEEP.ui),
    repository: pickKept(s.repository, KEEP.repository),
    child: { person: pickKept(s.child.person, KEEP.person), relation: pickKept(s.child.relation, KEEP.relation) },
  };
}

/**
 * Saves the draft at `step`. `leaving`: the tab is going to the background; the request outlives it (keepalive) and
 * nothing waits for it. A draft that could not be saved costs only the resume: the walk goes on.
 */
export function saveDraft(step: StepId, opts: { leaving?: boolean } = {}): void {
  const s = useClaimStore.getState();
  if (!enrolling(s)) return;
  const body = JSON.stringify(draftOf(s, step));
  if (opts.leaving) {
    void fetch(API.enrolmentDraft, {
      method: 'PUT',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body,
    }).catch(() => undefined);
    return;
  }
  api.put(API.enrolmentDraft, JSON.parse(body) as object).catch(() => undefined);
}

/** Saves on reaching a step of the walk, and whenever the tab goes to the background while on it. */
export function useDraftAutosave(step: StepId | undefined) {
  useEffect(() => {
    if (!step) return;
    saveDraft(step);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') saveDraft(step, { leaving: true });
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onHidden);
    };
  }, [step]);
}

/** What a draft does not keep, by the step that asks it again, in the walk's order. */
export const NOT_KEPT: { step: StepId; name: () => string }[] = [
  { step: 'photo', name: () => t('draft.lost.photo', '신분증 사진') },
  { step: 'relationDoc', name: () => t('draft.lost.relationDoc', '가족관계 서류') },
  { step: 'signature', name: () => t('draft.lost.signature', '서명') },
];

/** The answers of a draft put back in the store (the verified person stays the session's). */
export function applyDraft(d: EnrolmentDraftBody) {
  const s = useClaimStore.getState();
  s.setReg(pickKept(d.reg, KEEP.reg) as Partial<ClaimState['reg']>);
  s.setUi(pickKept(d.ui, KEEP.ui) as Partial<ClaimState['ui']>);
  s.setRepository(pickKept(d.repository, KEEP.repository) as Partial<ClaimState['repository']>);
  const empty = emptyChild();
  s.setChild({
    person: { ...empty.person, ...(pickKept(d.child.person, KEEP.person) as Partial<typeof empty.person>) },
    relation: { ...empty.relation, ...(pickKept(d.child.relation, KEEP.relation) as Partial<typeof empty.relation>) },
  });
}

/** The steps she had passed whose answer a draft does not keep: each to be given again, the first first. */
export function lostBy(step: StepId, s: ClaimState): { step: StepId; name: string }[] {
  const order = STEPS.map((x) => x.id);
  const applies = new Set(stepsFor(s).map((x) => x.id));
  const at = order.indexOf(step);
  return NOT_KEPT.filter((n) => applies.has(n.step) && at > order.indexOf(n.step)).map((n) => ({
    step: n.step,
    name: n.name(),
  }));
}

/** The names as one list: Korean's "A, B와 C" (its particle by es-hangul), another language's by CLDR. */
function listOf(names: string[]): string {
  const lang = currentLang();
  if (lang !== 'ko') return new Intl.ListFormat(lang, { type: 'conjunction' }).format(names);
  const head = names.slice(0, -1).join(', ');
  return head ? `${head}${particle(head, '와/과')} ${names.at(-1)!}` : names[0]!;
}

/** "신분증 사진과 서명은 …": what she is told when something must be given again (the names in her language). */
export function lostMessage(lost: { name: string }[]): string {
  const names = lost.map((l) => l.name);
  const list = listOf(names);
  return t(
    'draft.lost',
    '입력하시던 내용은 불러왔어요. {list}{listJosa} 안전을 위해 저장하지 않아서 다시 해 주셔야 해요. {first} 화면으로 갈게요.',
    { list, listJosa: particle(list, '은/는'), first: names[0] },
  );
}

/**
 * Her draft, if she has one: put back in the store, with the step to resume at (the first thing not kept she had
 * passed, else where she was) and what she is to be told. undefined: none, or it could not be read.
 */
export async function resumeDraft(): Promise<{ step: StepId; message: string } | undefined> {
  let answer: EnrolmentDraft;
  try {
    answer = await api.get<EnrolmentDraft>(API.enrolmentDraft);
  } catch {
    return undefined;
  }
  const d = answer.draft;
  if (!d || !STEPS.some((x) => x.id === d.step)) return undefined;
  applyDraft(d);
  const lost = lostBy(d.step as StepId, useClaimStore.getState());
  return lost.length > 0
    ? { step: lost[0]!.step, message: lostMessage(lost) }
    : { step: d.step as StepId, message: '' };
}
