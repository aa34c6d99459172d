// Who did an operator call and from where (index.ts re-exports it): its own file so that routes.ts, which index.ts
// re-exports, uses it without importing index.ts back.

/** Who did it and from where, for an operator call that passed requireOperator. */
export const byOperator = (
  ctx: { crypto: { encrypt(s: string): string } },
  req: { operatorId?: string; ip: string },
): { loginId: string; ipEnc: string } => ({
  loginId: req.operatorId ?? 'unknown',
  ipEnc: ctx.crypto.encrypt(req.ip),
});
