// A helper beside her (README "A helper beside her") through app.inject(): a relation chosen by whoever walks the
// screens with her is kept on the subscription, told in her access log and printed on the 위임장; a relation outside
// the vocabulary is 400 naming helperRel and writes nothing. A hospital desk's QR token opens once, within 10 minutes,
// for anyone (it carries nothing personal); its grant records the desk's staff account (from the clerk's session)
// on one subscription at the desk's hospital, and never another; other roles cannot make one.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type SubscriptionView } from '@auto-claim/contract';
import { DESK_API, type DeskHandoffCreated, type DeskHandoffList } from '@auto-claim/contract/ops';
import { makeDocuments } from '../../../src/modules/subscriptions/index.js';
import { purgeSpentHandoffs } from '../../../src/modules/subscriptions/desk.js';
import {
  build,
  freshAddress,
  problemOf,
  signInHospitalUser,
  signInOperator,
  testClock,
  verifyPatient,
  type TestApp,
} from '../../helper.js';
import { images, regFor, type Images, type Verified } from '../../../fixtures/enrolment.js';

const clock = testClock(new Date('2026-11-23T03:00:00Z'));
let t: TestApp;
let img: Images;
let admin: Record<string, string>;
let desk: Awaited<ReturnType<typeof signInHospitalUser>>;
let otherDesk: Awaited<ReturnType<typeof signInHospitalUser>>;

beforeAll(async () => {
  t = await build({ clock });
  img = await images();
  admin = (await signInOperator(t, 'admin')).headers;
  desk = await signInHospitalUser(t, admin, '90000001', { loginId: 'desk-hanbit' });
  otherDesk = await signInHospitalUser(t, admin, '90000002', { loginId: 'desk-other' });
}, 120_000);
afterAll(() => t?.close());

const subscribe = (v: Verified, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: API.subscriptions,
    payload: payload as object,
    headers: { cookie: v.cookie },
    remoteAddress: freshAddress(),
  });
const rowsOf = (v: Verified) =>
  t.db.db
    .selectFrom('subscription')
    .select(['insuApplyId', 'helperRel', 'deskHandoffId'])
    .where('ciHmac', '=', t.app.ctx.crypto.hmac('ci', v.ci))
    .execute();
const textOf = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-', '-'], { input: Buffer.from(pdf) })
    .toString('utf8')
    .replace(/\s+/g, ' ');
