// The alerts the repository ships (docs/operations.md, "Alerts"): ops/prometheus/alerts.yml is a rule file promtool
// accepts (its schema, PromQL that Prometheus's own grammar parses), every metric it and the Grafana dashboard name is
// one the app serves at /metrics, every threshold is the ALERT_BOUNDS number the console's banner uses, and the
// banner's call says what is over its bound now.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parser } from '@prometheus-io/lezer-promql';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import { ALERT_BOUNDS, OPS_ALERTS_API, queueAgeBound, type AlertsAnswer } from '@auto-claim/contract/ops';
import { createMetrics } from '../../src/metrics.js';
import { listenOps, type OpsListener } from '../../src/ops-server.js';
import { readiness } from '../../src/app.js';
import { createSubscriber, treatmentRecord } from '../../fixtures/factories.js';
import { build, signInOperator, testClock, type TestApp } from '../helper.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (p: string) => readFileSync(path.join(root, p), 'utf8');

// promtool's rule-file schema (Prometheus's rulefmt): unknown keys are errors there too.
const duration = z
  .string()
  .regex(/^(\d+y)?(\d+w)?(\d+d)?(\d+h)?(\d+m)?(\d+s)?(\d+ms)?$/)
  .refine((d) => d !== '');
const labelName = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const labelMap = z.record(z.string().regex(labelName), z.string());
const alertRule = z
  .object({
    alert: z.string().regex(labelName),
    expr: z.string().min(1),
    for: duration.optional(),
    keep_firing_for: duration.optional(),
    labels: labelMap.optional(),
    annotations: labelMap.optional(),
  })
  .strict();
const recordRule = z
  .object({
    record: z.string().regex(/^[a-zA-Z_:][a-zA-Z0-9_:]*$/),
    expr: z.string().min(1),
    labels: labelMap.optional(),
  })
  .strict();
const ruleFile = z
  .object({
    groups: z.array(
      z
        .object({
          name: z.string().min(1),
          interval: duration.optional(),
          query_offset: duration.optional(),
          limit: z.number().int().optional(),
          labels: labelMap.optional(),
          rules: z.array(z.union([alertRule, recordRule])).min(1),
        })
        .strict(),
    ),
  })
  .strict();
type AlertRule = z.infer<typeof alertRule>;

/** The metric names an expression selects; throws where Prometheus's grammar finds an error. */
function metricNames(expr: string): string[] {
  const names: string[] = [];
  const errors: number[] = [];
  const tree = parser.parse(expr);
  tree.iterate({
    enter(n) {
      if (n.type.isError) errors.push(n.from);
      if (n.name === 'Identifier' && n.node.parent?.name === 'VectorSelector') names.push(expr.slice(n.from, n.to));
    },
  });
  if (errors.length > 0) throw new Error(`PromQL syntax error at ${errors[0]} in: ${expr}`);
  return names;
}

const rules = ruleFile.parse(parseYaml(read('ops/prometheus/alerts.yml')));
const alerts = rules.groups.flatMap((g) => g.rules).filter((r): r is AlertRule => 'alert' in r);
const scrape = parseYaml(read('ops/prometheus/prometheus.yml')) as {
  rule_files: string[];
  scrape_configs: { job_name: string }[];
};
const dashboard = JSON.parse(read('ops/grafana/auto-claim.json')) as {
  uid: string;
  panels: { title: string; targets: { expr: string }[] }[];
};
const dashboardExprs = dashboard.panels.flatMap((p) => p.targets.map((x) => x.expr));

describe('the shipped rules and dashboard', () => {
  it('are a rule file promtool accepts: unique names, templates closed, PromQL that parses', () => {
    expect(new Set(rules.groups.map((g) => g.name)).size).toBe(rules.groups.length);
    expect(new Set(alerts.map((a) => a.alert)).size).toBe(alerts.length);
    for (const a of alerts) {
      for (const v of Object.values({ ...a.labels, ...a.annotations })) {
        expect(v.split('{{').length, `${a.alert}: ${v}`).toBe(v.split('}}').length);
      }
      expect(a.labels?.severity, a.alert).toMatch(/^(warning|critical)$/);
      expect(a.annotations?.summary, a.alert).toMatch(/[가-힣]/);
      expect(() => metricNames(a.expr), a.alert).not.toThrow();
    }
    for (const e of dashboardExprs) expect(() => metricNames(e)).not.toThrow();
    expect(dashboardExprs.length).toBeGreaterThan(5);
  });

  it('the check finds what promtool would refuse', () => {
    expect(() => metricNames('sum(rate(autoclaim_dead_letters[5m])')).toThrow(/syntax error/);
    expect(() => metricNames('max by kind (autoclaim_dead_letters) > 0')).toThrow(/syntax error/);
    expect(
      ruleFile.safeParse({ groups: [{ name: 'x', rules: [{ alert: 'A', expr: 'up', for: '5 minutes' }] }] }),
    ).toMatchObject({ success: false });
    expect(
      ruleFile.safeParse({ groups: [{ name: 'x', rules: [{ alert: 'A', expr: 'up', severity: 'x' }] }] }),
    ).toMatchObject({ success: false });
    expect(metricNames('max by (kind) (autoclaim_dead_letters{kind="claims"}) > 0 or up == 0')).toEqual([
      'autoclaim_dead_letters',
      'up',
    ]);
  });

  it('cover dead letters, queue age, failing vendors and missing processes, each at its ALERT_BOUNDS number', () => {
    const named = new Set<string>();
    for (const a of alerts) {
      const bound = a.annotations?.bound;
      if (!bound) continue;
      expect(Object.keys(ALERT_BOUNDS), a.alert).toContain(bound);
      named.add(bound);
      const compared = /(>|<|>=|<=)\s*([0-9.]+)\s*$/.exec(a.expr.trim());
      expect(compared, a.alert).not.toBeNull();
      expect(Number(compared![2]), a.alert).toBe(ALERT_BOUNDS[bound as keyof typeof ALERT_BOUNDS]);
    }
    expect([...named].sort()).toEqual(Object.keys(ALERT_BOUNDS).sort());
    expect(queueAgeBound('faxes_awaiting_outcome')).toBe(ALERT_BOUNDS.faxOutcomeAgeSeconds);
    expect(queueAgeBound('deliveries_due')).toBe(ALERT_BOUNDS.queueOldestAgeSeconds);
    expect(alerts.map((a) => a.alert)).toEqual(
      expect.arrayContaining([
        'AutoClaimDeadLettersWaiting',
        'AutoClaimDeadLettersRising',
        'AutoClaimQueueOldestOverBound',
        'AutoClaimVendorCallsFailing',
        'AutoClaimWebMissing',
        'AutoClaimWorkerMissing',
      ]),
    );
  });

  it('check processes by the job names the example scrape configuration gives them, and load from it', () => {
    expect(scrape.rule_files).toEqual(['alerts.yml']);
    const jobs = scrape.scrape_configs.map((c) => c.job_name);
    const named = [
      ...[...alerts.map((a) => a.expr), ...dashboardExprs].join('\n').matchAll(/job=~?"([^"]+)"/g),
    ].flatMap((m) => m[1]!.split('|'));
    expect(named.length).toBeGreaterThan(0);
    for (const j of named) expect(jobs, j).toContain(j);
  });
});

