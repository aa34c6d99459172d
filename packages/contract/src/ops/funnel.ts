// The enrolment funnel (README "Operator console"): the patient app's screen views (POST API.appMenuLogs) and the
// wizard's steps in order, for the dashboard's drop-off. A view says which screen (the route's pattern, never a URL
// with data in it), which hospital, when, and an anonymous id of the visit: nothing about the person.
import { z } from 'zod';

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
const funnelScreens = new Set(FUNNEL_SCREENS);

/**
 * A route pattern of the patient app that is a step of the enrolment: letters, slashes and `:params` only, so no
 * number or name can ride in it, and one of FUNNEL_SCREENS, so that nothing else is counted.
 */
export const funnelScreen = z
  .string()
  .min(1)
  .max(64)
  .regex(/^\/[A-Za-z/:]*$/, { message: '화면 이름은 경로 패턴이어야 해요.', abort: true })
  .refine((s) => funnelScreens.has(s), { message: '가입 단계의 화면이 아니에요.' });

/** One screen view; anything else in the body is refused. */
export const appMenuLogBody = z
  .object({
    screen: funnelScreen,
    hospitalCd: z.string().regex(/^\d{8}$/, { message: '병원 코드는 숫자 8자리여야 해요.' }),
    /** The browser's clock when the screen showed (ms since 1970); the server keeps its own time beside it. */
    time: z.number().int().min(0).max(9_999_999_999_999),
    /** Random per tab (sessionStorage), not personal data. */
    visitId: z.uuid({ message: '방문 id 형식이 올바르지 않아요.' }),
  })
  .strict();
export type AppMenuLogBody = z.infer<typeof appMenuLogBody>;

/** The most bytes a view may take (a real one is about 150). */
export const APP_MENU_LOG_MAX_BYTES = 512;

/** The funnel's daily counts are kept this long, then deleted by the minute tick. */
export const APP_MENU_LOG_RETENTION_DAYS = 400;

/** Per visit: views taken in 10 minutes (a patient walking the wizard sends one a screen, ~20 in all). */
export const FUNNEL_VISIT_RATE_LIMIT = { max: 60, timeWindow: '10 minutes' };
