// What a guardian sends and sees, as an attacker would use it (docs/security.md, "Uploads", "Who is enrolled"), through
// app.inject() and a listening server on PGlite or (DATABASE_URL) PostgreSQL:
// - a 2 MiB deflate-bomb PDF is refused with a Korean 400 naming the file while /healthz keeps answering within 100 ms
//   (measured by concurrent requests to a real listening server during the upload), as are PDFs with JavaScript
//   (also hidden in an object stream or behind #-escaped names) and PDFs of an unbounded filter;
// - a guardian sends at most MAX_RELATION_UPLOADS_PER_DAY files a Korean day, refused ones counted;
// - one retention rule: a replaced document goes (row and file), and a cancelled child leaves no document behind;
// - the PDF is served with `Content-Security-Policy: sandbox` (no script of it runs);
// - a link session (before SMS step-up) reads her children masked: no full name, no birth date;
// - from the child's 19th birthday her guardian cannot change her payout account;
// - a child whose resident number another holds is refused in words that name no one, after every other check.
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, CHILD_API, type ChildrenAnswer, type SubscriptionView } from '@auto-claim/contract';
import { OPS_CHILD_API, type RelationDocumentsPage } from '@auto-claim/contract/ops';
import { inspectPdf, PDF_INFLATE_BUDGET } from '../../../src/documents/pdf-check.js';
import { dropOldUploadCounts } from '../../../src/modules/guardians/jobs.js';
import { MAX_RELATION_UPLOADS_PER_DAY } from '../../../src/modules/guardians/relation.js';
import { signLinkToken } from '../../../src/security/linkToken.js';
import {
  childRegFor,
  dataUrl,
  images,
  relationUpload,
  type Child,
  type Images,
  type Verified,
} from '../../../fixtures/enrolment.js';
import { deflateBomb } from '../../../fixtures/uploads.js';
import { build, personCalls, problemOf, signInOperator, type TestApp, testClock, verifyPatient } from '../../helper.js';

// Monday 2026-06-15 12:00 KST.
const START = new Date('2026-06-15T03:00:00Z');
const clock = testClock(START);
let t: TestApp;
let img: Images;

beforeAll(async () => {
  img = await images();
  t = await build({ clock });
}, 180_000);
afterAll(() => t?.close());

const as = personCalls(() => t);

async function enrolChild(v: Verified, child: Child, o: Record<string, unknown> = {}) {
  return as(v, 'POST', API.subscriptions, await childRegFor(t, v, img, child, o));
}
async function enrolled(v: Verified, child: Child) {
  const res = await enrolChild(v, child);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as SubscriptionView).subscription!.insuApplyId;
}
const upload = (v: Verified, id: string, file: string) =>
  as(v, 'POST', CHILD_API.relationDocument(id), relationUpload(file));
const pdfUrl = (b: Uint8Array) => dataUrl('application/pdf', Buffer.from(b));
const documentsOf = (id: string) =>
  t.db.db.selectFrom('relationDocument').select(['id', 'fileBlobId', 'status']).where('insuApplyId', '=', id).execute();
const blobExists = async (blobId: string) =>
  t.app.ctx.blobs.get(blobId).then(
    () => true,
    () => false,
  );

/** A real one-page PDF (pdf-lib, object streams as it saves them), optionally with a script run on opening. */
async function pdf(opts: { script?: boolean } = {}) {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  if (opts.script) {
    doc.catalog.set(
      PDFName.of('OpenAction'),
      doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("hi")') }),
    );
  }
  return doc.save();
}

let mother: Verified;
let 하늘Id: string;