describe('against the app', () => {
  const clock = testClock(new Date(`${new Date().toISOString().slice(0, 10)}T03:00:00Z`));
  let t: TestApp;
  let ops: OpsListener;
  let viewer: Record<string, string>;
  const scrapeText = async () => (await fetch(`http://127.0.0.1:${ops.port}/metrics`)).text();
  const banner = async () => {
    const res = await t.app.inject({ url: OPS_ALERTS_API.alerts, headers: viewer });
    expect(res.statusCode).toBe(200);
    return res.json() as AlertsAnswer;
  };

  beforeAll(async () => {
    // As a real process serves them: with the process's own metrics (main.ts).
    t = await build({ clock, metrics: createMetrics({ process: true }) });
    ops = await listenOps({
      port: 0,
      host: '127.0.0.1',
      metrics: t.app.ctx.metrics,
      ready: () => readiness(t.app.ctx, t.app.jobs, t.db.kind),
    });
    viewer = (await signInOperator(t, 'viewer')).headers;
  });
  afterAll(async () => {
    await ops?.close();
    await t?.close();
  });

  it('serves every metric the rules and the dashboard name (`up` is Prometheus’s own)', async () => {
    const text = await scrapeText();
    const served = new Set<string>();
    for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      served.add(m[1]!);
      if (m[2] === 'histogram') for (const s of ['_bucket', '_sum', '_count']) served.add(`${m[1]}${s}`);
    }
    const used = new Set([...alerts.map((a) => a.expr), ...dashboardExprs].flatMap(metricNames));
    used.delete('up');
    expect(used.size).toBeGreaterThan(8);
    for (const name of used) expect(served, name).toContain(name);
    expect(text).toMatch(/autoclaim_dead_letters\{[^}]*kind="claims"[^}]*\} 0/);
  });

  it('the banner: nothing over its bound, then a dead letter and a late record, then neither once dealt with', async () => {
    expect(await banner()).toMatchObject({ deadLetters: [], queues: [] });
    expect((await t.app.inject({ url: OPS_ALERTS_API.alerts })).statusCode).toBe(401);

    const sub = await createSubscriber(t.app.ctx, { contractStartDate: '20200101' });
    const feed = await t.app.inject({
      method: 'POST',
      url: HOSPITAL_API.treatments,
      headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
      payload: { records: [treatmentRecord(sub, { receiptNo: 'ALERT-1' })] },
    });
    expect(feed.statusCode).toBe(200);
    await t.app.claimEngine.drain();
    const d = await t.db.db.selectFrom('claimDelivery').select('id').executeTakeFirstOrThrow();
    await t.db.db.updateTable('claimDelivery').set({ status: 'dead' }).where('id', '=', d.id).execute();
    // A record received 11 minutes ago that nothing matched yet.
    const r = await t.db.db.selectFrom('treatmentRecord').select(['outcome', 'receivedAt']).executeTakeFirstOrThrow();
    await sql`update treatment_record set outcome = 'pending', received_at = ${new Date(clock.now().getTime() - 660_000)}`.execute(
      t.db.db,
    );

    const over = await banner();
    expect(over.deadLetters).toEqual([{ kind: 'claims', count: 1, bound: ALERT_BOUNDS.deadLettersWaiting }]);
    expect(over.queues).toEqual([
      { queue: 'records_to_match', oldestAgeSeconds: 660, bound: ALERT_BOUNDS.queueOldestAgeSeconds },
    ]);
    const text = await scrapeText();
    expect(text).toMatch(/autoclaim_dead_letters\{[^}]*kind="claims"[^}]*\} 1/);
    expect(text).toMatch(/autoclaim_queue_oldest_age_seconds\{[^}]*queue="records_to_match"[^}]*\} 660/);

    await t.db.db
      .updateTable('claimDelivery')
      .set({ handledAt: clock.now(), handledBy: 'x', handledNote: '확인' })
      .execute();
    await sql`update treatment_record set outcome = ${r.outcome}, received_at = ${r.receivedAt}`.execute(t.db.db);
    expect(await banner()).toMatchObject({ deadLetters: [], queues: [] });
  });
});
