// The address kind as config.ts and create-context.ts see it: its variables, its part of the Config, its provider.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { unsetOr, type Need } from '../env.js';
import { jusoAddress } from './juso.js';
import { sandboxAddress } from './sandbox.js';
import type { AddressProvider } from './types.js';

/** Road-address search: the bundled sample (sandbox) or the 행정안전부 도로명주소 검색 API (juso). */
export const addressEnv = z.object({
  ADDRESS_PROVIDER: z.enum(['sandbox', 'juso']).default('sandbox'),
  JUSO_CONFM_KEY: unsetOr(z.string().min(1)),
  JUSO_API_BASE: z.url().default('https://business.juso.go.kr'),
});

export function addressConfig(e: z.output<typeof addressEnv>, need: Need) {
  if (e.ADDRESS_PROVIDER === 'sandbox') return { kind: 'sandbox' } as const;
  return {
    kind: 'juso',
    confmKey: need(e.JUSO_CONFM_KEY, 'JUSO_CONFM_KEY (the 도로명주소 API approval key)'),
    baseUrl: e.JUSO_API_BASE,
  } as const;
}
export type AddressConfig = ReturnType<typeof addressConfig>;

/** The provider the config names; unset is the sandbox. */
export function addressProvider(config: AddressConfig | undefined, deps: { log: FastifyBaseLogger }): AddressProvider {
  return config?.kind === 'juso'
    ? jusoAddress({
        confmKey: config.confmKey,
        baseUrl: config.baseUrl,
        onFailure: (reason) => deps.log.warn({ vendor: 'juso', reason }, 'address search refused'),
      })
    : sandboxAddress();
}
