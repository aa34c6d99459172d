// Documents an insurer asks for, fetched from the hospital (README "Documents an insurer asks for") through
// app.inject(), with claims delivered to the insurer's double (fixtures/insurer-double.ts) by its API: a
// documents_requested answer naming 진단서 asks the claim's hospital; the hospital's EMR lists it under its key and answers
// it with a PDF, which reaches the insurer's double as a follow-up of the claim, without the patient hearing or doing
// anything; bad uploads are refused naming `pdf` and keep nothing; another hospital's key or user neither sees nor
// answers it; the hospital user answers by the console; the operators list open requests with their age and the
// answered ones; the patient is told once when the hospital has not answered in DOCUMENT_REQUEST_PATIENT_DAYS; a
// hospital that cannot be asked (no key of its own, no user) leaves the patient told as before.
import { createHash } from 'node:crypto';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_REQUEST_PATIENT_DAYS,
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  MAX_REQUESTED_DOCUMENT_BYTES,
  OPERATOR_API,
  type HospitalDocumentRequest,
} from '@auto-claim/contract';
import { DOCUMENT_REQUEST_API, type DocumentRequestRow } from '@auto-claim/contract/ops';
import { own } from '../../../src/db/handle.js';
import type { Database } from '../../../src/db/schema.js';
import { docrequestJobs, purgeDocumentRequests } from '../../../src/modules/docrequests/index.js';
import { createSubscriber, feedSource, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';
import { startInsurerDouble, type InsurerDouble } from '../../../fixtures/insurer-double.js';
import {
  build,
  problemOf,
  signInHospitalUser,
  signInOperator,
  testClock,
  type TestApp,
  postInsurerAnswer,
} from '../../helper.js';

const SECRET = 'samsungfire-shared-secret-0123456789abcdef';
const INSURER = 'SAMSUNGFIRE';
const MINE = '91000001';
const THEIRS = '91000002';
/** A hospital with no key of its own and no user: it cannot be asked (only the sandbox's demo key feeds it). */
const UNCONNECTED = '90000001';
const keyOf = (cd: string) => `test-docreq-key-${cd}-0123456789abcdef`;

// Monday 2026-06-15 12:00 KST.
const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
let db: ReturnType<typeof own<Database>>;
let insurer: InsurerDouble;
let who: Subscriber;
let admin: Record<string, string>;

beforeAll(async () => {
  insurer = await startInsurerDouble({ secret: SECRET });
  t = await build({
    clock,
    config: {
      delivery: {
        kind: 'insurers',
        timeoutMs: 5_000,
        egress: { allow: ['127.0.0.1'] },
        insurers: [{ insuCompCd: INSURER, channel: 'api', url: insurer.url, secret: SECRET }],
      },
    },
  });
  db = own<Database>(t.db.db);
  await t.app.claimEngine.start();
  for (const cd of [MINE, THEIRS]) await feedSource(t.app.ctx, { hospitalCd: cd, key: keyOf(cd) });
  who = await createSubscriber(t.app.ctx, { hospitals: [MINE, UNCONNECTED], insurers: [INSURER] });
  admin = (await signInOperator(t, 'admin', { loginId: 'docreq-admin' })).headers;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await insurer?.close();
});

/** A claim of the patient's visit at this hospital, delivered to the insurer's double. */
async function sentClaim(hospitalCd: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    headers: { [HOSPITAL_KEY_HEADER]: hospitalCd === UNCONNECTED ? `sandbox-${hospitalCd}` : keyOf(hospitalCd) },
    payload: { records: [treatmentRecord(who)] },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.claimEngine.drain();
  const claim = await db
    .selectFrom('claim as c')
    .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
    .select(['c.id', 'c.status', 'r.receiptNo', 'r.visitDate'])
    .where('c.ciHmac', '=', who.ciHmac)
    .where('r.hospitalCd', '=', hospitalCd)
    .orderBy('c.id', 'desc')
    .executeTakeFirstOrThrow();
  expect(claim.status).toBe('sent');
  return { ...claim, id: Number(claim.id) };
}

let seq = 0;
/** The insurer's signed answer asking for papers. */
async function ask(claimId: number, documents: string[]) {
  const res = await postInsurerAnswer(
    t,
    clock.now(),
    INSURER,
    { eventId: `docreq-${++seq}`, claimId, answer: 'documents_requested', documents },
    SECRET,
  );
  expect(res.statusCode, res.body).toBe(200);
  await t.app.claimEngine.drain();
}

const poll = (hospitalCd: string, query = '') =>
  t.app.inject({
    url: `${HOSPITAL_API.documentRequests}${query}`,
    headers: { [HOSPITAL_KEY_HEADER]: keyOf(hospitalCd) },
  });
const answerByKey = (hospitalCd: string, requestId: string, pdf: unknown) =>
  t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.documentRequestDocument(requestId),
    headers: { [HOSPITAL_KEY_HEADER]: keyOf(hospitalCd) },
    payload: { pdf },
  });

