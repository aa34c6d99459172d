// A worker process (PROCESS_ROLE=worker, docs/operations.md "Processes"): the jobs runtime with every module's workers
// and the minute tick, and no HTTP app: no routes, no public port. main.ts adds the ops listener.
import pino, { type DestinationStream } from 'pino';
import type { AppContext, ContextConfig } from './context.js';
import { createContext } from './create-context.js';
import type { Db } from './db/index.js';
import { createJobs, type JobRuntime } from './jobs/index.js';
import type { Metrics } from './metrics.js';
import { engineBacklog } from './modules/claims/index.js';
import { verifyLookupKey } from './security/lookup-key.js';

export interface Worker {
  ctx: AppContext;
  jobs: JobRuntime;
  /** Stops taking jobs, waits for those running, then closes the PDF workers (the database stays open). */
  close(): Promise<void>;
}

export async function startWorker(deps: {
  config: ContextConfig;
  db: Db;
  metrics: Metrics;
  /** Scripts pass false to keep output clean. */
  logger?: boolean;
  /** Where the log lines go (default stdout): tests capture them (apps/server/test/logs.ts). */
  logStream?: DestinationStream;
}): Promise<Worker> {
  // JSON lines, as the web process writes them; nothing here logs a request, and jobs log no personal data.
  const options = { level: deps.logger === false ? 'silent' : deps.config.logLevel };
  const log = deps.logStream ? pino(options, deps.logStream) : pino(options);
  const ctx = createContext({ db: deps.db.db, config: deps.config, log, metrics: deps.metrics });
  // As buildApp does: refuse a lookup key the data was not hashed with, before any job reads or writes a hash.
  await verifyLookupKey(ctx.db, ctx.crypto);
  ctx.metrics.setBacklogSource(() => engineBacklog(ctx.db, ctx.clock.now()));
  const jobs = createJobs(ctx);
  await jobs.start({ workers: true });
  return {
    ctx,
    jobs,
    async close() {
      await jobs.stop();
      await ctx.pdf.close();
    },
  };
}
