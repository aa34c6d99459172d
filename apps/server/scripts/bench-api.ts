// npm run bench:api [-- --seconds 3 --connections 10 --warmup 20 --rounds 5]: latency and throughput of the patient-facing calls
// over real HTTP on loopback. The app runs in this process (buildApp, sandbox providers) on a fresh database: PGlite in
// memory by default, a throwaway database on that server with DATABASE_URL=postgres://… (dropped at the end). The
// load generator runs in a child process of its own, so its work does not sit on the server's event loop: for each call,
// `--connections` clients send requests back to back for `--seconds` seconds (after `--warmup` untimed requests) to
// 127.0.0.1 only, and it prints requests, req/s, p50/p95/p99 ms and errors. Exits 1 when any call failed or answered
// an unexpected status (5xx included). First of all it measures a bare `node:http` server in this process answering a
// small JSON, with the same load generator and connections, just before each call: each call's req/s is also shown as
// a ratio to the bare figure measured just before it (`× bare`),
// which says what the app costs on top of Node itself, whatever the machine (docs/performance.md); with `--rounds N`
// each GET is measured N times so, each after its own bare run, and its ratio is the median of the N.
//
// Every patient is a fresh test person (010-0000-xxxx, never a real subscriber) calling from a loopback address of
// their own (127.x.y.z; Linux routes all of 127/8 to lo), so the per-IP limits (userAuth 30, smsAuth 60, subscribe 30
// per 10 minutes) meet real traffic shapes, not one address. The SMS pair's verified patients are then used by the
// confirm call (round robin) and the subscription call (each patient once; more are verified, untimed, if they run out).
// The claim engine's workers start as in main.ts, unless PROCESS_ROLE=web.
import { fork } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

interface Person {
  custName: string;
  korRegId: string;
  custHp: string;
  telecomType: string;
}
interface Plan {
  port: number;
  /** The bare node:http server's port. */
  barePort: number;
  /** Only calls whose name contains one of these; empty: all. */
  only: string[];
  /** Each GET this many times, each just after the bare server. */
  rounds: number;
  seconds: number;
  connections: number;
  warmup: number;
  /** Whether apps/web/dist has an index.html to serve. */
  spa: boolean;
  person: Person;
  /** A valid outer-mode subscription body; userCi and userTel are set per patient. */
  subscription: Record<string, unknown>;
  hospitalCd: string;
  /** `--ocr`: each patient's ID photo read by the OCR call (untimed) before subscribing, as the wizard does. */
  ocr: boolean;
}
interface Row {
  call: string;
  requests: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
  /** CPU time of the server's process per iteration of the phase (filled in by the server side). */
  cpuMs?: number;
}
type FromWorker =
  | { kind: 'mark' }
  | { kind: 'phase'; rows: Row[]; iterations: number }
  | { kind: 'note'; text: string }
  | { kind: 'done' };

const LOAD_ENV = 'BENCH_API_LOAD_GENERATOR';
const BARE = 'bare node:http (small JSON)';
if (!process.env[LOAD_ENV]) await main();
else process.once('message', (plan: Plan) => void load(plan)); // the parent disconnects after 'done'

// ------------------------------------------------------------------------------------------------ the server side

