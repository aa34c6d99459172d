// The one claim store (DESIGN §2): reg, auth, repository and ui slices of spec §3.
// Nothing personal leaves memory (DESIGN §5): a reload keeps only where the patient came from (hospital, mode),
// in sessionStorage, so the guard and the landing can send them back to the right hospital.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  DEFAULT_HOSPITAL_CD,
  type GuardianRel,
  type HelperRel,
  RETRO_MONTH_MAX,
  type Hospital,
  type HospitalsConfirm,
  type IdcardType,
  type Insurer,
  type PolicyGeneration,
  type RelationDocType,
  type RelationStatus,
  type Terms,
  type TreatVisit,
} from '@auto-claim/contract';

export type PrcMode = 'outer' | 'inner';

/** spec §3 "Claim registration payload (reg)". */
export interface Reg {
  userCi: string;
  userNm: string;
  birthday: string;
  sex: '' | 'M' | 'F';
  userIdno2: string;
  termsIds: string[];
  optTerms: string[];
  userTel: string;
  userEmail: string;
  userPostNo: string;
  userAddr: string;
  userAddrDetail: string;
  hospitalCd: string;
  multiSubscrib: string[];
  jobCd: string;
  jobNm: string;
  minAmt: number | null;
  signImg: string;
  /** A signature typed as the full name instead of drawn (contract signTypedNm); '' when drawn. */
  signTypedNm: string;
  idcardImg: string;
  idcardType: '' | IdcardType;
  idcardIssueDate: string;
  idcardIssueOrg: string;
  regNo: string;
  checkCd: string;
  postCenter: string;
  applyChannel: string;
  applyOrg: string;
  insuCompCd: string;
  /** Ours (contract): further insurers beyond insuCompCd, when the patient holds several policies (실손, 단체실손). */
  insuCompCds: string[];
  agreeIds: string[];
  /** Ours (contract): "언제 가입하셨어요?", one answer for every insurer; '' is "잘 모르겠어요" (docs/payout-rules.md). */
  policyGeneration: '' | PolicyGeneration;
  bankCd: string;
  bankAccount: string;
  bankAccountHolder: string;
  bankAccountRel: string;
  goodsSubsId: string;
  subsStatus: string;
  contractStartDate: string;
  contractEndDate: string;
  repeatWeek: string;
  repeatDay: string;
  insuApplyId: string;
  retroMonth: number | null;
  /** Ours (README "A helper beside her"): who walks the screens with her, by relation; '' when she is alone. */
  helperRel: '' | HelperRel;
}

/** spec §3 "Auth payload". */
export interface Auth {
  korRegId: string;
  custName: string;
  telecomType: string;
  custHp: string;
  hospitalCode: string;
  smsRequestSeq: string;
  smsResponseSeq: string;
  /** The telecom terms agreed on /identity; a resend repeats them. */
  telecomTermsIds: string[];
  /** She verified with a 외국인등록번호: from the server's session after a reload (memory only, never the digit). */
  foreignResident: boolean;
}

/**
 * spec §3 "Repository data": answers kept for the session, in memory only. Screens read reference data through their
 * queries (cache, retries, loading state); the query functions also leave each answer here, so this slice holds every
 * answer spec §3 names.
 */
export interface Repository {
  /** The subscription terms: LMHC_SUBS, and INSU_CLAIM of the chosen insurer. */
  terms: Terms[];
  /** The service terms agreed before verification (SERVICE). */
  authTerms: Terms[];
  /** The identity-verification terms (TELECOM). */
  telecomTerms: Terms[];
  insuCompanys: Insurer[];
  /** The hospitals that offer automatic claims, sorted by name (spec §4). */
  possibleHospitals: Hospital[];
  /** The hospitals of this patient's subscription (…/hospitals/confirm). */
  myPossibleHospitals: HospitalsConfirm['hospitals'];
  /** The chosen insurer's ui-controls (INSU_PHOTO) as answered: { ctrlKey, ctrlVal (JSON) }. */
  findUiControlVal: { ctrlKey: string; ctrlVal: string }[];
  /**
   * Who is verified in this tab, as the session names her (its subject, the CI: README "Identity and sessions"):
   * filled by the SMS verification's answer and by a session restored after a reload (verifiedAs), '' before;
   * cleared by reset (spec §4) and filled again at the next verification. Memory only, like reg.userCi.
   */
  userId: string;
  hospitalNm: string;
  hash: string;
  access_hash: string;
  hospitalThumbnail: string;
  androidPackage: string;
  iOSPackage: string;
  selectCompany: string;
  checkBankAccountNm: string;
}

