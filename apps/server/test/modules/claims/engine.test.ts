// The claim engine through the feed and app.inject(): every rule (minimum, contract dates, retroactive window and the
// three-year lapse, hospitals, schedule), delivery with retries, backoff and dead letters an operator sees and
// sends again, the status lifecycle, the 알림톡 with its single-use link, and the pg-boss workers on their own.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  MAX_DELIVERY_ATTEMPTS,
  OPERATOR_API,
  type FeedAnswer,
  type OperatorClaimView,
} from '@auto-claim/contract';
import { sweepBlobs, SWEEP_GRACE_MS } from '../../../src/jobs/blob-sweep.js';
import { buildClaimPackage, storePackage } from '../../../src/modules/claims/documents.js';
import { PACKAGE_PDF, SIGNED_PAGES_AT } from '../../../src/modules/claims/package-pdf.js';
import { claimsTransaction } from '../../../src/modules/claims/tables.js';
import { sandboxDelivery } from '../../../src/providers/delivery/sandbox.js';
import type { DeliveryProvider } from '../../../src/providers/delivery/types.js';
import { openLinkToken } from '../../../src/security/linkToken.js';
import { build, problemOf, signInOperator, testClock, type TestApp, expectLog } from '../../helper.js';
import { createSubscriber, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';

// Monday 2026-06-15 12:00 KST.
const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
let ops: Record<string, string>;

beforeAll(async () => {
  t = await build({ clock });
  await t.app.claimEngine.start();
  ops = (await signInOperator(t, 'admin', { loginId: 'claims-ops' })).headers;
});
afterAll(async () => {
  await t?.close();
});

const feed = async (records: ReturnType<typeof treatmentRecord>[], hospitalCd = '90000001') => {
  const res = await t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    headers: { [HOSPITAL_KEY_HEADER]: `sandbox-${hospitalCd}` },
    payload: { records },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as FeedAnswer;
};

const outcomeOf = async (recordId: number) =>
  (await t.db.db.selectFrom('treatmentRecord').select('outcome').where('id', '=', recordId).executeTakeFirstOrThrow())
    .outcome;
const claimsOf = (recordId: number) =>
  t.db.db.selectFrom('claim').selectAll().where('recordId', '=', recordId).orderBy('insuCompCd').execute();
const view = async (claimId: number) => {
  const res = await t.app.inject({ method: 'GET', url: OPERATOR_API.claim(claimId), headers: ops });
  expect(res.statusCode).toBe(200);
  return res.json() as OperatorClaimView;
};
const outbox = (channel: string, to: string) =>
  t.db.db
    .selectFrom('sandboxOutbox')
    .selectAll()
    .where('channel', '=', channel)
    .where('to', '=', to)
    .orderBy('id')
    .execute();

/** Feeds one record and runs the engine until nothing is due. */
async function feedAndDrain(who: Subscriber, o: Parameters<typeof treatmentRecord>[1] = {}, hospitalCd?: string) {
  const answer = await feed([treatmentRecord(who, o)], hospitalCd);
  await t.app.claimEngine.drain();
  return answer.results[0]!.recordId;
}

describe('rules', () => {
  it('claims a visit at or above minAmt once per insurer, at once; below it keeps and shows the record', async () => {
    const who = await createSubscriber(t.app.ctx, { minAmt: 20_000, insurers: ['SAMSUNGFIRE', 'HYUNDAIMARINE'] });
    const atMin = await feedAndDrain(who, { coveredCopay: 15_000, uncovered: 5_000 });
    expect(await outcomeOf(atMin)).toBe('claimed');
    const claims = await claimsOf(atMin);
    expect(claims.map((c) => [c.insuCompCd, c.status, c.amount])).toEqual([
      ['HYUNDAIMARINE', 'sent', 20_000],
      ['SAMSUNGFIRE', 'sent', 20_000],
    ]);
    const below = await feedAndDrain(who, { coveredCopay: 15_000, uncovered: 4_999 });
    expect(await outcomeOf(below)).toBe('below_min');
    expect(await claimsOf(below)).toHaveLength(0);
  });

  it('claims only inside the contract: after its end is outside, before its start too without a retroactive window', async () => {
    const who = await createSubscriber(t.app.ctx, { contractStartDate: '20260301', contractEndDate: '20260610' });
    expect(await outcomeOf(await feedAndDrain(who, { visitDate: '20260610' }))).toBe('claimed');
    expect(await outcomeOf(await feedAndDrain(who, { visitDate: '20260611' }))).toBe('outside_contract');
    expect(await outcomeOf(await feedAndDrain(who, { visitDate: '20260301' }))).toBe('claimed');
    expect(await outcomeOf(await feedAndDrain(who, { visitDate: '20260228' }))).toBe('outside_contract');
  });

  it('reaches back retroMonth months before the start, and never past the three-year lapse', async () => {
    const who = await createSubscriber(t.app.ctx, { contractStartDate: '20260601', retroMonth: 3 });
    expect(await outcomeOf(await feedAndDrain(who, { visitDate: '20260301' }))).toBe('claimed');
    expect(await outcomeOf(await feedAndDrain(who, { visitDate: '20260228' }))).toBe('too_old');
    const longBack = await createSubscriber(t.app.ctx, { contractStartDate: '20260601', retroMonth: 36 });
    // Today is 2026-06-15: three years back is 2023-06-15.
    expect(await outcomeOf(await feedAndDrain(longBack, { visitDate: '20230615' }))).toBe('claimed');
    expect(await outcomeOf(await feedAndDrain(longBack, { visitDate: '20230614' }))).toBe('too_old');
  });

  it('claims only at the subscribed hospitals, and nothing for someone not subscribed', async () => {
    const who = await createSubscriber(t.app.ctx, { hospitals: ['90000001'] });
    expect(await outcomeOf(await feedAndDrain(who, {}, '90000002'))).toBe('hospital_not_subscribed');
    const stranger = { ci: 'not-a-subscriber-ci', rrn: '8501011999999', birthDate: '19850101', userNm: '모르는사람' };
    expect(await outcomeOf(await feedAndDrain({ ...stranger } as Subscriber))).toBe('not_subscribed');
    const cancelled = await createSubscriber(t.app.ctx);
    await t.db.db
      .updateTable('subscription')
      .set({ status: 'cancel' })
      .where('insuApplyId', '=', cancelled.insuApplyId)
      .execute();
    expect(await outcomeOf(await feedAndDrain(cancelled))).toBe('not_subscribed');
  });

  it('matches a record that carries the RRN instead of the CI', async () => {
    const who = await createSubscriber(t.app.ctx);
    const recordId = await feedAndDrain(who, { by: 'rrn' });
    expect(await outcomeOf(recordId)).toBe('claimed');
    expect((await claimsOf(recordId))[0]!.ciHmac).toBe(who.ciHmac);
  });

  it('with repeatWeek/repeatDay, holds claims for the next batch (09:00 KST on that weekday) and sends them then', async () => {
    // Wednesdays, every week. Today is Monday 2026-06-15 12:00 KST → Wednesday 2026-06-17 09:00 KST = 00:00Z.
    const who = await createSubscriber(t.app.ctx, { repeatWeek: 1, repeatDay: 3, insurers: ['SAMSUNGFIRE', 'DBINSU'] });
    const a = await feedAndDrain(who);
    const b = await feedAndDrain(who, { visitDate: '20260612' });
    for (const id of [a, b]) {
      const claims = await claimsOf(id);
      expect(claims.map((c) => c.status)).toEqual(['received', 'received']);
      expect(claims.every((c) => new Date(c.scheduledFor!).toISOString() === '2026-06-17T00:00:00.000Z')).toBe(true);
    }
    clock.set(new Date('2026-06-16T23:59:59Z'));
    await t.app.claimEngine.drain();
    expect((await claimsOf(a)).map((c) => c.status)).toEqual(['received', 'received']);
    clock.set(new Date('2026-06-17T00:00:00Z'));
    const { delivered } = await t.app.claimEngine.drain();
    expect(delivered).toBeGreaterThanOrEqual(4);
    for (const id of [a, b]) expect((await claimsOf(id)).map((c) => c.status)).toEqual(['sent', 'sent']);
    clock.set(new Date('2026-06-15T03:00:00Z'));
  });
});

describe('delivery, notification and the status lifecycle', () => {
  it('delivers once, timestamps every status, hashes the documents, logs the release and tells the patient', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: ['KBINSU'] });
    const recordId = await feedAndDrain(who);
    const [claim] = await claimsOf(recordId);
    const v = await view(claim!.id);
    expect(v.status).toBe('sent');
    expect(v.history.map((h) => h.status)).toEqual(['received', 'claimed', 'sent']);
    expect(v.history.every((h) => h.at === clock.now().toISOString())).toBe(true);
    expect(v.delivery).toMatchObject({ channel: 'api', status: 'sent', attempts: 1 });
    expect(v.documents.map((d) => d.kind).sort()).toEqual(['claim_form', 'receipt']);
    expect(v.documents.every((d) => /^[0-9a-f]{64}$/.test(d.sha256))).toBe(true);

    const sent = (await outbox('api', 'insurer:KBINSU')).filter((m) => JSON.parse(m.body).claimId === claim!.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).not.toContain(who.userNm);

    const log = await t.db.db
      .selectFrom('accessLog')
      .select(['action', 'actor'])
      .where('ciHmac', '=', who.ciHmac)
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'record_received', actor: 'hospital:90000001' },
      { action: 'claim_created', actor: 'engine' },
      { action: 'delivered', actor: 'insurer:KBINSU' },
    ]);
    await expect(sql`delete from access_log where ci_hmac = ${who.ciHmac}`.execute(t.db.db)).rejects.toThrow(
      /append-only/,
    );

    const [kakao] = await outbox('kakao', who.userTel);
    expect(kakao).toBeDefined();
    const url = (JSON.parse(kakao!.body) as { buttons: { url: string }[] }).buttons[0]!.url;
    expect(url).toMatch(/\/ui\/insu\/vuex\/auto-claim\/web\/treat#t=/);
    for (const secret of [who.userNm, who.rrn, who.ci, who.userTel]) expect(url).not.toContain(secret);
    const token = decodeURIComponent(url.split('#t=')[1]!);
    const phone = 'a'.repeat(43);
    expect(await openLinkToken(t.app.ctx, token, 'treat', phone)).toMatchObject({ ciHmac: who.ciHmac, recordId });
    expect(await openLinkToken(t.app.ctx, token, 'treat', phone)).toMatchObject({ ciHmac: who.ciHmac, recordId });
    expect(await openLinkToken(t.app.ctx, token, 'treat', 'b'.repeat(43))).toEqual({ refused: 'otherDevice' });
  });

  it('falls back to SMS when 알림톡 cannot reach the patient', async () => {
    const who = await createSubscriber(t.app.ctx, { userTel: '01099990001' });
    const provider = t.app.ctx.providers.notification;
    const { sandboxNotification } = await import('../../../src/providers/notification/sandbox.js');
    t.app.ctx.providers.notification = sandboxNotification({
      origin: 'http://localhost:3000',
      now: () => clock.now(),
      kakaoUnreachable: new Set(['01099990001']),
    });
    try {
      await feedAndDrain(who);
    } finally {
      t.app.ctx.providers.notification = provider;
    }
    expect(await outbox('kakao', who.userTel)).toHaveLength(0);
    const [sms] = await outbox('sms', who.userTel);
    // The SMS form: the service named first, one sentence, our origin's short link (patient-messages.test.ts).
    expect(sms?.body).toMatch(/^\[자동청구\] .+ \S+\/m\/[\w-]{22}$/);
  });

  it('a message that fails every retry is a dead letter operators see and can send again', async () => {
    const who = await createSubscriber(t.app.ctx);
    const provider = t.app.ctx.providers.notification;
    // The vendor double fails every send: the batch's failure is logged, and pg-boss retries it.
    expectLog({ level: 'warn', msg: 'patient message batch failed; pg-boss retries it' });
    t.app.ctx.providers.notification = {
      send: () => Promise.reject(new Error('Popbill -99999999: 알림톡 발송 실패')),
    };
    let recordId: number;
    try {
      const answer = await feed([treatmentRecord(who)]);
      recordId = answer.results[0]!.recordId;
      // Matching queues the record's message; no waiting for pg-boss's backoff: its job gets no retries left.
      while ((await t.app.claimEngine.matchBatch()) > 0);
      await sql`update pgboss.job set retry_limit = 0 where name = 'claims.notify' and state = 'created'`.execute(
        t.db.db,
      );
      await t.app.claimEngine.drain();
    } finally {
      t.app.ctx.providers.notification = provider;
    }
    const listed = await t.app.inject({ url: OPERATOR_API.notificationDeadLetters, headers: ops });
    expect(listed.statusCode).toBe(200);
    const dead = (listed.json() as { list: { jobId: string; recordId: number; attempts: number }[] }).list.find(
      (d) => d.recordId === recordId,
    );
    expect(dead).toMatchObject({ recordId, attempts: 1 });
    expect(await outbox('kakao', who.userTel)).toHaveLength(0);
    // Only operators see it.
    expect((await t.app.inject({ url: OPERATOR_API.notificationDeadLetters })).statusCode).toBe(401);

    const retried = await t.app.inject({
      method: 'POST',
      url: OPERATOR_API.notificationRetry(dead!.jobId),
      headers: ops,
    });
    expect(retried.statusCode).toBe(202);
    await t.app.claimEngine.drain();
    expect(await outbox('kakao', who.userTel)).toHaveLength(1);
    const after = (await t.app.inject({ url: OPERATOR_API.notificationDeadLetters, headers: ops })).json() as {
      list: { jobId: string }[];
    };
    expect(after.list.map((d) => d.jobId)).not.toContain(dead!.jobId);
    // A job that is not a dead letter (any more) cannot be sent again by hand.
    const again = await t.app.inject({
      method: 'POST',
      url: OPERATOR_API.notificationRetry(dead!.jobId),
      headers: ops,
    });
    expect(problemOf(again)).toMatchObject({ status: 409, code: 'NOTIFICATION_NOT_DEAD' });
    const bad = await t.app.inject({ method: 'POST', url: OPERATOR_API.notificationRetry('not-a-job'), headers: ops });
    expect(problemOf(bad)).toMatchObject({ status: 400, errors: [{ field: 'jobId' }] });
  });

  it('never makes two deliveries of one claim (constraint)', async () => {
    const who = await createSubscriber(t.app.ctx);
    const [claim] = await claimsOf(await feedAndDrain(who));
    const now = clock.now();
    await expect(
      t.db.db
        .insertInto('claimDelivery')
        .values({
          claimId: claim!.id,
          insuCompCd: claim!.insuCompCd,
          channel: 'api',
          destination: 'x',
          status: 'pending',
          nextAttemptAt: now,
          lastError: null,
          externalRef: null,
          createdAt: now,
          sentAt: null,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('retries with backoff, then dead-letters; an operator sees it and sends it again', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: ['HANWHALIFE'] });
    const real = t.app.ctx.providers.delivery;
    const failing: DeliveryProvider = {
      channelFor: real.channelFor,
      deliver: async (batch, outbox) => {
        const mine = batch.filter((r) => r.insuCompCd === 'HANWHALIFE');
        const others = await real.deliver(
          batch.filter((r) => r.insuCompCd !== 'HANWHALIFE'),
          outbox,
        );
        return batch.map((r) =>
          mine.includes(r) ? { ok: false as const, error: '보험사 API 503', retryable: true } : others.shift()!,
        );
      },
    };
    t.app.ctx.providers.delivery = failing;
    const start = clock.now().getTime();
    try {
      const recordId = await feedAndDrain(who);
      const [claim] = await claimsOf(recordId);
      let v = await view(claim!.id);
      expect(v.status).toBe('claimed');
      expect(v.delivery).toMatchObject({ status: 'pending', attempts: 1, lastError: '보험사 API 503' });
      expect(new Date(v.delivery!.nextAttemptAt).getTime() - start).toBe(30_000);

      clock.advance(29_000);
      await t.app.claimEngine.drain();
      expect((await view(claim!.id)).delivery!.attempts).toBe(1);
      const waits = [];
      for (let attempt = 1; attempt < MAX_DELIVERY_ATTEMPTS; attempt++) {
        v = await view(claim!.id);
        const due = new Date(v.delivery!.nextAttemptAt).getTime();
        waits.push(due - clock.now().getTime() + (attempt === 1 ? 29_000 : 0));
        clock.set(new Date(due));
        await t.app.claimEngine.drain();
      }
      expect(waits).toEqual([30_000, 60_000, 120_000, 240_000]);
      v = await view(claim!.id);
      expect(v.status).toBe('failed');
      expect(v.delivery).toMatchObject({ status: 'dead', attempts: MAX_DELIVERY_ATTEMPTS });
      expect(v.history.at(-1)).toMatchObject({ status: 'failed', reason: '보험사 API 503' });

      const dead = await t.app.inject({ method: 'GET', url: OPERATOR_API.deadLetters, headers: ops });
      expect(dead.statusCode).toBe(200);
      expect((dead.json() as { list: { claimId: number }[] }).list.map((d) => d.claimId)).toContain(claim!.id);
      expect((await t.app.inject({ method: 'GET', url: OPERATOR_API.deadLetters })).statusCode).toBe(401);

      t.app.ctx.providers.delivery = real;
      const retry = await t.app.inject({ method: 'POST', url: OPERATOR_API.claimRetry(claim!.id), headers: ops });
      expect(retry.statusCode).toBe(200);
      expect((retry.json() as OperatorClaimView).delivery).toMatchObject({ status: 'pending', attempts: 0 });
      await t.app.claimEngine.drain();
      v = await view(claim!.id);
      expect(v.status).toBe('sent');
      expect(v.history.map((h) => h.status)).toEqual(['received', 'claimed', 'failed', 'claimed', 'sent']);
      expect(v.history[3]!.actor).toBe('operator:claims-ops');
      expect(
        (await outbox('api', 'insurer:HANWHALIFE')).filter((m) => JSON.parse(m.body).claimId === claim!.id),
      ).toHaveLength(1);
      const again = await t.app.inject({ method: 'POST', url: OPERATOR_API.claimRetry(claim!.id), headers: ops });
      expect(again.statusCode).toBe(409);
    } finally {
      t.app.ctx.providers.delivery = real;
      clock.set(new Date('2026-06-15T03:00:00Z'));
    }
  });

  it('records the insurer answers: accepted → paid; rejected needs a reason; no going back', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: ['KYOBOLIFE', 'DBINSU'] });
    const [a, b] = await claimsOf(await feedAndDrain(who));
    const answer = (id: number, payload: object) =>
      t.app.inject({ method: 'POST', url: OPERATOR_API.claimStatus(id), headers: ops, payload });
    expect((await answer(a!.id, { status: 'accepted' })).statusCode).toBe(200);
    const paid = await answer(a!.id, { status: 'paid', paidAmount: 18_000 });
    expect(paid.json()).toMatchObject({ status: 'paid', paidAmount: 18_000 });
    expect((paid.json() as OperatorClaimView).history.map((h) => h.status)).toEqual([
      'received',
      'claimed',
      'sent',
      'accepted',
      'paid',
    ]);
    const back = await answer(a!.id, { status: 'accepted' });
    expect(back.statusCode).toBe(409);
    expect(problemOf(back).code).toBe('CLAIM_STATUS_CONFLICT');

    const noReason = await answer(b!.id, { status: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(problemOf(noReason).errors!.map((e) => e.field)).toContain('reason');
    const rejected = await answer(b!.id, { status: 'rejected', reason: '면책 기간 중 진료' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectReason: '면책 기간 중 진료' });
    expect((await answer(999_999, { status: 'paid', paidAmount: 1 })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: OPERATOR_API.claimStatus(b!.id), payload: { status: 'paid' } }))
        .statusCode,
    ).toBe(401);
  });
});

