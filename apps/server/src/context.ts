// What every module needs, built once by buildApp and handed to each module's route factory:
// `export const xRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => { ... }`.
// Tests build it through buildApp with a controlled clock; nothing here keeps state that matters in memory.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { providerKinds, type Config } from './config.js';
import type { Database } from './db/schema.js';
import { createFieldCrypto, type FieldCrypto } from './security/crypto.js';
import { dbOutbox, type Outbox } from './providers/outbox.js';
import { portoneIdentity } from './providers/identity/portone.js';
import { sandboxIdentity } from './providers/identity/sandbox.js';
import type { IdentityProvider } from './providers/identity/types.js';
import { insurerApi } from './providers/delivery/insurer-api.js';
import { deliveryRouter } from './providers/delivery/router.js';
import { sandboxDelivery } from './providers/delivery/sandbox.js';
import type { DeliveryProvider, FaxSender } from './providers/delivery/types.js';
import { popbillFax } from './providers/fax/popbill.js';
import { sandboxFax } from './providers/fax/sandbox.js';
import { popbillNotification } from './providers/notification/popbill.js';
import { sandboxNotification } from './providers/notification/sandbox.js';
import type { NotificationProvider } from './providers/notification/types.js';
import { popbillBankCheck } from './providers/bank-check/popbill.js';
import { sandboxBankCheck } from './providers/bank-check/sandbox.js';
import type { BankCheckProvider } from './providers/bank-check/types.js';
import { noRrnCheck } from './providers/rrn-check/none.js';
import { sandboxRrnCheck } from './providers/rrn-check/sandbox.js';
import type { RrnCheckProvider } from './providers/rrn-check/types.js';
import { clovaOcr } from './providers/ocr/clova.js';
import { sandboxOcr } from './providers/ocr/sandbox.js';
import type { OcrProvider } from './providers/ocr/types.js';
import { jusoAddress } from './providers/address/juso.js';
import { sandboxAddress } from './providers/address/sandbox.js';
import type { AddressProvider } from './providers/address/types.js';
import { countDeliveries, countNotifications, instrument } from './providers/instrument.js';
import { createMetrics, type Metrics } from './metrics.js';
import { createPdfWorkers, type PdfWorkers } from './documents/workers.js';
import { sandboxClock, systemClock, type Clock } from './clock.js';

// The clock is a leaf of its own (clock.ts) so that providers can take one without importing the context.
export { sandboxClock, systemClock, type Clock };

export type ContextConfig = Pick<
  Config,
  'nodeEnv' | 'fieldEncryptionKey' | 'sessionSecret' | 'webDist' | 'logLevel' | 'trustProxy'
> &
  Partial<
    Pick<
      Config,
      | 'publicUrl'
      | 'identity'
      | 'address'
      | 'ocr'
      | 'notification'
      | 'fax'
      | 'bankCheck'
      | 'rrnCheck'
      | 'fieldEncryptionOldKeys'
      | 'fieldLookupKey'
      | 'delivery'
      | 'faxOutcomePollMs'
      | 'pdfWorkers'
    >
  >;

/**
 * The fax gateway FAX_PROVIDER names. The sandbox writes to `outbox`: hand it the caller's, bound to its transaction,
 * as the sandbox delivery writes to the engine's.
 */
export function faxSenderFor(config: Pick<ContextConfig, 'fax'>, outbox: Outbox): FaxSender {
  return config.fax?.kind === 'popbill'
    ? popbillFax({ account: config.fax.account, senderNumber: config.fax.senderNumber })
    : sandboxFax(outbox);
}

/** The outside world, one provider per kind (DESIGN §1). Modules add their kind here. */
export interface Providers {
  identity: IdentityProvider;
  bankCheck: BankCheckProvider;
  /** Is a typed RRN the verified person's (docs/providers/rrn-check.md). */
  rrnCheck: RrnCheckProvider;
  ocr: OcrProvider;
  address: AddressProvider;
  /** Claims to insurers: insurer API or fax (README, claim engine; docs/providers/insurer-api.md). */
  delivery: DeliveryProvider;
  /** 알림톡 with SMS fallback. */
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
  /** True while any provider kind is the sandbox, never in production: the outbox route and sandbox helpers exist. */
  sandbox: boolean;
  /** The app's logger (pino): method, path and what went wrong, never personal data. */
  log: FastifyBaseLogger;
  /** Prometheus metrics of this app (metrics.ts); providers are measured as they are called. */
  metrics: Metrics;
  /** The worker threads that make PDFs (documents/workers.ts), off the event loop; the app closes them. */
  pdf: PdfWorkers;
  /**
   * Sends a job to pg-boss, in the caller's transaction when `db` is one, once the claim engine has started it
   * (claims/engine.ts attaches its queue); before that it sends nothing and answers false, and the engine's minute
   * tick finds the work from the tables (ADR 0003).
   */
  jobs: JobQueue;
  /** The sandbox delivery's insurers to refuse (POST /sandbox/delivery/failures); only with the sandbox delivery. */
  sandboxDeliveryFailures?: Set<string>;
}