/** A real one-page PDF (pdf-lib), optionally with a script run on opening. */
async function pdf(opts: { script?: boolean; pages?: number } = {}) {
  const doc = await PDFDocument.create();
  for (let i = 0; i < (opts.pages ?? 1); i++) doc.addPage([595, 842]);
  if (opts.script) {
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
  }
  return Buffer.from(await doc.save());
}
const pdfUrl = (b: Buffer) => `data:application/pdf;base64,${b.toString('base64')}`;

/** Messages to the patient's phone other than the record's own (자동으로 청구할게요). */
const herMessages = async () =>
  (await db.selectFrom('sandboxOutbox').select(['body']).where('to', '=', who.userTel).orderBy('id').execute()).filter(
    (m) => !m.body.includes('자동으로 청구할게요'),
  );
const requestsOf = (claimId: number) =>
  db.selectFrom('documentRequest').selectAll().where('claimId', '=', claimId).orderBy('id').execute();

describe('a paper the insurer asks for, fetched from the hospital', () => {
  let claim: Awaited<ReturnType<typeof sentClaim>>;
  let requestId: string;

  it('a documents_requested answer naming 진단서 asks the hospital, and tells the patient nothing', async () => {
    claim = await sentClaim(MINE);
    const before = (await herMessages()).length;
    await ask(claim.id, ['diagnosis']);
    const [row, ...more] = await requestsOf(claim.id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      hospitalCd: MINE,
      insuCompCd: INSURER,
      documentKind: 'diagnosis',
      state: 'open',
      receiptNo: claim.receiptNo,
      patientToldAt: null,
    });
    expect(await herMessages()).toHaveLength(before);

    const res = await poll(MINE);
    expect(res.statusCode, res.body).toBe(200);
    const { requests, next } = res.json() as { requests: HospitalDocumentRequest[]; next: string | null };
    expect(next).toBeNull();
    expect(requests).toEqual([
      {
        requestId: String(row!.id),
        receiptNo: claim.receiptNo,
        visitDate: claim.visitDate,
        document: 'diagnosis',
        documentNm: '진단서',
        askedAt: clock.now().toISOString(),
        state: 'open',
      },
    ]);
    requestId = requests[0]!.requestId;
  });

  it('another hospital’s key neither sees nor answers it', async () => {
    const theirs = await poll(THEIRS);
    expect(theirs.statusCode).toBe(200);
    expect((theirs.json() as { requests: unknown[] }).requests).toEqual([]);
    const res = await answerByKey(THEIRS, requestId, pdfUrl(await pdf()));
    expect(res.statusCode).toBe(404);
    expect(problemOf(res)).toMatchObject({ code: 'DOCUMENT_REQUEST_NOT_FOUND' });
    expect((await requestsOf(claim.id))[0]).toMatchObject({ state: 'open', fileBlobId: null });
    // Without a key, nothing at all.
    const anonymous = await t.app.inject({ url: HOSPITAL_API.documentRequests });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a bad upload naming pdf (4xx) and keeps nothing', async () => {
    const posted = insurer.posted.length;
    const blobs = async () => {
      let n = 0;
      for await (const _ of t.app.ctx.blobs.list()) n++;
      return n;
    };
    const blobsBefore = await blobs();
    const cases: [string, unknown][] = [
      ['missing', undefined],
      ['not a data URL', 'hello'],
      ['an image', `data:image/png;base64,${Buffer.from('png').toString('base64')}`],
      ['not a PDF inside', pdfUrl(Buffer.from('not a pdf at all'))],
      ['empty', 'data:application/pdf;base64,'],
      ['a script', pdfUrl(await pdf({ script: true }))],
      ['too many pages', pdfUrl(await pdf({ pages: 31 }))],
      [
        'too large',
        `data:application/pdf;base64,${'A'.repeat(Math.ceil((MAX_REQUESTED_DOCUMENT_BYTES + 1024) / 3) * 4)}`,
      ],
    ];
    for (const [why, body] of cases) {
      const res = await answerByKey(MINE, requestId, body);
      expect(res.statusCode, why).toBe(400);
      const problem = problemOf(res);
      expect(
        problem.errors?.map((e: { field: string }) => e.field),
        why,
      ).toEqual(['pdf']);
      expect(problem.errors?.[0]?.message, why).toMatch(/[가-힣]/);
    }
    expect((await requestsOf(claim.id))[0]).toMatchObject({ state: 'open', fileBlobId: null, receivedAt: null });
    expect(insurer.posted.length).toBe(posted);
    expect(await blobs()).toBe(blobsBefore);
  });

  it('the hospital answers by its key with a PDF: the insurer’s double receives it, without any patient step', async () => {
    const before = (await herMessages()).length;
    const file = await pdf();
    const res = await answerByKey(MINE, requestId, pdfUrl(file));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ requestId, state: 'delivered', receivedAt: clock.now().toISOString() });

    const got = insurer.posted.filter((p) => p.key === `document-request-${requestId}`);
    expect(got).toHaveLength(1);
    const [doc, ...others] = got[0]!.body.documents;
    expect(others).toHaveLength(0);
    expect(got[0]!.body).toMatchObject({ claimId: claim.id, insuCompCd: INSURER });
    expect(doc).toMatchObject({
      kind: 'hospital_document',
      paper: 'diagnosis',
      contentType: 'application/pdf',
      encoding: 'base64',
      sha256: createHash('sha256').update(file).digest('hex'),
    });
    expect(Buffer.from(doc!.data, 'base64').equals(file)).toBe(true);

    const [row] = await requestsOf(claim.id);
    expect(row).toMatchObject({ state: 'delivered', receivedBy: expect.stringMatching(/^key:\d+$/) });
    // Kept encrypted in the blob store: the stored object is not the PDF's bytes.
    expect(await t.app.ctx.blobs.get(row!.fileBlobId!, { sha256: row!.fileSha256! })).toEqual(file);
    // The patient heard nothing and did nothing; her access log says who sent what to whom.
    expect(await herMessages()).toHaveLength(before);
    const log = await db
      .selectFrom('accessLog')
      .select(['action', 'actor'])
      .where('ciHmac', '=', who.ciHmac)
      .where('action', 'in', ['hospital_document_received', 'hospital_document_released'])
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'hospital_document_received', actor: `hospital:${MINE}` },
      { action: 'hospital_document_released', actor: `insurer:${INSURER}` },
    ]);

    // Answered: off the hospital's list, and a second answer is refused (409) and sends nothing.
    expect(((await poll(MINE)).json() as { requests: unknown[] }).requests).toEqual([]);
    const again = await answerByKey(MINE, requestId, pdfUrl(file));
    expect(again.statusCode).toBe(409);
    expect(problemOf(again).code).toBe('DOCUMENT_REQUEST_ANSWERED');
    expect(insurer.posted.filter((p) => p.key === `document-request-${requestId}`)).toHaveLength(1);
  });

  it('operators list open requests with their age, and the answered ones, by key', async () => {
    const viewer = (await signInOperator(t, 'viewer')).headers;
    const newer = await sentClaim(MINE);
    await ask(newer.id, ['receipt_detail', 'prescription']);
    // Asked three days ago (the operator's session would not last if the clock moved instead).
    const asked = new Date(clock.now().getTime() - (3 * 24 * 60 * 60_000 + 60_000));
    await db.updateTable('documentRequest').set({ askedAt: asked }).where('claimId', '=', newer.id).execute();
    {
      const open = await t.app.inject({ url: `${DOCUMENT_REQUEST_API.console}?order=asc&size=1`, headers: viewer });
      expect(open.statusCode, open.body).toBe(200);
      const first = open.json() as { list: DocumentRequestRow[]; nextCursor: string | null; total: number };
      expect(first.total).toBe(2);
      expect(first.list).toMatchObject([
        { claimId: newer.id, document: 'receipt_detail', state: 'open', ageDays: 3, hospitalCd: MINE },
      ]);
      expect(first.list[0]!.patient).toMatch(/\*/);
      const second = await t.app.inject({
        url: `${DOCUMENT_REQUEST_API.console}?order=asc&size=1&cursor=${first.nextCursor}`,
        headers: viewer,
      });
      expect((second.json() as { list: DocumentRequestRow[] }).list).toMatchObject([{ document: 'prescription' }]);
      const answered = await t.app.inject({ url: `${DOCUMENT_REQUEST_API.console}?view=answered`, headers: viewer });
      expect((answered.json() as { list: DocumentRequestRow[] }).list).toMatchObject([
        { requestId, state: 'delivered', ageDays: 0, deliveryError: null },
      ]);
      const bad = await t.app.inject({ url: `${DOCUMENT_REQUEST_API.console}?view=everything`, headers: viewer });
      expect(bad.statusCode).toBe(400);
      expect(problemOf(bad).errors?.[0]?.field).toBe('view');
    }
  });

  it('the hospital user answers by the console; another hospital’s user neither sees nor answers', async () => {
    const her = await signInHospitalUser(t, admin, MINE);
    const other = await signInHospitalUser(t, admin, THEIRS);
    const listed = await t.app.inject({ url: DOCUMENT_REQUEST_API.portal, headers: her.headers });
    expect(listed.statusCode, listed.body).toBe(200);
    const open = (listed.json() as { list: DocumentRequestRow[] }).list;
    expect(open.map((r) => r.document).sort()).toEqual(['prescription', 'receipt_detail']);
    const theirs = await t.app.inject({ url: DOCUMENT_REQUEST_API.portal, headers: other.headers });
    expect((theirs.json() as { list: unknown[] }).list).toEqual([]);
    const target = open.find((r) => r.document === 'prescription')!;
    const upload = (headers: Record<string, string>, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: DOCUMENT_REQUEST_API.portalDocument(target.requestId),
        headers,
        payload: { pdf: body },
      });
    const refused = await upload(other.headers, pdfUrl(await pdf()));
    expect(refused.statusCode).toBe(404);
    const bad = await upload(her.headers, pdfUrl(Buffer.from('%PDX not really')));
    expect(bad.statusCode).toBe(400);
    expect(problemOf(bad).errors?.[0]?.field).toBe('pdf');
    const done = await upload(her.headers, pdfUrl(await pdf()));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ state: 'delivered' });
    expect(insurer.posted.filter((p) => p.key === `document-request-${target.requestId}`)).toHaveLength(1);
    const row = await db
      .selectFrom('documentRequest')
      .select(['receivedBy'])
      .where('id', '=', Number(target.requestId))
      .executeTakeFirstOrThrow();
    expect(row.receivedBy).toBe(`user:${her.loginId}`);
    // An operator has no hospital: the hospital user's calls refuse her.
    const op = await t.app.inject({ url: DOCUMENT_REQUEST_API.portal, headers: admin });
    expect(op.statusCode).toBe(403);
  });

  it(`tells the patient once when the hospital has not answered in ${DOCUMENT_REQUEST_PATIENT_DAYS} days`, async () => {
    const before = (await herMessages()).length;
    const jobs = docrequestJobs(t.app.ctx);
    const start = clock.now();
    try {
      // The open request was asked three days ago (above): six days now, then seven.
      clock.advance((DOCUMENT_REQUEST_PATIENT_DAYS - 4) * 24 * 60 * 60_000);
      await jobs.everyMinute!(undefined as never);
      expect(await herMessages()).toHaveLength(before);
      clock.advance(24 * 60 * 60_000);
      await jobs.everyMinute!(undefined as never);
      await jobs.everyMinute!(undefined as never);
    } finally {
      clock.set(start);
    }
    const told = (await herMessages()).slice(before);
    expect(told).toHaveLength(1);
    const sent = JSON.parse(told[0]!.body) as { text: string };
    expect(sent.text).toContain('진료비 세부내역서');
    expect(sent.text).toContain('아직 받지 못했어요');
    expect(sent.text).not.toContain(who.userNm);
  });

  it('a hospital that cannot be asked: the request is kept, and the patient is told by the answer as before', async () => {
    const c = await sentClaim(UNCONNECTED);
    const before = (await herMessages()).length;
    await ask(c.id, ['diagnosis']);
    const [row] = await requestsOf(c.id);
    expect(row).toMatchObject({ state: 'open', patientToldAt: expect.any(Date) });
    const told = (await herMessages()).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('진단서');
  });

  it('papers an insurer asked for by phone, recorded by an operator, are asked of the hospital as its answer would be', async () => {
    const c = await sentClaim(MINE);
    const url = OPERATOR_API.claimStatus(c.id);
    // Without the papers: refused naming them, and nothing changes.
    const bad = await t.app.inject({ method: 'POST', url, headers: admin, payload: { status: 'documents_requested' } });
    expect(bad.statusCode).toBe(400);
    expect(problemOf(bad).errors?.[0]).toMatchObject({ field: 'documents' });
    expect(await requestsOf(c.id)).toEqual([]);

    const before = (await herMessages()).length;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: { status: 'documents_requested', documents: ['receipt_detail'], reason: '전화로 요청함' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'documents_requested' });
    const [row] = await requestsOf(c.id);
    expect(row).toMatchObject({ state: 'open', documentKind: 'receipt_detail', hospitalCd: MINE, patientToldAt: null });
    // The hospital's EMR finds it on its list; the patient has nothing to do and hears nothing.
    const listed = poll(MINE).then((r) => r.json()) as Promise<{ requests: HospitalDocumentRequest[] }>;
    expect((await listed).requests.map((r) => r.requestId)).toContain(String(row!.id));
    expect(await herMessages()).toHaveLength(before);
    // The claim's history names the operator; her access log says an operator recorded an answer.
    const history = await db
      .selectFrom('claimStatusHistory')
      .select(['status', 'actor', 'reason'])
      .where('claimId', '=', c.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history).toEqual({
      status: 'documents_requested',
      actor: 'operator:docreq-admin',
      reason: '진료비 세부내역서 · 전화로 요청함',
    });
    const log = await db
      .selectFrom('accessLog')
      .select(['action', 'actor'])
      .where('claimId', '=', c.id)
      .where('action', '=', 'operator_answer_recorded')
      .execute();
    expect(log).toEqual([{ action: 'operator_answer_recorded', actor: 'operator:docreq-admin' }]);
  });

  it('each request is kept three years after its last step, then goes with its PDF', async () => {
    const rows = await db.selectFrom('documentRequest').selectAll().orderBy('id').execute();
    const delivered = rows.find((r) => r.state === 'delivered' && r.fileBlobId)!;
    const lastStep = (r: (typeof rows)[number]) => (r.deliveredAt ?? r.receivedAt ?? r.askedAt).getTime();
    const newest = Math.max(...rows.map(lastStep));
    const threeYearsAfter = (ms: number) => {
      const d = new Date(ms);
      d.setUTCFullYear(d.getUTCFullYear() + 3);
      return d;
    };
    // A minute short of three years after the newest step: only the older ones go.
    const at = new Date(threeYearsAfter(newest).getTime() - 60_000);
    const due = rows.filter((r) => threeYearsAfter(lastStep(r)) < at);
    expect(due.length).toBeGreaterThan(0);
    expect(due.length).toBeLessThan(rows.length);
    expect(await purgeDocumentRequests(t.app.ctx, at)).toBe(due.length);
    const left = await db.selectFrom('documentRequest').select('id').orderBy('id').execute();
    expect(left.map((r) => r.id)).toEqual(rows.filter((r) => !due.includes(r)).map((r) => r.id));
    // Three years after the newest: none is left, nor the hospital's PDF.
    expect(await purgeDocumentRequests(t.app.ctx, new Date(threeYearsAfter(newest).getTime() + 1))).toBe(left.length);
    await expect(t.app.ctx.blobs.get(delivered.fileBlobId!, { sha256: delivered.fileSha256! })).rejects.toThrow();
  });
});
