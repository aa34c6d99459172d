// Prometheus metrics (docs/operations.md, "Signals"): one registry per app, served on the ops listener (ops-server.ts),
// never on the public port. Labels carry routes, vendors, channels and outcomes, never personal data.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Backlog {
  /** Per queue (domain tables and pg-boss queues): how much waits, and for how long the oldest has waited. */
  queues: { queue: string; depth: number; oldestAgeSeconds: number }[];
  /** Dead letters waiting for an operator (failed every attempt, not marked handled), by kind. */
  deadLetters: { kind: 'claims' | 'notifications'; count: number }[];
}

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  providerCalls: Histogram<'kind' | 'vendor' | 'call' | 'outcome'>;
  providerErrors: Counter<'kind' | 'vendor' | 'call'>;
  deliveries: Counter<'channel' | 'outcome'>;
  notifications: Counter<'channel' | 'outcome'>;
  /** An operator releasing patients' data past the alert threshold (docs/security.md "Operator releases"). */
  operatorReleaseAlerts: Counter<'kind'>;
  /** Scrapes ask this for queue depth and age; set by whoever knows the queues (the claim engine's module). */
  setBacklogSource(source: () => Promise<Backlog>): void;
}

export function createMetrics(opts: { process?: boolean } = {}): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ app: 'auto-claim' });
  // Process CPU, memory, event-loop lag: once per real process (tests build many apps in one).
  if (opts.process) collectDefaultMetrics({ register: registry });
  let backlog: (() => Promise<Backlog>) | undefined;
  let last: Promise<Backlog> | undefined;
  const read = () => {
    // One query per scrape, however many gauges ask.
    last ??= (backlog ? backlog() : Promise.resolve<Backlog>({ queues: [], deadLetters: [] })).finally(() =>
      setTimeout(() => (last = undefined)),
    );
    return last;
  };
  new Gauge({
    name: 'autoclaim_queue_depth',
    help: 'Work waiting, by queue (treatment records to match, deliveries due, pg-boss jobs)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      for (const q of (await read()).queues) this.set({ queue: q.queue }, q.depth);
    },
  });
  new Gauge({
    name: 'autoclaim_queue_oldest_age_seconds',
    help: 'Age of the oldest waiting item, by queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      for (const q of (await read()).queues) this.set({ queue: q.queue }, q.oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'autoclaim_dead_letters',
    help: 'Dead letters waiting for an operator (claims and patient messages that failed every attempt, not marked handled), by kind',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      for (const d of (await read()).deadLetters) this.set({ kind: d.kind }, d.count);
    },
  });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'autoclaim_http_request_duration_seconds',
      help: 'HTTP answer time by route (the route pattern, never the URL)',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    providerCalls: new Histogram({
      name: 'autoclaim_provider_call_duration_seconds',
      help: 'Calls to outside parties by provider kind, vendor and call, with their outcome (ok or error)',
      labelNames: ['kind', 'vendor', 'call', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    providerErrors: new Counter({
      name: 'autoclaim_provider_errors_total',
      help: 'Failed calls to outside parties (thrown, or answered as failed)',
      labelNames: ['kind', 'vendor', 'call'],
      registers: [registry],
    }),
    deliveries: new Counter({
      name: 'autoclaim_deliveries_total',
      help: 'Claim deliveries to insurers by channel (api, fax) and outcome (sent, awaiting: a fax accepted, retryable, final)',
      labelNames: ['channel', 'outcome'],
      registers: [registry],
    }),
    notifications: new Counter({
      name: 'autoclaim_notifications_total',
      help: 'Patient messages by the channel that carried them (kakao, sms) and outcome',
      labelNames: ['channel', 'outcome'],
      registers: [registry],
    }),
    operatorReleaseAlerts: new Counter({
      name: 'autoclaim_operator_release_alerts_total',
      help: 'Operator releases of patient data past the hourly alert threshold, by kind (package); alert on any increase',
      labelNames: ['kind'],
      registers: [registry],
    }),
    setBacklogSource(source) {
      backlog = source;
    },
  };
}
