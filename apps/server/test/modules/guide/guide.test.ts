// The KR 실손 Claim guide served by the product: the page (public, no script, every example linked) and each example
// bundle as JSON, the same bytes as fhir/ig/examples.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSPITAL_API, HOSPITAL_GUIDE } from '@auto-claim/contract';
import { build, problemOf, type TestApp } from '../../helper.js';

const examples = path.resolve(import.meta.dirname, '../../../../../fhir/ig/examples');
const names = readdirSync(examples)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t?.close();
});

describe('the guide page', () => {
  it('is served as Korean HTML with no script, the one-command start and a link to every example', async () => {
    const res = await t.app.inject({ method: 'GET', url: HOSPITAL_GUIDE.page });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    expect(html).toContain('<html lang="ko">');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('한 번의 명령으로 시작하기');
    expect(html).toContain('npx auto-claim-kit send --from packages/hospital-client/examples/emr-export');
    expect(html).toContain(`POST ${t.app.ctx.config.publicUrl ?? 'http://localhost:3000'}${HOSPITAL_API.fhirBundle}`);
    // The guide's own text, rendered (its tables and rules).
    expect(html).toContain('<code>http://www.hl7korea.or.kr/Identifier/hira-krnpi</code>');
    expect(html).toContain('원 미만 절사');
    expect(names).toHaveLength(10);
    for (const name of names) expect(html).toContain(`href="${HOSPITAL_GUIDE.example(name)}"`);
  });

  it('serves each example as the JSON the repository holds, as a download', async () => {
    for (const name of names) {
      const res = await t.app.inject({ method: 'GET', url: HOSPITAL_GUIDE.example(name) });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}.json"`);
      expect(res.body).toBe(readFileSync(path.join(examples, `${name}.json`), 'utf8'));
    }
  });

  it('answers 404 with a Korean problem for an example that does not exist', async () => {
    for (const url of [HOSPITAL_GUIDE.example('nope'), '/hospital/guide/examples/..%2FREADME.md']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(problemOf(res).detail).toMatch(/\p{Script=Hangul}/u);
    }
  });
});