const accessLog = async (v: Verified) => {
  const res = await t.app.inject({ url: API.treats, headers: { cookie: v.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { accessLog: { list: { action: string; actorNm: string; summary: string }[] } }).accessLog.list;
};
const makeCode = async (who = desk) => {
  const res = await t.app.inject({ method: 'POST', url: DESK_API.handoffs, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DeskHandoffCreated;
};
const open = (token: string) =>
  t.app.inject({ method: 'POST', url: API.deskHandoff, payload: { token }, remoteAddress: freshAddress() });
const tokenOf = (code: DeskHandoffCreated) => new URL(code.url).hash.slice(1);

describe('a family member helps', () => {
  it('is kept as her relation, told in her access log and printed on the 위임장 (not the 동의서)', async () => {
    const v = await verifyPatient(t);
    const res = await subscribe(v, { ...(await regFor(t, v, img)), helperRel: 'child' });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as SubscriptionView).subscription!.helper).toEqual({ helperRel: 'child' });

    const [row] = await rowsOf(v);
    expect(row).toMatchObject({ helperRel: 'child', deskHandoffId: null });

    const line = (await accessLog(v)).find((e) => e.action === 'ENROLMENT_HELPED');
    expect(line).toMatchObject({
      actorNm: '자녀',
      summary: '자녀분이 가입 화면 작성을 도왔어요. 휴대폰 본인인증과 서명은 본인이 직접 했어요.',
    });

    const made = (await makeDocuments(t.app.ctx, row!.insuApplyId))!;
    expect(textOf(made.commission)).toContain('작성 도움: 자녀 (휴대폰 본인인증과 서명은 위임인이 직접 함)');
    expect(textOf(made.agree)).not.toContain('작성 도움');
  }, 60_000);

  it('alone: nothing is recorded and the 위임장 has no such line', async () => {
    const v = await verifyPatient(t);
    expect((await subscribe(v, await regFor(t, v, img))).statusCode).toBe(201);
    const [row] = await rowsOf(v);
    expect(row).toMatchObject({ helperRel: null, deskHandoffId: null });
    expect((await accessLog(v)).some((e) => e.action === 'ENROLMENT_HELPED')).toBe(false);
    expect(textOf((await makeDocuments(t.app.ctx, row!.insuApplyId))!.commission)).not.toContain('작성 도움');
  }, 60_000);

  it.each(['neighbour', 'HOSPITAL_STAFF', 42])(
    'refuses the relation %j with 400 naming helperRel, writing nothing',
    async (rel) => {
      const v = await verifyPatient(t);
      const res = await subscribe(v, { ...(await regFor(t, v, img)), helperRel: rel });
      expect(problemOf(res)).toMatchObject({ status: 400, errors: [expect.objectContaining({ field: 'helperRel' })] });
      expect(await rowsOf(v)).toEqual([]);
    },
  );
});

describe('a hospital desk', () => {
  it('makes a QR code whose URL carries only a random token, for its own hospital, in the staff account from its session', async () => {
    const code = await makeCode();
    const url = new URL(code.url);
    expect(url.pathname).toBe('/ui/insu/vuex/auto-claim/desk');
    expect(url.search).toBe('');
    expect(tokenOf(code)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(code.qrSvg).toMatch(/^data:image\/svg\+xml;base64,/);
    // Only the token's keyed hash is kept.
    const row = await t.db.db
      .selectFrom('deskHandoff')
      .selectAll()
      .where('handoffId', '=', code.handoffId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ hospitalCd: '90000001', operatorLoginId: 'desk-hanbit' });
    expect(JSON.stringify(row)).not.toContain(tokenOf(code));
  });

  it('a hospital user only: an operator, even an admin, is refused', async () => {
    const res = await t.app.inject({ method: 'POST', url: DESK_API.handoffs, headers: admin });
    expect(problemOf(res)).toMatchObject({ status: 403, code: 'ROLE_FORBIDDEN' });
  });

  it('walks her to a subscription recorded as helped by the staff account; the token and the grant work once', async () => {
    const code = await makeCode();
    const opened = await open(tokenOf(code));
    expect(opened.statusCode, opened.body).toBe(200);
    const answer = opened.json() as { hospitalCd: string; hospitalNm: string; deskGrant: string };
    expect(answer.hospitalCd).toBe('90000001');
    // Once: a second scan (another phone, or the same) is refused politely, with a way on.
    const again = problemOf(await open(tokenOf(code)));
    expect(again).toMatchObject({ status: 410, code: 'DESK_HANDOFF_INVALID' });
    expect(again.detail).toContain('접수대에 새 QR 코드를 부탁');

    const v = await verifyPatient(t);
    // What the phone says of the helper does not matter: the grant's staff account is recorded.
    const res = await subscribe(v, { ...(await regFor(t, v, img)), helperRel: 'child', deskGrant: answer.deskGrant });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as SubscriptionView).subscription!.helper).toEqual({
      helperRel: 'hospital_staff',
      staffLoginId: 'desk-hanbit',
      hospitalNm: answer.hospitalNm,
    });
    const [row] = await rowsOf(v);
    expect(row).toMatchObject({ helperRel: 'hospital_staff', deskHandoffId: code.handoffId });

    const line = (await accessLog(v)).find((e) => e.action === 'ENROLMENT_HELPED');
    expect(line).toMatchObject({
      actorNm: answer.hospitalNm,
      summary: `${answer.hospitalNm} 직원 계정(desk-hanbit)이 접수대에서 가입 화면 작성을 도왔어요. 휴대폰 본인인증과 서명은 본인이 직접 했어요.`,
    });
    const made = (await makeDocuments(t.app.ctx, row!.insuApplyId))!;
    expect(textOf(made.commission)).toContain(`작성 도움: ${answer.hospitalNm} 직원 계정 desk-hanbit`);

    // The clerk sees how far her code went, and nothing of whose it became.
    const list = await t.app.inject({ url: DESK_API.handoffs, headers: desk.headers });
    const mine = (list.json() as DeskHandoffList).list.find((h) => h.handoffId === code.handoffId);
    expect(mine?.state).toBe('enrolled');
    expect(list.body).not.toContain(v.person.custName);
    expect(list.body).not.toContain(row!.insuApplyId);

    // The grant is spent: another enrolment with it is refused and writes nothing.
    const w = await verifyPatient(t);
    const twice = problemOf(await subscribe(w, { ...(await regFor(t, w, img)), deskGrant: answer.deskGrant }));
    expect(twice).toMatchObject({ status: 400, code: 'DESK_GRANT_INVALID', errors: [{ field: 'deskGrant' }] });
    expect(await rowsOf(w)).toEqual([]);
  }, 60_000);

  it('an expired code (10 minutes) is refused; the refusal does not say whether it ever existed', async () => {
    const code = await makeCode();
    clock.advance(10 * 60_000 + 1000);
    const late = problemOf(await open(tokenOf(code)));
    const unknown = problemOf(await open('A'.repeat(43)));
    expect(late).toMatchObject({ status: 410, code: 'DESK_HANDOFF_INVALID' });
    expect(unknown).toEqual(late);
    expect(problemOf(await open('short'))).toMatchObject({ status: 400, errors: [{ field: 'token' }] });
    const list = (await t.app.inject({ url: DESK_API.handoffs, headers: desk.headers })).json() as DeskHandoffList;
    expect(list.list.find((h) => h.handoffId === code.handoffId)?.state).toBe('expired');
  });

  it("another hospital's desk grant is refused for this hospital's subscription, naming deskGrant", async () => {
    const code = await makeCode(otherDesk);
    const { deskGrant } = (await open(tokenOf(code))).json() as { deskGrant: string };
    const v = await verifyPatient(t);
    const res = problemOf(await subscribe(v, { ...(await regFor(t, v, img)), deskGrant }));
    expect(res).toMatchObject({ status: 400, code: 'DESK_GRANT_INVALID', errors: [{ field: 'deskGrant' }] });
    expect(await rowsOf(v)).toEqual([]);
    // A grant of the wrong shape is the contract's 400, naming it too.
    const bad = problemOf(await subscribe(v, { ...(await regFor(t, v, img)), deskGrant: 'x' }));
    expect(bad).toMatchObject({ status: 400, errors: [expect.objectContaining({ field: 'deskGrant' })] });
  }, 60_000);

  it('a code no subscription came through goes a day after it expired; one a subscription names stays with it', async () => {
    const ids = async () =>
      (await t.db.db.selectFrom('deskHandoff').select('handoffId').execute()).map((r) => r.handoffId);
    const enrolled = (await t.db.db.selectFrom('subscription').select('deskHandoffId').execute())
      .map((r) => r.deskHandoffId)
      .filter((id): id is string => id !== null);
    expect(enrolled).toHaveLength(1);
    // The codes made above expired ten minutes after they were made; the two grants two hours after they were opened
    // (one enrolled, one not).
    const before = await ids();
    expect(before).toHaveLength(4);
    const later = (ms: number) => new Date(clock.now().getTime() + ms);
    expect(await purgeSpentHandoffs(t.db.db, later(20 * 3600_000))).toBe(0);
    // A day past the codes' expiry, not yet the unused grant's: the two codes go.
    expect(await purgeSpentHandoffs(t.db.db, later(24 * 3600_000 + 20 * 60_000))).toBe(2);
    // A day past the grants': the unused one goes; the one her subscription names stays.
    expect(await purgeSpentHandoffs(t.db.db, later(26 * 3600_000 + 20 * 60_000))).toBe(1);
    expect(await ids()).toEqual(enrolled);
    // What her 위임장 prints of the desk stays with her subscription.
    const kept = await t.db.db
      .selectFrom('deskHandoff')
      .select(['operatorLoginId', 'hospitalCd'])
      .where('handoffId', '=', enrolled[0]!)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ operatorLoginId: 'desk-hanbit', hospitalCd: '90000001' });
  }, 60_000);
});
