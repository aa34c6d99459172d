// The landings' index.html carries their hospital as a JSON data block (http/landing-data.ts), so the first screen
// needs no second round trip; safe against a name that tries to close the script element; none for an unknown code.
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROOT } from '@auto-claim/contract';
import { build, type TestApp, expectLog } from '../helper.js';

const BLOCK = /<script type="application\/json" id="landing-hospital">([^<]*)<\/script>/;

describe('landing data inlined into index.html', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it.each([`${APP_ROOT}/introduce/90000001`, `${APP_ROOT}/90000001`])(
    '%s carries the hospital as the hospital call answers it',
    async (url) => {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const inlined = JSON.parse(BLOCK.exec(page.body)![1]!);
      const api = await t.app.inject({ method: 'GET', url: '/ui/insu/v1/claims/hospitals/90000001' });
      expect(inlined).toEqual(api.json());
      expect(inlined.hospitalCd).toBe('90000001');
      // Its picture, the landing's largest paint, is fetched with the scripts.
      expect(page.body).toContain(
        `<link rel="preload" as="image" href="${inlined.hospitalThumbnail}" fetchpriority="high">`,
      );
      // A data block is not executed: the CSP with no inline script still holds, unchanged.
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    },
  );

  it('a hospital name containing </script> cannot leave the data block', async () => {
    const name = '</script><script>alert(1)</script><!-- 병원';
    await t.db.db.updateTable('hospital').set({ hospitalNm: name }).where('hospitalCd', '=', '90000002').execute();
    const page = await t.app.inject({ method: 'GET', url: `${APP_ROOT}/introduce/90000002` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<!--');
    expect(page.body.match(/<\/script>/g)?.length).toBe(page.body.match(/<script\b/g)?.length);
    expect(JSON.parse(BLOCK.exec(page.body)![1]!).hospitalNm).toBe(name);
  });

  it.each([`${APP_ROOT}/introduce/99999999`, `${APP_ROOT}/99999999`, `${APP_ROOT}/`, `${APP_ROOT}/identity`])(
    '%s: the page as built, no data inlined',
    async (url) => {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.body).not.toContain('landing-hospital');
      expect(page.body).not.toContain('as="image"');
    },
  );

  describe("drawn by the server (the web build's render; fixtures/dist-ssr stands in for it)", () => {
    it("a known hospital's landing comes drawn, with its data and picture", async () => {
      const page = await t.app.inject({
        method: 'GET',
        url: `${APP_ROOT}/90000003`,
        headers: { 'accept-encoding': 'br' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      const html = brotliDecompressSync(page.rawPayload).toString('utf8');
      const { hospitalNm, hospitalThumbnail } = JSON.parse(BLOCK.exec(html)![1]!);
      expect(html).toContain(`<div id="root"><main class="layout-empty"><h1>${hospitalNm}</h1>`);
      expect(html).toContain(`<link rel="preload" as="image" href="${hospitalThumbnail}" fetchpriority="high">`);
      // It paints before the app's code is asked for: the page names no chunk to preload, and the boot script
      // (apps/web/src/boot.ts) preloads the list the page carries once the landing is on screen.
      expect(html).toContain('<script type="module" src="/ui/insu/assets/app.js"></script>');
      expect(html).not.toContain('modulepreload');
      const after = /<script type="application\/json" id="after-paint">([^<]*)<\/script>/.exec(html);
      expect(JSON.parse(after![1]!)).toEqual(['/ui/insu/assets/main.js', '/ui/insu/assets/framework.js']);
    });

    it('the inner landing comes drawn; an unknown code and other screens do not', async () => {
      const inner = await t.app.inject({ method: 'GET', url: `${APP_ROOT}/` });
      expect(inner.body).toContain('<div id="root"><main class="layout-empty"><h1>자동청구</h1>');
      for (const url of [`${APP_ROOT}/99999999`, `${APP_ROOT}/identity`]) {
        const page = await t.app.inject({ method: 'GET', url });
        expect(page.body).toContain('<div id="root"></div>');
        // Nothing to show before the app: its code is preloaded with the page, and no list waits for a paint.
        expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/ui/insu/assets/main.js">');
        expect(page.body).not.toContain('after-paint');
      }
    });

    it('a change to the hospital shows at once; a render that fails leaves the page undrawn, never broken', async () => {
      const url = `${APP_ROOT}/90000004`;
      await t.app.inject({ method: 'GET', url });
      await t.db.db
        .updateTable('hospital')
        .set({ hospitalNm: '새이름병원' })
        .where('hospitalCd', '=', '90000004')
        .execute();
      expect((await t.app.inject({ method: 'GET', url })).body).toContain('<h1>새이름병원</h1>');

      await t.db.db
        .updateTable('hospital')
        .set({ hospitalNm: '렌더 실패 병원' })
        .where('hospitalCd', '=', '90000004')
        .execute();
      // The operator hears of it: the render's failure is a warning in the log.
      expectLog({ level: 'warn', msg: 'landing server render failed; the page goes undrawn' });
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(JSON.parse(BLOCK.exec(page.body)![1]!).hospitalNm).toBe('렌더 실패 병원');
    });
  });
});