/** spec §3 "UI data". */
export interface UiData {
  telecomNm: string;
  bankNm: string;
  /** The department (진료과) of the visit at hand on /web/treat: the one she is asked to claim by hand. */
  deptNm: string;
  minAmtNm: string;
  jobCategoryNm: string;
  socialNum: string;
  signBackup: string;
  bankAccountRelNm: string;
  prcMode: PrcMode;
  /** The code of the occupation's group (KSCO 대분류, codes/clss job_cd level 1) whose name is jobCategoryNm. */
  jobType: string;
  /** spec §3 UI data; set when the patient came by a 알림톡 link (useLinkSession). Routes nothing. */
  kakaoNotiCheck: boolean;
  /**
   * The screen a patient verifies by SMS for, when it is not enrolment: '/web/treat' or '/web/IDPhoto' (an 알림톡 link
   * that did not open here), or her subscription ('/security/applyHistory', a subscriber who comes back). Identity and CertInput then say so instead of the sign-up's steps, and /excute goes back
   * there, subscribed or not (never the sign-up's "1단계"). A screen path, nothing personal: it survives a
   * reload on /certInput.
   */
  afterVerify: AfterVerify;
  /** The visits /web/treat last showed (memory only, never persisted). */
  kakaoNotiTreatList: TreatVisit[];
  /** From the chosen insurer's ui-controls (INSU_PHOTO): false skips the ID photo steps; null until known. */
  idPhotoRequired: boolean | null;
  /** 'My subscription': what the patient went off to change on a wizard screen and has not saved yet. */
  pendingChanges: ChangeGroup[];
  /** Ours ("누구의 진료인가요?", /security/whose): whose visits this enrolment claims; '' until asked. */
  insured: Insured;
}

/**
 * Where a verification for something other than a new enrolment leads: her history or an ID copy (an 알림톡 link that
 * did not open here), or 'my subscription' (a subscriber who comes back: the landing's "이미 가입하셨나요?").
 */
export type AfterVerify = '' | '/web/treat' | '/web/IDPhoto' | '/web/statement' | '/security/applyHistory';

/** Whose visits an enrolment claims: the verified person's own, or her child's (contract reg.child). */
export type Insured = '' | 'self' | 'child';

/**
 * Ours (README "A parent enrols her children"): the child being enrolled, her relation document and the children this
 * tab finished. Memory only, never browser storage (DESIGN §5), like every personal field here.
 */
export interface ChildSlice {
  /** The insured child as the contract's childBody names her; '' until typed. */
  person: {
    userNm: string;
    birthday: string;
    sex: '' | 'M' | 'F';
    userIdno2: string;
    guardianRel: '' | GuardianRel;
    /** Her own phone, if she has one ('' if not): she is told too when she turns 19. */
    userTel: string;
  };
  /** The 가족관계증명서 or 주민등록등본: a photo or PDF as a data URL, uploaded right after the subscription. */
  relation: { docType: '' | RelationDocType; issueDate: string; file: string; fileName: string };
  /** The children enrolled in this tab, the latest last: the finish screen and the next child read them. */
  done: ChildDone[];
  /**
   * What the next child of the same parent starts from ("다른 자녀도 신청하기"): the parent's own answers of the child
   * before (hospital, ID, payout account when it is hers, address, e-mail, amounts); the child's own are asked anew.
   */
  carry: { reg: Partial<Reg>; ui: Partial<UiData> } | null;
}
export interface ChildDone {
  insuApplyId: string;
  userNm: string;
  relationStatus: RelationStatus;
  /** Why the document did not go up with the subscription (she sends it again from the finish screen). */
  uploadError: string;
  /** The document sent with her, kept for a sibling's "같은 서류 쓰기" (a 가족관계증명서 lists every child). */
  relation: ChildSlice['relation'];
  guardianRel: '' | GuardianRel;
  /** Her 19th birthday (YYYYMMDD): from then on her visits are hers to claim. */
  adultOn: string;
}

/** The parts of a subscription a patient changes through a wizard screen (then saves with one PUT). */
export type ChangeGroup = 'account' | 'address' | 'email';

