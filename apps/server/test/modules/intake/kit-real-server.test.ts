// The EMR vendor kit (packages/hospital-client/src/kit) against the real server, not its double: the app built and
// listening on loopback on the test database, the kit's command line run as a child process on the sample export with
// its mapping file (README "EMR vendors"). Every sample receipt is taken (201), a second run sends nothing, the sample
// patient's visit becomes a claim whose 세부산정내역 lines the operator sees; and a sender SIGKILLed while the server
// has kept a bundle but not yet answered it loses nothing and keeps nothing twice when it is started again. A hospital
// that registered the key `keygen` made has its bundles taken only as the kit signs them (fhir/ig/README.md, "Signing").
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSPITAL_API, OPERATOR_API } from '@auto-claim/contract';
import { HOSPITAL_PORTAL_API, type OpsClaimDetail } from '@auto-claim/contract/ops';
import { buildApp } from '../../../src/app.js';
import { own } from '../../../src/db/handle.js';
import type { Database } from '../../../src/db/schema.js';
import { createSubscriber } from '../../../fixtures/factories.js';
import { TEST_CONFIG, openTestDb, signInHospitalUser, signInOperator, testClock, type TestApp } from '../../helper.js';

const kit = path.resolve(import.meta.dirname, '../../../../../packages/hospital-client');
const sample = path.join(kit, 'examples/emr-export');
const mapping = path.join(kit, 'examples/haneul-chart.mapping.json');
/** The sandbox's key of the demo hospital 90000002, the sample export's 요양기관. */
const KEY = 'sandbox-90000002';
const HOSPITAL = '90000002';

// Noon in Seoul on 10 November 2026: after every sample visit.
const clock = testClock(new Date('2026-11-10T03:00:00Z'));
let t: TestApp;
let db: ReturnType<typeof own<Database>>;
let url: string;
/** The status of every answer to a bundle, in order. */
const answers: number[] = [];
/** Set by a test: holds the answer of the n-th bundle from now (kept, not yet answered) until `release`. */
let hold: { n: number; kept: () => void; release: Promise<void> } | undefined;
const dirs: string[] = [];

