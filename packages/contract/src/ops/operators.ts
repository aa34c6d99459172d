// Operators' sign-in with a second factor and the operator accounts (README "Operator console").
import { z } from 'zod';
import { sessionInfo } from '../auth.js';
import { pageOf, pageQuery } from './page.js';
import { OPERATOR_ROLES, OPERATOR_STAGES, STAFF_ROLES } from '../vocabulary.js';

/** The console's own calls about sign-in and accounts. */
export const OPS_AUTH_API = {
  /** Who is signed in, at which stage, until when; and the CSRF token of the session. */
  me: '/api/admin/me',
  password: '/api/admin/me/password',
  totpSetup: '/api/admin/me/totp/setup',
  totpConfirm: '/api/admin/me/totp/confirm',
  secondFactor: '/api/admin/login/second-factor',
  logout: '/api/admin/logout',
  operators: '/api/admin/operators',
  operatorRole: '/api/admin/operators/:loginId/role',
  operatorSecondFactorReset: '/api/admin/operators/:loginId/second-factor/reset',
  operatorDisable: '/api/admin/operators/:loginId/disable',
  /** Ends every sign-in lock of the account, a stranger's or its own (docs/security.md). */
  operatorUnlock: '/api/admin/operators/:loginId/unlock',
  /** New admins, promotions to admin and admins' second-factor resets, asked and waiting, held or lately decided. */
  accountChanges: '/api/admin/operator-changes',
  accountChangeApprove: '/api/admin/operator-changes/:changeId/approve',
  accountChangeRefuse: '/api/admin/operator-changes/:changeId/refuse',
} as const;

/**
 * Dual control of admin accounts (docs/security.md, "Insiders: admin accounts"): a change waits this long for a second
 * admin's approval; approved, it applies ADMIN_CHANGE_HOLD_HOURS later (the server's setting; the change says when).
 */
export const ACCOUNT_CHANGE_TTL_HOURS = 72;
/**
 * An account created, promoted to admin or whose second factor was reset within this many days approves nobody's
 * change (of admins or of claim destinations); one the asker created, promoted or reset never approves hers.
 */
export const APPROVER_COOLING_DAYS = 7;
/** Changes decided, applied or lapsed this many hours ago or less are still listed, so every admin sees each step. */
export const ACCOUNT_CHANGE_SHOWN_HOURS = 7 * 24;

/** Every state-changing console call carries the session's CSRF token in this header. */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * The console's own polls (the banners asked again every minute) send this header as '1': they do not restart the
 * session's idle clock, so only what the operator does keeps her session (the console warns before it ends).
 */
export const BACKGROUND_HEADER = 'x-ops-background';

/** Operator sessions: 30 minutes idle, 8 hours in all (patients keep theirs). */
export const OPS_SESSION_IDLE_SECONDS = 30 * 60;
export const OPS_SESSION_ABSOLUTE_SECONDS = 8 * 60 * 60;
/** A session that has the password only (set-up or second factor still to come) lasts this long at most. */
export const OPS_SESSION_PENDING_SECONDS = 15 * 60;
export const RECOVERY_CODE_COUNT = 10;

export const operatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRoleName = z.infer<typeof operatorRole>;
export const OPERATOR_ROLE_NM: Record<OperatorRoleName, string> = {
  hospital: '병원 사용자',
  viewer: '조회자',
  operator: '운영자',
  admin: '관리자',
};

/** setup: the second factor must be set up first; password: the second factor must be given; full: signed in. */
export const operatorStage = z.enum(OPERATOR_STAGES);
export type OperatorStageName = z.infer<typeof operatorStage>;

/** What the console knows of its session (login, second factor, GET me). */
export const opsSession = z.object({
  kind: z.literal('operator'),
  loginId: z.string(),
  role: operatorRole,
  stage: operatorStage,
  /** A hospital user's hospital: the one hospital she sees. */
  hospitalCd: z.string().optional(),
  /** The password an admin issued must be changed before anything else (POST OPS_AUTH_API.password). */
  mustChangePassword: z.boolean().optional(),
  idleExpiresAt: z.string(),
  absoluteExpiresAt: z.string(),
  csrfToken: z.string(),
});
export type OpsSession = z.infer<typeof opsSession>;

/** POST /rest/auth/login answers an operator the session as before plus what the console needs next. */
export const operatorLoginAnswer = sessionInfo.extend({
  loginId: z.string(),
  role: operatorRole,
  stage: operatorStage,
  csrfToken: z.string(),
});

const totpCode = z
  .string({ message: '인증 앱의 6자리 숫자를 입력해 주세요.' })
  .regex(/^\d{6}$/, { message: '인증 앱의 6자리 숫자를 입력해 주세요.' });

export const totpSetupAnswer = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The QR code of otpauthUri as an SVG data URL (made on the server). */
  qrDataUrl: z.string(),
});

export const totpConfirmBody = z.object({ code: totpCode });
export const totpConfirmAnswer = opsSession.extend({
  /** Shown once; each works once in place of a code. */
  recoveryCodes: z.array(z.string()),
});