export const emptyReg = (): Reg => ({
  userCi: '',
  userNm: '',
  birthday: '',
  sex: '',
  userIdno2: '',
  termsIds: [],
  optTerms: [],
  userTel: '',
  userEmail: '',
  userPostNo: '',
  userAddr: '',
  userAddrDetail: '',
  hospitalCd: DEFAULT_HOSPITAL_CD,
  multiSubscrib: [],
  jobCd: '',
  jobNm: '',
  minAmt: null,
  signImg: '',
  signTypedNm: '',
  idcardImg: '',
  idcardType: '',
  idcardIssueDate: '',
  idcardIssueOrg: '',
  regNo: '',
  checkCd: '',
  postCenter: '',
  applyChannel: '',
  applyOrg: '',
  insuCompCd: '',
  insuCompCds: [],
  agreeIds: [],
  policyGeneration: '',
  bankCd: '',
  bankAccount: '',
  bankAccountHolder: '',
  bankAccountRel: '',
  goodsSubsId: '',
  subsStatus: '',
  contractStartDate: '',
  contractEndDate: '',
  repeatWeek: '',
  repeatDay: '',
  insuApplyId: '',
  retroMonth: null,
  helperRel: '',
});
const emptyAuth = (): Auth => ({
  korRegId: '',
  custName: '',
  telecomType: '',
  custHp: '',
  hospitalCode: '',
  smsRequestSeq: '',
  smsResponseSeq: '',
  telecomTermsIds: [],
  foreignResident: false,
});
const emptyRepository = (): Repository => ({
  terms: [],
  authTerms: [],
  telecomTerms: [],
  insuCompanys: [],
  possibleHospitals: [],
  myPossibleHospitals: [],
  findUiControlVal: [],
  userId: '',
  hospitalNm: '',
  hash: '',
  access_hash: '',
  hospitalThumbnail: '',
  androidPackage: '',
  iOSPackage: '',
  selectCompany: '',
  checkBankAccountNm: '',
});
const emptyUi = (): UiData => ({
  telecomNm: '',
  bankNm: '',
  deptNm: '',
  minAmtNm: '',
  jobCategoryNm: '',
  socialNum: '',
  signBackup: '',
  bankAccountRelNm: '',
  prcMode: 'outer',
  jobType: '',
  kakaoNotiCheck: false,
  afterVerify: '',
  kakaoNotiTreatList: [],
  idPhotoRequired: null,
  pendingChanges: [],
  insured: '',
});
export const emptyChild = (): ChildSlice => ({
  person: { userNm: '', birthday: '', sex: '', userIdno2: '', guardianRel: '', userTel: '' },
  relation: { docType: '', issueDate: '', file: '', fileName: '' },
  done: [],
  carry: null,
});

/** spec §4: what reset() keeps; everything else (and always retroMonth) is cleared. */
export const RESET_KEEPS = {
  reg: [
    'multiSubscrib',
    'userCi',
    'termsIds',
    'optTerms',
    'userTel',
    'userIdno2',
    'sex',
    'birthday',
    'userNm',
    'hospitalCd',
    'applyOrg',
  ],
  repository: ['hospitalNm', 'hash', 'access_hash'],
  ui: ['socialNum', 'prcMode'],
} as const satisfies { reg: (keyof Reg)[]; repository: (keyof Repository)[]; ui: (keyof UiData)[] };

/**
 * Ours (README "A helper beside her"): the hospital desk this walk came from by its QR code (screens/Desk.tsx): the
 * grant the subscription names (deskGrant) and its hospital. Outlives the landing's reset, as the desk is why she is
 * here; a start from another hospital's landing ends it (screens/auth/start.ts).
 */
export interface DeskSlice {
  grant: string;
  hospitalCd: string;
  hospitalNm: string;
}
export const emptyDesk = (): DeskSlice => ({ grant: '', hospitalCd: '', hospitalNm: '' });

export interface ClaimState {
  desk: DeskSlice;
  setDesk(patch: Partial<DeskSlice>): void;
  reg: Reg;
  auth: Auth;
  repository: Repository;
  ui: UiData;
  child: ChildSlice;
  setReg(patch: Partial<Reg>): void;
  setAuth(patch: Partial<Auth>): void;
  setRepository(patch: Partial<Repository>): void;
  setUi(patch: Partial<UiData>): void;
  setChild(patch: Partial<ChildSlice>): void;
  reset(): void;
}

const pick = <T extends object, K extends keyof T>(from: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, from[k]])) as Pick<T, K>;

/**
 * What survives a reload: no personal data. Besides where the patient came from, only the claim settings they chose
 * (minimum amount, retroactive months), the ids of the terms agreed (a reload on /certInput still records them after
 * verification) and of the open SMS request (after a reload /certInput asks the server for the rest: README "Identity
 * and sessions"), which identify no one. Name, phone, resident number and the occupation stay in memory.
 */
