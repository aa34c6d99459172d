// The enrolment funnel and the console's dashboard: the patient app's screen views are taken from anyone (before any
// session) but only in a small, strict shape with nothing personal in it, limited per address, and read back by
// nobody; the dashboard's counts match what was seeded, a viewer reads them, and they name no person.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import { OPS_DASHBOARD_API, type DashboardAnswer } from '@auto-claim/contract/ops';
import { APP_MENU_LOG_RATE_LIMIT } from '../src/modules/funnel/routes.js';
import { createSubscriber, treatmentRecord } from '../fixtures/factories.js';
import { build, problemOf, signInOperator, testClock, verifyPatient, type TestApp } from './helper.js';

// Noon in Seoul today: the 알림톡 goes out at once, and "today" is one KST day.
const noon = new Date(`${new Date().toISOString().slice(0, 10)}T03:00:00Z`);
const clock = testClock(noon);
const DAY = 86_400_000;
let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await build({ clock });
});
afterAll(() => t?.close());

const view = (body: unknown, remoteAddress = `127.3.0.${++n % 250}`) =>
  t.app.inject({ method: 'POST', url: API.appMenuLogs, remoteAddress, payload: body as object });
const good = (o: Record<string, unknown> = {}) => ({
  screen: '/:hospitalCd',
  hospitalCd: '90000001',
  time: clock.now().getTime(),
  visitId: randomUUID(),
  ...o,
});

