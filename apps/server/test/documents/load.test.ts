// One patient cannot slow the server through the documents (위임장, 동의서). The attack: a 4096×4096 signature PNG (a
// few strokes: it compresses to ~100 KB, under MAX_SIGNATURE_BYTES), which pdf-lib decoded in JavaScript on the main
// thread on every document call (about 5 s a call on the 2-core development machine), with no rate limit, so a
// burst held /healthz for many seconds. Now a signature is refused above what a pad can draw and stored at the pad's
// size, one stored large before is fitted where it is used, the calls are rate-limited per patient and per address,
// and PDFs are made in worker threads (documents/workers.ts) while /healthz answers.
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@auto-claim/contract';
import { build, problemOf, verifyPatient, type TestApp } from '../helper.js';
import { dataUrl, images, regFor, type Images, type Verified } from '../../fixtures/enrolment.js';

let t: TestApp;
let img: Images;

/** A few strokes on a transparent 4096×4096 pad. */
const strokes = (width: number, height: number, stroke: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 300 120">` +
        `<path d="M20 80 C 60 10, 90 110, 130 50 S 200 20, 280 70" stroke="#111" stroke-width="${stroke}" fill="none"/>` +
        `<path d="M40 100 L 260 95" stroke="#111" stroke-width="${stroke}"/></svg>`,
    ),
  )
    .png({ compressionLevel: 9 })
    .toBuffer();

let attack: Buffer;
beforeAll(async () => {
  t = await build();
  img = await images();
  attack = await strokes(4096, 4096, 2);
});
afterAll(() => t?.close());

let ipSeq = 0;
const freshIp = () => `127.7.${(++ipSeq >> 8) & 255}.${ipSeq & 255}`;
const post = (v: Verified, url: string, payload: unknown, remoteAddress = freshIp()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie: v.cookie }, remoteAddress });

async function subscribed(signImg?: Buffer) {
  const v = await verifyPatient(t);
  const res = await post(
    v,
    API.subscriptions,
    await regFor(t, v, img, signImg ? { signImg: dataUrl('image/png', signImg) } : {}),
  );
  expect(res.statusCode, res.body).toBe(201);
  const insuApplyId = (res.json() as { subscription: { insuApplyId: string } }).subscription.insuApplyId;
  return { v, insuApplyId };
}

const storedSignature = async (insuApplyId: string) => {
  const row = (
    await sql<{
      signImgBlobId: string;
      signImgSha256: string;
    }>`select sign_img_blob_id, sign_img_sha256 from subscription where insu_apply_id = ${insuApplyId}`.execute(t.db.db)
  ).rows[0]!;
  return t.app.ctx.blobs.get(row.signImgBlobId, { sha256: row.signImgSha256 });
};

/** As a subscription stored it before signatures were fitted on arrival, and before the blob store. */
const storeLarge = (insuApplyId: string, png: Buffer) =>
  sql`update subscription set sign_img_enc = ${t.app.ctx.crypto.encrypt(png.toString('base64'))},
        sign_img_blob_id = null, sign_img_sha256 = null, sign_img_key_id = null
      where insu_apply_id = ${insuApplyId}`.execute(t.db.db);

/** Width × height of every image a PDF embeds. */
async function embeddedImages(pdf: Buffer) {
  const doc = await PDFDocument.load(pdf);
  return doc.context
    .enumerateIndirectObjects()
    .flatMap(([, o]) =>
      o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')
        ? [
            [
              (o.dict.get(PDFName.of('Width')) as PDFNumber).asNumber(),
              (o.dict.get(PDFName.of('Height')) as PDFNumber).asNumber(),
            ],
          ]
        : [],
    );
}

const timed = async <T>(f: () => Promise<T>) => {
  const t0 = performance.now();
  const r = await f();
  return { r, ms: Math.round(performance.now() - t0) };
};

