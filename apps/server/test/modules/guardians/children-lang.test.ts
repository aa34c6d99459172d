// A guardian who reads another language (docs/decisions/0010-message-catalogs.md): her child's subscription keeps the
// language she enrolled her in, and every message about the child goes to the guardian's phone in it, by SMS/LMS even
// though she agreed to 알림톡 (its templates are approved in Korean: subscriptions/lookups.ts kakaoBy): the enrolment's
// confirmation, the relation document confirmed or refused, the child's claim and the insurer's answer, her 19th
// birthday coming. The child keeps her name; the hospital, the insurer and the Korean papers keep theirs. A Korean
// guardian's messages are as before (children.test.ts holds them). A child turning 19 with her own phone is invited in
// the same language, the only one the service knows of the family.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, CHILD_API, KAKAO_NOTI_TERMS_ID, type SubscriptionView } from '@auto-claim/contract';
import { OPS_CHILD_API, type RelationDocumentsPage } from '@auto-claim/contract/ops';
import { adultNotices } from '../../../src/modules/subscriptions/index.js';
import {
  childRegFor,
  dataUrl,
  images,
  relationUpload,
  type Child,
  type Images,
  type Verified,
} from '../../../fixtures/enrolment.js';
import { childVisit, sendRecords } from '../../../fixtures/factories.js';
import {
  build,
  noticesTo,
  personCalls,
  postInsurerAnswer,
  signInOperator,
  type TestApp,
  testClock,
  verifyPatient,
  withoutLink,
} from '../../helper.js';

// Monday 2026-06-15 12:00 KST.
const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
let img: Images;
let ops: Record<string, string>;

beforeAll(async () => {
  img = await images();
  t = await build({ clock });
  await t.app.claimEngine.start();
  ops = (await signInOperator(t, 'operator', { loginId: 'lang-ops' })).headers;
}, 180_000);
afterAll(() => t?.close());

const as = personCalls(() => t);
const op = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: ops });

