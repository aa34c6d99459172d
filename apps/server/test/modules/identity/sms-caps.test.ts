// The SMS send caps as an attacker who knows only a phone number, or a person's whole identity (name, birth date, sex
// digit and phone), meets them: the daily caps count only sends nobody completed, a stranger's sends apart from the
// owner's (from an address she verified from, or her verified session), per person, per requesting address and per
// phone; and parallel sends never get past any of them (identity/service.ts, docs/security.md "A phone number is not a
// lock-out").
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, SMS_SENDS_PER_DAY } from '@auto-claim/contract';
import {
  SMS_OPEN_SENDS_PER_ADDRESS_PER_DAY,
  SMS_SENDS_PER_PHONE_PER_DAY,
} from '../../../src/modules/identity/service.js';
import { IdentityVendorError } from '../../../src/providers/identity/types.js';
import {
  build,
  latestSmsCode,
  problemOf,
  telecomTermsIds,
  testClock,
  testPerson,
  verifyPatient,
  type TestApp,
  freshAddress,
} from '../../helper.js';

const clock = testClock(new Date('2026-11-22T01:00:00Z'));
let t: TestApp;
let telecomTerms: string[];

beforeAll(async () => {
  t = await build({ clock });
  telecomTerms = await telecomTermsIds(t);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

type Who = ReturnType<typeof testPerson>;
const send = (person: Who, remoteAddress = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/rest/nice/userAuth',
    remoteAddress,
    payload: { ...person, hospitalCode: '90000001', termsIds: telecomTerms },
  });

/** Someone else on the same phone: another name and another birth date, as an attacker would type them. */
const SYLLABLES = '가나다라마바사아자차카타파하';
const madeUp = (phone: string, i: number): Who =>
  testPerson({
    custHp: phone,
    custName: `가짜${SYLLABLES[i % 14]}${SYLLABLES[Math.floor(i / 14) % 14]}`,
    korRegId: `9${i % 10}01011`,
  });

/** The whole verification, the code sent and typed from one address (a phone on its network). */
async function verify(person: Who, remoteAddress = freshAddress()) {
  const started = await send(person, remoteAddress);
  expect(started.statusCode, started.body).toBe(200);
  const seq = started.json() as { smsRequestSeq: string; smsResponseSeq: string };
  return t.app.inject({
    method: 'POST',
    url: '/auth/rest/nice/smsAuth',
    remoteAddress,
    payload: { ...seq, smsAuthNum: await latestSmsCode(t, person.custHp), hospitalCode: '90000001' },
  });
}

/** A stranger who knows the whole identity asks codes for her from address after address until refused. */
async function strangerSpends(owner: Who) {
  let sent = 0;
  for (;;) {
    clock.advance(61_000);
    const res = await send(owner);
    if (res.statusCode !== 200) {
      expect(problemOf(res)).toMatchObject({ status: 429, code: 'SMS_DAILY_LIMIT' });
      return sent;
    }
    sent += 1;
    if (sent > 3 * SMS_SENDS_PER_DAY) throw new Error('no cap stopped the stranger');
  }
}

const sentTo = async (phone: string) =>
  ((await t.app.inject(`/sandbox/outbox?to=${phone}`)).json() as { messages: unknown[] }).messages.length;

describe('a phone number in an attacker’s hands', () => {
  it('made-up names spend their own sends, not the owner’s: the owner still gets a code and verifies', async () => {
    const owner = testPerson();
    // What locked the owner out for a day before: five sends to the phone under other names.
    for (let i = 0; i < SMS_SENDS_PER_DAY; i++) {
      expect((await send(madeUp(owner.custHp, i))).statusCode, `attacker send ${i + 1}`).toBe(200);
    }
    const res = await verify(owner);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('keeps the owner’s own cap: five sends a day for one person, then a Korean 429', async () => {
    const owner = testPerson();
    for (let i = 1; i <= SMS_SENDS_PER_DAY; i++) {
      expect((await send(owner)).statusCode, `send ${i}`).toBe(200);
      clock.advance(61_000);
    }
    const p = problemOf(await send(owner));
    expect(p).toMatchObject({ status: 429, code: 'SMS_DAILY_LIMIT' });
    expect(p.detail).toContain(`하루에 ${SMS_SENDS_PER_DAY}번까지`);
    // The cap is the person's: the name typed with a space or in other case is the same person.
    const spaced = { ...owner, custName: `${owner.custName.slice(0, 1)} ${owner.custName.slice(1)}` };
    expect(problemOf(await send(spaced))).toMatchObject({ status: 429, code: 'SMS_DAILY_LIMIT' });
    clock.advance(24 * 60 * 60 * 1000);
    expect((await send(owner)).statusCode).toBe(200);
  });

  it('stops a phone at its ceiling however many names are typed (SMS pumping)', async () => {
    const phone = testPerson().custHp;
    for (let i = 0; i < SMS_SENDS_PER_PHONE_PER_DAY; i++) {
      expect((await send(madeUp(phone, i))).statusCode, `send ${i + 1}`).toBe(200);
    }
    const p = problemOf(await send(madeUp(phone, 99)));
    expect(p).toMatchObject({ status: 429, code: 'SMS_DAILY_LIMIT' });
    expect(p.detail).toContain('이 휴대폰 번호로는 오늘');
    expect(await sentTo(phone)).toBe(SMS_SENDS_PER_PHONE_PER_DAY);
  });

  it('counts only sends the vendor accepted: refused and failed sends spend nothing', async () => {
    const owner = testPerson();
    const identity = t.app.ctx.providers.identity;
    const start = vi.spyOn(identity, 'start');
    start.mockRejectedValueOnce(new IdentityVendorError('refused', 'test: carrier holds another name'));
    start.mockRejectedValueOnce(new IdentityVendorError('unavailable', 'test: vendor down'));
    for (let i = 0; i < SMS_SENDS_PER_PHONE_PER_DAY; i++) {
      start.mockRejectedValueOnce(new IdentityVendorError('refused', 'test: carrier holds another name'));
    }
    expect(problemOf(await send(owner))).toMatchObject({ status: 422, code: 'IDENTITY_REFUSED' });
    expect(problemOf(await send(owner))).toMatchObject({ status: 503, code: 'IDENTITY_UNAVAILABLE' });
    // An attacker's made-up names, each refused by the carrier: more of them than the phone's ceiling.
    for (let i = 0; i < SMS_SENDS_PER_PHONE_PER_DAY; i++) {
      expect(problemOf(await send(madeUp(owner.custHp, i))).code).toBe('IDENTITY_REFUSED');
    }
    start.mockRestore();
    // Nothing of that counted: no resend gap, and all five of the owner's sends are there.
    for (let i = 1; i <= SMS_SENDS_PER_DAY; i++) {
      expect((await send(owner)).statusCode, `send ${i}`).toBe(200);
      clock.advance(61_000);
    }
    expect(problemOf(await send(owner)).code).toBe('SMS_DAILY_LIMIT');
  });

  it('parallel sends of one person get one code; parallel names never pass the phone’s ceiling', async () => {
    const owner = testPerson();
    const same = await Promise.all(Array.from({ length: 8 }, () => send(owner)));
    expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(same.filter((r) => r.statusCode === 429).map((r) => problemOf(r).code)).toEqual(
      Array(7).fill('SMS_TOO_SOON'),
    );

    // The person's last sends of the day, all at once: only what is left of the cap goes out.
    for (let i = 2; i <= SMS_SENDS_PER_DAY - 1; i++) {
      clock.advance(61_000);
      expect((await send(owner)).statusCode).toBe(200);
    }
    clock.advance(61_000);
    const last = await Promise.all(Array.from({ length: 6 }, () => send(owner)));
    expect(last.filter((r) => r.statusCode === 200)).toHaveLength(1);

    const phone = testPerson().custHp;
    const names = await Promise.all(
      Array.from({ length: SMS_SENDS_PER_PHONE_PER_DAY + 6 }, (_, i) => send(madeUp(phone, i))),
    );
    expect(names.filter((r) => r.statusCode === 200)).toHaveLength(SMS_SENDS_PER_PHONE_PER_DAY);
    expect(await sentTo(phone)).toBe(SMS_SENDS_PER_PHONE_PER_DAY);
  });

  it('keeps only a keyed hash of the person it counts by', async () => {
    const owner = testPerson({ custName: '홍길동카운트' });
    expect((await send(owner)).statusCode).toBe(200);
    const rows = await t.db.db.selectFrom('smsVerification').select(['personKey']).execute();
    const raw = JSON.stringify(rows);
    expect(rows.every((r) => typeof r.personKey === 'string' && r.personKey.length >= 32)).toBe(true);
    for (const plain of [owner.custName, owner.custHp, owner.korRegId]) expect(raw).not.toContain(plain);
  });
});

describe('someone who knows the whole identity (name, birth date, sex digit and phone)', () => {
  it('spends the sends strangers may make; the owner, from her own phone’s address, still gets a code and verifies', async () => {
    const owner = testPerson();
    const home = freshAddress();
    // She verified from her phone once before: that address is hers for this person.
    expect((await verify(owner, home)).statusCode).toBe(200);

    expect(await strangerSpends(owner)).toBe(SMS_SENDS_PER_DAY);
    clock.advance(61_000);
    const res = await verify(owner, home);
    expect(res.statusCode, res.body).toBe(200);
    // From an address she never verified from, she is one of the strangers: their cap is spent.
    expect(problemOf(await send(owner))).toMatchObject({ status: 429, code: 'SMS_DAILY_LIMIT' });
    // Her own side has a cap too: codes asked from her address and never typed.
    for (let i = 1; i <= SMS_SENDS_PER_DAY; i++) {
      clock.advance(61_000);
      expect((await send(owner, home)).statusCode, `own send ${i}`).toBe(200);
    }
    clock.advance(61_000);
    expect(problemOf(await send(owner, home)).code).toBe('SMS_DAILY_LIMIT');
  });

  it('does not count a step-up from her SMS-verified session against the cap strangers spent', async () => {
    const v = await verifyPatient(t);
    expect(await strangerSpends(v.person)).toBe(SMS_SENDS_PER_DAY);
    clock.advance(61_000);
    const started = await t.app.inject({
      method: 'POST',
      url: API.stepUp,
      headers: { cookie: v.cookie },
      remoteAddress: freshAddress(),
      payload: { telecomType: v.person.telecomType, termsIds: telecomTerms },
    });
    expect(started.statusCode, started.body).toBe(200);
    const seq = started.json() as { smsRequestSeq: string; smsResponseSeq: string };
    const confirmed = await t.app.inject({
      method: 'POST',
      url: API.stepUpConfirm,
      headers: { cookie: v.cookie },
      remoteAddress: freshAddress(),
      payload: { ...seq, smsAuthNum: await latestSmsCode(t, v.person.custHp) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('counts completed verifications apart: the owner verifies more than five times in a day', async () => {
    const owner = testPerson();
    const phone = freshAddress();
    for (let i = 1; i <= SMS_SENDS_PER_DAY + 2; i++) {
      clock.advance(61_000);
      const res = await verify(owner, phone);
      expect(res.statusCode, `verification ${i}: ${res.body}`).toBe(200);
    }
  });

  it('caps the sends one address leaves uncompleted, whoever they are for; completed ones and other addresses are not held', async () => {
    const address = freshAddress();
    // Patients behind one hospital Wi-Fi who finish their verification count nothing.
    for (let i = 0; i < 2; i++) expect((await verify(testPerson(), address)).statusCode).toBe(200);
    for (let i = 1; i <= SMS_OPEN_SENDS_PER_ADDRESS_PER_DAY; i++) {
      expect((await send(testPerson(), address)).statusCode, `open send ${i}`).toBe(200);
    }
    const p = problemOf(await send(testPerson(), address));
    expect(p).toMatchObject({ status: 429, code: 'SMS_DAILY_LIMIT' });
    expect(p.detail).toContain('이 인터넷 연결에서 마치지 않은 인증 요청이 너무 많아요');
    expect((await send(testPerson())).statusCode).toBe(200);
    clock.advance(24 * 60 * 60 * 1000);
    expect((await send(testPerson(), address)).statusCode).toBe(200);
  });
});

describe('an IPv6 client, whose privacy address rotates inside its /64 (http/client-address.ts, addressHmac)', () => {
  let net = 0;
  /** A fresh /64 of the documentation prefix, and an address in it per call. */
  const network = () => {
    const prefix = `2001:db8:${(++net).toString(16)}:64`;
    let host = 0;
    return () => `${prefix}:${(++host).toString(16)}:${((host * 7919) % 0x10000).toString(16)}:0:1`;
  };

  it('is one requester to the cap on open sends, however many of its addresses ask', async () => {
    const rotating = network();
    for (let i = 1; i <= SMS_OPEN_SENDS_PER_ADDRESS_PER_DAY; i++) {
      expect((await send(testPerson(), rotating())).statusCode, `open send ${i}`).toBe(200);
    }
    const p = problemOf(await send(testPerson(), rotating()));
    expect(p).toMatchObject({ status: 429, code: 'SMS_DAILY_LIMIT' });
    expect(p.detail).toContain('이 인터넷 연결에서');
    // Another /64 is another requester.
    expect((await send(testPerson(), network()())).statusCode).toBe(200);
  });

  it('keeps the owner’s trusted address when her address rotates inside its /64', async () => {
    const owner = testPerson();
    const home = network();
    expect((await verify(owner, home())).statusCode).toBe(200);
    expect(await strangerSpends(owner)).toBe(SMS_SENDS_PER_DAY);
    clock.advance(61_000);
    // A day later her phone has another privacy address of the same /64: still hers.
    const res = await verify(owner, home());
    expect(res.statusCode, res.body).toBe(200);
  });
});