describe('the signature', () => {
  it('refuses a 4096×4096 signature on the document call and on subscribing (400 naming signImg), before decoding it', async () => {
    expect(attack.length).toBeLessThan(256 * 1024);
    const v = await verifyPatient(t);
    const { r: doc, ms } = await timed(() =>
      post(v, API.documentAgree, {
        hospitalCd: '90000001',
        insuCompCd: 'SAMSUNGFIRE',
        signImg: dataUrl('image/png', attack),
      }),
    );
    expect(doc.statusCode).toBe(400);
    expect(problemOf(doc)).toMatchObject({
      code: 'IMAGE_TOO_MANY_PIXELS',
      detail: '서명 이미지의 해상도가 너무 높아요. 서명 칸에 다시 서명해 주세요.',
      errors: [{ field: 'signImg' }],
    });
    console.info(`documents-load: a document call with a 4096×4096 signature is refused in ${ms} ms`);
    const sub = await post(v, API.subscriptions, await regFor(t, v, img, { signImg: dataUrl('image/png', attack) }));
    expect(sub.statusCode).toBe(400);
    expect(problemOf(sub)).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS', errors: [{ field: 'signImg' }] });
  });

  it('stores what a pad at a device pixel ratio of 3 draws (1680×660) at the pad’s size, 560×220', async () => {
    const { insuApplyId } = await subscribed(await strokes(1680, 660, 5));
    const meta = await sharp(await storedSignature(insuApplyId)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 560, 220]);
  });

  it('draws a signature stored large before at the pad’s size, and the document call stays fast', async () => {
    const { v, insuApplyId } = await subscribed();
    await storeLarge(insuApplyId, attack);
    // The first call starts the PDF worker thread (and reads the fonts): not what is measured.
    expect((await post(v, API.documentCommission, { insuApplyId })).statusCode).toBe(200);
    const runs = [];
    for (let i = 0; i < 3; i++) {
      // Not made yet, so the call draws them (a kept one would be served as it is, drawing nothing).
      await sql`update subscription set commission_sha256 = null, consent_sha256 = null, commission_blob_id = null,
        consent_blob_id = null where insu_apply_id = ${insuApplyId}`.execute(t.db.db);
      const { r, ms } = await timed(() => post(v, API.documentAgree, { insuApplyId }));
      expect(r.statusCode).toBe(200);
      // Square, so fitted into 560×220 it is 220×220 (the image and its transparency mask).
      expect(await embeddedImages(r.rawPayload)).toEqual([
        [220, 220],
        [220, 220],
      ]);
      runs.push(ms);
    }
    console.info(`documents-load: 동의서 with a signature stored at 4096×4096: ${runs.join(', ')} ms`);
    // Before: pdf-lib decoded 16 million pixels on every call, 4.6–6.2 s each on this machine. On CI the PostgreSQL
    // run shares two cores with the browser tests (.ci/run), where the fastest of three has taken 2.9 s: the bound
    // there is 4 s, still under the old cost on an idle machine; the embedded images' size above is the exact check.
    expect(Math.min(...runs)).toBeLessThan(process.env.CI ? 4_000 : 2_000);
  });
});

describe('rate limits of the document calls', () => {
  // A call is counted when it arrives (after the session check), so refused bodies (400) count too and cost no PDF.
  it('holds one patient to 20 document calls in 10 minutes, whichever address and document', async () => {
    const v = await verifyPatient(t);
    for (let i = 0; i < 20; i++) {
      const res = await post(v, i % 2 ? API.documentAgree : API.documentCommission, { retroMonth: -1 });
      expect(res.statusCode).toBe(400);
    }
    const res = await post(v, API.documentAgree, { hospitalCd: '90000001', insuCompCd: 'SAMSUNGFIRE' });
    expect(res.statusCode).toBe(429);
    expect(problemOf(res)).toMatchObject({
      code: 'RATE_LIMITED',
      detail: '요청이 너무 많아요. 잠시 후 다시 시도해 주세요.',
    });
    // Another patient is not held by it.
    const other = await verifyPatient(t);
    expect(
      (await post(other, API.documentAgree, { hospitalCd: '90000001', insuCompCd: 'SAMSUNGFIRE' })).statusCode,
    ).toBe(200);
  });

  it('holds one address to 60 calls of a document in 10 minutes, whichever patients', async () => {
    const ip = freshIp();
    const people = [await verifyPatient(t), await verifyPatient(t), await verifyPatient(t), await verifyPatient(t)];
    for (let i = 0; i < 60; i++) {
      expect((await post(people[i % 3]!, API.documentAgree, { retroMonth: -1 }, ip)).statusCode).toBe(400);
    }
    const res = await post(people[3]!, API.documentAgree, { hospitalCd: '90000001', insuCompCd: 'SAMSUNGFIRE' }, ip);
    expect(res.statusCode).toBe(429);
    expect(problemOf(res).code).toBe('RATE_LIMITED');
    // The same patient from another address is served.
    expect(
      (await post(people[3]!, API.documentAgree, { hospitalCd: '90000001', insuCompCd: 'SAMSUNGFIRE' })).statusCode,
    ).toBe(200);
  });
});

