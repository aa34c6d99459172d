// Scale-out (docs/operations.md, "Processes"): 2 web and 2 worker processes on one PostgreSQL. Hospitals feed 2,000
// records through both web processes; halfway one worker is killed with SIGKILL and started again. Every record ends
// as exactly one claim, delivered once. Then the signals: /readyz and /metrics on each ops listener, and SIGTERM ends
// every process within 10 s. Needs PostgreSQL (DATABASE_URL): the embedded database lives inside one process.
import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import { exited, feedableDatabase, freePort, startServer, until } from '../fixtures/processes.js';

const baseUrl = process.env.DATABASE_URL;
const RECORDS = 2_000;
const BATCH = 100;

interface Proc {
  role: 'web' | 'worker';
  port: number;
  metricsPort: number;
  child: ChildProcess;
}

describe.skipIf(!baseUrl)('2 web + 2 worker processes on one PostgreSQL', () => {
  let fixture: Awaited<ReturnType<typeof feedableDatabase>> | undefined;
  const procs: Proc[] = [];

  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => exited(p.child)));
    await fixture?.drop();
  });

  it(
    'feeds 2,000 records through both webs, survives a worker killed halfway, delivers each once',
    { timeout: 240_000 },
    async () => {
      fixture = await feedableDatabase(baseUrl!, RECORDS, 'SCALE');
      const { db, records, url } = fixture;

      const start = async (role: Proc['role'], ports?: { port: number; metricsPort: number }) => {
        const port = ports?.port ?? (await freePort());
        const metricsPort = ports?.metricsPort ?? (await freePort());
        const child = startServer(url, {
          PROCESS_ROLE: role,
          PORT: String(port),
          METRICS_PORT: String(metricsPort),
        });
        const p: Proc = { role, port, metricsPort, child };
        procs.push(p);
        return p;
      };
      const readyz = (p: Proc) => fetch(`http://127.0.0.1:${p.metricsPort}/readyz`);
      const ready = (p: Proc) => until(`${p.role} ready`, async () => (await readyz(p)).ok, 60_000);

      const webs = [await start('web'), await start('web')];
      const workers = [await start('worker'), await start('worker')];
      await Promise.all([...webs, ...workers].map(ready));
      // A worker has no public port: nothing listens there.
      await expect(fetch(`http://127.0.0.1:${workers[0]!.port}/healthz`)).rejects.toThrow();

      let fed = 0;
      const feed = async (from: number, to: number) => {
        for (let i = from; i < to; i += BATCH) {
          const web = webs[(i / BATCH) % 2]!;
          const res = await fetch(`http://127.0.0.1:${web.port}${HOSPITAL_API.treatments}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
            body: JSON.stringify({ records: records.slice(i, i + BATCH) }),
          });
          expect(res.status).toBeLessThan(300);
          fed += BATCH;
        }
      };
      const count = async (q: string) => Number((await sql<{ n: number }>`${sql.raw(q)}`.execute(db.db)).rows[0]!.n);
      const sentClaims = () => count(`select count(*) as n from claim where status = 'sent'`);

      await feed(0, RECORDS / 2);
      await until('the first deliveries', async () => (await sentClaims()) > 0, 30_000);
      // Kill one worker while the other half is still coming in, then start it again on the same ports.
      const feeding = feed(RECORDS / 2, RECORDS);
      const victim = workers[0]!;
      victim.child.kill('SIGKILL');
      expect(await exited(victim.child)).toBe('SIGKILL');
      const sentAtKill = await sentClaims();
      await feeding;
      expect(fed).toBe(RECORDS);
      const restarted = await start('worker', victim);
      await ready(restarted);
      const t0 = Date.now();
      await until('every claim delivered', async () => (await sentClaims()) === RECORDS, 120_000);
      const drainedMs = Date.now() - t0;

      expect(await count('select count(*) as n from treatment_record')).toBe(RECORDS);
      expect(await count('select count(*) as n from claim')).toBe(RECORDS);
      expect(await count('select count(distinct record_id) as n from claim')).toBe(RECORDS);
      expect(await count(`select count(*) as n from claim_delivery where status = 'sent'`)).toBe(RECORDS);
      // The insurer's side (the sandbox outbox): one message per claim, none twice.
      expect(await count(`select count(*) as n from sandbox_outbox where channel = 'api'`)).toBe(RECORDS);
      expect(
        await count(
          `select count(distinct (body::jsonb ->> 'claimId')) as n from sandbox_outbox where channel = 'api'`,
        ),
      ).toBe(RECORDS);

      // Signals: each web measured its feed calls by route; the workers counted deliveries and see the queues.
      const scrape = async (p: Proc) => (await fetch(`http://127.0.0.1:${p.metricsPort}/metrics`)).text();
      const webText = await scrape(webs[0]!);
      expect(webText).toMatch(
        new RegExp(
          `autoclaim_http_request_duration_seconds_count\\{[^}]*route="${HOSPITAL_API.treatments}"[^}]*\\} [1-9]`,
        ),
      );
      expect(webText).not.toContain('SCALE-'); // no record content in any label
      const workerTexts = await Promise.all([workers[1]!, restarted].map(scrape));
      const delivered = workerTexts
        .flatMap((t) => [...t.matchAll(/autoclaim_deliveries_total\{[^}]*outcome="sent"[^}]*\} (\d+)/g)])
        .reduce((n, m) => n + Number(m[1]), 0);
      // Deliveries the killed worker made died with its counters; the two alive ones account for the rest.
      expect(delivered).toBeGreaterThanOrEqual(RECORDS - sentAtKill);
      expect(workerTexts[0]).toMatch(/autoclaim_queue_depth\{[^}]*queue="deliveries_due"[^}]*\} 0/);
      // Which worker took which batch is pg-boss's choice: between them, the delivery calls were measured.
      expect(workerTexts.join('\n')).toMatch(/autoclaim_provider_call_duration_seconds_count\{[^}]*kind="delivery"/);
      expect(await (await fetch(`http://127.0.0.1:${webs[1]!.port}/metrics`)).status).not.toBe(200);

      // SIGTERM: every process stops taking work, finishes, and exits 0 within 10 s.
      const alive = [...webs, workers[1]!, restarted];
      const stopAt = Date.now();
      for (const p of alive) p.child.kill('SIGTERM');
      const codes = await Promise.all(alive.map((p) => exited(p.child)));
      const stopMs = Date.now() - stopAt;
      expect(codes).toEqual([0, 0, 0, 0]);
      expect(stopMs).toBeLessThan(10_000);
      console.info(
        `processes: ${RECORDS} records through 2 webs, worker killed at ${sentAtKill} sent; after its restart the rest ` +
          `delivered in ${drainedMs} ms; each delivered once; SIGTERM to 4 processes: all exited 0 in ${stopMs} ms`,
      );
    },
  );
});