describe('POST appMenuLogs (the patient app, no session)', () => {
  it('takes a screen view and answers a tiny JSON', async () => {
    const body = good({ screen: '/security/jumin' });
    const res = await view(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const rows = await t.db.db.selectFrom('appMenuLog').selectAll().where('visitId', '=', body.visitId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ screen: '/security/jumin', hospitalCd: '90000001' });
  });

  it('refuses malformed bodies with a 4xx naming the field, in Korean', async () => {
    const missing = await view({ screen: '/identity' });
    expect(missing.statusCode).toBe(400);
    expect(problemOf(missing).errors?.map((e) => e.field)).toEqual(expect.arrayContaining(['hospitalCd', 'visitId']));
    const notJson = await t.app.inject({
      method: 'POST',
      url: API.appMenuLogs,
      headers: { 'content-type': 'application/json' },
      payload: '{"screen":',
    });
    expect(notJson.statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'POST',
      url: API.appMenuLogs,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(good()),
    });
    expect(text.statusCode).toBe(415);
    const badTime = await view(good({ time: 'yesterday' }));
    expect(badTime.statusCode).toBe(400);
    expect(problemOf(badTime).errors?.[0]?.message).toMatch(/[가-힣]/);
  });

  it('refuses a body that carries or looks like personal data', async () => {
    const cases = [
      good({ userNm: '홍길동' }),
      good({ phone: '01012345678' }),
      good({ ci: 'x'.repeat(88) }),
      good({ screen: '/security/jumin/8501011234567' }),
      good({ screen: '/01012345678' }),
      good({ screen: 'https://example.com/?userNm=홍길동' }),
      good({ screen: '/홍길동' }),
      good({ visitId: '01012345678' }),
      good({ hospitalCd: '010-1234-5678' }),
    ];
    for (const c of cases) {
      const res = await view(c);
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(problemOf(res).code).toBe('VALIDATION_FAILED');
    }
    const keep = await t.db.db.selectFrom('appMenuLog').select('screen').execute();
    expect(keep.map((r) => r.screen).join()).not.toMatch(/\d|홍/);
  });

  it('refuses an oversized body with 413 before reading it', async () => {
    const res = await view(good({ screen: `/${'a'.repeat(600)}` }));
    expect(res.statusCode).toBe(413);
    expect(problemOf(res).code).toBe('BODY_TOO_LARGE');
  });

  it('is limited per address', async () => {
    const remoteAddress = '127.4.4.4';
    for (let i = 0; i < APP_MENU_LOG_RATE_LIMIT.max; i++) {
      const res = await view(good(), remoteAddress);
      expect(res.statusCode).toBe(200);
    }
    const over = await view(good(), remoteAddress);
    expect(over.statusCode).toBe(429);
    expect(problemOf(over).code).toBe('RATE_LIMITED');
    expect((await view(good(), '127.4.4.5')).statusCode).toBe(200);
    await t.db.db.deleteFrom('appMenuLog').execute();
  });

  it('is read back by nobody: no call answers the views, and the dashboard needs an operator', async () => {
    const get = await t.app.inject({ method: 'GET', url: API.appMenuLogs });
    expect(get.statusCode).toBe(404);
    const patient = await verifyPatient(t);
    for (const cookie of [undefined, patient.cookie]) {
      const res = await t.app.inject({
        method: 'GET',
        url: OPS_DASHBOARD_API.dashboard,
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('GET /api/admin/dashboard', () => {
  let answer: DashboardAnswer;
  let secrets: string[];

  beforeAll(async () => {
    await t.app.claimEngine.start();
    await t.db.db.deleteFrom('appMenuLog').execute();
    // Subscribers: one today, one 10 days ago (the 30 days only), one 40 days ago (none).
    const a = await createSubscriber(t.app.ctx, { userNm: '홍길동', userTel: '01055556666' });
    const b = await createSubscriber(t.app.ctx, { userNm: '김영희' });
    const c = await createSubscriber(t.app.ctx, { userNm: '박철수', hospitals: ['90000002'] });
    await sql`update subscription set created_at = ${new Date(noon.getTime() - 10 * DAY)}
      where insu_apply_id = ${b.insuApplyId}`.execute(t.db.db);
    await sql`update subscription set created_at = ${new Date(noon.getTime() - 40 * DAY)}
      where insu_apply_id = ${c.insuApplyId}`.execute(t.db.db);
    secrets = [a.userNm, a.userTel, a.ci, a.insuApplyId, b.userNm, b.ci, c.userNm];

    // Claims: three days ago one for a; today two for a, one of which fails for good.
    const feed = async (records: ReturnType<typeof treatmentRecord>[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: HOSPITAL_API.treatments,
        headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
        payload: { records },
      });
      expect(res.statusCode).toBe(200);
      await t.app.claimEngine.drain();
    };
    const visitDate = noon.toISOString().slice(0, 10).replaceAll('-', '');
    clock.set(new Date(noon.getTime() - 3 * DAY));
    await feed([treatmentRecord(a, { visitDate: '20260110' })]);
    clock.set(noon);
    await feed([treatmentRecord(a, { visitDate }), treatmentRecord(a, { visitDate: '20260111' })]);
    const last = await t.db.db
      .selectFrom('claimDelivery')
      .select(['id', 'claimId'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.db.db.updateTable('claimDelivery').set({ status: 'dead' }).where('id', '=', last.id).execute();
    await t.db.db.updateTable('claim').set({ status: 'failed' }).where('id', '=', last.claimId).execute();

    // The funnel: two visits at 90000001 (one reaches the identity screen), one at 90000002, one 8 days ago.
    const v1 = randomUUID();
    const v2 = randomUUID();
    for (const screen of ['/:hospitalCd', '/authAgreeInfo', '/identity', '/authAgreeInfo'])
      expect((await view(good({ visitId: v1, screen }))).statusCode).toBe(200);
    for (const screen of ['/:hospitalCd', '/authAgreeInfo'])
      expect((await view(good({ visitId: v2, screen }))).statusCode).toBe(200);
    expect((await view(good({ screen: '/', hospitalCd: '90000002' }))).statusCode).toBe(200);
    clock.set(new Date(noon.getTime() - 8 * DAY));
    expect((await view(good({ screen: '/:hospitalCd' }))).statusCode).toBe(200);
    clock.set(noon);

    const viewer = await signInOperator(t, 'viewer');
    const res = await t.app.inject({ method: 'GET', url: OPS_DASHBOARD_API.dashboard, headers: viewer.headers });
    expect(res.statusCode).toBe(200);
    answer = res.json() as DashboardAnswer;
  });

  it('counts claims by status per KST period', async () => {
    const claims = await t.db.db.selectFrom('claim').select(['status', 'createdAt']).execute();
    expect(claims).toHaveLength(3);
    const total = (p: 'today' | 'd7' | 'd30') => answer.claims.reduce((s, c) => s + c[p], 0);
    expect([total('today'), total('d7'), total('d30')]).toEqual([2, 3, 3]);
    expect(answer.claims.find((c) => c.status === 'failed')).toMatchObject({ today: 1, d7: 1, d30: 1 });
    const sent = claims.filter((c) => c.status !== 'failed').map((c) => c.status);
    for (const status of new Set(sent)) {
      expect(answer.claims.find((c) => c.status === status)?.d7).toBe(sent.filter((s) => s === status).length);
    }
  });

  it('counts deliveries by channel and outcome, and the dead letters', async () => {
    const dead = answer.deliveries.find((d) => d.status === 'dead');
    expect(dead).toMatchObject({ channel: 'api', today: 1, d7: 1, d30: 1 });
    expect(answer.deliveries.reduce((s, d) => s + d.d30, 0)).toBe(3);
    expect(answer.deadLetters).toEqual({ claims: 1, notifications: 0 });
    expect(answer.oldestQueuedJobSeconds === null || answer.oldestQueuedJobSeconds >= 0).toBe(true);
  });

  it('counts enrolments per period', () => {
    expect(answer.enrolments).toEqual({ today: 1, d7: 1, d30: 2 });
  });

  it('counts the visits that reached each wizard step, in order, and per hospital', async () => {
    const step = (a: DashboardAnswer, id: string) => a.funnel.find((f) => f.step === id)!;
    expect(answer.funnel.map((f) => f.step).slice(0, 4)).toEqual(['landing', 'authAgreeInfo', 'identity', 'certInput']);
    expect(step(answer, 'landing')).toMatchObject({ title: '시작 화면', today: 3, d7: 3, d30: 4 });
    expect(step(answer, 'authAgreeInfo')).toMatchObject({ today: 2, d30: 2 });
    expect(step(answer, 'identity')).toMatchObject({ today: 1, d30: 1 });
    expect(step(answer, 'certInput')).toMatchObject({ today: 0, d30: 0 });

    const viewer = await signInOperator(t, 'viewer');
    const one = await t.app.inject({
      method: 'GET',
      url: `${OPS_DASHBOARD_API.dashboard}?hospitalCd=90000002`,
      headers: viewer.headers,
    });
    const a2 = one.json() as DashboardAnswer;
    expect(step(a2, 'landing')).toMatchObject({ today: 1, d30: 1 });
    expect(step(a2, 'authAgreeInfo').d30).toBe(0);
    expect(a2.enrolments).toEqual({ today: 0, d7: 0, d30: 0 });
    const bad = await t.app.inject({
      method: 'GET',
      url: `${OPS_DASHBOARD_API.dashboard}?hospitalCd=abc`,
      headers: viewer.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(problemOf(bad).errors?.[0]).toMatchObject({
      field: 'hospitalCd',
      message: '병원 코드는 숫자 8자리여야 해요.',
    });
  });

  it('names no person: counts only', () => {
    const text = JSON.stringify(answer);
    for (const s of secrets) expect(text).not.toContain(s);
    expect(text).not.toMatch(/010\d{8}|\*\*\*\*/);
  });

  it('deletes views past their keeping period', async () => {
    const { purgeOldViews } = await import('../src/modules/funnel/index.js');
    const before = await t.db.db.selectFrom('appMenuLog').select('id').execute();
    // The oldest view was made 8 days before noon: 400 days old at noon + 392 days.
    expect(await purgeOldViews(t.db.db, new Date(noon.getTime() + 391 * DAY))).toBe(0);
    expect(await purgeOldViews(t.db.db, new Date(noon.getTime() + 393 * DAY))).toBe(1);
    expect(await purgeOldViews(t.db.db, new Date(noon.getTime() + 401 * DAY))).toBe(before.length - 1);
  });
});
