// The enrolment funnel (README "Operator console"): the patient app's screen views (POST API.appMenuLogs) and the
// wizard's steps in order, for the dashboard's drop-off. A view says which screen (the route's pattern, never a URL
// with data in it), which hospital, when, and an anonymous id of the visit: nothing about the person.
import { z } from 'zod';
import { FUNNEL_SCREENS } from './funnel-steps.js';

// The steps themselves are a module without zod: the patient app's funnel reads them (apps/web funnel.ts) without
// the schemas below (22 KB of JavaScript it would otherwise load).
export { FUNNEL_SCREENS, FUNNEL_STEPS } from './funnel-steps.js';

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
