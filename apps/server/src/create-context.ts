// Builds the context (context.ts) once, in buildApp: the clock, field crypto, outbox, metrics, PDF workers, the blob
// store and one provider per kind, the vendor each kind's variable names (config.ts), each measured
// (providers/instrument.ts).
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
import { portoneIdentity } from './providers/identity/portone.js';
import { sandboxIdentity } from './providers/identity/sandbox.js';
import { insurerApi } from './providers/delivery/insurer-api.js';
import { deliveryRouter } from './providers/delivery/router.js';
import { sandboxDelivery } from './providers/delivery/sandbox.js';
import type { FaxSender } from './providers/delivery/types.js';
import { popbillFax } from './providers/fax/popbill.js';
import { sandboxFax } from './providers/fax/sandbox.js';
import { popbillNotification } from './providers/notification/popbill.js';
import { sandboxNotification } from './providers/notification/sandbox.js';
import { popbillBankCheck } from './providers/bank-check/popbill.js';
import { sandboxBankCheck } from './providers/bank-check/sandbox.js';
import { noRrnCheck } from './providers/rrn-check/none.js';
import { sandboxRrnCheck } from './providers/rrn-check/sandbox.js';
import { clovaOcr } from './providers/ocr/clova.js';
import { sandboxOcr } from './providers/ocr/sandbox.js';
import { jusoAddress } from './providers/address/juso.js';
import { sandboxAddress } from './providers/address/sandbox.js';
import { countDeliveries, countNotifications, instrument } from './providers/instrument.js';
import { createMetrics, type Metrics } from './metrics.js';
import { createPdfWorkers } from './documents/workers.js';
import { createBlobStore } from './blobs/index.js';

/**
 * The fax gateway FAX_PROVIDER names. The sandbox writes to `outbox`: hand it the caller's, bound to its transaction,
 * as the sandbox delivery writes to the engine's.
 */
export function faxSenderFor(config: Pick<ContextConfig, 'fax'>, outbox: Outbox): FaxSender {
  return config.fax?.kind === 'popbill'
    ? popbillFax({ account: config.fax.account, senderNumber: config.fax.senderNumber })
    : sandboxFax(outbox);
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
    // loadConfig always names a store; a context built from a bare test config writes under the system's tmp.
    blobs: createBlobStore(
      opts.config.blobs ?? { kind: 'fs', dir: path.join(tmpdir(), 'auto-claim-test-blobs') },
      crypto,
    ),
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
