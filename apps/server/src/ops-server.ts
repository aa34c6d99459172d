// The ops listener (docs/operations.md, "Signals"): /metrics for Prometheus, /healthz and /readyz for the
// orchestrator, on a port of its own (METRICS_PORT, bound to METRICS_HOST, 127.0.0.1 unless told otherwise), so the
// public port never shows them. A worker process has no other listener.
import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics.js';

export interface OpsListener {
  readonly port: number;
  close(): Promise<void>;
}

export async function listenOps(opts: {
  port: number;
  host: string;
  metrics: Metrics;
  ready: () => Promise<{ ok: boolean }>;
}): Promise<OpsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const answer = (status: number, type: string, body: string) =>
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    if (req.method !== 'GET') return answer(405, 'text/plain', 'GET only');
    if (path === '/healthz') return answer(200, 'application/json', '{"status":"ok"}');
    if (path === '/readyz') {
      return void opts.ready().then(
        (r) => answer(r.ok ? 200 : 503, 'application/json', JSON.stringify(r)),
        () => answer(503, 'application/json', '{"ok":false}'),
      );
    }
    if (path === '/metrics') {
      return void opts.metrics.registry.metrics().then(
        (text) => answer(200, opts.metrics.registry.contentType, text),
        () => answer(500, 'text/plain', 'metrics unavailable'),
      );
    }
    answer(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    port: (server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
