// The typed client generated from the hospitals' API document (packages/hospital-client), used as a hospital's
// system would: over real HTTP on loopback, with its API key. If the document and the server disagree, this stops
// compiling or fails: the document is proven by use (docs/hospital-integration.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHospitalClient, type TreatmentRecord } from '@auto-claim/hospital-client';
import { createSubscriber } from '../../../fixtures/factories.js';
import { build, type TestApp } from '../../helper.js';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await build();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t?.close();
});

describe('the hospital client generated from /hospital/openapi.json', () => {
  it('sends records with the hospital key and reads the typed answer; a resend is a duplicate', async () => {
    const who = await createSubscriber(t.app.ctx);
    const record: TreatmentRecord = {
      receiptNo: `HC-${Date.now()}`,
      patient: { name: who.userNm, birthDate: who.birthDate, ci: who.ci },
      visitDate: '20260610',
      visitType: '외래',
      department: '내과',
      kcdCodes: ['J00'],
      coveredCopay: 12_000,
      uncovered: 8_000,
      totalPaid: 20_000,
    };
    const hospital = createHospitalClient({ baseUrl, apiKey: 'sandbox-90000001' });
    const first = await hospital.POST('/hospital/api/v1/treatments', { body: { records: [record] } });
    expect(first.response.status).toBe(200);
    expect(first.data).toMatchObject({ created: 1, results: [{ receiptNo: record.receiptNo, status: 'created' }] });
    const again = await hospital.POST('/hospital/api/v1/treatments', { body: { records: [record] } });
    expect(again.data).toMatchObject({ created: 0, duplicates: 1 });
  });

  it('reads a refusal as the documented problem, with its code', async () => {
    const stranger = createHospitalClient({ baseUrl, apiKey: 'not-a-key' });
    const res = await stranger.POST('/hospital/api/v1/treatments', { body: { records: [] } });
    expect(res.response.status).toBe(401);
    expect(res.response.headers.get('content-type')).toContain('application/problem+json');
    expect(res.error).toMatchObject({ status: 401, code: 'HOSPITAL_KEY_INVALID' });
    expect(res.error?.detail).toMatch(/\p{Script=Hangul}/u);
  });
});
