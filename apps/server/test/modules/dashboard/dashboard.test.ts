// The enrolment funnel and the console's dashboard: the patient app's screen views are taken from anyone (before any
// session) but only in a small, strict shape with nothing personal in it, only for the enrolment's screens and live
// hospitals, kept as daily counts (never as rows), limited per address and per visit, and read back by nobody; the
// dashboard's counts match what was seeded, a viewer reads them, and they name no person.
import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HOSPITAL_API, HOSPITAL_KEY_HEADER, kstToday } from '@auto-claim/contract';
import { FUNNEL_VISIT_RATE_LIMIT, OPS_DASHBOARD_API, type DashboardAnswer } from '@auto-claim/contract/ops';
import { migrateToLatest, migrations } from '../../../src/db/migrate.js';
import { APP_MENU_LOG_RATE_LIMIT } from '../../../src/modules/funnel/routes.js';
import { createSubscriber, treatmentRecord } from '../../../fixtures/factories.js';
import {
  build,
  openTestDb,
  problemOf,
  signInOperator,
  testClock,
  verifyPatient,
  type TestApp,
  freshAddress,
} from '../../helper.js';

// Noon in Seoul today: the 알림톡 goes out at once, and "today" is one KST day.
const noon = new Date(`${new Date().toISOString().slice(0, 10)}T03:00:00Z`);
const clock = testClock(noon);
const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await build({ clock });
});
afterAll(() => t?.close());

const view = (body: unknown, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: API.appMenuLogs, remoteAddress, payload: body as object });
const clearFunnel = async () => {
  await t.db.db.deleteFrom('funnelDay').execute();
  await t.db.db.deleteFrom('funnelStepDay').execute();
  await t.db.db.deleteFrom('funnelVisitStep').execute();
};
/** The count kept for a Korean day, hospital and step (0 when there is no row). */
const counted = async (step: string, hospitalCd = '90000001', day = kstToday(clock.now())) =>
  (
    await t.db.db
      .selectFrom('funnelDay')
      .select('visits')
      .where('day', '=', day)
      .where('hospitalCd', '=', hospitalCd)
      .where('step', '=', step)
      .executeTakeFirst()
  )?.visits ?? 0;
const good = (o: Record<string, unknown> = {}) => ({
  screen: '/:hospitalCd',
  hospitalCd: '90000001',
  time: clock.now().getTime(),
  visitId: randomUUID(),
  ...o,
});