describe('PDFs off the event loop', () => {
  it('keeps /healthz answering while a burst of document calls is made', { timeout: 120_000 }, async () => {
    // The worst case: documents whose stored signature is 4096×4096 (each a call that took ~5 s of main thread).
    const subs = [await subscribed(), await subscribed()];
    for (const s of subs) await storeLarge(s.insuApplyId, attack);
    // The worker thread started and warm, as in a running server.
    expect((await post(subs[0]!.v, API.documentCommission, { insuApplyId: subs[0]!.insuApplyId })).statusCode).toBe(
      200,
    );

    // Each probe's wait is the time since the previous answer: a request that arrives just after it waits for
    // whatever the event loop runs in between (a probe alone would not see a PDF made between two probes). Beside the
    // wall-clock wait, the main thread's own CPU time in that interval: on a 2-core machine shared with other jobs the
    // wall clock also counts the turns the OS gives others (waits of a few hundred ms with 2–5 ms of our CPU were
    // seen), while the CPU time is the event loop's own work, which a PDF made on it would fill for seconds.
    const waits: number[] = [];
    const work: number[] = [];
    const cpuMs = () => {
      const c = process.threadCpuUsage();
      return (c.user + c.system) / 1000;
    };
    let done = false;
    const burst = Promise.all(
      Array.from({ length: 8 }, (_, i) => {
        const s = subs[i % subs.length]!;
        return post(s.v, i % 2 ? API.documentAgree : API.documentCommission, { insuApplyId: s.insuApplyId });
      }),
    ).finally(() => (done = true));
    const started = performance.now();
    let last = started;
    let lastCpu = cpuMs();
    while (!done) {
      // Yield to the calls in flight between probes (one probe per turn of the event loop, not a busy loop).
      await new Promise((r) => setImmediate(r));
      const res = await t.app.inject('/healthz');
      expect(res.statusCode).toBe(200);
      const now = performance.now();
      const cpu = cpuMs();
      waits.push(now - last);
      work.push(cpu - lastCpu);
      last = now;
      lastCpu = cpu;
    }
    const answers = await burst;
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const stats = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!.toFixed(1);
      return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1)!.toFixed(1) };
    };
    const wall = stats(waits);
    const own = stats(work);
    console.info(
      `documents-load: burst of 8 document calls in ${Math.round(performance.now() - started)} ms; ` +
        `${waits.length} /healthz probes; wait p50 ${wall.p50} / p99 ${wall.p99} / max ${wall.max} ms; ` +
        `event-loop CPU between answers p50 ${own.p50} / p99 ${own.p99} / max ${own.max} ms`,
    );
    expect(waits.length).toBeGreaterThan(50);
    // Under 100 ms at p99 is the target; the main thread's own work between two answers gets headroom (1 s), where
    // the same burst made on the main thread spent seconds of it in one go (pdf-lib decoding 16 million pixels).
    expect(Number(own.p99)).toBeLessThan(100);
    expect(Number(own.max)).toBeLessThan(1_000);
    // And what a client sees, loosely: the wall clock also counts the machine's other jobs (p99 70–175 ms was seen at
    // load average 15–20 on 2 cores); on the main thread the same burst kept probes waiting over a minute.
    expect(Number(wall.p99)).toBeLessThan(1_000);
  });
});