async function main() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '3' },
      connections: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '20' },
      /**
       * Each GET measured this many times, each time just after the bare server: a shared machine's load moves from
       * one second to the next, so its `× bare` is the median of the rounds' ratios (and p50/p99 the rounds' medians).
       */
      rounds: { type: 'string', default: '1' },
      /** Only the calls whose name contains one of these (comma-separated), e.g. `--only healthz,hospitals`. */
      only: { type: 'string', default: '' },
      /** PGlite in memory (as the tests run it) rather than in files on disk (as `npm start` runs it). */
      memory: { type: 'boolean', default: false },
      /**
       * Each patient's ID photo sent to the OCR call first (untimed), as the wizard does: the subscription then names
       * the copy that call checked and stored instead of decoding it again (docs/performance.md, "The ID photo").
       */
      ocr: { type: 'boolean', default: false },
    },
  });
  const only = values.only
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const warmup = Number(values.warmup);
  const rounds = Number(values.rounds);
  if (
    !(seconds > 0 && seconds <= 60) ||
    !(connections >= 1 && connections <= 200) ||
    !(warmup >= 0) ||
    !(Number.isInteger(rounds) && rounds >= 1 && rounds <= 20)
  ) {
    console.error('bench:api: --seconds 0-60, --connections 1-200, --warmup ≥ 0, --rounds 1-20');
    process.exit(2);
  }

  const { buildApp } = await import('../src/app.js');
  const { openTestDb, TEST_CONFIG, TEST_WEB_DIST, testPerson } = await import('../fixtures/app.js');
  const { images, regFor } = await import('../fixtures/enrolment.js');

  const webDist = path.resolve(import.meta.dirname, '../../web/dist');
  const spa = existsSync(path.join(webDist, 'index.html'));
  // PGlite as `npm start` runs it, in files on disk (a temporary directory); `--memory` for the in-memory one tests use.
  const { openDb } = await import('../src/db/index.js');
  const { migrateToLatest } = await import('../src/db/migrate.js');
  const pgliteDir =
    process.env.DATABASE_URL || values.memory ? undefined : mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const { db, close } = pgliteDir
    ? await (async () => {
        const opened = await openDb({ dataDir: pgliteDir });
        await migrateToLatest(opened.db);
        return {
          db: opened,
          close: async () => {
            await opened.close();
            rmSync(pgliteDir, { recursive: true, force: true });
          },
        };
      })()
    : await openTestDb();
  const app = await buildApp({ config: { ...TEST_CONFIG, webDist: spa ? webDist : TEST_WEB_DIST }, db, logger: false });
  let failed = false;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const workers = process.env.PROCESS_ROLE !== 'web';
    if (workers) await app.claimEngine.start({ workers: true });
    const port = (app.server.address() as { port: number }).port;

    // The body the wizard sends in outer mode (fixtures/enrolment.ts), for a person the load generator makes.
    const person = testPerson();
    const sample = { cookie: '', ci: 'X'.repeat(88), person };
    const handle = { app, db, close: async () => {} };
    const subscription = await regFor(handle, sample, await images());

    const version =
      db.kind === 'postgres'
        ? (await import('kysely')).sql<{ v: string }>`show server_version`
        : (await import('kysely')).sql<{ v: string }>`select version() as v`;
    const dbVersion = Object.values((await version.execute(db.db)).rows[0] ?? {})[0];
    console.log(
      `bench:api — ${db.kind === 'postgres' ? `PostgreSQL ${String(dbVersion)} (throwaway database)` : pgliteDir ? 'PGlite in files on disk' : 'PGlite in memory'}` +
        ` · node ${process.version} · ${os.cpus().length} CPUs · ${connections} connections × ${seconds} s per call` +
        ` (${warmup} warm-up requests untimed)${rounds > 1 ? ` · ${rounds} rounds of each GET` : ''} · claim workers ${workers ? 'on' : 'off (PROCESS_ROLE=web)'}` +
        ` · load average ${os.loadavg()[0]!.toFixed(1)}`,
    );

    // The yardstick: Node's own HTTP server answering a small JSON, nothing else, in this process like the app.
    const bareBody = JSON.stringify({ status: 'ok' });
    const bare = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bareBody.length });
      res.end(bareBody);
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const barePort = (bare.address() as { port: number }).port;
    const plan: Plan = {
      port,
      barePort,
      seconds,
      connections,
      warmup,
      spa,
      person,
      subscription,
      hospitalCd: '90000001',
      only,
      rounds,
      ocr: values.ocr,
    };
    const rows: Row[] = [];
    const notes: string[] = [];
    if (!spa) notes.push('SPA index skipped: no build at apps/web/dist (npm run build makes one).');
    await new Promise<void>((resolve, reject) => {
      const loader = fork(fileURLToPath(import.meta.url), [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, [LOAD_ENV]: '1' },
      });
      loader.send(plan);
      let cpu0 = process.cpuUsage();
      loader.on('message', (m: FromWorker) => {
        if (m.kind === 'mark') cpu0 = process.cpuUsage();
        else if (m.kind === 'phase') {
          const used = process.cpuUsage(cpu0);
          for (const row of m.rows) {
            rows.push({ ...row, cpuMs: (used.user + used.system) / 1000 / Math.max(1, m.iterations) });
            console.log(`  ${row.call}: ${row.requests} requests`);
          }
        } else if (m.kind === 'note') notes.push(m.text);
        else loader.disconnect();
      });
      loader.on('error', reject);
      loader.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`load generator exited with ${code}`))));
    });
    bare.close();

    printTable(rows);
    console.log(
      `cpu µs: CPU time of the server's process per iteration (${
        db.kind === 'pglite' ? 'PGlite runs inside it' : "PostgreSQL's own processes not counted"
      }; the claim workers' polling included); the SMS pair's rows share one figure per verification` +
        ` (userAuth + outbox read + smsAuth). Load average now ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs.`,
    );
    for (const n of notes) console.log(`note: ${n}`);
    for (const r of rows.filter((x) => x.errors > 0)) {
      failed = true;
      console.error(`FAILED ${r.call}: ${JSON.stringify(r.statuses)}`);
    }
  } catch (e) {
    failed = true;
    console.error(e);
  } finally {
    await app.close();
    await close();
  }
  process.exit(failed ? 1 : 0);
}

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

