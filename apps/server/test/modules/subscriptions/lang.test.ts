// Her language on the subscription (docs/decisions/0010-message-catalogs.md; migration 0070): the language she walked
// the enrolment in goes with the subscribe request and is kept on it for her later messages; without one, Korean;
// a language we do not have is refused, naming the field, and nothing is stored. The message that confirms her
// enrolment is in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@auto-claim/contract';
import { build, freshAddress, problemOf, testClock, verifyPatient, type TestApp } from '../../helper.js';
import { images, regFor, type Images, type Verified } from '../../../fixtures/enrolment.js';

const clock = testClock(new Date('2026-11-23T03:00:00Z'));
let t: TestApp;
let img: Images;

beforeAll(async () => {
  t = await build({ clock });
  img = await images();
});
afterAll(() => t?.close());

const subscribe = async (v: Verified, extra: object) =>
  t.app.inject({
    method: 'POST',
    url: API.subscriptions,
    payload: { ...(await regFor(t, v, img)), ...extra },
    headers: { cookie: v.cookie },
    remoteAddress: freshAddress(),
  });

const langsOf = (v: Verified) =>
  t.db.db.selectFrom('subscription').select(['lang']).where('ciHmac', '=', t.app.ctx.crypto.hmac('ci', v.ci)).execute();

describe('her language on the subscription', () => {
  it('is kept as she sent it', async () => {
    const v = await verifyPatient(t);
    const res = await subscribe(v, { lang: 'vi' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await langsOf(v)).toEqual([{ lang: 'vi' }]);
  });

  it('decides the language of the message that confirms her enrolment', async () => {
    const v = await verifyPatient(t);
    const outbox = () =>
      t.db.db.selectFrom('sandboxOutbox').select(['body']).where('to', '=', v.person.custHp).orderBy('id').execute();
    const before = (await outbox()).length;
    const res = await subscribe(v, { lang: 'en' });
    expect(res.statusCode, res.body).toBe(201);
    const sent = (await outbox()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain("You're signed up for auto-claim at 한빛정형외과의원.");
    expect(sent[0]!.body).not.toContain('가입을 마쳤어요');
  });

  it('is Korean when the request names none', async () => {
    const v = await verifyPatient(t);
    const res = await subscribe(v, {});
    expect(res.statusCode, res.body).toBe(201);
    expect(await langsOf(v)).toEqual([{ lang: 'ko' }]);
  });

  it('is refused when it is not one of ours, naming the field, and nothing is stored', async () => {
    const v = await verifyPatient(t);
    const res = await subscribe(v, { lang: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(problemOf(res).errors?.map((e) => e.field)).toContain('lang');
    expect(await langsOf(v)).toEqual([]);
  });
});
