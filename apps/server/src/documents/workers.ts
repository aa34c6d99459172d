// PDF work off the event loop (docs/operations.md, "PDF workers"): pdf-lib draws and decodes images in JavaScript, so a
// document made on the main thread holds every other request (a /healthz waited seconds behind a burst of them).
// A piscina pool of worker threads runs the functions that make bytes; the callers keep the database work and hand
// the workers plain data (structured clone), never a connection. One pool per app, started on its first document
// and ended with the app; idle threads hold no process open.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/** The default pool size: a core for the event loop, the rest for PDFs, at least one thread. */
export const defaultPdfWorkers = () => Math.max(1, availableParallelism() - 1);

export interface PdfWorkers {
  /** Calls `name`, exported by the module at `file`, in a worker thread with `arg`; answers what it returns. */
  run<R>(file: URL, name: string, arg: unknown): Promise<R>;
  /**
   * Calls `name` on an untrusted file (an upload) in a thread of its own pool, bounded in memory (CHECK_LIMITS) and in
   * time (`timeoutMs`, its wait in line included): past either it rejects (UploadCheckAborted) and the thread is
   * ended and replaced. Never the document threads: a hostile file holds no 위임장 up.
   */
  check<R>(file: URL, name: string, arg: unknown, opts: { timeoutMs: number }): Promise<R>;
  /** Ends the threads (the app's onClose); a later run starts them again. */
  close(): Promise<void>;
  readonly size: number;
}

/**
 * The worker threads load our TypeScript sources through tsx, as the process does (`node --import tsx`, Dockerfile
 * and npm scripts); a process started without it (vitest's runner) gives its workers the flag itself.
 */
const workerExecArgv = () => {
  const argv = process.execArgv;
  const hasTsx = argv.some(
    (a, i) => a === 'tsx' || a.startsWith('--import=tsx') || (a === '--import' && argv[i + 1] === 'tsx'),
  );
  return hasTsx ? argv : [...argv, '--import', 'tsx'];
};

/** What a thread checking an upload may use: a parse that needs more is the file's fault, never the process's. */
export const CHECK_LIMITS = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };

/** A check that ran out of its time or memory, or whose thread died: the file is refused, the process unharmed. */
export class UploadCheckAborted extends Error {
  override name = 'UploadCheckAborted';
}

export function createPdfWorkers(size = defaultPdfWorkers()): PdfWorkers {
  let pool: Piscina | undefined;
  let checks: Piscina | undefined;
  const threads = Math.max(1, Math.floor(size));
  return {
    size: threads,
    async check(file, name, arg, opts) {
      checks ??= new Piscina({
        // One thread: the uploads are rate-limited per address and counted per patient; the rest wait in line.
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: 60_000,
        execArgv: workerExecArgv(),
        resourceLimits: CHECK_LIMITS,
        maxQueue: Infinity,
      });
      try {
        return await checks.run(arg, { filename: file.href, name, signal: AbortSignal.timeout(opts.timeoutMs) });
      } catch (err) {
        // An abort (time), ERR_WORKER_OUT_OF_MEMORY (memory) or a thread that died: the same refusal to the caller.
        throw new UploadCheckAborted((err as Error)?.name ?? 'aborted', { cause: err });
      }
    },
    run(file, name, arg) {
      pool ??= new Piscina({
        minThreads: threads,
        maxThreads: threads,
        // Every task names its module (filename); the pool itself has none.
        execArgv: workerExecArgv(),
        // A task waits in line rather than failing: the callers are rate-limited (subscriptions) or batched (claims).
        maxQueue: Infinity,
      });
      return pool.run(arg, { filename: file.href, name });
    },
    async close() {
      const p = pool;
      const c = checks;
      pool = undefined;
      checks = undefined;
      await Promise.all([p?.destroy(), c?.destroy()]);
    },
  };
}
