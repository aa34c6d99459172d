// Builds the context (context.ts) once, in buildApp: the clock, field crypto, outbox, metrics, PDF workers, the blob
// store and one provider per kind, made by the kind's own factory from its part of the Config
// (providers/<kind>/index.ts), each measured (providers/instrument.ts).
// Tests build it through buildApp with a controlled clock; nothing here keeps state that matters in memory.
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { providerKinds } from './config.js';
import { sandboxClock, systemClock, type Clock } from './clock.js';
import type { AppContext, ContextConfig, JobQueue, JobSend, Providers } from './context.js';
import type { Database } from './db/schema.js';
import { createFieldCrypto } from './security/crypto.js';
import { dbOutbox, type Outbox } from './providers/outbox.js';
import type { FaxSender } from './providers/delivery/types.js';
import { addressProvider } from './providers/address/index.js';
import { bankCheckProvider } from './providers/bank-check/index.js';
import { deliveryProvider } from './providers/delivery/index.js';
import { faxSender } from './providers/fax/index.js';
import { identityProvider } from './providers/identity/index.js';
import { notificationProvider } from './providers/notification/index.js';
import { ocrProvider } from './providers/ocr/index.js';
import { rrnCheckProvider } from './providers/rrn-check/index.js';
import { countDeliveries, countNotifications, instrument } from './providers/instrument.js';
import { createMetrics, type Metrics } from './metrics.js';
import { createPdfWorkers } from './documents/workers.js';
import { createBlobStore } from './blobs/index.js';

/**
 * The fax gateway FAX_PROVIDER names. The sandbox writes to `outbox`: hand it the caller's, bound to its transaction,
 * as the sandbox delivery writes to the engine's.
 */
export function faxSenderFor(config: Pick<ContextConfig, 'fax'>, outbox: Outbox): FaxSender {
  return faxSender(config.fax, outbox);
}

function jobQueue(): JobQueue {
  let sender: JobSend | undefined;
  return {
    async send(name, data, opts) {
      if (!sender) return false;
      await sender(name, data, opts);
      return true;
    },
    attach: (send) => void (sender = send),
  };
}

export function createContext(opts: {
  db: Kysely<Database>;
  config: ContextConfig;
  clock?: Clock;
  log?: FastifyBaseLogger;
  metrics?: Metrics;
}): AppContext {
  const sandbox = opts.config.nodeEnv !== 'production' && Object.values(providerKinds(opts.config)).includes('sandbox');
  // In the sandbox the clock can be moved forward (POST /sandbox/clock); never in production.
  const clock = opts.clock ?? (sandbox ? sandboxClock() : systemClock);
  const crypto = createFieldCrypto({
    key: opts.config.fieldEncryptionKey,
    oldKeys: opts.config.fieldEncryptionOldKeys,
    lookupKey: opts.config.fieldLookupKey,
  });
  const outbox = dbOutbox(opts.db, () => clock.now());
  const log = opts.log ?? pino({ level: 'silent' });
  const metrics = opts.metrics ?? createMetrics();
  const deliveryFailures = new Set<string>();
  const origin = opts.config.publicUrl ?? 'http://localhost:3000';
  return {
    db: opts.db,
    config: opts.config,
    crypto,
    clock,
    outbox,
    sandbox,
    log,
    metrics,
    pdf: createPdfWorkers(opts.config.pdfWorkers),
    // loadConfig always names a store; a context built from a bare test config writes under the system's tmp, a folder
    // per process, so that one test file's orphan sweep never takes the files of another running beside it.
    blobs: createBlobStore(
      opts.config.blobs ?? { kind: 'fs', dir: path.join(tmpdir(), 'auto-claim-test-blobs', String(process.pid)) },
      crypto,
    ),
    jobs: jobQueue(),
    ...(sandbox && opts.config.delivery?.kind !== 'insurers' ? { sandboxDeliveryFailures: deliveryFailures } : {}),
    providers: measured(metrics, {
      identity: identityProvider(opts.config.identity, { outbox, crypto, log, now: () => clock.now() }),
      bankCheck: bankCheckProvider(opts.config.bankCheck, { outbox, log }),
      rrnCheck: rrnCheckProvider(opts.config.rrnCheck, { outbox }),
      ocr: ocrProvider(opts.config.ocr, { log }),
      address: addressProvider(opts.config.address, { log }),
      delivery: deliveryProvider(opts.config.delivery, {
        log,
        now: () => clock.now(),
        failing: deliveryFailures,
        faxFor: (o) => faxSenderFor(opts.config, o),
      }),
      notification: notificationProvider(opts.config.notification, { origin, now: () => clock.now() }),
    }),
  };
}

/** Each provider timed by kind and vendor (providers/instrument.ts); deliveries and messages counted by channel. */
function measured(metrics: Metrics, p: Providers): Providers {
  const vendor = (x: object) => ('name' in x && typeof x.name === 'string' ? x.name : 'sandbox');
  const each = <K extends keyof Providers>(kind: K, x: Providers[K]) => instrument(kind, vendor(x), x, metrics);
  return {
    identity: each('identity', p.identity),
    bankCheck: each('bankCheck', p.bankCheck),
    rrnCheck: each('rrnCheck', p.rrnCheck),
    ocr: each('ocr', p.ocr),
    address: each('address', p.address),
    delivery: each('delivery', countDeliveries(p.delivery, metrics)),
    notification: each('notification', countNotifications(p.notification, metrics)),
  };
}