export const PERSISTED = (s: ClaimState) => ({
  // Who helps (a relation code) and the desk's grant (random, nobody's data) survive the trip to the messages app.
  reg: pick(s.reg, ['hospitalCd', 'minAmt', 'retroMonth', 'termsIds', 'optTerms', 'helperRel']),
  desk: s.desk,
  auth: pick(s.auth, ['hospitalCode', 'smsRequestSeq', 'smsResponseSeq', 'telecomTermsIds']),
  repository: pick(s.repository, ['hospitalNm']),
  ui: pick(s.ui, ['prcMode', 'afterVerify']),
});

export const useClaimStore = create<ClaimState>()(
  persist(
    (set) => ({
      reg: emptyReg(),
      auth: emptyAuth(),
      repository: emptyRepository(),
      ui: emptyUi(),
      child: emptyChild(),
      desk: emptyDesk(),
      setDesk: (patch) => set((s) => ({ desk: { ...s.desk, ...patch } })),
      setReg: (patch) => set((s) => ({ reg: { ...s.reg, ...patch } })),
      setAuth: (patch) => set((s) => ({ auth: { ...s.auth, ...patch } })),
      setRepository: (patch) => set((s) => ({ repository: { ...s.repository, ...patch } })),
      setUi: (patch) => set((s) => ({ ui: { ...s.ui, ...patch } })),
      setChild: (patch) => set((s) => ({ child: { ...s.child, ...patch } })),
      reset: () =>
        set((s) => ({
          reg: { ...emptyReg(), ...pick(s.reg, RESET_KEEPS.reg), retroMonth: null },
          auth: emptyAuth(),
          repository: { ...emptyRepository(), ...pick(s.repository, RESET_KEEPS.repository) },
          ui: { ...emptyUi(), ...pick(s.ui, RESET_KEEPS.ui) },
          // The children finished and what the next one starts from outlive the reset; the child asked is cleared.
          child: { ...emptyChild(), done: s.child.done, carry: s.child.carry },
        })),
    }),
    {
      name: 'auto-claim',
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: PERSISTED,
      merge: (saved, current) => {
        const p = (saved ?? {}) as Partial<ReturnType<typeof PERSISTED>>;
        return {
          ...current,
          reg: { ...current.reg, ...p.reg },
          auth: { ...current.auth, ...p.auth },
          repository: { ...current.repository, ...p.repository },
          ui: { ...current.ui, ...p.ui },
          desk: { ...current.desk, ...p.desk },
        };
      },
    },
  ),
);

/**
 * The answers the walk does not ask (wizard/steps.ts, docs/decisions/0007-enrolment-walk.md), as the summary shows them
 * with "변경": claim every visit whatever it cost (the insurer takes off its 공제금액; a small bill may pay nothing, but
 * none is missed), and past visits as far back as a claim can still be paid (3 years): one she already claimed herself
 * is refused by the insurer as a double, never paid twice. Job and e-mail stay empty (both optional).
 */
export const ENROL_DEFAULTS = { minAmt: 0, retroMonth: RETRO_MONTH_MAX } as const satisfies Partial<Reg>;

/** The defaults for what this enrolment has not answered yet; answers already given stay. */
export const withEnrolDefaults = (reg: Pick<Reg, 'minAmt' | 'retroMonth'>): Pick<Reg, 'minAmt' | 'retroMonth'> => ({
  minAmt: reg.minAmt ?? ENROL_DEFAULTS.minAmt,
  retroMonth: reg.retroMonth ?? ENROL_DEFAULTS.retroMonth,
});

/** Every insurer the patient chose, the first (reg.insuCompCd, spec §3) first. */
export const chosenInsurers = (reg: Pick<Reg, 'insuCompCd' | 'insuCompCds'>): string[] =>
  [reg.insuCompCd, ...reg.insuCompCds].filter((c, i, all) => c && all.indexOf(c) === i);

/** The person the SMS verification (or the live session) names: reg.userCi and repository.userId (spec §3). */
export function verifiedAs(ci: string) {
  const { setReg, setRepository } = useClaimStore.getState();
  setReg({ userCi: ci });
  setRepository({ userId: ci });
}

/** The UI data of an occupation's group (spec §3 jobType, jobCategoryNm); none chosen: both ''. */
export const jobGroupUi = (
  group: { code: string; codeNm: string } | undefined,
): Pick<UiData, 'jobType' | 'jobCategoryNm'> => ({
  jobType: group?.code ?? '',
  jobCategoryNm: group?.codeNm ?? '',
});
