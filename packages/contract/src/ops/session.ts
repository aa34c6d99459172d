// The console's own session calls (README "Operator console").
import { z } from 'zod';

export const OPS_API = {
  /** Who is signed in: the console asks at start and after every sign-in step. */
  me: '/api/admin/me',
} as const;

export const OPERATOR_ROLE_NM = { viewer: '조회자', operator: '운영자', admin: '관리자' } as const;
export type OperatorRoleName = keyof typeof OPERATOR_ROLE_NM;

export const opsMe = z.object({
  loginId: z.string(),
  role: z.enum(['viewer', 'operator', 'admin']),
  idleExpiresAt: z.string(),
  absoluteExpiresAt: z.string(),
});
export type OpsMe = z.infer<typeof opsMe>;
