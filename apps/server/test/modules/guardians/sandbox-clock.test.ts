// The sandbox's clock (POST /sandbox/clock, apps/server/src/clock.ts) moves every rule that reads the date, the
// contract's own "not in the future" checks included: a child who turns 19 three days from the machine's today is
// shown ageing out end to end, through app.inject() on PGlite or (DATABASE_URL) PostgreSQL, with the sandbox's own
// clock (no test clock): before the move the hospital's visit on her birthday is "in the future" and refused; after
// it, the same visit is taken and not claimed (insured_adult), the one the day before is claimed, her father is told on
// the day, his list says she has grown up, and she enrols herself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  CHILD_API,
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  KAKAO_NOTI_TERMS_ID,
  addMonths,
  kstToday,
  type ChildrenAnswer,
  type FeedAnswer,
  type SubscriptionView,
} from '@auto-claim/contract';
import { OPS_CHILD_API, type RelationDocumentsPage } from '@auto-claim/contract/ops';
import { adultNotices } from '../../../src/modules/subscriptions/index.js';
import { dataUrl, images, regFor, type Images, type Verified } from '../../../fixtures/enrolment.js';
import { treatmentRecord } from '../../../fixtures/factories.js';
import { build, problemOf, signInOperator, verifyPatient, type TestApp } from '../../helper.js';

let t: TestApp;
let img: Images;
let ops: Record<string, string>;

beforeAll(async () => {
  img = await images();
  t = await build(); // the sandbox's clock: the machine's, plus what POST /sandbox/clock moved it by
  await t.app.claimEngine.start();
  ops = (await signInOperator(t, 'operator', { loginId: 'clock-ops' })).headers;
}, 180_000);
afterAll(() => t?.close());

const DAYS = 3;
/** Today as the machine counts it (KST): the sandbox's clock has not moved yet. */
const today = kstToday(new Date());
const birthdayIn = addMonths(today, 0, DAYS); // her 19th birthday, three days from today
const dayBefore = addMonths(today, 0, DAYS - 1);
const child = {
  userNm: '윤하늘',
  birthday: `${Number(birthdayIn.slice(0, 4)) - 19}${birthdayIn.slice(4)}`,
  sex: 'F' as const,
  userIdno2: '4888881',
  guardianRel: 'father' as const,
  userTel: '01099990077',
};
// Born in the 2000s: her RRN's 7th digit is 4 (a woman); for a February 29th a year 19 years back may not have one.
const valid = child.birthday.slice(4) !== '0229';

const as = (v: Verified, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, remoteAddress: '127.7.0.1', headers: { cookie: v.cookie } });
const hospitalFeed = (visitDates: string[]) =>
  t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
    payload: {
      records: visitDates.map((visitDate) =>
        treatmentRecord(
          { ci: '', rrn: child.birthday.slice(2) + child.userIdno2, birthDate: child.birthday, userNm: child.userNm },
          { by: 'rrn', visitDate },
        ),
      ),
    },
  });
const outcomeOf = async (id: number) =>
  (
    await t.db.db
      .selectFrom('treatmentRecord')
      .select(['outcome', 'insuApplyId'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).outcome;
const bodiesTo = async (phone: string) =>
  (await t.db.db.selectFrom('sandboxOutbox').select('body').where('to', '=', phone).execute()).map((m) => m.body);

describe.runIf(valid)('the sandbox clock moves the age-out at 19, end to end', () => {
  let father: Verified;
  let insuApplyId: string;

  it('enrols a child whose 19th birthday is three days away; the hospital’s visit on it is refused as in the future', async () => {
    father = await verifyPatient(t, { custName: '윤아빠', korRegId: '7808081' });
    const res = await as(
      father,
      'POST',
      API.subscriptions,
      await regFor(t, father, img, { child, optTerms: [KAKAO_NOTI_TERMS_ID], bankAccountRel: '3' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const sub = (res.json() as SubscriptionView).subscription!;
    insuApplyId = sub.insuApplyId;
    expect(sub.child!.adultOn).toBe(birthdayIn);
    const up = await as(father, 'POST', CHILD_API.relationDocument(insuApplyId), {
      docType: 'family',
      issueDate: today,
      file: dataUrl('image/jpeg', img.photo),
    });
    expect(up.statusCode, up.body).toBe(200);
    const page = (
      await t.app.inject({
        method: 'GET',
        url: `${OPS_CHILD_API.relationDocuments}?order=desc&size=1`,
        headers: ops,
      })
    ).json() as RelationDocumentsPage;
    const confirm = await t.app.inject({
      method: 'POST',
      url: OPS_CHILD_API.relationDocumentConfirm(page.list[0]!.docId),
      payload: {},
      headers: ops,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);

    const early = await hospitalFeed([birthdayIn]);
    expect(early.statusCode).toBe(400);
    expect(problemOf(early).errors).toEqual([
      expect.objectContaining({ field: 'records.0.visitDate', message: '진료일이 올바른 날짜가 아니거나 미래예요.' }),
    ]);
  });

  it('after POST /sandbox/clock moves three days on: the visit the day before is claimed, the one on the birthday is hers', async () => {
    const moved = await t.app.inject({
      method: 'POST',
      url: '/sandbox/clock',
      payload: { advanceSeconds: DAYS * 86_400 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(kstToday(new Date((moved.json() as { now: string }).now))).toBe(birthdayIn);

    // The day's notice, to her father and to her own phone.
    expect(await adultNotices(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect((await bodiesTo(father.person.custHp)).some((b) => b.includes('하늘이가 만 19세가 되었어요'))).toBe(true);
    expect((await bodiesTo(child.userTel)).some((b) => b.includes('만 19세 생일을 축하해요'))).toBe(true);

    const res = await hospitalFeed([dayBefore, birthdayIn]);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.claimEngine.drain();
    const [before, onTheDay] = (res.json() as FeedAnswer).results.map((r) => r.recordId);
    expect(await outcomeOf(before!)).toBe('claimed');
    expect(await outcomeOf(onTheDay!)).toBe('insured_adult');

    // Three days on, his session has long expired: he verifies again.
    const again = await verifyPatient(t, { custName: '윤아빠', korRegId: '7808081', custHp: father.person.custHp });
    const res2 = await as(again, 'GET', CHILD_API.children);
    expect(res2.statusCode, res2.body).toBe(200);
    const list = res2.json() as ChildrenAnswer;
    expect(list.list.find((c) => c.insuApplyId === insuApplyId)).toMatchObject({ grownUp: true });
  });

  it('lets her verify and enrol herself on her birthday: her father’s subscription ends as grown_up', async () => {
    const herself = await verifyPatient(t, {
      custName: child.userNm,
      korRegId: child.birthday.slice(2) + child.userIdno2[0],
      custHp: child.userTel,
    });
    const res = await as(
      herself,
      'POST',
      API.subscriptions,
      await regFor(t, herself, img, { userIdno2: child.userIdno2 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db.db
      .selectFrom('subscription')
      .select(['status', 'endReason'])
      .where('insuApplyId', '=', insuApplyId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cancel', endReason: 'grown_up' });
  });
});
