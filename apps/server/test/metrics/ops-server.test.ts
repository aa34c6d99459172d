// The signals an operations team runs the product by (docs/operations.md, "Signals"): the ops listener's /metrics,
// /healthz and /readyz; answer times by route pattern; calls to providers by kind and vendor; deliveries by channel and
// outcome; queue depth and age. Nothing of it on the public port, and no personal data in any label.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import { createContext } from '../../src/create-context.js';
import { createMetrics } from '../../src/metrics.js';
import { listenOps, type OpsListener } from '../../src/ops-server.js';
import { readiness } from '../../src/app.js';
import { createSubscriber, treatmentRecord } from '../../fixtures/factories.js';
import { build, TEST_CONFIG, testClock, testLogger, verifyPatient, type TestApp } from '../helper.js';

let t: TestApp;
let ops: OpsListener;
const url = (p: string) => `http://127.0.0.1:${ops.port}${p}`;

// Noon in Seoul: the 알림톡 goes out at once (messages wait for the morning at night).
const noon = new Date(`${new Date().toISOString().slice(0, 10)}T03:00:00Z`);

beforeAll(async () => {
  t = await build({ clock: testClock(noon) });
  ops = await listenOps({
    port: 0,
    host: '127.0.0.1',
    metrics: t.app.ctx.metrics,
    ready: () => readiness(t.app.ctx, t.app.jobs, t.db.kind),
  });
});
afterAll(async () => {
  await ops.close();
  await t.close();
});

describe('the ops listener', () => {
  it('answers health and readiness; the queue counts once the engine runs', async () => {
    expect(await (await fetch(url('/healthz'))).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(url('/readyz'))).json()).toMatchObject({ ok: true, queue: false });
    await t.app.claimEngine.start();
    expect(await (await fetch(url('/readyz'))).json()).toMatchObject({ ok: true, queue: true });
    // The public port's answer names nothing behind it; the ops listener's does.
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok' });
  });

  it('measures answers by route pattern, provider calls by kind and vendor, deliveries by channel', async () => {
    const patient = await verifyPatient(t);
    await t.app.inject({
      url: `${API.addresses}?keyword=${encodeURIComponent('세종대로')}`,
      headers: { cookie: patient.cookie },
    });
    const sub = await createSubscriber(createContext({ db: t.db.db, config: TEST_CONFIG, log: testLogger() }), {
      contractStartDate: '20200101',
    });
    const today = noon.toISOString().slice(0, 10).replaceAll('-', '');
    const fed = await t.app.inject({
      method: 'POST',
      url: HOSPITAL_API.treatments,
      headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
      payload: { records: [treatmentRecord(sub, { receiptNo: 'OPS-1', visitDate: today })] },
    });
    expect(fed.statusCode).toBeLessThan(300);
    await t.app.claimEngine.drain();

    const res = await fetch(url('/metrics'));
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      new RegExp(`autoclaim_http_request_duration_seconds_count\\{[^}]*route="${API.addresses}"[^}]*status="200"`),
    );
    expect(text).toMatch(/autoclaim_provider_call_duration_seconds_count\{[^}]*kind="identity",vendor="sandbox"/);
    expect(text).toMatch(/autoclaim_provider_call_duration_seconds_count\{[^}]*kind="address",vendor="sandbox"/);
    expect(text).toMatch(/autoclaim_deliveries_total\{[^}]*channel="api",outcome="sent"[^}]*\} 1/);
    expect(text).toMatch(/autoclaim_notifications_total\{[^}]*channel="(kakao|sms)",outcome="sent"/);
    expect(text).toMatch(/autoclaim_queue_depth\{[^}]*queue="records_to_match"[^}]*\} 0/);
    expect(text).toMatch(/autoclaim_queue_oldest_age_seconds\{[^}]*queue="deliveries_due"/);
    // Patterns, never URLs or what was typed: the keyword, the patient's phone and the receipt are nowhere.
    expect(text).not.toContain('세종대로');
    expect(text).not.toContain(encodeURIComponent('세종대로'));
    expect(text).not.toContain(sub.userTel);
    expect(text).not.toContain('OPS-1');
  });

  it('counts a failing provider as an error of its kind and vendor', async () => {
    const metrics = createMetrics();
    const { instrument } = await import('../../src/providers/instrument.js');
    const broken = instrument(
      'bankCheck',
      'double',
      { name: 'double', holderOf: () => Promise.reject(new Error('down')) },
      metrics,
    );
    await expect(broken.holderOf()).rejects.toThrow('down');
    const text = await metrics.registry.metrics();
    expect(text).toMatch(
      /autoclaim_provider_errors_total\{[^}]*kind="bankCheck",vendor="double",call="holderOf"[^}]*\} 1/,
    );
    expect(text).toMatch(/autoclaim_provider_call_duration_seconds_count\{[^}]*outcome="error"[^}]*\} 1/);
  });

  it('is not on the public port', async () => {
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('autoclaim_');
  });
});
