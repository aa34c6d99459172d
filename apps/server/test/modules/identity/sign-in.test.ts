// Identity by SMS, terms evidence and sessions as a patient, an attacker and an operator meet them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../../src/app.js';
import { upsertOperator } from '../../../src/modules/operators/operators.js';
import {
  TEST_CONFIG,
  build,
  latestSmsCode,
  problemOf,
  telecomTermsIds,
  testClock,
  testPerson,
  verifyPatient,
  type TestApp,
  testLogStream,
} from '../../helper.js';

const clock = testClock(new Date('2026-11-22T01:00:00Z'));
let t: TestApp;
let telecomTerms: string[];
let ipSeq = 0;
/** A fresh loopback address per scenario keeps the per-IP limit out of tests that are not about it. */
const freshIp = () => `127.1.${(++ipSeq >> 8) & 255}.${ipSeq & 255}`;

beforeAll(async () => {
  t = await build({ clock });
  telecomTerms = await telecomTermsIds(t);
});
afterAll(() => t.close());

async function send(person = testPerson(), ip = freshIp(), extra: object = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/rest/nice/userAuth',
    remoteAddress: ip,
    payload: { ...person, hospitalCode: '90000001', termsIds: telecomTerms, ...extra },
  });
  return {
    res,
    person,
    ip,
    seq: res.statusCode === 200 ? (res.json() as { smsRequestSeq: string; smsResponseSeq: string }) : undefined,
  };
}

async function check(seq: { smsRequestSeq: string; smsResponseSeq: string }, smsAuthNum: string, ip = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/rest/nice/smsAuth',
    remoteAddress: ip,
    payload: { ...seq, smsAuthNum, hospitalCode: '90000001' },
  });
}

const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');
const cookieHeader = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

describe('POST /auth/rest/nice/userAuth', () => {
  it('names every bad field in Korean and sends nothing', async () => {
    const person = testPerson();
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/rest/nice/userAuth',
      payload: { korRegId: '851301', custName: '', telecomType: '9', custHp: '0212345678', hospitalCode: 'abc' },
    });
    const p = problemOf(res);
    expect(p.status).toBe(400);
    expect(p.errors!.map((e) => e.field).sort()).toEqual(
      ['custHp', 'custName', 'hospitalCode', 'korRegId', 'telecomType'].sort(),
    );
    expect(p.errors!.find((e) => e.field === 'custHp')!.message).toContain('휴대폰 번호를 확인해 주세요');
    const outbox = await t.app.inject(`/sandbox/outbox?to=${person.custHp}`);
    expect(outbox.json().messages).toEqual([]);
  });

  it('refuses a birth date that does not exist or a sex digit that gives none', async () => {
    for (const korRegId of ['8502301', '850101x', '9913011']) {
      const { res } = await send(testPerson({ korRegId }));
      expect(res.statusCode, korRegId).toBe(400);
      expect(problemOf(res).errors![0]!.field).toBe('korRegId');
    }
  });

  it('needs every required telecom term agreed', async () => {
    const { res } = await send(testPerson(), freshIp(), { termsIds: [] });
    expect(problemOf(res)).toMatchObject({ status: 400, code: 'TERMS_REQUIRED' });
    expect(problemOf(res).errors![0]!.field).toBe('termsIds');
  });

  it('sends a 6-digit code to the outbox, stores only its keyed hash and records the telecom terms', async () => {
    const { res, person, seq } = await send();
    expect(res.statusCode).toBe(200);
    expect(seq!.smsRequestSeq).not.toBe(seq!.smsResponseSeq);
    const code = await latestSmsCode(t, person.custHp);
    const row = await sql<
      Record<string, unknown>
    >`select * from sms_verification where sms_request_seq = ${seq!.smsRequestSeq}`.execute(t.db.db);
    const raw = JSON.stringify(row.rows);
    expect(raw).not.toContain(code);
    expect(raw).not.toContain(person.custHp);
    expect(raw).not.toContain(person.custName);
    const agreed = await t.db.db
      .selectFrom('termsAgreement')
      .select('termsId')
      .where('smsRequestSeq', '=', seq!.smsRequestSeq)
      .execute();
    expect(agreed.map((a) => a.termsId).sort()).toEqual([...telecomTerms].sort());
  });

  it('waits 60 s between sends to one phone and allows 5 a day', async () => {
    const person = testPerson();
    expect((await send(person)).res.statusCode).toBe(200);
    const soon = await send(person);
    expect(problemOf(soon.res)).toMatchObject({ status: 429, code: 'SMS_TOO_SOON' });
    expect(problemOf(soon.res).detail).toMatch(/\d+초 후에 다시 받을 수 있어요/);
    for (let i = 2; i <= 5; i++) {
      clock.advance(61_000);
      expect((await send(person)).res.statusCode, `send ${i}`).toBe(200);
    }
    clock.advance(61_000);
    expect(problemOf((await send(person)).res)).toMatchObject({ status: 429, code: 'SMS_DAILY_LIMIT' });
    clock.advance(24 * 60 * 60 * 1000);
    expect((await send(person)).res.statusCode).toBe(200);
  });

  it('limits one address to 30 sends in 10 minutes, whatever the phones', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const sent = await send(testPerson(), ip);
      codes.push(sent.res.statusCode);
      // Each completed, as patients behind one Wi-Fi do: uncompleted sends have a daily cap of their own (sms-caps).
      if (sent.seq) expect((await check(sent.seq, await latestSmsCode(t, sent.person.custHp))).statusCode).toBe(200);
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});

