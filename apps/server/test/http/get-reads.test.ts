// A GET changes nothing: repeating the spec's GET holder check asks the bank (a paid call) once, and repeating the
// history's GET writes its access-log line once (accounts/service.ts checkAccountOnce, treats/history.ts listTreats).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@auto-claim/contract';
import { ACCOUNT_CHECK_KEPT_SECONDS } from '../../src/modules/accounts/service.js';
import { ciHmacOf } from '../../src/security/session.js';
import { build, problemOf, testClock, verifyPatient, type TestApp } from '../helper.js';

// 23:00 KST: the history's day ends in an hour.
const clock = testClock(new Date('2026-06-15T14:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await build({ clock });
});
afterAll(() => t.close());

/** Questions the sandbox bank has been asked: each is one paid 예금주 조회 with a real bank. */
const bankCalls = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('sandboxOutbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('to', '=', 'bank-check')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET …/users/accounts (the spec’s holder check)', () => {
  const query = (q: Record<string, string>) => `${API.userAccounts}?${new URLSearchParams(q).toString()}`;

  it('asks the bank once: repeated GETs answer the same and call nobody', async () => {
    const p = await verifyPatient(t);
    const url = query({ userCi: p.ci, bankCd: '004', bankAccount: '123-456-781234' });
    const before = await bankCalls();
    const first = await t.app.inject({ url, headers: { cookie: p.cookie } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ result: 'MATCH' });
    for (let i = 0; i < 5; i++) {
      const again = await t.app.inject({ url, headers: { cookie: p.cookie } });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
    expect(await bankCalls()).toBe(before + 1);

    // An account that does not exist: the 422 is kept too.
    const none = query({ bankCd: '004', bankAccount: '123-456-780000' });
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ url: none, headers: { cookie: p.cookie } });
      expect(problemOf(res)).toMatchObject({ status: 422, code: 'ACCOUNT_NOT_FOUND' });
    }
    expect(await bankCalls()).toBe(before + 2);

    // Another holder named is another question; another patient asks for themselves.
    await t.app.inject({
      url: `${url}&bankAccountHolder=${encodeURIComponent('김다른')}`,
      headers: { cookie: p.cookie },
    });
    expect(await bankCalls()).toBe(before + 3);
    const other = await verifyPatient(t);
    const theirs = await t.app.inject({
      url: query({ bankCd: '004', bankAccount: '123-456-781234' }),
      headers: { cookie: other.cookie },
    });
    expect(theirs.statusCode).toBe(200);
    expect(await bankCalls()).toBe(before + 4);

    // After the kept time the bank is asked again; POST (what the SPA uses) always asks.
    clock.advance(ACCOUNT_CHECK_KEPT_SECONDS * 1000 + 1000);
    await t.app.inject({ url, headers: { cookie: p.cookie } });
    expect(await bankCalls()).toBe(before + 5);
    for (let i = 0; i < 2; i++) {
      const posted = await t.app.inject({
        method: 'POST',
        url: API.userAccounts,
        headers: { cookie: p.cookie },
        payload: { bankCd: '004', bankAccount: '123-456-781234' },
      });
      expect(posted.statusCode).toBe(200);
    }
    expect(await bankCalls()).toBe(before + 7);
  });

  it('keeps no account number or name in plain text', async () => {
    const p = await verifyPatient(t);
    await t.app.inject({
      url: query({ bankCd: '004', bankAccount: '555-666-777888' }),
      headers: { cookie: p.cookie },
    });
    const rows = JSON.stringify(await t.db.db.selectFrom('accountCheck').selectAll().execute());
    expect(rows).not.toContain('777888');
    expect(rows).not.toContain('555666777888');
    expect(rows).not.toContain(p.person.custName);
  });
});

describe('GET …/subscriptions/treats (the history)', () => {
  it('writes its release to the access log once however often it is read, and again the next Korean day', async () => {
    const p = await verifyPatient(t);
    const ciHmac = ciHmacOf(t.app.ctx, p.ci);
    const lines = async () =>
      (
        await t.db.db
          .selectFrom('accessLog')
          .select(['action', 'detail'])
          .where('ciHmac', '=', ciHmac)
          .where('action', '=', 'released_to_patient')
          .execute()
      ).length;
    const get = () => t.app.inject({ url: API.treats, headers: { cookie: p.cookie } });
    const first = await get();
    expect(first.statusCode, first.body).toBe(200);
    expect(await lines()).toBe(1);
    await Promise.all([get(), get(), get()]);
    for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(200);
    expect(await lines()).toBe(1);
    const shown = (await get()).json() as { accessLog: { total: number } };
    expect(shown.accessLog.total).toBe(1);

    // Past midnight in Korea (01:00 KST; still the 15th in UTC) it is a new day's showing.
    clock.advance(2 * 60 * 60 * 1000);
    const again = await verifyPatient(t, p.person);
    expect(again.ci).toBe(p.ci);
    expect((await t.app.inject({ url: API.treats, headers: { cookie: again.cookie } })).statusCode).toBe(200);
    expect(await lines()).toBe(2);
  });
});