describe('the PDF check (documents/pdf-check.ts), on its own', () => {
  it('passes a plain PDF, and refuses a bomb, scripts (in an object stream, #-escaped) and unbounded filters', async () => {
    expect(await inspectPdf(await pdf())).toEqual({ ok: true, pages: 1 });
    const bomb = deflateBomb();
    expect(bomb.file.length).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(bomb.inflated).toBeGreaterThan(60 * PDF_INFLATE_BUDGET);
    expect(await inspectPdf(bomb.file)).toEqual({ ok: false, reason: 'bomb' });
    // The same bomb behind #-escaped names (a parser reads /F#69lter /Fl#61teDecode as /Filter /FlateDecode).
    const escapedBomb = Buffer.from(
      bomb.file.toString('latin1').replace('/Filter /FlateDecode', '/F#69lter /Fl#61teDecode'),
      'latin1',
    );
    expect(await inspectPdf(escapedBomb)).toEqual({ ok: false, reason: 'bomb' });
    // pdf-lib writes the catalog, and so its OpenAction, inside a compressed object stream.
    expect(await inspectPdf(await pdf({ script: true }))).toEqual({ ok: false, reason: 'active' });
    const plain = Buffer.from(
      await PDFDocument.create().then(async (d) => (d.addPage(), d.save({ useObjectStreams: false }))),
    );
    const escaped = Buffer.from(
      plain.toString('latin1').replace('/Type /Catalog', '/Type /Catalog /OpenAction << /S /J#61vaScript /JS (x) >>'),
      'latin1',
    );
    expect(await inspectPdf(escaped)).toEqual({ ok: false, reason: 'active' });
    const lzw = Buffer.from(
      plain
        .toString('latin1')
        .replace('endobj', 'endobj\n9 0 obj\n<< /Filter /LZWDecode /Length 3 >>\nstream\nabc\nendstream\nendobj'),
      'latin1',
    );
    expect(await inspectPdf(lzw)).toEqual({ ok: false, reason: 'filter' });
  });
});