describe('POST /auth/rest/nice/smsAuth', () => {
  it('accepts the right code once, with hyphens or spaces, and answers 0000, hash and a stable CI', async () => {
    const { person, seq } = await send();
    const code = await latestSmsCode(t, person.custHp);
    const res = await check(seq!, `${code.slice(0, 3)}-${code.slice(3)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { responseCode: string; hash: string; ci: string };
    expect(body.responseCode).toBe('0000');
    expect(body.ci).toHaveLength(88);
    const claimAuth = res.cookies.find((c) => c.name === 'claimAuth')!;
    expect(claimAuth.value).toBe(body.hash);
    expect(claimAuth.httpOnly).toBeFalsy();
    const session = res.cookies.find((c) => c.name === 'ac_sess')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    // replay: the same code again is refused
    expect(problemOf(await check(seq!, code))).toMatchObject({ status: 409, code: 'SMS_ALREADY_USED' });

    // the same person verifying again gets the same CI; another phone gives another CI
    clock.advance(61_000);
    const again = await verifyPatient(t, person);
    expect(again.ci).toBe(body.ci);
    const other = await verifyPatient(t, { custName: person.custName, korRegId: person.korRegId });
    expect(other.ci).not.toBe(body.ci);
  });

  it('restores after a reload whether she verified with a 외국인등록번호, never its digit', async () => {
    const session = async (korRegId: string) => {
      const v = await verifyPatient(t, { custName: 'Nguyen Thi Lan', korRegId });
      const res = await t.app.inject({ url: '/rest/auth/session', headers: { cookie: v.cookie } });
      expect(res.statusCode).toBe(200);
      return res.json() as { person: Record<string, unknown> };
    };
    const foreign = await session('9503156');
    expect(foreign.person).toMatchObject({ birthday: '19950315', sex: 'F', foreignResident: true });
    expect(JSON.stringify(foreign)).not.toMatch(/regDigit|"6"/);
    const citizen = await session('9503152');
    expect(citizen.person.foreignResident).toBeUndefined();
  });

  it('counts wrong codes, locks the request at 5 and then refuses even the right code', async () => {
    const { person, seq } = await send();
    const code = await latestSmsCode(t, person.custHp);
    for (let left = 4; left >= 1; left--) {
      const p = problemOf(await check(seq!, wrongOf(code)));
      expect(p).toMatchObject({ status: 400, code: 'SMS_CODE_WRONG' });
      expect(p.errors![0]).toMatchObject({
        field: 'smsAuthNum',
        message: `인증번호가 맞지 않아요. (남은 횟수 ${left}번)`,
      });
    }
    expect(problemOf(await check(seq!, wrongOf(code)))).toMatchObject({ status: 423, code: 'SMS_LOCKED' });
    expect(problemOf(await check(seq!, code))).toMatchObject({ status: 423, code: 'SMS_LOCKED' });
  });

  it('parallel guesses never get more than 5 tries', async () => {
    const { person, seq } = await send();
    const code = await latestSmsCode(t, person.custHp);
    const answers = await Promise.all(Array.from({ length: 12 }, () => check(seq!, wrongOf(code))));
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(4);
    expect(answers.filter((a) => a.statusCode === 423)).toHaveLength(8);
  });

  it('expires a code after 3 minutes', async () => {
    const { person, seq } = await send();
    const code = await latestSmsCode(t, person.custHp);
    clock.advance(180_000);
    expect(problemOf(await check(seq!, code))).toMatchObject({ status: 410, code: 'SMS_EXPIRED' });
  });

  it('binds a code to its own request: not to another request, not with a forged response seq or hospital', async () => {
    const a = await send();
    const b = await send();
    const codeA = await latestSmsCode(t, a.person.custHp);
    const codeB = await latestSmsCode(t, b.person.custHp);
    if (codeA !== codeB) expect(problemOf(await check(b.seq!, codeA)).code).toBe('SMS_CODE_WRONG');
    const forged = await check({ smsRequestSeq: a.seq!.smsRequestSeq, smsResponseSeq: b.seq!.smsResponseSeq }, codeA);
    expect(problemOf(forged)).toMatchObject({ status: 400, code: 'SMS_REQUEST_UNKNOWN' });
    const otherHospital = await t.app.inject({
      method: 'POST',
      url: '/auth/rest/nice/smsAuth',
      payload: { ...a.seq, smsAuthNum: codeA, hospitalCode: '90000002' },
    });
    expect(problemOf(otherHospital).code).toBe('SMS_REQUEST_UNKNOWN');
    expect((await check(a.seq!, codeA)).statusCode).toBe(200);
  });

  it('answers an unknown request with a problem, never a 5xx', async () => {
    const res = await check({ smsRequestSeq: 'nope', smsResponseSeq: 'nope' }, '123456');
    expect(problemOf(res)).toMatchObject({ status: 400, code: 'SMS_REQUEST_UNKNOWN' });
    const bad = await check({ smsRequestSeq: '', smsResponseSeq: 'x' }, '12a456');
    expect(
      problemOf(bad)
        .errors!.map((e) => e.field)
        .sort(),
    ).toEqual(['smsAuthNum', 'smsRequestSeq']);
  });

  it('a resend replaces the code: the earlier request takes no more codes, the new one takes the new code', async () => {
    const first = await send();
    const firstCode = await latestSmsCode(t, first.person.custHp);
    clock.advance(61_000);
    // Asked again from the same place; from another address it would be another request (modules/identity/sms-caps.test.ts).
    const second = await send(first.person, first.ip);
    expect(second.res.statusCode).toBe(200);
    const secondCode = await latestSmsCode(t, first.person.custHp);
    expect(problemOf(await check(first.seq!, firstCode))).toMatchObject({ status: 410, code: 'SMS_EXPIRED' });
    expect((await check(second.seq!, secondCode)).statusCode).toBe(200);
  });

  it('keeps nothing in memory: a code sent through one web process is checked by another (or after a restart)', async () => {
    const { person, seq } = await send();
    const code = await latestSmsCode(t, person.custHp);
    const other = await buildApp({ config: TEST_CONFIG, db: t.db, logStream: testLogStream, clock });
    try {
      const res = await other.inject({
        method: 'POST',
        url: '/auth/rest/nice/smsAuth',
        remoteAddress: freshIp(),
        payload: { ...seq, smsAuthNum: code, hospitalCode: '90000001' },
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('sessions', () => {
  it('is fixed at login: a cookie sent before verifying is not the one after', async () => {
    const first = await verifyPatient(t);
    clock.advance(61_000);
    const { person, seq } = await send(first.person);
    const code = await latestSmsCode(t, person.custHp);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/rest/nice/smsAuth',
      headers: { cookie: first.cookie },
      payload: { ...seq, smsAuthNum: code, hospitalCode: '90000001' },
    });
    expect(cookieHeader(res)).not.toBe(first.cookie);
    // the old session is revoked
    expect((await t.app.inject({ url: '/rest/auth/session', headers: { cookie: first.cookie } })).statusCode).toBe(401);
  });

  it('ends after 15 idle minutes; activity keeps it alive', async () => {
    const v = await verifyPatient(t);
    const session = () => t.app.inject({ url: '/rest/auth/session', headers: { cookie: v.cookie } });
    clock.advance(14 * 60_000);
    const alive = await session();
    expect(alive.statusCode).toBe(200);
    expect(alive.json().person).toMatchObject({ userNm: v.person.custName, birthday: '19850101', sex: 'M' });
    clock.advance(14 * 60_000);
    expect((await session()).statusCode).toBe(200);
    clock.advance(15 * 60_000);
    const p = problemOf(await session());
    expect(p).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(p.detail).toContain('다시 본인인증');
  });

  it('ends after 12 hours however active, and refreshing cannot move that', async () => {
    let v = await verifyPatient(t);
    for (let i = 0; i < 12 * 6; i++) {
      clock.advance(10 * 60_000);
      const r = await t.app.inject({ method: 'POST', url: '/rest/auth/refreshToken', headers: { cookie: v.cookie } });
      if (i < 12 * 6 - 1) {
        expect(r.statusCode, `refresh ${i}`).toBe(200);
        v = { ...v, cookie: cookieHeader(r) };
      } else {
        expect(r.statusCode).toBe(401);
      }
    }
  });

  it('refreshToken rotates the id: the old cookie stops working, the new one works', async () => {
    const v = await verifyPatient(t);
    const r = await t.app.inject({ method: 'POST', url: '/rest/auth/refreshToken', headers: { cookie: v.cookie } });
    expect(r.statusCode).toBe(200);
    expect(r.json().hash).not.toBe(v.hash);
    const fresh = cookieHeader(r);
    expect((await t.app.inject({ url: '/rest/auth/session', headers: { cookie: v.cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/rest/auth/session', headers: { cookie: fresh } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/rest/auth/refreshToken' })).statusCode).toBe(401);
  });

  it('logout ends the session and clears both cookies', async () => {
    const v = await verifyPatient(t);
    const out = await t.app.inject({ method: 'POST', url: '/rest/auth/logout', headers: { cookie: v.cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.map((c) => c.name).sort()).toEqual(['ac_sess', 'claimAuth']);
    expect(out.cookies.every((c) => c.value === '')).toBe(true);
    expect((await t.app.inject({ url: '/rest/auth/session', headers: { cookie: v.cookie } })).statusCode).toBe(401);
  });

  it('over plain http the session cookie is not Secure, whatever Host or X-Forwarded-Proto a client writes', async () => {
    // The cookie is Secure (and __Host-) over https as a trusted proxy reports it, and in production:
    // security/perimeter.test.ts. A client that is not a trusted proxy cannot make a cookie Secure or not by its headers.
    const headers = { host: 'auto-claim.example', 'x-forwarded-proto': 'https' };
    const person = testPerson();
    const started = await t.app.inject({
      method: 'POST',
      url: '/auth/rest/nice/userAuth',
      headers,
      payload: { ...person, hospitalCode: '90000001', termsIds: telecomTerms },
    });
    const code = await latestSmsCode(t, person.custHp);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/rest/nice/smsAuth',
      headers,
      payload: { ...(started.json() as object), smsAuthNum: code, hospitalCode: '90000001' },
    });
    expect(res.cookies.find((c) => c.name === 'ac_sess')).toMatchObject({ httpOnly: true, path: '/' });
    expect(res.cookies.find((c) => c.name === 'ac_sess')?.secure).toBeFalsy();
    expect(res.cookies.find((c) => c.name === '__Host-ac_sess')).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('POST /auth/rest/terms', () => {
  it('needs a patient session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/rest/terms', payload: { termsIds: ['x'] } });
    expect(problemOf(res)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it('records each agreement with the current version and the verified person', async () => {
    const v = await verifyPatient(t);
    const service = (await t.app.inject('/auth/rest/terms/v3/SERVICE')).json() as {
      list: { termsId: string; version: string }[];
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/rest/terms',
      headers: { cookie: v.cookie },
      payload: { termsIds: service.list.map((s) => s.termsId) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().agreed.map((a: { termsId: string; version: string }) => [a.termsId, a.version])).toEqual(
      service.list.map((s) => [s.termsId, s.version]),
    );
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/rest/terms',
      headers: { cookie: v.cookie },
      payload: { termsIds: ['NO_SUCH_TERM'] },
    });
    expect(problemOf(unknown)).toMatchObject({ status: 400, code: 'TERMS_UNKNOWN' });
  });
});

describe('operator sign-in', () => {
  it('signs in with the right password only; an operator session is not a patient session', async () => {
    await upsertOperator(t.db.db, 'ops', 'correct horse battery');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/rest/auth/login',
      remoteAddress: freshIp(),
      payload: { loginId: 'ops', password: 'wrong password!!' },
    });
    expect(problemOf(wrong)).toMatchObject({ status: 401, code: 'LOGIN_FAILED' });
    const nobody = await t.app.inject({
      method: 'POST',
      url: '/rest/auth/login',
      remoteAddress: freshIp(),
      payload: { loginId: 'nobody', password: 'correct horse battery' },
    });
    expect(problemOf(nobody).code).toBe('LOGIN_FAILED');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/rest/auth/login',
      remoteAddress: freshIp(),
      payload: { loginId: 'ops', password: 'correct horse battery' },
    });
    expect(ok.json().kind).toBe('operator');
    const asPatient = await t.app.inject({
      method: 'POST',
      url: '/auth/rest/terms',
      headers: { cookie: cookieHeader(ok) },
      payload: { termsIds: ['x'] },
    });
    expect(asPatient.statusCode).toBe(401);
    const row = await sql<{ passwordHash: string }>`select password_hash from operator where login_id = 'ops'`.execute(
      t.db.db,
    );
    expect(row.rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses passwords shorter than 12 characters when an account is made', async () => {
    await expect(upsertOperator(t.db.db, 'weak', 'short')).rejects.toThrow(/12/);
  });
});
