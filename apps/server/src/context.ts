// What every module needs, built once by buildApp and handed to each module's route factory:
// `export const xRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => { ... }`.
// Tests build it through buildApp with a controlled clock; nothing here keeps state that matters in memory.
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import { createFieldCrypto, type FieldCrypto } from './security/crypto.js';
import { dbOutbox, type Outbox } from './providers/outbox.js';
import { sandboxIdentity } from './providers/identity/sandbox.js';
import type { IdentityProvider } from './providers/identity/types.js';
import { sandboxDelivery } from './providers/delivery/sandbox.js';
import type { DeliveryProvider } from './providers/delivery/types.js';
import { sandboxNotification } from './providers/notification/sandbox.js';
import type { NotificationProvider } from './providers/notification/types.js';
import { sandboxBankCheck } from './providers/bank-check/sandbox.js';
import type { BankCheckProvider } from './providers/bank-check/types.js';
import { sandboxOcr } from './providers/ocr/sandbox.js';
import type { OcrProvider } from './providers/ocr/types.js';
import { sandboxAddress } from './providers/address/sandbox.js';
import type { AddressProvider } from './providers/address/types.js';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export type ContextConfig = Pick<
  Config,
  'nodeEnv' | 'fieldEncryptionKey' | 'sessionSecret' | 'providers' | 'webDist' | 'logLevel' | 'trustProxy'
> &
  Partial<Pick<Config, 'publicUrl'>>;

/** The outside world, one provider per kind (DESIGN §1). Modules add their kind here. */
export interface Providers {
  identity: IdentityProvider;
  bankCheck: BankCheckProvider;
  ocr: OcrProvider;
  address: AddressProvider;
  /** Claims to insurers: insurer API or fax (issue 5). */
  delivery: DeliveryProvider;
  /** 알림톡 with SMS fallback (issue 5). */
  notification: NotificationProvider;
}

export interface AppContext {
  db: Kysely<Database>;
  config: ContextConfig;
  crypto: FieldCrypto;
  clock: Clock;
  /** Where sandbox providers write what they would have sent (DESIGN §3). */
  outbox: Outbox;
  providers: Providers;
  /** True while sandbox providers are active and never in production: the outbox route and sandbox helpers exist. */
  sandbox: boolean;
}

export function createContext(opts: { db: Kysely<Database>; config: ContextConfig; clock?: Clock }): AppContext {
  const clock = opts.clock ?? systemClock;
  const crypto = createFieldCrypto(opts.config.fieldEncryptionKey);
  const outbox = dbOutbox(opts.db, () => clock.now());
  const sandbox = opts.config.providers === 'sandbox' && opts.config.nodeEnv !== 'production';
  return {
    db: opts.db,
    config: opts.config,
    crypto,
    clock,
    outbox,
    sandbox,
    providers: {
      // The sandbox CI key is derived from the field key so the same person keeps the same CI across restarts.
      identity: sandboxIdentity(outbox, crypto.hmac('sandbox-ci-key', 'v1')),
      bankCheck: sandboxBankCheck(outbox),
      ocr: sandboxOcr(),
      address: sandboxAddress(),
      delivery: sandboxDelivery({ now: () => clock.now() }),
      notification: sandboxNotification({
        origin: opts.config.publicUrl ?? 'http://localhost:3000',
        now: () => clock.now(),
      }),
    },
  };
}