/** A page's content streams as they are in the file (still compressed): equal only when copied byte for byte. */
function contentOf(doc: PDFDocument, index: number): Buffer {
  const c = doc.getPage(index).node.Contents()!;
  const refs = c instanceof PDFArray ? c.asArray() : [c];
  return Buffer.concat(
    refs.map((r) => (doc.context.lookup(r as PDFRef) ?? r) as PDFRawStream).map((st) => Buffer.from(st.contents)),
  );
}

describe('fax delivery and the PDF package', () => {
  it('faxes the package with claim form, receipt, 위임장, 동의서 and the ID copy the insurer wants, hashing each', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: ['SAMSUNGLIFE'] });
    const jpeg = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#8899aa' } })
      .jpeg()
      .toBuffer();
    const png = await sharp({ create: { width: 90, height: 40, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    await sql`update subscription set idcard_img_enc = ${t.app.ctx.crypto.encrypt(jpeg.toString('base64'))},
      sign_img_enc = ${t.app.ctx.crypto.encrypt(png.toString('base64'))} where insu_apply_id = ${who.insuApplyId}`.execute(
      t.db.db,
    );
    const real = t.app.ctx.providers.delivery;
    let faxed: Uint8Array | undefined;
    t.app.ctx.providers.delivery = {
      ...sandboxDelivery({ now: () => clock.now(), faxInsurers: new Set(['SAMSUNGLIFE']) }),
      deliver: async (batch, outbox) => {
        faxed = batch[0]?.documents.find((d) => d.kind === 'package')?.body as Uint8Array;
        return sandboxDelivery({ now: () => clock.now(), faxInsurers: new Set(['SAMSUNGLIFE']) }).deliver(
          batch,
          outbox,
        );
      },
    };
    try {
      const [claim] = await claimsOf(await feedAndDrain(who));
      const v = await view(claim!.id);
      expect(v).toMatchObject({ status: 'sent', delivery: { channel: 'fax', status: 'sent' } });
      expect(v.documents.map((d) => d.kind).sort()).toEqual([
        'claim_form',
        'consent',
        'id_copy',
        'package',
        'power_of_attorney',
        'receipt',
      ]);
      expect(Buffer.from(faxed!).subarray(0, 5).toString()).toBe('%PDF-');
      const pkg = v.documents.find((d) => d.kind === 'package')!;
      expect(pkg.sha256).toBe(createHash('sha256').update(faxed!).digest('hex'));
      // Each face of the font embedded once in the whole package, subset (docs/documents.md, Fonts): the 위임장's and
      // 동의서's pages, copied in as stored, draw with the claim form's subset (the same glyphs of the same font).
      const doc = await PDFDocument.load(faxed!);
      expect(doc.getPageCount()).toBe(5);
      const fontFiles = doc.context
        .enumerateIndirectObjects()
        .filter(([, o]) => o instanceof PDFDict && o.has(PDFName.of('FontFile2')));
      expect(fontFiles).toHaveLength(2);
      // The budget: 80 KB for 4 pages (docs/performance.md, "Claim packages").
      expect(pkg.bytes).toBeLessThan(80_000);
      // The 위임장 and 동의서 pages are the stored documents' own: their content streams byte for byte, never drawn again.
      const files = await t.db.db
        .selectFrom('subscription')
        .select(['commissionBlobId', 'commissionSha256', 'consentBlobId', 'consentSha256'])
        .where('insuApplyId', '=', who.insuApplyId)
        .executeTakeFirstOrThrow();
      const stored = await Promise.all([
        t.app.ctx.blobs.get(files.commissionBlobId!, { sha256: files.commissionSha256! }),
        t.app.ctx.blobs.get(files.consentBlobId!, { sha256: files.consentSha256! }),
      ]);
      for (const [i, bytes] of stored.entries()) {
        const own = await PDFDocument.load(bytes);
        expect(own.getPageCount()).toBe(1);
        expect(contentOf(doc, SIGNED_PAGES_AT + i)).toEqual(contentOf(own, 0));
      }
      expect(v.documents.find((d) => d.kind === 'power_of_attorney')!.sha256).toBe(files.commissionSha256);
      expect(v.documents.find((d) => d.kind === 'consent')!.sha256).toBe(files.consentSha256);
      // The package as sent is in the blob store, named by its row with its hash; served from there after, unbuilt.
      const row = await t.db.db
        .selectFrom('claimDocument')
        .select(['fileBlobId', 'fileKeyId', 'sha256'])
        .where('claimId', '=', claim!.id)
        .where('kind', '=', 'package')
        .executeTakeFirstOrThrow();
      expect(row.fileKeyId).toBe(t.app.ctx.crypto.keyId);
      expect(Buffer.from(await t.app.ctx.blobs.get(row.fileBlobId!, { sha256: row.sha256 }))).toEqual(
        Buffer.from(faxed!),
      );
      const run = vi.spyOn(t.app.ctx.pdf, 'run');
      try {
        const served = await claimsTransaction(t.app.ctx).execute((tx) => storePackage(t.app.ctx, tx, claim!.id));
        expect(Buffer.from(served)).toEqual(Buffer.from(faxed!));
        expect(run).not.toHaveBeenCalled();
      } finally {
        run.mockRestore();
      }
      // The daily sweep keeps it (claims answer for their blobs, jobs/blob-sweep.ts).
      await sweepBlobs(t.app.ctx, { now: new Date(Date.now() + 2 * SWEEP_GRACE_MS) });
      expect(await t.app.ctx.blobs.get(row.fileBlobId!)).toBeDefined();
      const [fax] = (await outbox('fax', '05050000002')).filter((m) => JSON.parse(m.body).claimId === claim!.id);
      expect(fax).toBeDefined();
      // Deterministic: the same claim gives the same package, so a recorded hash can be checked again.
      // …and the 위임장 and 동의서 are never drawn again for it: one PDF job, the package's.
      const drawn = vi.spyOn(t.app.ctx.pdf, 'run');
      const again = await buildClaimPackage(t.app.ctx, t.db.db, claim!.id);
      const modules = drawn.mock.calls.map(([module]) => String(module));
      drawn.mockRestore();
      expect(modules).toEqual([String(PACKAGE_PDF)]);
      expect(createHash('sha256').update(again.pdf).digest('hex')).toBe(pkg.sha256);
    } finally {
      t.app.ctx.providers.delivery = real;
    }
  });
});