async function enrolChild(v: Verified, child: Child, lang: string) {
  const res = await as(
    v,
    'POST',
    API.subscriptions,
    await childRegFor(t, v, img, child, { optTerms: [KAKAO_NOTI_TERMS_ID], lang }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as SubscriptionView).subscription!.insuApplyId;
}
/** Her relation document, uploaded; answers its id in the operators' queue. */
async function upload(v: Verified, insuApplyId: string) {
  const up = await as(
    v,
    'POST',
    CHILD_API.relationDocument(insuApplyId),
    relationUpload(dataUrl('image/jpeg', img.photo)),
  );
  expect(up.statusCode, up.body).toBe(200);
  return ((await op('GET', `${OPS_CHILD_API.relationDocuments}?order=desc&size=1`)).json() as RelationDocumentsPage)
    .list[0]!.docId;
}
describe('a mother who reads English', () => {
  const 지민: Child = { userNm: '김지민', birthday: '20070710', sex: 'F', userIdno2: '4123451', guardianRel: 'mother' };

  it('is told of her child’s enrolment, relation, claim, the insurer paying and her 19th birthday in English, by SMS', async () => {
    const mother = await verifyPatient(t, { custName: '박엄마', korRegId: '8505052' });
    const id = await enrolChild(mother, 지민, 'en');
    const docId = await upload(mother, id);
    expect((await op('POST', OPS_CHILD_API.relationDocumentConfirm(docId), {})).statusCode).toBe(200);

    await sendRecords(t.app, [childVisit(지민, { visitDate: '20260612', coveredCopay: 20_000, uncovered: 10_000 })]);
    const claim = await t.db.db
      .selectFrom('claim')
      .select('id')
      .where('insuApplyId', '=', id)
      .executeTakeFirstOrThrow();
    const paid = await postInsurerAnswer(t, clock.now(), 'SAMSUNGFIRE', {
      eventId: `child-lang-${process.pid}`,
      claimId: claim.id,
      answer: 'paid',
      paidAmount: 27_500,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.app.claimEngine.drain();
    // 2026-06-15: her birthday 2026-07-10 is within a month.
    expect(await adultNotices(t.app.ctx)).toBe(1);

    const messages = await noticesTo(t, mother.person.custHp);
    // She agreed to 알림톡, but its templates are Korean: her language goes by SMS.
    expect(messages.map((m) => m.channel)).toEqual(['sms', 'sms', 'sms', 'sms', 'sms']);
    const bodies = messages.map((m) => withoutLink(m.body));
    expect(bodies).toEqual([
      expect.stringMatching(
        /^\[자동청구\] We've received the auto-claim application for 김지민\. Once the papers are checked, we claim .+ bills from 삼성화재\.$/,
      ),
      "[자동청구] We've checked the 가족관계증명서 for 김지민. From now on we claim 김지민's bills automatically.",
      expect.stringMatching(
        /^\[자동청구\] We're claiming 김지민's visit to .+ on June 12 \(₩30,000\) from your insurer automatically\.$/,
      ),
      expect.stringMatching(/^\[자동청구\] 삼성화재 will pay ₩27,500 for 김지민's visit to .+ on June 12\.$/),
      "[자동청구] 김지민 turns 19 on July 10, 2026. Visits from that day can't be claimed by a guardian.",
    ]);
    expect(bodies.join(' ')).not.toMatch(/요\./);
    // Five messages through the whole app (enrolment, upload, review, claim, answer): beside the full suite on two cores
    // this walk can take longer than a single call's 20 s.
  }, 60_000);
});

describe('a father who reads Chinese', () => {
  const 서아: Child = { userNm: '김서아', birthday: '20180720', sex: 'F', userIdno2: '4234561', guardianRel: 'father' };

  it('is told of the relation document refused in Chinese, the document keeping its Korean name', async () => {
    const father = await verifyPatient(t, { custName: '김아빠', korRegId: '8001011' });
    const id = await enrolChild(father, 서아, 'zh-Hans');
    const docId = await upload(father, id);
    const refused = await op('POST', OPS_CHILD_API.relationDocumentRefuse(docId), {
      reason: '발급일이 보이지 않아요. 다시 올려 주세요.',
    });
    expect(refused.statusCode, refused.body).toBe(200);

    const bodies = (await noticesTo(t, father.person.custHp)).map((m) => [m.channel, withoutLink(m.body)]);
    expect(bodies).toEqual([
      [
        'sms',
        expect.stringMatching(/^\[자동청구\] 已收到김서아的自动理赔申请，文件确认后将向삼성화재申请.+的医疗费。$/),
      ],
      ['sms', '[자동청구] 未能通过김서아的가족관계증명서确认关系。请重新上传文件。'],
    ]);
  });
});

describe('a mother who reads Vietnamese, and her daughter turning 19 with a phone of her own', () => {
  const 하은: Child = {
    userNm: '응우옌하은',
    birthday: '20070701',
    sex: 'F',
    userIdno2: '4345671',
    guardianRel: 'mother',
    userTel: '01077770019',
  };

  it('invites the daughter herself in the family’s language, a month before her birthday', async () => {
    const mother = await verifyPatient(t, { custName: '응우옌마이', korRegId: '8303032' });
    await enrolChild(mother, 하은, 'vi');
    // 2026-06-15: her birthday 2026-07-01 is within a month (the English mother's child was told above).
    expect(await adultNotices(t.app.ctx)).toBe(1);

    const invite = (await noticesTo(t, 하은.userTel!)).map((m) => [m.channel, withoutLink(m.body)]);
    expect(invite).toEqual([
      [
        'sms',
        '[자동청구] 응우옌하은, bạn sẽ tròn 19 tuổi vào 1 tháng 7, 2026. Từ ngày đó bạn có thể tự đăng ký dịch vụ tự động yêu cầu bồi thường bảo hiểm y tế tư nhân (실손보험).',
      ],
    ]);
  });
});
