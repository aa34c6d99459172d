// The RRN-check kind as config.ts and create-context.ts see it: its variable, its part of the Config, its provider.
import { z } from 'zod';
import type { Outbox } from '../outbox.js';
import { noRrnCheck } from './none.js';
import { sandboxRrnCheck } from './sandbox.js';
import type { RrnCheckProvider } from './types.js';

/** Is the typed RRN the verified person's: the sandbox, or none (no vendor publishes one; docs/providers/rrn-check.md). */
export const rrnCheckEnv = z.object({
  RRN_CHECK_PROVIDER: z.enum(['sandbox', 'none']).default('sandbox'),
});

export function rrnCheckConfig(e: z.output<typeof rrnCheckEnv>) {
  return e.RRN_CHECK_PROVIDER === 'none' ? ({ kind: 'none' } as const) : ({ kind: 'sandbox' } as const);
}
export type RrnCheckConfig = ReturnType<typeof rrnCheckConfig>;

/** The provider the config names; unset is the sandbox. */
export function rrnCheckProvider(config: RrnCheckConfig | undefined, deps: { outbox: Outbox }): RrnCheckProvider {
  return config?.kind === 'none' ? noRrnCheck() : sandboxRrnCheck(deps.outbox);
}