export const secondFactorBody = z
  .object({
    code: totpCode.optional(),
    recoveryCode: z
      .string()
      .trim()
      .min(1, { message: '복구 코드를 입력해 주세요.' })
      .max(40, { message: '복구 코드를 확인해 주세요.' })
      .optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), {
    message: '인증 앱의 6자리 숫자나 복구 코드 가운데 하나를 입력해 주세요.',
    path: ['code'],
  });

export const operatorLoginId = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9._-]{2,63}$/, {
    message: '아이디는 영문 소문자·숫자·점·밑줄·하이픈으로 3~64자예요.',
  });

export const operatorRow = z.object({
  loginId: z.string(),
  role: operatorRole,
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
  secondFactorSet: z.boolean(),
  lastSignInAt: z.string().nullable(),
  /** Until when sign-in is locked from some address (failed tries there), the latest; null when nowhere. */
  lockedUntil: z.string().nullable(),
});
export type OperatorRow = z.infer<typeof operatorRow>;

export const OPERATOR_SORTABLE = ['loginId', 'role', 'createdAt', 'lastSignInAt'] as const;
export const operatorListQuery = pageQuery(OPERATOR_SORTABLE).extend({
  q: z.string().trim().max(64).optional(),
  role: operatorRole.optional(),
  status: z.enum(['active', 'disabled']).optional(),
});
export const operatorPage = pageOf(operatorRow);

export const ACCOUNT_CHANGE_KINDS = ['create_admin', 'promote', 'second_factor_reset'] as const;
export type AccountChangeKind = (typeof ACCOUNT_CHANGE_KINDS)[number];
export const ACCOUNT_CHANGE_KIND_NM: Record<AccountChangeKind, string> = {
  create_admin: '관리자 계정 추가',
  promote: '관리자로 올리기',
  second_factor_reset: '관리자 2단계 인증 초기화',
};
/** pending: waits for a second admin; approved: held until effectiveAt; applied; refused (or withdrawn); lapsed. */
export const ACCOUNT_CHANGE_STATUS = ['pending', 'approved', 'applied', 'refused', 'lapsed'] as const;
export const ACCOUNT_CHANGE_STATUS_NM: Record<(typeof ACCOUNT_CHANGE_STATUS)[number], string> = {
  pending: '승인 대기',
  approved: '승인됨, 적용 대기',
  applied: '적용됨',
  refused: '거절됨',
  lapsed: '기한 지남',
};
export const accountChange = z.object({
  id: z.string(),
  kind: z.enum(ACCOUNT_CHANGE_KINDS),
  /** The account it is about. */
  loginId: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  /** Until when a second admin may approve it. */
  expiresAt: z.string(),
  status: z.enum(ACCOUNT_CHANGE_STATUS),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Approved: when it applies (the hold every admin is told of). */
  effectiveAt: z.string().nullable(),
  appliedAt: z.string().nullable(),
  /** Whether the admin asking may approve it now, and if not, why (Korean). */
  mayApprove: z.boolean(),
  whyNot: z.string().nullable(),
});
export type AccountChange = z.infer<typeof accountChange>;
export const accountChangeList = z.object({ list: z.array(accountChange), total: z.number().int() });
export const accountChangeParams = z.object({
  changeId: z.string().regex(/^\d{1,18}$/, { message: '변경 요청 번호가 올바르지 않아요.' }),
});
export const accountChangeAnswer = z.object({ change: accountChange });

export const MIN_OPERATOR_PASSWORD_LENGTH = 12;
/** An operator's role as an admin gives it (a hospital user is made from the hospital's screen). */
export const staffRole = z.enum(STAFF_ROLES, { message: '조회자, 운영자, 관리자 중에서 골라 주세요.' });
export const operatorCreateBody = z.object({
  loginId: operatorLoginId,
  role: staffRole,
  /** Absent: the server makes one and shows it once. */
  password: z
    .string()
    .min(MIN_OPERATOR_PASSWORD_LENGTH, { message: `비밀번호는 ${MIN_OPERATOR_PASSWORD_LENGTH}자 이상이어야 해요.` })
    .max(256)
    .optional(),
});
export const operatorCreateAnswer = z.object({
  loginId: z.string(),
  role: operatorRole,
  /** Only when the server made the password: shown this once. */
  initialPassword: z.string().optional(),
  /** A new admin: the account exists only once another admin approves and the hold has passed. */
  pendingChange: accountChange.optional(),
});
export const operatorRoleBody = z.object({ role: staffRole });
/** The operator's own new password (the rules of operatorCreateBody's). */
export const passwordChangeBody = z.object({
  newPassword: z
    .string()
    .min(MIN_OPERATOR_PASSWORD_LENGTH, { message: `비밀번호는 ${MIN_OPERATOR_PASSWORD_LENGTH}자 이상이어야 해요.` })
    .max(256, { message: '비밀번호는 256자까지 쓸 수 있어요.' }),
});
export const operatorParams = z.object({ loginId: z.string().min(1).max(64) });

/** A role change or second-factor reset: the account as it is now, and the change that waits when it needs approval. */
export const operatorAnswer = z.object({ operator: operatorRow, pendingChange: accountChange.optional() });