beforeAll(async () => {
  const { db: handle, close } = await openTestDb();
  const app = await buildApp({ config: TEST_CONFIG, db: handle, logger: false, clock });
  // onSend runs after the route's transaction committed: a held answer is a bundle the server kept and the sender has
  // not heard about.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'POST' || req.url !== HOSPITAL_API.fhirBundle) return payload;
    answers.push(reply.statusCode);
    if (hold && --hold.n === 0) {
      const h = hold;
      hold = undefined;
      h.kept();
      await h.release;
    }
    return payload;
  });
  await app.ready();
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  t = {
    app,
    db: handle,
    close: async () => {
      await app.close();
      await close();
    },
  };
  db = own<Database>(handle.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function workspace() {
  const dir = mkdtempSync(path.join(tmpdir(), 'kit-real-'));
  dirs.push(dir);
  const keyFile = path.join(dir, 'key.txt');
  writeFileSync(keyFile, `${KEY}\n`, { mode: 0o600 });
  return { dir, keyFile, queue: path.join(dir, 'queue') };
}

/** The kit's command line, as a vendor runs it. */
const kitCommand = (args: string[]) =>
  spawn(process.execPath, [path.join(kit, 'bin/auto-claim-kit.mjs'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
const sender = (w: { keyFile: string; queue: string }, from: string, signingKey?: string) =>
  kitCommand([
    'send',
    ...['--from', from, '--mapping', mapping, '--server', url],
    ...['--key-file', w.keyFile, '--queue', w.queue],
    ...(signingKey ? ['--signing-key', signingKey] : []),
  ]);
async function run(w: { keyFile: string; queue: string }, from: string, signingKey?: string) {
  const child = signingKey === 'keygen' ? kitCommand(['keygen', '--out', from]) : sender(w, from, signingKey);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const [code] = await once(child, 'exit');
  return { code: code as number, out, summary: out.trim().split('\n').at(-1) };
}

/** Rows of a CSV with no quoted newlines: its header's names → each row's values (quoted "1,234" kept whole). */
function csv(file: string) {
  const [head, ...rows] = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  const cells = (l: string) => [...l.matchAll(/"([^"]*)"|([^,]+)|(?<=,|^)(?=,|$)/g)].map((m) => m[1] ?? m[2] ?? '');
  const names = cells(head!);
  return rows.map((r) => Object.fromEntries(cells(r).map((v, i) => [names[i]!, v])));
}
const won = (v: string) => Number(v.replaceAll(',', ''));

describe('the kit’s sender against the running server', () => {
  it('sends every sample receipt once; the sample patient’s visit is claimed with its lines', async () => {
    // The sample patient, by the 주민등록번호 the sample receipt carries.
    const [receipt] = csv(path.join(sample, '20261102-0001.receipt.csv'));
    const [front, back] = receipt!['주민등록번호']!.split('-');
    await createSubscriber(t.app.ctx, {
      userNm: receipt!['수진자명'],
      birthDate: receipt!['생년월일'],
      idno2: back,
      hospitals: [HOSPITAL],
    });
    expect(front).toBe(receipt!['생년월일']!.slice(2));

    const w = workspace();
    const first = await run(w, sample);
    expect(first.code, first.out).toBe(0);
    expect(answers).toEqual([201, 201, 201, 201]);
    expect(first.summary).toBe('접수 4 · 거절 0 · 검증 실패 0 · 미전송 0 · 이미 보냄 0');

    const again = await run(w, sample);
    expect(again.code, again.out).toBe(0);
    expect(answers).toHaveLength(4);
    expect(again.summary).toBe('접수 0 · 거절 0 · 검증 실패 0 · 미전송 0 · 이미 보냄 4');

    await t.app.claimEngine.drain();
    const claims = await db
      .selectFrom('claim as c')
      .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
      .select(['c.id', 'r.receiptNo'])
      .where('r.hospitalCd', '=', HOSPITAL)
      .execute();
    // One visit claimed (its receipt corrected in place by R-20261102-0001-C1); the other patients are no subscribers.
    expect(claims.map((c) => c.receiptNo)).toEqual(['R-20261102-0001']);
    const op = await signInOperator(t, 'operator');
    const res = await t.app.inject({ url: OPERATOR_API.claim(Number(claims[0]!.id)), headers: op.headers });
    expect(res.statusCode, res.body).toBe(200);
    const seen = res.json() as OpsClaimDetail;
    // The corrected receipt's lines, as its export wrote them.
    const lines = csv(path.join(sample, '20261103-0001-C1.lines.csv'));
    expect(seen.lines.map((l) => [l.date, l.code, l.name, l.unitPrice, l.count, l.days, l.total, l.copay])).toEqual(
      lines.map((l) => [
        l['일자'],
        l['코드'],
        l['명칭'],
        won(l['단가']!),
        won(l['횟수']!),
        won(l['일수']!),
        won(l['총액']!),
        won(l['본인부담금']!),
      ]),
    );
    expect(seen.revisions).toMatchObject([{ kind: 'corrected', receiptNo: 'R-20261102-0001-C1' }]);
  }, 120_000);

  it('loses no receipt and keeps none twice when the sender is SIGKILLed mid-queue and started again', async () => {
    const w = workspace();
    const from = path.join(w.dir, 'export');
    const N = 10;
    // N receipts from the sample's one, each with its own receipt number.
    const [header, row] = readFileSync(path.join(sample, '20261107-0002.receipt.csv'), 'utf8').trim().split('\r\n');
    const lineCsv = readFileSync(path.join(sample, '20261107-0002.lines.csv'));
    cpSync(sample, from, { recursive: true, filter: (f) => !f.includes('.') || f.endsWith('emr-export') });
    const ids = Array.from({ length: N }, (_, i) => `K-${String(i + 1).padStart(3, '0')}`);
    for (const no of ids) {
      writeFileSync(path.join(from, `${no}.receipt.csv`), `${header}\r\n${row!.replace('R-20261107-0002', no)}\r\n`);
      writeFileSync(path.join(from, `${no}.lines.csv`), lineCsv);
    }
    answers.length = 0;
    let release!: () => void;
    const kept = new Promise<void>((resolve) => {
      hold = { n: 4, kept: resolve, release: new Promise<void>((r) => (release = r)) };
    });

    const first = sender(w, from);
    // The 4th bundle is kept by the server and its answer held: the sender dies not knowing the outcome.
    await kept;
    first.kill('SIGKILL');
    const [, signal] = await once(first, 'exit');
    expect(signal).toBe('SIGKILL');
    release();

    const second = await run(w, from);
    expect(second.code, second.out).toBe(0);
    const perReceipt = await db
      .selectFrom('treatmentRecord')
      .select(['receiptNo', (e) => e.fn.countAll<string>().as('n')])
      .where('hospitalCd', '=', HOSPITAL)
      .where('receiptNo', 'in', ids)
      .groupBy('receiptNo')
      .orderBy('receiptNo')
      .execute();
    expect(perReceipt.map((r) => [r.receiptNo, Number(r.n)])).toEqual(ids.map((id) => [id, 1]));
    const bundles = await db
      .selectFrom('fhirBundle')
      .select((e) => e.fn.countAll<string>().as('n'))
      .where('hospitalCd', '=', HOSPITAL)
      .where('receiptNo', 'in', ids)
      .executeTakeFirstOrThrow();
    expect(Number(bundles.n)).toBe(N);
    // Each receipt kept once (201); the one beyond is the 4th again, whose answer the killed sender never read,
    // taken as the same bundle (200).
    expect(answers.filter((s) => s === 201)).toHaveLength(N);
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
    expect(answers).toHaveLength(N + 1);
    expect(readdirSync(path.join(w.queue, 'pending'))).toEqual([]);
    expect(readdirSync(path.join(w.queue, 'sent')).filter((f) => f.endsWith('.json'))).toHaveLength(N);
  }, 120_000);

  it('signs with the key keygen made once the hospital registered it; unsigned, the same receipt is refused', async () => {
    const w = workspace();
    const keyPath = path.join(w.dir, 'signing-key.pem');
    const made = await run(w, keyPath, 'keygen');
    expect(made.code, made.out).toBe(0);
    expect(readFileSync(keyPath, 'utf8')).toContain('BEGIN PRIVATE KEY');
    const publicKey = made.out.split('\n').find((l) => l.startsWith('{'))!;
    // Another keygen over the same file keeps the key it would destroy.
    expect((await run(w, keyPath, 'keygen')).code).not.toBe(0);

    const admin = (await signInOperator(t, 'admin')).headers;
    const user = (await signInHospitalUser(t, admin, HOSPITAL)).headers;
    const registered = await t.app.inject({
      method: 'POST',
      url: HOSPITAL_PORTAL_API.signingKeys,
      headers: user,
      payload: { publicKey },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(made.out).toContain(`키 이름(kid): ${(registered.json() as { kid: string }).kid}`);

    const from = path.join(w.dir, 'export');
    cpSync(sample, from, { recursive: true, filter: (f) => !f.includes('.') || f.endsWith('emr-export') });
    const [header, row] = readFileSync(path.join(sample, '20261107-0002.receipt.csv'), 'utf8').trim().split('\r\n');
    writeFileSync(path.join(from, 'S-001.receipt.csv'), `${header}\r\n${row!.replace('R-20261107-0002', 'S-001')}\r\n`);
    writeFileSync(path.join(from, 'S-001.lines.csv'), readFileSync(path.join(sample, '20261107-0002.lines.csv')));

    const unsigned = await run(workspace(), from);
    expect(unsigned.code).toBe(1);
    expect(unsigned.out).toContain('Bundle.signature');
    const signed = await run(w, from, keyPath);
    expect(signed.code, signed.out).toBe(0);
    expect(signed.summary).toBe('접수 1 · 거절 0 · 검증 실패 0 · 미전송 0 · 이미 보냄 0');
    expect(
      await db.selectFrom('fhirBundle').select('receiptNo').where('receiptNo', '=', 'S-001').execute(),
    ).toHaveLength(1);
  }, 120_000);
});
