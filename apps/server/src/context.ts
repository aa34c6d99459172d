// What every module needs, built once by buildApp (create-context.ts) and handed to each module's route factory:
// `export const xRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => { ... }`.
// Types only: a module, a provider or security/ may name the context without importing what builds it.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Clock } from './clock.js';
import type { Handle } from './db/handle.js';
import type { FieldCrypto } from './security/crypto.js';
import type { Outbox } from './providers/outbox.js';
import type { IdentityProvider } from './providers/identity/types.js';
import type { DeliveryProvider } from './providers/delivery/types.js';
import type { NotificationProvider } from './providers/notification/types.js';
import type { BankCheckProvider } from './providers/bank-check/types.js';
import type { RrnCheckProvider } from './providers/rrn-check/types.js';
import type { OcrProvider } from './providers/ocr/types.js';
import type { AddressProvider } from './providers/address/types.js';
import type { Metrics } from './metrics.js';
import type { PdfWorkers } from './documents/workers.js';
import type { BlobStore } from './blobs/index.js';

export type { Clock };

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
      | 'noticeHours'
      | 'identityStartsPerAddress'
      | 'operatorSignInsPerAddress'
      | 'adminChangeHoldHours'
      | 'adminApproverCoolingDays'
      | 'pdfWorkers'
      | 'fhirCheckWorkers'
      | 'blobs'
    >
  >;

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
  /**
   * The one connection, as a Handle: it queries nothing until an owner narrows it to its own tables through its
   * tables.ts (claimsDb(ctx)…; db/handle.ts); the files that may hold the whole database say why in db/cross-cutting.ts.
   */
  db: Handle;
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
  /** Files too large for a row, envelope-encrypted (blobs/, ADR 0006): under DATA_DIR or in S3. */
  blobs: BlobStore;
  /** The worker threads that make PDFs (documents/workers.ts), off the event loop; the app closes them. */
  pdf: PdfWorkers;
  /**
   * Sends a job to pg-boss, in the caller's transaction when `db` is one, once the jobs runtime has started it
   * (jobs/runtime.ts attaches its queue); before that it sends nothing and answers false, and the engine's minute
   * tick finds the work from the tables (ADR 0003).
   */
  jobs: JobQueue;
  /** The sandbox delivery's insurers to refuse (POST /sandbox/delivery/failures); only with the sandbox delivery. */
  sandboxDeliveryFailures?: Set<string>;
}

export type JobSend = (name: string, data: object, opts?: { db?: Handle }) => Promise<void>;

export interface JobQueue {
  send(name: string, data: object, opts?: { db?: Handle }): Promise<boolean>;
  /** The jobs runtime's pg-boss (undefined: detached, when it stops). */
  attach(send: JobSend | undefined): void;
}
