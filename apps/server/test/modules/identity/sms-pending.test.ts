// The code-entry screen after a reload (README "Identity and sessions"): the browser keeps only the request's sequence
// numbers; the server tells where the code went, masked, and the time left by its own clock, and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, SMS_CODE_TTL_SECONDS, SMS_PENDING_PATH, SMS_RESEND_INTERVAL_SECONDS } from '@auto-claim/contract';
import { build, latestSmsCode, problemOf, telecomTermsIds, testClock, testPerson, type TestApp } from '../../helper.js';

const clock = testClock(new Date('2026-11-22T01:00:00Z'));
let t: TestApp;
let telecomTerms: string[];

beforeAll(async () => {
  t = await build({ clock });
  telecomTerms = await telecomTermsIds(t);
});
afterAll(() => t.close());

async function start() {
  const person = testPerson();
  const res = await t.app.inject({
    method: 'POST',
    url: API.niceUserAuth,
    payload: { ...person, hospitalCode: '90000001', termsIds: telecomTerms },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { person, seq: res.json() as { smsRequestSeq: string; smsResponseSeq: string } };
}
const pending = (payload: object) => t.app.inject({ method: 'POST', url: SMS_PENDING_PATH, payload });

describe('POST /auth/rest/nice/userAuth/pending', () => {
  it('answers the masked phone and the seconds left by the server clock, and the code still works after it', async () => {
    const { person, seq } = await start();
    clock.advance(40_000);
    const res = await pending({ ...seq, hospitalCode: '90000001' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      state: 'open',
      userTelMasked: `${person.custHp.slice(0, 3)}-****-${person.custHp.slice(-4)}`,
      expiresInSeconds: SMS_CODE_TTL_SECONDS - 40,
      resendInSeconds: SMS_RESEND_INTERVAL_SECONDS - 40,
    });
    // Neither the name, the RRN nor the whole phone number is in the answer.
    expect(res.body).not.toContain(person.custHp);
    expect(res.body).not.toContain(person.custName);
    const ok = await t.app.inject({
      method: 'POST',
      url: API.niceSmsAuth,
      payload: { ...seq, smsAuthNum: await latestSmsCode(t, person.custHp), hospitalCode: '90000001' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await pending({ ...seq, hospitalCode: '90000001' })).json()).toMatchObject({ state: 'used' });
  });

  it('says expired once the code’s 3 minutes are over', async () => {
    const { seq } = await start();
    clock.advance((SMS_CODE_TTL_SECONDS + 1) * 1000);
    expect((await pending({ ...seq, hospitalCode: '90000001' })).json()).toMatchObject({
      state: 'expired',
      expiresInSeconds: 0,
      resendInSeconds: 0,
    });
  });

  it('is bound like the code: another response seq or hospital is an unknown request (400), in Korean', async () => {
    const { seq } = await start();
    for (const payload of [
      { ...seq, smsResponseSeq: 'x'.repeat(24), hospitalCode: '90000001' },
      { ...seq, hospitalCode: '90000002' },
    ]) {
      const p = problemOf(await pending(payload));
      expect(p).toMatchObject({ status: 400, code: 'SMS_REQUEST_UNKNOWN' });
      expect(p.detail).toContain('인증 요청을 찾을 수 없어요');
    }
    expect((await pending({ hospitalCode: '90000001' })).statusCode).toBe(400);
  });
});
