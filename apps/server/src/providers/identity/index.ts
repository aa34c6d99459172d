// The identity kind as config.ts and create-context.ts see it: its variables, its part of the Config, its provider.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { FieldCrypto } from '../../security/crypto.js';
import { unsetOr, type Need } from '../env.js';
import type { Outbox } from '../outbox.js';
import { portoneIdentity } from './portone.js';
import { sandboxIdentity } from './sandbox.js';
import type { IdentityProvider } from './types.js';

/** 휴대폰 본인확인 by SMS: codes in the outbox (sandbox) or PortOne V2 identity verification (portone). */
export const identityEnv = z.object({
  IDENTITY_PROVIDER: z.enum(['sandbox', 'portone']).default('sandbox'),
  PORTONE_API_SECRET: unsetOr(z.string().min(1)),
  PORTONE_STORE_ID: unsetOr(z.string().min(1)),
  PORTONE_CHANNEL_KEY: unsetOr(z.string().min(1)),
  PORTONE_API_BASE: z.url().default('https://api.portone.io'),
});

export function identityConfig(e: z.output<typeof identityEnv>, need: Need) {
  if (e.IDENTITY_PROVIDER === 'sandbox') return { kind: 'sandbox' } as const;
  return {
    kind: 'portone',
    apiSecret: need(e.PORTONE_API_SECRET, 'PORTONE_API_SECRET (the V2 API secret)'),
    storeId: need(e.PORTONE_STORE_ID, 'PORTONE_STORE_ID'),
    channelKey: need(e.PORTONE_CHANNEL_KEY, 'PORTONE_CHANNEL_KEY (the identity-verification channel)'),
    baseUrl: e.PORTONE_API_BASE,
  } as const;
}
export type IdentityConfig = ReturnType<typeof identityConfig>;

/** The provider the config names; unset is the sandbox. */
export function identityProvider(
  config: IdentityConfig | undefined,
  deps: { outbox: Outbox; crypto: FieldCrypto; log: FastifyBaseLogger; now: () => Date },
): IdentityProvider {
  return config?.kind === 'portone'
    ? portoneIdentity({
        apiSecret: config.apiSecret,
        storeId: config.storeId,
        channelKey: config.channelKey,
        baseUrl: config.baseUrl,
        onFailure: (reason) => deps.log.warn({ vendor: 'portone-identity', reason }, 'identity verification failed'),
      })
    : // The sandbox CI key is derived from the lookup key: the same person keeps the same CI across restarts and key
      // rotations.
      sandboxIdentity({
        outbox: deps.outbox,
        ciKey: deps.crypto.hmac('sandbox-ci-key', 'v1'),
        crypto: deps.crypto,
        now: deps.now,
      });
}
