// The vendor kit's `documents` command against the real server (README "Documents an insurer asks for"): the app
// built and listening on loopback on the test database, the kit's command line run as a child process as a vendor
// runs it, with a hook that writes the asked PDF where the kit looks for it. A 진단서 the insurer asked for reaches the
// insurer (the sandbox delivery's record of it) with no step of the patient's; a second run finds nothing to do; a
// request whose PDF the EMR has not written yet waits, and is sent on the run after the EMR writes it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import { buildApp } from '../../../src/app.js';
import { own } from '../../../src/db/handle.js';
import type { Database } from '../../../src/db/schema.js';
import { createSubscriber, feedSource, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';
import { TEST_CONFIG, openTestDb, testClock, type TestApp, postInsurerAnswer } from '../../helper.js';

const kit = path.resolve(import.meta.dirname, '../../../../../packages/hospital-client');
const HOSPITAL = '92000001';
const KEY = `kit-docs-key-${HOSPITAL}-0123456789abcdef`;
const INSURER = 'SAMSUNGFIRE';

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
let db: ReturnType<typeof own<Database>>;
let url: string;
let who: Subscriber;
let dir: string;
let pdfFile: string;

beforeAll(async () => {
  const { db: handle, close } = await openTestDb();
  const app = await buildApp({ config: TEST_CONFIG, db: handle, logger: false, clock });
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
  await feedSource(app.ctx, { hospitalCd: HOSPITAL, key: KEY });
  who = await createSubscriber(app.ctx, { hospitals: [HOSPITAL], insurers: [INSURER] });
  dir = mkdtempSync(path.join(tmpdir(), 'kit-docs-'));
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  pdfFile = path.join(dir, 'diagnosis-from-emr.pdf');
  writeFileSync(pdfFile, await doc.save());
  writeFileSync(path.join(dir, 'key.txt'), `${KEY}\n`, { mode: 0o600 });
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A claim of the patient's visit, sent, and the insurer's answer asking for these papers. */
async function askedFor(documents: string[]) {
  const fed = await t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    headers: { [HOSPITAL_KEY_HEADER]: KEY },
    payload: { records: [treatmentRecord(who)] },
  });
  expect(fed.statusCode, fed.body).toBe(200);
  await t.app.claimEngine.drain();
  const claim = await db
    .selectFrom('claim')
    .select(['id', 'status'])
    .where('ciHmac', '=', who.ciHmac)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(claim.status).toBe('sent');
  const res = await postInsurerAnswer(t, clock.now(), INSURER, {
    eventId: `kit-docs-${claim.id}`,
    claimId: claim.id,
    answer: 'documents_requested',
    documents,
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.claimEngine.drain();
  return Number(claim.id);
}

/** The kit's command line, as a vendor runs it. */
async function run(opts: { hook?: string } = {}) {
  const child = spawn(
    process.execPath,
    [
      path.join(kit, 'bin/auto-claim-kit.mjs'),
      'documents',
      ...['--server', url, '--key-file', path.join(dir, 'key.txt'), '--dir', path.join(dir, 'docs')],
      ...(opts.hook ? ['--hook', opts.hook] : []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const [code] = await once(child, 'exit');
  return { code: code as number, out, summary: out.trim().split('\n').at(-1) };
}

/** What the sandbox insurer received of the hospital's papers. */
const delivered = async () =>
  (await db.selectFrom('sandboxOutbox').select('body').where('to', '=', `insurer:${INSURER}`).execute())
    .map(
      (r) =>
        JSON.parse(r.body) as {
          idempotencyKey: string;
          claimId: number;
          documents: { kind: string; paper?: string }[];
        },
    )
    .filter((b) => b.documents.some((d) => d.kind === 'hospital_document'));

describe('auto-claim-kit documents against the running server', () => {
  it('fetches a request, runs the hook for its PDF and sends it: the insurer has it, the patient did nothing', async () => {
    const claimId = await askedFor(['diagnosis']);
    const patientBefore = await db.selectFrom('sandboxOutbox').select('id').where('to', '=', who.userTel).execute();
    // The EMR vendor's hook: copies the EMR's PDF to where the kit asks (a shell command, as a vendor writes one).
    const first = await run({ hook: `cp "${pdfFile}" "$AUTO_CLAIM_OUTPUT"` });
    expect(first.code, first.out).toBe(0);
    expect(first.summary).toBe('요청 1 · 보냄 1 · PDF 기다림 0 · 거절 0 · 미전송 0');
    const [got, ...more] = await delivered();
    expect(more).toHaveLength(0);
    expect(got).toMatchObject({ claimId, documents: [{ kind: 'hospital_document', paper: 'diagnosis' }] });
    const row = await db
      .selectFrom('documentRequest')
      .select(['id', 'state'])
      .where('claimId', '=', claimId)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('delivered');
    expect(readdirSync(path.join(dir, 'docs/answered'))).toEqual([`${row.id}.pdf`]);
    expect(readdirSync(path.join(dir, 'docs/requests'))).toEqual([]);
    // The patient heard nothing of it.
    expect(await db.selectFrom('sandboxOutbox').select('id').where('to', '=', who.userTel).execute()).toHaveLength(
      patientBefore.length,
    );

    const again = await run();
    expect(again.code, again.out).toBe(0);
    expect(again.summary).toBe('요청 0 · 보냄 0 · PDF 기다림 0 · 거절 0 · 미전송 0');
    expect(await delivered()).toHaveLength(1);
  }, 120_000);

  it('a request whose PDF the EMR has not written waits, and goes on the run after it is written', async () => {
    const claimId = await askedFor(['admission_discharge']);
    const waiting = await run();
    expect(waiting.code, waiting.out).toBe(2);
    expect(waiting.summary).toBe('요청 1 · 보냄 0 · PDF 기다림 1 · 거절 0 · 미전송 0');
    const [asked] = readdirSync(path.join(dir, 'docs/requests'));
    const requestId = asked!.replace('.json', '');
    expect(existsSync(path.join(dir, 'docs/requests', asked!))).toBe(true);
    // The EMR writes it where the request said.
    writeFileSync(
      path.join(dir, 'docs/answers', `${requestId}.pdf`),
      await PDFDocument.create().then((d) => (d.addPage(), d.save())),
    );
    const sent = await run();
    expect(sent.code, sent.out).toBe(0);
    expect(sent.summary).toBe('요청 1 · 보냄 1 · PDF 기다림 0 · 거절 0 · 미전송 0');
    expect((await delivered()).filter((d) => d.claimId === claimId)).toMatchObject([
      { documents: [{ paper: 'admission_discharge' }] },
    ]);
  }, 120_000);
});