describe('POST appMenuLogs (the patient app, no session)', () => {
  it('takes a screen view as one more visit at its step, day and hospital, and keeps no row of it', async () => {
    const before = await counted('jumin');
    const body = good({ screen: '/security/jumin' });
    const res = await view(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await counted('jumin')).toBe(before + 1);
    // The same visit on the same step again (back and forth, a reload) is the same visit: no second count.
    expect((await view({ ...body, time: body.time + 1000 })).statusCode).toBe(200);
    expect(await counted('jumin')).toBe(before + 1);
    // What is kept of the view: the count, and for two days a mark that this visit was counted there.
    const marks = await t.db.db.selectFrom('funnelVisitStep').selectAll().where('visitId', '=', body.visitId).execute();
    expect(marks).toEqual([{ day: kstToday(clock.now()), visitId: body.visitId, step: 'jumin' }]);
    const raw = await sql<{ n: number }>`select count(*)::integer as n from information_schema.tables
      where table_name = 'app_menu_log'`.execute(t.db.db);
    expect(raw.rows[0]!.n).toBe(0);
  });

  it('refuses a screen that is no step of the enrolment, or a hospital that does not take claims: 400, nothing kept', async () => {
    const before = await t.db.db.selectFrom('funnelDay').selectAll().orderBy(['day', 'hospitalCd', 'step']).execute();
    const screens = ['/wp-admin', '/security/jumin/extra', '/web/treat', '/admin/claims', '/introduce/:hospitalCd'];
    for (const screen of screens) {
      const res = await view(good({ screen }));
      expect(res.statusCode, screen).toBe(400);
      expect(problemOf(res).errors?.map((e) => e.field)).toEqual(['screen']);
      expect(problemOf(res).errors?.[0]?.message).toMatch(/[가-힣]/);
    }
    // A hospital that does not exist, and a demo code past the seeded ones.
    for (const hospitalCd of ['12345678', '99999999', '90009999']) {
      const res = await view(good({ hospitalCd }));
      expect(res.statusCode, hospitalCd).toBe(400);
      expect(problemOf(res).errors).toEqual([
        { field: 'hospitalCd', message: '자동청구를 받는 병원의 코드가 아니에요.' },
      ]);
    }
    // A hospital that stopped taking automatic claims is no longer live.
    await t.db.db
      .updateTable('hospital')
      .set({ autoClaimEnabled: false })
      .where('hospitalCd', '=', '90000003')
      .execute();
    try {
      expect((await view(good({ hospitalCd: '90000003' }))).statusCode).toBe(400);
    } finally {
      await t.db.db
        .updateTable('hospital')
        .set({ autoClaimEnabled: true })
        .where('hospitalCd', '=', '90000003')
        .execute();
    }
    expect(await t.db.db.selectFrom('funnelDay').selectAll().orderBy(['day', 'hospitalCd', 'step']).execute()).toEqual(
      before,
    );
    // The inner landing, before a hospital is chosen, counts under DEFAULT_HOSPITAL_CD.
    expect((await view(good({ screen: '/', hospitalCd: '00000000' }))).statusCode).toBe(200);
  });

  it('holds one visit to its limit (429), and a visit adds at most one per step a day however often it is sent', async () => {
    const visitId = randomUUID();
    const before = await counted('identity');
    for (let i = 0; i < FUNNEL_VISIT_RATE_LIMIT.max; i++) {
      // From many addresses: the visit's own limit, not the address's, stops it.
      expect((await view(good({ visitId, screen: '/identity' }))).statusCode).toBe(200);
    }
    const over = await view(good({ visitId, screen: '/identity' }));
    expect(over.statusCode).toBe(429);
    expect(problemOf(over).code).toBe('RATE_LIMITED');
    expect(await counted('identity')).toBe(before + 1);
    await clearFunnel();
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
    const keep = await t.db.db.selectFrom('funnelDay').select('step').execute();
    expect(keep.map((r) => r.step).join()).not.toMatch(/\d|홍/);
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
    await clearFunnel();
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
    await clearFunnel();
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

    // Relation documents: two waiting for review (one sent two days ago), one already confirmed.
    for (const [status, at] of [
      ['pending', new Date(noon.getTime() - 2 * DAY)],
      ['pending', noon],
      ['confirmed', new Date(noon.getTime() - 5 * DAY)],
    ] as const) {
      await sql`insert into relation_document (insu_apply_id, doc_type, issue_date, content_type, file_bytes, status,
          submitted_at) values (${b.insuApplyId}, 'family', '20260101', 'image/jpeg', 1000, ${status}, ${at})`.execute(
        t.db.db,
      );
    }

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

  it('counts the relation documents awaiting review, and since when the oldest waits', () => {
    expect(answer.relationDocuments).toEqual({
      pending: 2,
      oldestPendingAt: new Date(noon.getTime() - 2 * DAY).toISOString(),
    });
  });

  it('counts enrolments per period, over every hospital and at one (its own day counts, moved with a corrected day)', async () => {
    expect(answer.enrolments).toEqual({ today: 1, d7: 1, d30: 2 });
    const viewer = await signInOperator(t, 'viewer');
    const at = async (hospitalCd: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${OPS_DASHBOARD_API.dashboard}?hospitalCd=${hospitalCd}`,
        headers: viewer.headers,
      });
      return (res.json() as DashboardAnswer).enrolments;
    };
    // a today and b 10 days ago name 90000001; c, made 40 days ago, 90000002.
    expect(await at('90000001')).toEqual({ today: 1, d7: 1, d30: 2 });
    expect(await at('90000002')).toEqual({ today: 0, d7: 0, d30: 0 });
    // A hospital added to a subscription counts on the subscription's day; adding it again counts nothing more.
    const c = await sql<{ id: string }>`select insu_apply_id as id from subscription
      where created_at < ${new Date(noon.getTime() - 30 * DAY)}`.execute(t.db.db);
    const cId = c.rows[0]!.id;
    for (let i = 0; i < 2; i++)
      await sql`insert into subscription_hospital (insu_apply_id, hospital_cd) values (${cId}, '90000003')
        on conflict (insu_apply_id, hospital_cd) do update set cancelled_at = null`.execute(t.db.db);
    // Its day corrected to 5 days ago: each of its hospitals counts it there.
    await sql`update subscription set created_at = ${new Date(noon.getTime() - 5 * DAY)}
      where insu_apply_id = ${cId}`.execute(t.db.db);
    expect(await at('90000002')).toEqual({ today: 0, d7: 1, d30: 1 });
    expect(await at('90000003')).toEqual({ today: 0, d7: 1, d30: 1 });
    await sql`update subscription set created_at = ${new Date(noon.getTime() - 40 * DAY)}
      where insu_apply_id = ${cId}`.execute(t.db.db);
    expect(await at('90000002')).toEqual({ today: 0, d7: 0, d30: 0 });
    expect(await at('90000003')).toEqual({ today: 0, d7: 0, d30: 0 });
    await sql`delete from subscription_hospital where insu_apply_id = ${cId} and hospital_cd = '90000003'`.execute(
      t.db.db,
    );
  });

  it('counts the visits that reached each wizard step, in order, and per hospital', async () => {
    const step = (a: DashboardAnswer, id: string) => a.funnel.find((f) => f.step === id)!;
    expect(answer.funnel.map((f) => f.step).slice(0, 4)).toEqual(['landing', 'authAgreeInfo', 'identity', 'certInput']);
    expect(step(answer, 'landing')).toMatchObject({ title: '시작 화면', today: 3, d7: 3, d30: 4 });
    expect(step(answer, 'authAgreeInfo')).toMatchObject({ today: 2, d30: 2 });
    expect(step(answer, 'identity')).toMatchObject({ today: 1, d30: 1 });
    expect(step(answer, 'certInput')).toMatchObject({ today: 0, d30: 0 });
    // The totals over every hospital are kept by the view's own statement, with no tick: what funnel_day sums to.
    const summed = await sql<{ day: string; step: string; visits: number }>`select day, step, sum(visits)::int as visits
      from funnel_day group by day, step order by day, step`.execute(t.db.db);
    const kept = await sql<{ day: string; step: string; visits: number }>`select day, step, visits
      from funnel_step_day order by day, step`.execute(t.db.db);
    expect(kept.rows).toEqual(summed.rows);

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

  it('deletes the visits’ marks after their next day, and the counts past their keeping period', async () => {
    const { purgeOldViews } = await import('../../../src/modules/funnel/index.js');
    // Today's marks outlive tomorrow; the mark made 8 days before went with the first tick after its next day.
    expect(await purgeOldViews(t.db.db, noon)).toEqual({ marks: 1, counts: 0 });
    expect((await purgeOldViews(t.db.db, new Date(noon.getTime() + DAY))).marks).toBe(0);
    expect((await purgeOldViews(t.db.db, new Date(noon.getTime() + 2 * DAY))).marks).toBeGreaterThan(0);
    expect(await t.db.db.selectFrom('funnelVisitStep').select('day').execute()).toEqual([]);
    // The oldest count is of the day 8 days before noon: 400 days old 392 days after noon's day; it goes with its
    // total over every hospital (one landing view that day: one row of each).
    const counts = await t.db.db.selectFrom('funnelDay').select('day').execute();
    const totals = await t.db.db.selectFrom('funnelStepDay').select('day').execute();
    expect((await purgeOldViews(t.db.db, new Date(noon.getTime() + 391 * DAY))).counts).toBe(0);
    expect((await purgeOldViews(t.db.db, new Date(noon.getTime() + 393 * DAY))).counts).toBe(2);
    expect((await purgeOldViews(t.db.db, new Date(noon.getTime() + 401 * DAY))).counts).toBe(
      counts.length + totals.length - 2,
    );
  });
});

describe('migration 0026', () => {
  it('folds the views kept before into counts per Korean day, hospital and step, once a visit, and drops them', async () => {
    const { db, close } = await openTestDb({ empty: true });
    try {
      const migrator = new Migrator({ db: db.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0022_signature_method')).error).toBeUndefined();
      const v1 = randomUUID();
      const v2 = randomUUID();
      const rows = [
        // 23:30 KST on the 9th and 00:30 KST on the 10th: two Korean days for one visit.
        [v1, '/:hospitalCd', '90000001', '2026-03-09T14:30:00Z'],
        [v1, '/authAgreeInfo', '90000001', '2026-03-09T14:31:00Z'],
        [v1, '/authAgreeInfo', '90000001', '2026-03-09T14:32:00Z'],
        [v1, '/identity', '90000001', '2026-03-09T15:30:00Z'],
        // The inner and the outer landing are one step: once.
        [v2, '/', '00000000', '2026-03-09T01:00:00Z'],
        [v2, '/:hospitalCd', '90000002', '2026-03-09T01:01:00Z'],
        // What the endpoint used to take from anyone: not a step, so not counted.
        [v2, '/wp-admin', '90000002', '2026-03-09T01:02:00Z'],
      ] as const;
      for (const [visitId, screen, hospitalCd, at] of rows) {
        await sql`insert into app_menu_log (visit_id, screen, hospital_cd, at)
          values (${visitId}, ${screen}, ${hospitalCd}, ${new Date(at)})`.execute(db.db);
      }
      await migrateToLatest(db.db);
      const counts = await db.db.selectFrom('funnelDay').selectAll().orderBy(['day', 'hospitalCd', 'step']).execute();
      expect(counts).toEqual([
        { day: '20260309', hospitalCd: '00000000', step: 'landing', visits: 1 },
        { day: '20260309', hospitalCd: '90000001', step: 'authAgreeInfo', visits: 1 },
        { day: '20260309', hospitalCd: '90000001', step: 'landing', visits: 1 },
        { day: '20260310', hospitalCd: '90000001', step: 'identity', visits: 1 },
      ]);
      const left = await sql<{ n: number }>`select count(*)::integer as n from information_schema.tables
        where table_name = 'app_menu_log'`.execute(db.db);
      expect(left.rows[0]!.n).toBe(0);
    } finally {
      await close();
    }
  });
});