describe('a guardian’s uploads', () => {
  it('refuses a 2 MiB deflate bomb with a Korean 400, the event loop never busy 100 ms between two /healthz answers', async () => {
    mother = await verifyPatient(t, { custName: '윤엄마', korRegId: '8606062' });
    하늘Id = await enrolled(mother, {
      userNm: '윤하늘',
      birthday: '20140404',
      sex: 'F',
      userIdno2: '4404041',
      guardianRel: 'mother',
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const { file } = deflateBomb();
    const body = JSON.stringify({ docType: 'family', issueDate: '20260601', file: pdfUrl(file) });

    // /healthz, four at a time, back to back, for as long as `during` takes: each answer's wait, and (first prober)
    // the main thread's own CPU time between two of its answers: on a shared machine the wall clock also counts the
    // turns the OS gives other processes, the CPU time only the event loop's own work (documents/load.test.ts).
    const cpuMs = () => {
      const c = process.threadCpuUsage();
      return (c.user + c.system) / 1000;
    };
    const probe = async <T>(during: Promise<T>) => {
      const waits: number[] = [];
      const work: number[] = [];
      let going = true;
      const prober = async (first: boolean) => {
        let lastCpu = cpuMs();
        while (going) {
          const at = performance.now();
          const res = await fetch(`${base}/healthz`);
          await res.arrayBuffer();
          expect(res.status).toBe(200);
          waits.push(performance.now() - at);
          if (first) {
            const cpu = cpuMs();
            work.push(cpu - lastCpu);
            lastCpu = cpu;
          }
        }
      };
      const probers = Array.from({ length: 4 }, (_, i) => prober(i === 0));
      const answer = await during.finally(() => (going = false));
      await Promise.all(probers);
      return { answer, waits, slowest: Math.max(...waits), ownCpu: Math.max(...work) };
    };
    // The machine's own noise first: as long, with nothing uploaded (a shared machine's load shows here).
    const control = await probe(new Promise((r) => setTimeout(r, 1500)));
    const started = performance.now();
    const bombed = await probe(
      fetch(base + CHILD_API.relationDocument(하늘Id), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: mother.cookie },
        body,
      }),
    );
    const took = performance.now() - started;
    const res = bombed.answer;
    const problem = (await res.json()) as { status: number; code: string; detail: string; errors: unknown[] };
    expect(res.status).toBe(400);
    expect(problem).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'file' }] });
    expect(problem.detail).toContain('압축을 풀면 너무 커지는 PDF');
    expect(bombed.waits.length).toBeGreaterThan(8);
    // The figures, for docs/security.md (console.info: a warning would fail the test, test/setup.ts).
    console.info(
      `deflate bomb: refused in ${took.toFixed(0)} ms; ${bombed.waits.length} /healthz during it, slowest ` +
        `${bombed.slowest.toFixed(1)} ms (the event loop's own CPU between two answers at most ` +
        `${bombed.ownCpu.toFixed(1)} ms); ${control.waits.length} before it (nothing uploaded), slowest ` +
        `${control.slowest.toFixed(1)} ms; load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
    );
    // The event loop's own work between two answers stays under 100 ms (parsed on it, the bomb held it for minutes)…
    expect(bombed.ownCpu).toBeLessThan(100);
    // …and what a client sees: every answer within a second. The wall clock counts the turns a loaded machine gives
    // other processes (116 ms seen against 74 ms just before, the browser tests running beside), so the CPU time above
    // is the exact measure; parsed on the event loop, the bomb held every answer for minutes.
    expect(bombed.slowest).toBeLessThan(1_000);
    expect(await documentsOf(하늘Id)).toEqual([]);
  });

  it('refuses a PDF with JavaScript, changing nothing', async () => {
    const res = await upload(mother, 하늘Id, pdfUrl(await pdf({ script: true })));
    expect(problemOf(res)).toMatchObject({ status: 400, errors: [{ field: 'file' }] });
    expect(problemOf(res).detail).toContain('스크립트');
    expect(await documentsOf(하늘Id)).toEqual([]);
  });

  it('keeps the newest document only: a replaced one goes, row and file', async () => {
    const first = await upload(mother, 하늘Id, pdfUrl(await pdf()));
    expect(first.statusCode, first.body).toBe(200);
    const [a] = await documentsOf(하늘Id);
    expect(await blobExists(a!.fileBlobId!)).toBe(true);
    const second = await upload(mother, 하늘Id, dataUrl('image/jpeg', img.photo));
    expect(second.statusCode, second.body).toBe(200);
    const rows = await documentsOf(하늘Id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(a!.id);
    expect(await blobExists(a!.fileBlobId!)).toBe(false);
  });

  it('serves a PDF with Content-Security-Policy: sandbox (no script runs, never a page of ours)', async () => {
    const res = await upload(mother, 하늘Id, pdfUrl(await pdf()));
    expect(res.statusCode, res.body).toBe(200);
    const ops = (await signInOperator(t, 'operator', { loginId: 'upload-ops' })).headers;
    const queue = (
      await t.app.inject({ method: 'GET', url: OPS_CHILD_API.relationDocuments, headers: ops })
    ).json() as RelationDocumentsPage;
    const doc = queue.list.find((d) => d.insuApplyId === 하늘Id)!;
    const file = await t.app.inject({
      method: 'GET',
      url: OPS_CHILD_API.relationDocumentFile(doc.docId),
      headers: ops,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const csp = String(file.headers['content-security-policy']);
    expect(csp).toMatch(/^sandbox;/);
    expect(csp).not.toMatch(/allow-scripts|allow-same-origin|script-src/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="relation-\d+\.pdf"$/);
  });

  it(`counts a guardian's uploads, refused ones too: past ${MAX_RELATION_UPLOADS_PER_DAY} a Korean day, 429 until the next`, async () => {
    const counted = await t.db.db
      .selectFrom('relationUploadDayCount')
      .select('n')
      .where('day', '=', '20260615')
      .executeTakeFirstOrThrow();
    // The bomb, the script, two kept and the PDF served above.
    expect(counted.n).toBe(5);
    const notPdf = dataUrl('application/pdf', Buffer.from('not a pdf at all'));
    for (let i = counted.n; i < MAX_RELATION_UPLOADS_PER_DAY; i++) {
      expect((await upload(mother, 하늘Id, notPdf)).statusCode).toBe(400);
    }
    const over = await upload(mother, 하늘Id, pdfUrl(await pdf()));
    expect(over.statusCode).toBe(429);
    expect(problemOf(over)).toMatchObject({ code: 'UPLOAD_DAILY_LIMIT', errors: [{ field: 'file' }] });
    expect(problemOf(over).detail).toContain('하루에');
    // Korea's next day (00:00 KST = 15:00 UTC).
    clock.set(new Date('2026-06-15T15:00:01Z'));
    mother = await verifyPatient(t, mother.person);
    const next = await upload(mother, 하늘Id, pdfUrl(await pdf()));
    expect(next.statusCode, next.body).toBe(200);
    clock.set(START);
  });

  it('keeps the daily counts a week, then drops them (the minute job)', async () => {
    await t.db.db
      .insertInto('relationUploadDayCount')
      .values({ guardianCiHmac: 'someone', day: '20260607', n: 3 })
      .execute();
    await dropOldUploadCounts(t.app.ctx);
    const days = await t.db.db.selectFrom('relationUploadDayCount').select('day').orderBy('day').execute();
    expect(days.map((d) => d.day)).toEqual(['20260615', '20260616']);
  });

  it('leaves no relation document behind when the child is cancelled: rows and files, at once', async () => {
    const rows = await documentsOf(하늘Id);
    expect(rows).toHaveLength(1);
    const cancelled = await as(mother, 'DELETE', `${API.subscriptions}?insuApplyId=${하늘Id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await documentsOf(하늘Id)).toEqual([]);
    expect(await blobExists(rows[0]!.fileBlobId!)).toBe(false);
  });
});

describe('what a link session reads, and what a guardian may change', () => {
  let father: Verified;
  let 도윤Id: string;
  const 도윤: Child = { userNm: '서도윤', birthday: '20070620', sex: 'M', userIdno2: '3620201', guardianRel: 'father' };

  it('shows a link session her children masked (no full name, no birth date) until she steps up', async () => {
    father = await verifyPatient(t, { custName: '서아빠', korRegId: '7707071' });
    도윤Id = await enrolled(father, 도윤);
    const { ciHmac } = await t.db.db
      .selectFrom('subscription')
      .select('ciHmac')
      .where('insuApplyId', '=', 도윤Id)
      .executeTakeFirstOrThrow();
    const token = await signLinkToken(t.app.ctx, { purpose: 'treat', ciHmac, insuApplyId: 도윤Id });
    const opened = await t.app.inject({
      method: 'POST',
      url: API.linkExchange,
      payload: { token, purpose: 'treat' },
      remoteAddress: '127.9.200.1',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const cookie = opened.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await t.app.inject({
      method: 'GET',
      url: CHILD_API.children,
      headers: { cookie },
      remoteAddress: '127.9.200.1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [child] = (res.json() as ChildrenAnswer).list;
    expect(child).toMatchObject({ insuApplyId: 도윤Id, userNm: '서*윤', calledNm: '서*윤', birthday: '', adultOn: '' });
    expect(res.body).not.toContain('서도윤');
    expect(res.body).not.toContain('20070620');
    expect(res.body).not.toContain('0620');
    // The full session (SMS-verified) reads her as she is.
    const full = (await as(father, 'GET', CHILD_API.children)).json() as ChildrenAnswer;
    expect(full.list[0]).toMatchObject({ userNm: '서도윤', birthday: '20070620', adultOn: '20260620' });
  });

  it('refuses the guardian changing the payout account from the child’s 19th birthday, in Korean', async () => {
    const account = {
      insuApplyId: 도윤Id,
      bankCd: '004',
      bankAccount: '110222333444',
      bankAccountHolder: '서아빠',
      bankAccountRel: '3',
    };
    const before = await as(father, 'PUT', API.subscriptions, account);
    expect(before.statusCode, before.body).toBe(200);
    // 2026-06-20 00:00:01 KST: 도윤 is 19.
    clock.set(new Date('2026-06-19T15:00:01Z'));
    father = await verifyPatient(t, father.person);
    const after = await as(father, 'PUT', API.subscriptions, { ...account, bankAccount: '110999888777' });
    expect(after.statusCode).toBe(409);
    expect(problemOf(after)).toMatchObject({ code: 'CHILD_GROWN_UP', errors: [{ field: 'bankAccount' }] });
    expect(problemOf(after).detail).toContain('만 19세가 되어서 보호자가 보험금 받을 계좌를 바꿀 수 없어요');
    const row = await t.db.db
      .selectFrom('subscription')
      .select('bankAccountLast4')
      .where('insuApplyId', '=', 도윤Id)
      .executeTakeFirstOrThrow();
    expect(row.bankAccountLast4).toBe('3444');
    clock.set(START);
  });
});

describe('who is enrolled is no one’s to learn by enrolling', () => {
  it('refuses a child another holds in words that name no one, only once every other check has passed', async () => {
    const holder = await verifyPatient(t, { custName: '문엄마', korRegId: '8808082' });
    const 은우: Child = {
      userNm: '문은우',
      birthday: '20170707',
      sex: 'M',
      userIdno2: '3707071',
      guardianRel: 'mother',
    };
    await enrolled(holder, 은우);
    const prober = await verifyPatient(t, { custName: '강낯선', korRegId: '8101011' });
    // Another check failing says that check, never whether the child is enrolled.
    const badBank = await enrolChild(prober, { ...은우, guardianRel: 'guardian' }, { bankCd: '999' });
    expect(problemOf(badBank)).toMatchObject({ status: 400, errors: [{ field: 'bankCd' }] });
    const refused = await enrolChild(prober, { ...은우, guardianRel: 'guardian' });
    expect(refused.statusCode).toBe(409);
    const p = problemOf(refused);
    expect(p).toMatchObject({ code: 'CHILD_NOT_ENROLLABLE', errors: [{ field: 'child.userIdno2' }] });
    expect(p.detail).not.toMatch(/보호자|본인이|가입했|가입되어|운영자|접수|문은우|은우/);
    // The operators see the dispute.
    const disputes = await t.db.db.selectFrom('insuredDispute').select('status').execute();
    expect(disputes).toEqual([{ status: 'open' }]);
  });
});