function printTable(rows: Row[]) {
  const head = ['call', 'requests', 'req/s', '× bare', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'cpu µs'];
  // Each call's ratio is to the bare server measured just before it: a shared machine's load moves during a run. A
  // call measured in several rounds is one line: the medians of its rounds (its ratio: of the rounds' ratios).
  const calls = new Map<string, { rows: Row[]; ratios: number[] }>();
  let bareRate = 0;
  for (const r of rows) {
    const rate = r.requests / r.seconds;
    if (r.call === BARE) bareRate = rate;
    const c = calls.get(r.call) ?? { rows: [], ratios: [] };
    c.rows.push(r);
    if (bareRate) c.ratios.push(rate / bareRate);
    calls.set(r.call, c);
  }
  const body = [...calls].map(([call, c]) => {
    const of = (f: (r: Row) => number) => median(c.rows.map(f));
    return [
      call,
      String(c.rows.reduce((n, r) => n + r.requests, 0)),
      of((r) => r.requests / r.seconds).toFixed(1),
      c.ratios.length ? median(c.ratios).toFixed(2) : '-',
      of((r) => r.p50).toFixed(1),
      of((r) => r.p95).toFixed(1),
      of((r) => r.p99).toFixed(1),
      String(c.rows.reduce((n, r) => n + r.errors, 0)),
      of((r) => (r.cpuMs ?? 0) * 1000).toFixed(0),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log();
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-' : '') + '-'.repeat(w + 1) + (i === 0 ? '' : ':')).join('|')}|`);
  for (const b of body) console.log(line(b));
  console.log();
}

// ------------------------------------------------------------------------------------------------ the load generator

interface Answer {
  status: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

async function load(plan: Plan) {
  const post = (m: FromWorker) => process.send!(m);
  const shared = new http.Agent({ keepAlive: true, maxSockets: plan.connections });
  // Patients' own connections: the agent pools sockets per local address, so each patient keeps one.
  const patients = new http.Agent({ keepAlive: true });

  const send = (
    method: string,
    url: string,
    opts: { body?: unknown; cookie?: string; from?: string; agent?: http.Agent; port?: number } = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
      const req = http.request(
        {
          host: '127.0.0.1',
          port: opts.port ?? plan.port,
          method,
          path: url,
          agent: opts.agent ?? shared,
          ...(opts.from ? { localAddress: opts.from } : {}),
          headers: {
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
            ...(opts.cookie ? { cookie: opts.cookie } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  /** Runs `iteration` on `connections` loops for the time given; each iteration times what it calls `timed`. */
  async function measure(
    calls: { name: string; expect: number }[],
    iteration: (timed: (call: number, f: () => Promise<Answer>) => Promise<Answer | undefined>) => Promise<boolean>,
  ) {
    const lat = calls.map(() => [] as number[]);
    const statuses = calls.map(() => ({}) as Record<string, number>);
    let warming = true;
    const timed = async (i: number, f: () => Promise<Answer>) => {
      const t0 = performance.now();
      let a: Answer | undefined;
      let key: string;
      try {
        a = await f();
        key = String(a.status);
      } catch (e) {
        key = (e as NodeJS.ErrnoException).code ?? 'network error';
      }
      if (!warming) {
        lat[i]!.push(performance.now() - t0);
        statuses[i]![key] = (statuses[i]![key] ?? 0) + 1;
      }
      return a?.status === calls[i]!.expect ? a : undefined;
    };
    // Warm-up: untimed, same shape, one loop per connection until `warmup` iterations are done.
    let left = plan.warmup;
    await Promise.all(
      Array.from({ length: Math.min(plan.connections, plan.warmup) }, async () => {
        while (left-- > 0) if (!(await iteration(timed))) break;
      }),
    );
    warming = false;
    post({ kind: 'mark' });
    let iterations = 0;
    const t0 = performance.now();
    const end = t0 + plan.seconds * 1000;
    let stopped = false;
    await Promise.all(
      Array.from({ length: plan.connections }, async () => {
        while (!stopped && performance.now() < end) {
          if (!(await iteration(timed))) stopped = true;
          iterations++;
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const rows = calls.map((c, i): Row => {
      const sorted = lat[i]!.sort((a, b) => a - b);
      const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
      const ok = statuses[i]![String(c.expect)] ?? 0;
      return {
        call: c.name,
        requests: sorted.length,
        seconds,
        p50: pct(50),
        p95: pct(95),
        p99: pct(99),
        errors: sorted.length - ok,
        statuses: statuses[i]!,
      };
    });
    post({ kind: 'phase', rows, iterations });
  }

  const wanted = (name: string) => plan.only.length === 0 || plan.only.some((o) => name.includes(o));
  const bare = () =>
    measure([{ name: BARE, expect: 200 }], async (timed) => {
      await timed(0, () => send('GET', '/', { port: plan.barePort }));
      return true;
    });
  // The yardstick just before each GET (the ratio is to it), and once before the POSTs.
  const get = async (name: string, url: string) => {
    if (!wanted(name)) return;
    for (let round = 0; round < plan.rounds; round++) {
      await bare();
      await measure([{ name, expect: 200 }], async (timed) => {
        await timed(0, () => send('GET', url));
        return true;
      });
    }
  };

  await get('GET /healthz', '/healthz');
  await get('GET hospitals (list)', '/ui/insu/v1/claims/hospitals');
  await get(`GET hospitals/${plan.hospitalCd}`, `/ui/insu/v1/claims/hospitals/${plan.hospitalCd}`);
  await get('GET insurances (1000/page)', '/ui/insu/v1/claims/insurances?insuType=insu&page=1&pageSize=1000');
  await get('GET terms/v2/TELECOM', '/auth/rest/terms/v2/TELECOM');
  if (plan.spa) await get('GET SPA index (outer landing)', `/ui/insu/vuex/auto-claim/${plan.hospitalCd}`);
  if (!['userAuth', 'smsAuth', 'confirm', 'subscriptions'].some(wanted)) {
    shared.destroy();
    patients.destroy();
    post({ kind: 'done' });
    return;
  }
  await bare();

  // ---- the SMS pair: a fresh person and address per iteration; the code from the sandbox outbox (untimed)
  const termsIds = (
    JSON.parse((await send('GET', '/auth/rest/terms/v2/TELECOM')).body.toString()) as {
      list: { termsId: string }[];
    }
  ).list.map((x) => x.termsId);
  interface Patient {
    cookie: string;
    ci: string;
    person: Person;
    from: string;
  }
  let seq = 0;
  const MAX_PEOPLE = 10_000; // 010-0000-0000 … 010-0000-9999: each phone sends once per run
  const pool: Patient[] = [];
  /** One verification; `timed` only for the SMS pair's own measurement. */
  const verify = async (
    timed?: (call: number, f: () => Promise<Answer>) => Promise<Answer | undefined>,
  ): Promise<Patient | undefined> => {
    if (seq >= MAX_PEOPLE) return undefined;
    const n = seq++;
    const from = `127.${1 + Math.floor(n / (254 * 256))}.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
    const person = { ...plan.person, custHp: `0100000${String(n).padStart(4, '0')}` };
    const run = timed ?? (async (_: number, f: () => Promise<Answer>) => f());
    const opts = { from, agent: patients };
    const started = await run(0, () =>
      send('POST', '/auth/rest/nice/userAuth', {
        ...opts,
        body: { ...person, hospitalCode: plan.hospitalCd, termsIds },
      }),
    );
    if (started?.status !== 200) return undefined;
    const seqs = JSON.parse(started.body.toString()) as { smsRequestSeq: string; smsResponseSeq: string };
    const outbox = await send('GET', `/sandbox/outbox?to=${person.custHp}`, opts);
    const code = /\[(\d{6})\]/.exec(
      (JSON.parse(outbox.body.toString()) as { messages: { body: string }[] }).messages[0]?.body ?? '',
    )?.[1];
    if (!code) throw new Error(`no SMS code in the outbox for ${person.custHp}`);
    const done = await run(1, () =>
      send('POST', '/auth/rest/nice/smsAuth', {
        ...opts,
        body: { ...seqs, smsAuthNum: code, hospitalCode: plan.hospitalCd },
      }),
    );
    if (done?.status !== 200) return undefined;
    const cookie = ([] as string[])
      .concat(done.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');

    return { cookie, ci: (JSON.parse(done.body.toString()) as { ci: string }).ci, person, from };
  };

  await measure(
    [
      { name: 'POST userAuth (SMS sent)', expect: 200 },
      { name: 'POST smsAuth (session)', expect: 200 },
    ],
    async (timed) => {
      const p = await verify(timed);
      if (p) pool.push(p);
      return seq < MAX_PEOPLE;
    },
  );
  if (pool.length === 0) {
    post({ kind: 'note', text: 'no patient was verified: confirm and subscriptions not measured.' });
    post({ kind: 'done' });
    return;
  }

  // ---- confirm: the /excute call of a patient who has just verified (round robin over the verified ones)
  let turn = 0;
  await measure([{ name: 'POST subscriptions/confirm', expect: 200 }], async (timed) => {
    const p = pool[turn++ % pool.length]!;
    await timed(0, () =>
      send('POST', '/ui/insu/v1/claims/subscriptions/confirm', {
        from: p.from,
        agent: patients,
        cookie: p.cookie,
        body: { userCi: p.ci, hospitalCd: plan.hospitalCd, userIdno: p.person.korRegId.slice(0, 6) },
      }),
    );
    return true;
  });

  // ---- subscriptions: each a fresh verified patient, the whole outer-mode body with an ID JPEG and a PNG signature
  /** `--ocr`: the patient's photo read by the OCR call first, untimed and outside the phase (the wizard's order). */
  const ocrFirst = async (p: Patient) => {
    const read = await send('POST', '/ui/insu/v1/ocr/document/id-card', {
      from: p.from,
      agent: patients,
      cookie: p.cookie,
      body: { idcardType: plan.subscription.idcardType, idcardImg: plan.subscription.idcardImg },
    });
    if (read.status !== 200) throw new Error(`the OCR call answered ${read.status}: ${read.body.toString()}`);
  };
  if (plan.ocr && wanted('subscriptions')) for (const p of pool) await ocrFirst(p);
  let inline = 0;
  await measure([{ name: 'POST subscriptions (outer, images)', expect: 201 }], async (timed) => {
    let p = pool.pop();
    if (!p) {
      inline++;
      p = await verify();
      if (!p) return false;
      if (plan.ocr) await ocrFirst(p);
    }
    const who = p;
    await timed(0, () =>
      send('POST', '/ui/insu/v1/claims/subscriptions', {
        from: who.from,
        agent: patients,
        cookie: who.cookie,
        // One live subscription per RRN: each patient's RRN back part from their phone, as fixtures/enrolment.ts does.
        body: {
          ...plan.subscription,
          userCi: who.ci,
          userTel: who.person.custHp,
          userIdno2: `${String(plan.subscription.userIdno2).charAt(0)}${who.person.custHp.slice(-5)}1`,
        },
      }),
    );
    return true;
  });
  if (inline > 0) {
    post({
      kind: 'note',
      text: `subscriptions: ${inline} patients were verified inside the timed loop (untimed), which lowers its req/s.`,
    });
  }
  shared.destroy();
  patients.destroy();
  post({ kind: 'done' });
}
