// The enrolment funnel's steps (README "Operator console"), apart from its schemas (funnel.ts), so that the patient
// app can read which screens count without loading zod.

/**
 * The enrolment as a patient walks it (apps/web router.tsx and wizard/steps.ts): each step with the route patterns
 * that count as reaching it. Steps some patients skip (hospital choice, the ID photo) count only those who saw them.
 */
export const FUNNEL_STEPS = [
  { step: 'landing', title: '시작 화면', screens: ['/', '/:hospitalCd'] },
  { step: 'authAgreeInfo', title: '약관 동의', screens: ['/authAgreeInfo'] },
  { step: 'identity', title: '휴대폰 본인인증', screens: ['/identity'] },
  { step: 'certInput', title: '인증번호 입력', screens: ['/certInput'] },
  { step: 'jumin', title: '주민등록번호', screens: ['/security/jumin'] },
  { step: 'possibleHospital', title: '병원 선택', screens: ['/security/possibleHospital'] },
  { step: 'insuChoose', title: '보험사 선택', screens: ['/security/insuChoose'] },
  { step: 'claimAgreeInfo', title: '보험사 약관 동의', screens: ['/security/claimAgreeInfo'] },
  { step: 'document', title: '제출 서류 안내', screens: ['/security/document'] },
  { step: 'photo', title: '신분증 촬영', screens: ['/security/photo'] },
  { step: 'paymentAccount', title: '계좌', screens: ['/security/paymentAccount'] },
  { step: 'expenses', title: '청구 금액', screens: ['/security/expenses'] },
  { step: 'retro', title: '지난 진료 기간', screens: ['/security/retro'] },
  { step: 'adress', title: '주소', screens: ['/security/adress'] },
  { step: 'job', title: '직업', screens: ['/security/job'] },
  { step: 'email', title: '이메일', screens: ['/security/email'] },
  { step: 'signature', title: '서명', screens: ['/security/signature'] },
  { step: 'applyHistory', title: '신청 내용 확인', screens: ['/security/applyHistory'] },
  { step: 'complete', title: '가입 완료', screens: ['/web/complete'] },
] as const;

/** The screens the funnel counts: the route patterns of FUNNEL_STEPS, and no other (README "Operator console"). */
export const FUNNEL_SCREENS: readonly string[] = FUNNEL_STEPS.flatMap((s) => s.screens);