export type JobSend = (name: string, data: object, opts?: { db?: Kysely<Database> }) => Promise<void>;

export interface JobQueue {
  send(name: string, data: object, opts?: { db?: Kysely<Database> }): Promise<boolean>;
  /** The engine's pg-boss (undefined: detached, when it stops). */
  attach(send: JobSend | undefined): void;
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
  const delivery = opts.config.delivery;
  const deliveryFailures = new Set<string>();
  const onDeliveryFailure = (f: { insuCompCd: string; reason: string; retryable: boolean }) =>
    log.warn({ vendor: 'insurer', ...f }, 'a claim delivery failed');
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
    jobs: jobQueue(),
    ...(sandbox && delivery?.kind !== 'insurers' ? { sandboxDeliveryFailures: deliveryFailures } : {}),
    providers: measured(metrics, {
      identity:
        opts.config.identity?.kind === 'portone'
          ? portoneIdentity({
              apiSecret: opts.config.identity.apiSecret,
              storeId: opts.config.identity.storeId,
              channelKey: opts.config.identity.channelKey,
              baseUrl: opts.config.identity.baseUrl,
              onFailure: (reason) => log.warn({ vendor: 'portone-identity', reason }, 'identity verification failed'),
            })
          : // The sandbox CI key is derived from the lookup key: the same person keeps the same CI across restarts
            // and key rotations.
            sandboxIdentity({ outbox, ciKey: crypto.hmac('sandbox-ci-key', 'v1'), crypto }),
      bankCheck:
        opts.config.bankCheck?.kind === 'popbill'
          ? popbillBankCheck({
              account: opts.config.bankCheck.account,
              onFailure: (reason) => log.warn({ vendor: 'popbill', reason }, '예금주 조회 not answered'),
            })
          : sandboxBankCheck(outbox),
      rrnCheck: opts.config.rrnCheck?.kind === 'none' ? noRrnCheck() : sandboxRrnCheck(outbox),
      ocr:
        opts.config.ocr?.kind === 'clova'
          ? clovaOcr({
              invokeUrl: opts.config.ocr.invokeUrl,
              secret: opts.config.ocr.secret,
              onFailure: (reason) => log.warn({ vendor: 'clova-ocr', reason }, 'ID-card OCR read nothing'),
            })
          : sandboxOcr(),
      address:
        opts.config.address?.kind === 'juso'
          ? jusoAddress({
              confmKey: opts.config.address.confmKey,
              baseUrl: opts.config.address.baseUrl,
              onFailure: (reason) => log.warn({ vendor: 'juso', reason }, 'address search refused'),
            })
          : sandboxAddress(),
      delivery:
        delivery?.kind === 'insurers'
          ? deliveryRouter({
              apiInsurers: new Set(delivery.insurers.filter((i) => i.channel === 'api').map((i) => i.insuCompCd)),
              api: insurerApi({
                // Every insurer with a secret: the console may send one by API with a base URL of its own.
                insurers: delivery.insurers.flatMap((i) =>
                  i.secret ? [{ insuCompCd: i.insuCompCd, ...(i.url ? { url: i.url } : {}), secret: i.secret }] : [],
                ),
                timeoutMs: delivery.timeoutMs,
                ...(delivery.egress ? { egress: delivery.egress } : {}),
                onFailure: onDeliveryFailure,
              }),
              faxFor: (o) => faxSenderFor(opts.config, o),
              onFailure: onDeliveryFailure,
            })
          : sandboxDelivery({ now: () => clock.now(), failing: deliveryFailures }),
      notification:
        opts.config.notification?.kind === 'popbill'
          ? popbillNotification({
              ...opts.config.notification,
              origin: opts.config.publicUrl ?? 'http://localhost:3000',
            })
          : sandboxNotification({
              origin: opts.config.publicUrl ?? 'http://localhost:3000',
              now: () => clock.now(),
            }),
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
