// How the server serves (docs/performance.md, "Server: serving and hot paths"): the SPA's files in the compressed form
// the browser accepts, a missing file as 404 (never the page as script), JSON of 1 KB or more compressed, the reference
// answers from memory with an ETag (304 while unchanged, the new data once an operator changed it, in this process
// and, on PostgreSQL, in another one), and one log line per request. On PGlite, or (DATABASE_URL) PostgreSQL.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDb } from '../../src/db/index.js';
import {
  build,
  openTestDb,
  problemOf,
  signInOperator,
  TEST_CONFIG,
  throwawayDatabase,
  type TestApp,
  testLogStream,
} from '../helper.js';

/** A build as Vite makes it: hashed assets with .br/.gz copies, the two pages, and a small file without copies. */
const dist = mkdtempSync(path.join(os.tmpdir(), 'serving-dist-'));
const SCRIPT = `console.log(${JSON.stringify('자동청구 '.repeat(400))});\n`;
const INDEX = `<!doctype html><html lang="ko"><head><title>자동청구 serving test</title></head><body>${'<p>안내</p>'.repeat(80)}</body></html>`;
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), INDEX);
writeFileSync(path.join(dist, 'ops.html'), '<!doctype html><title>운영 콘솔 serving test</title>');
writeFileSync(path.join(dist, 'assets/app-Ab12Cd34.js'), SCRIPT);
writeFileSync(path.join(dist, 'assets/app-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(path.join(dist, 'assets/app-Ab12Cd34.js.gz'), gzipSync(SCRIPT));

let t: TestApp;
beforeAll(async () => {
  t = await build({ config: { webDist: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const decoded = (res: { headers: Record<string, unknown>; rawPayload: Buffer }) => {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (enc === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
};
const varyOf = (res: { headers: Record<string, unknown> }) => String(res.headers.vary ?? '').toLowerCase();

describe('the SPA’s files, compressed at build time', () => {
  it.each(['br', 'gzip'])('sends a hashed asset as %s to a browser that accepts it, immutable', async (enc) => {
    const res = await t.app.inject({
      url: '/ui/insu/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': enc === 'br' ? 'gzip, deflate, br' : 'gzip, deflate' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(enc);
    expect(varyOf(res)).toContain('accept-encoding');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 3);
    expect(decoded(res)).toBe(SCRIPT);
  });

  it('sends the file itself to a client that accepts no compression, still saying it varies', async () => {
    const res = await t.app.inject({
      url: '/ui/insu/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varyOf(res)).toContain('accept-encoding');
    expect(res.body).toBe(SCRIPT);
  });

  it('sends the app’s page (a screen of spec §2) compressed, never kept', async () => {
    // A landing of a known hospital carries the hospital in its page (landing-data.ts); any other screen is the page
    // as built. Both go compressed as the browser accepts.
    const landing =
      /^(.*<\/title>)(?:<link rel="preload" as="image" [^>]*>)?<script type="application\/json" id="landing-hospital">\{.*"hospitalCd":"90000001".*\}<\/script>(<\/head>.*)$/s;
    const asBuilt = (body: string) => body.replace(landing, '$1$2');
    for (const url of ['/ui/insu/vuex/auto-claim/introduce/90000001', '/ui/insu/vuex/auto-claim/security/jumin']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe('br');
      expect(varyOf(res)).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(asBuilt(decoded(res)), url).toBe(INDEX);
    }
    expect(
      decoded(
        await t.app.inject({
          url: '/ui/insu/vuex/auto-claim/introduce/90000001',
          headers: { 'accept-encoding': 'br' },
        }),
      ),
    ).toMatch(landing);
    const gz = await t.app.inject({ url: '/ui/insu/vuex/auto-claim/', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(INDEX);
    const plain = await t.app.inject('/ui/insu/vuex/auto-claim/90000001');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(landing);
    expect(asBuilt(plain.body)).toBe(INDEX);
  });
});

describe('a file that is not there', () => {
  it.each([
    '/ui/insu/assets/nope.js',
    '/ui/insu/assets/index-OldHash1.css',
    '/ui/insu/assets/whatever',
    '/ui/insu/favicon.png',
    '/ui/insu/vuex/auto-claim/main.js.map',
    '/ops/assets/ops-OldHash1.js',
    '/ops/logo.svg',
  ])('answers 404 problem for %s, never the page', async (url) => {
    const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(problemOf(res)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(res.body).not.toContain('<html');
  });

  it('still answers the pages for the screens and the console', async () => {
    for (const url of ['/ui/insu/vuex/auto-claim/web/complete?type=idSubmit', '/ui/insu/vuex/auto-claim/excute']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
    }
    const ops = await t.app.inject('/ops/hospitals/90000001');
    expect(ops.body).toContain('운영 콘솔 serving test');
  });
});

describe('JSON answers compressed on the fly', () => {
  it('compresses one of 1 KB or more as brotli, else gzip, and says it varies', async () => {
    const br = await t.app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varyOf(br)).toContain('accept-encoding');
    expect(JSON.parse(decoded(br)).openapi).toMatch(/^3\./);
    const gz = await t.app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gz)).openapi).toMatch(/^3\./);
    const none = await t.app.inject('/openapi.json');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json().openapi).toMatch(/^3\./);
  });

  it('sends one under 1 KB as it is, and a problem stays a readable problem', async () => {
    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
    const missing = await t.app.inject({
      url: '/ui/insu/v1/claims/hospitals/12345678',
      headers: { 'accept-encoding': 'br' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(problemOf(missing)).toMatchObject({ code: 'HOSPITAL_NOT_FOUND' });
    const bad = await t.app.inject({ url: '/ui/insu/v1/claims/hospitals/abc', headers: { 'accept-encoding': 'br' } });
    expect(problemOf({ headers: bad.headers, json: () => JSON.parse(decoded(bad)) })).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('reference data from memory, with an ETag', () => {
  it('answers 304 to a matching If-None-Match, and the list compressed', async () => {
    const first = await t.app.inject('/ui/insu/v1/claims/hospitals/90000001');
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      url: '/ui/insu/v1/claims/hospitals/90000001',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const list = await t.app.inject({ url: '/ui/insu/v1/claims/hospitals', headers: { 'accept-encoding': 'br' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(varyOf(list)).toContain('accept-encoding');
    const body = JSON.parse(decoded(list)) as { list: { hospitalCd: string }[]; total: number };
    expect(body.list.map((h) => h.hospitalCd)).toContain('90000001');
    // The same answer either way, so the same ETag.
    const plain = await t.app.inject('/ui/insu/v1/claims/hospitals');
    expect(plain.headers.etag).toBe(list.headers.etag);
    expect(plain.json()).toEqual(body);
  });

  it('gives a stale ETag the new data once an operator changed the hospital', async () => {
    const url = '/ui/insu/v1/claims/hospitals/90000001';
    const before = await t.app.inject(url);
    const etag = String(before.headers.etag);
    const listBefore = await t.app.inject('/ui/insu/v1/claims/hospitals');
    const admin = await signInOperator(t, 'admin');
    const current = await t.app.inject({ url: '/api/admin/hospitals/90000001', headers: admin.headers });
    const { hospitalCd: _cd, isDemo: _demo, ...fields } = current.json() as Record<string, unknown>;
    const hospitalNm = `새이름병원 ${Date.now() % 1000}`;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/hospitals/90000001',
      headers: admin.headers,
      payload: { ...fields, hospitalNm },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().hospitalNm).toBe(hospitalNm);
    expect(after.headers.etag).not.toBe(etag);
    const listAfter = await t.app.inject({
      url: '/ui/insu/v1/claims/hospitals',
      headers: { 'if-none-match': String(listBefore.headers.etag) },
    });
    expect(listAfter.statusCode).toBe(200);
    expect(JSON.stringify(listAfter.json())).toContain(hospitalNm);
  });

  it('sees a change made straight in the database (NOTIFY on commit)', async () => {
    const url = '/ui/insu/v1/claims/banks';
    const before = await t.app.inject(url);
    const etag = String(before.headers.etag);
    const { bankCd } = (before.json() as { list: { bankCd: string }[] }).list[0]!;
    await t.db.db.updateTable('bank').set({ bankNm: '바뀐은행' }).where('bankCd', '=', bankCd).execute();
    await expect
      .poll(async () => (await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode, { timeout: 5000 })
      .toBe(200);
    expect(JSON.stringify((await t.app.inject(url)).json())).toContain('바뀐은행');
  });
});

describe('the request log', () => {
  // An app of its own (with a logger): its start takes a while on a busy machine.
  it(
    'writes one line per request: method, route pattern, status, ms; no URL, header or body',
    { timeout: 60_000 },
    async () => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      });
      const { db, close } = await openTestDb();
      const app = await buildApp({ config: { ...TEST_CONFIG, logLevel: 'info' }, db, logStream: stream });
      try {
        await app.ready();
        lines.length = 0;
        const res = await app.inject({
          url: '/ui/insu/v1/claims/hospitals/90000001?userNm=%ED%99%8D%EA%B8%B8%EB%8F%99',
          headers: { cookie: 'secret-cookie=abc' },
        });
        expect(res.statusCode).toBe(200);
        const post = await app.inject({
          method: 'POST',
          url: '/auth/rest/nice/userAuth',
          payload: { custName: '홍길동', korRegId: '8501011', custHp: '01000001234', telecomType: '1' },
        });
        expect(post.statusCode).toBeGreaterThanOrEqual(400);
        const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
        const requests = parsed.filter((l) => l.msg === 'request');
        expect(requests).toHaveLength(2);
        expect(parsed).toHaveLength(2);
        expect(requests[0]).toMatchObject({
          level: 30,
          method: 'GET',
          route: '/ui/insu/v1/claims/hospitals/:hospitalCd',
          status: 200,
        });
        expect(typeof requests[0]!.ms).toBe('number');
        expect(requests[0]!.reqId).toBeDefined();
        expect(requests[1]).toMatchObject({
          method: 'POST',
          route: '/auth/rest/nice/userAuth',
          status: post.statusCode,
        });
        const text = lines.join('\n');
        for (const s of ['90000001', '홍길동', 'userNm', 'secret-cookie', '01000001234', '8501011']) {
          expect(text).not.toContain(s);
        }
      } finally {
        await app.close();
        await close();
      }
    },
  );
});

// A second process on the same PostgreSQL changes a hospital; the first hears it by LISTEN/NOTIFY. PGlite is one
// process's own database: there is no second process to hear from.
const baseUrl = process.env.DATABASE_URL;
describe.skipIf(!baseUrl)('two app instances on one PostgreSQL (skipped on PGlite: one process only)', () => {
  it('drops the first instance’s held answer when the second one changes the data', { timeout: 60_000 }, async () => {
    const tmp = await throwawayDatabase(baseUrl!, { migrated: true });
    const dbA = await openDb({ databaseUrl: tmp.url });
    const dbB = await openDb({ databaseUrl: tmp.url });
    const a = await buildApp({ config: TEST_CONFIG, db: dbA, logStream: testLogStream });
    const b = await buildApp({ config: TEST_CONFIG, db: dbB, logStream: testLogStream });
    try {
      const url = '/ui/insu/v1/claims/hospitals/90000001';
      const before = await a.inject(url);
      const etag = String(before.headers.etag);
      expect((await a.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
      const admin = await signInOperator({ app: b, db: dbB, close: async () => {} }, 'admin');
      const {
        hospitalCd: _cd,
        isDemo: _demo,
        ...fields
      } = (await b.inject({ url: '/api/admin/hospitals/90000001', headers: admin.headers })).json() as Record<
        string,
        unknown
      >;
      const put = await b.inject({
        method: 'PUT',
        url: '/api/admin/hospitals/90000001',
        headers: admin.headers,
        payload: { ...fields, hospitalNm: '다른프로세스병원' },
      });
      expect(put.statusCode, put.body).toBe(200);
      await expect
        .poll(async () => (await a.inject({ url, headers: { 'if-none-match': etag } })).statusCode, { timeout: 5000 })
        .toBe(200);
      expect((await a.inject(url)).json().hospitalNm).toBe('다른프로세스병원');
    } finally {
      await a.close();
      await b.close();
      await dbA.close();
      await dbB.close();
      await tmp.drop();
    }
  });
});