describe('the package on demand', () => {
  it('lets an operator download an API claim’s package, recording its hashes and the release', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: ['NHFIRE'] });
    const [claim] = await claimsOf(await feedAndDrain(who));
    const payload = { category: 'delivery_problem', reason: '보험사 API 접수 확인' };
    expect(
      (await t.app.inject({ method: 'POST', url: OPERATOR_API.claimPackage(claim!.id), payload })).statusCode,
    ).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: OPERATOR_API.claimPackage(claim!.id),
      headers: ops,
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const v = await view(claim!.id);
    expect(v.documents.find((d) => d.kind === 'package')?.sha256).toBe(
      createHash('sha256').update(res.rawPayload).digest('hex'),
    );
    const log = await t.db.db.selectFrom('accessLog').select('action').where('claimId', '=', claim!.id).execute();
    expect(log.map((l) => l.action)).toContain('released_to_operator');
    expect(
      (await t.app.inject({ method: 'POST', url: OPERATOR_API.claimPackage(999_999), headers: ops, payload }))
        .statusCode,
    ).toBe(404);
  });
});

describe('pg-boss workers', () => {
  it('run the engine on their own after a feed', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: ['MERITZFIRE'] });
    await t.app.claimEngine.start({ workers: true });
    const recordId = (await feed([treatmentRecord(who)])).results[0]!.recordId;
    const deadline = Date.now() + 15_000;
    let status: string | undefined;
    while (Date.now() < deadline) {
      status = (await claimsOf(recordId))[0]?.status;
      if (status === 'sent' && (await outbox('kakao', who.userTel)).length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe('sent');
    expect(await outbox('kakao', who.userTel)).toHaveLength(1);
  });
});
