// Her other messages in her language (docs/decisions/0010-message-catalogs.md), beside notify-lang.test.ts: the
// question about a visit her rule held, an insurer's request for a copy of her ID, the monthly statement, and the
// papers a hospital has not sent. In another language they go by SMS/LMS with her amounts and dates as she reads them
// (the 알림톡 templates are approved in Korean); a Korean subscriber's SMS is word for word as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overdueText } from '../../../src/modules/docrequests/notice.js';
import { sendMonthlyStatements } from '../../../src/modules/statements/index.js';
import { createSubscriber, sendRecords, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';
import { build, hospitalNmOf, outboxTo, testClock, type TestApp, withoutLink } from '../../helper.js';

// Monday 2026-06-15 12:00 KST: within the hours patients are told.
const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await build({ clock });
  await t.app.claimEngine.start();
});
afterAll(async () => {
  await t?.close();
});

const feed = (who: Subscriber, o: Parameters<typeof treatmentRecord>[1]) =>
  sendRecords(t.app, [treatmentRecord(who, o)]);
/** Her messages: channel, and the SMS body without its link (an 알림톡's body is its template's JSON). */
const messagesTo = async (who: Subscriber) =>
  (await outboxTo(t, who.userTel)).map((m) => ({ channel: m.channel, body: withoutLink(m.body) }));
/** Her rule holds a visit with 비급여 (README "Her rules for what is sent"). */
const asksUncovered = (who: Subscriber) =>
  t.db.db.updateTable('subscription').set({ askUncovered: true }).where('insuApplyId', '=', who.insuApplyId).execute();

describe('the question about a held visit', () => {
  it('asks in English and in Vietnamese by SMS with her 비급여 and the day; in Korean as before', async () => {
    const en = await createSubscriber(t.app.ctx, { lang: 'en' });
    const vi = await createSubscriber(t.app.ctx, { lang: 'vi' });
    const ko = await createSubscriber(t.app.ctx, { kakaoNoti: false });
    for (const who of [en, vi, ko]) {
      await asksUncovered(who);
      await feed(who, { coveredCopay: 15_300, uncovered: 24_700, visitDate: '20260612' });
    }
    const name = await hospitalNmOf(t);
    expect(await messagesTo(en)).toEqual([
      {
        channel: 'sms',
        body: `[자동청구] There is ₩24,700 in non-covered charges (비급여) for your visit to ${name} on June 12. Please choose whether to send it to your insurer.`,
      },
    ]);
    expect(await messagesTo(vi)).toEqual([
      {
        channel: 'sms',
        body: `[자동청구] Trong lần khám tại ${name} ngày 12 tháng 6 có 24.700 ₩ chi phí ngoài BHYT (비급여). Vui lòng chọn có gửi cho công ty bảo hiểm không.`,
      },
    ]);
    expect(await messagesTo(ko)).toEqual([
      {
        channel: 'sms',
        body: `[자동청구] ${name} 6월 12일 진료에 비급여 24,700원이 있어요. 보험사에 보낼지 골라 주세요.`,
      },
    ]);
  });
});

describe('an insurer asking for a copy of her ID', () => {
  it('asks in English and in Chinese by SMS, naming the insurer; in Korean as before', async () => {
    const en = await createSubscriber(t.app.ctx, { lang: 'en' });
    const zh = await createSubscriber(t.app.ctx, { lang: 'zh-Hans' });
    const ko = await createSubscriber(t.app.ctx, { kakaoNoti: false });
    for (const who of [en, zh, ko]) {
      await feed(who, { coveredCopay: 20_000, uncovered: 0, visitDate: '20260612' });
      const claim = await t.db.db
        .selectFrom('claim')
        .select('id')
        .where('ciHmac', '=', who.ciHmac)
        .executeTakeFirstOrThrow();
      const res = await t.app.inject({
        method: 'POST',
        url: '/sandbox/insurers/idCardRequests',
        payload: { claimId: claim.id },
      });
      expect(res.json()).toMatchObject({ created: true });
    }
    expect((await messagesTo(en)).at(-1)).toEqual({
      channel: 'sms',
      body: '[자동청구] 삼성화재 asks for a copy of your ID to review your claim.',
    });
    expect((await messagesTo(zh)).at(-1)).toEqual({
      channel: 'sms',
      body: '[자동청구] 삼성화재为审核保险金，要求提供身份证件复印件。',
    });
    expect((await messagesTo(ko)).at(-1)).toEqual({
      channel: 'sms',
      body: '[자동청구] 삼성화재에서 보험금 심사를 위해 신분증 사본을 요청했어요.',
    });
  });
});

describe('the papers a hospital has not sent', () => {
  const p = { hospitalNm: '한빛의원', insurerNm: '삼성화재', papers: ['진단서', '진료비 세부내역서'] };
  it('says it in her language, the papers keeping their Korean names; in Korean as before', () => {
    expect(overdueText(p).sms).toBe(
      '한빛의원에서 삼성화재이 요청한 진단서, 진료비 세부내역서를 아직 보내지 않았어요. 병원에서 발급받아 보험사에 보내 주세요.',
    );
    expect(overdueText({ ...p, lang: 'en' }).sms).toBe(
      "한빛의원 hasn't yet sent the papers 삼성화재 asked for (진단서, 진료비 세부내역서). Please get them from the hospital and send them to your insurer.",
    );
    expect(overdueText({ ...p, lang: 'vi' }).sms).toBe(
      '한빛의원 chưa gửi giấy tờ 삼성화재 yêu cầu (진단서, 진료비 세부내역서). Vui lòng xin giấy tại bệnh viện và gửi cho công ty bảo hiểm.',
    );
    // The 알림톡 text is the Korean template's either way.
    expect(overdueText({ ...p, lang: 'en' }).text).toBe(overdueText(p).text);
  });
});

// Last: it moves the clock to the 1st of July.
describe('the monthly statement', () => {
  it('sums up June in English and in Vietnamese by SMS, the month and the amount as she reads them; in Korean as before', async () => {
    const en = await createSubscriber(t.app.ctx, { lang: 'en' });
    const vi = await createSubscriber(t.app.ctx, { lang: 'vi' });
    const ko = await createSubscriber(t.app.ctx, { kakaoNoti: false });
    for (const who of [en, vi, ko]) await feed(who, { coveredCopay: 20_000, uncovered: 0, visitDate: '20260612' });
    // The 1st of July, 10:00 KST: June's run.
    clock.set(new Date('2026-07-01T01:00:00Z'));
    expect(await sendMonthlyStatements(t.app.ctx)).toBeGreaterThanOrEqual(3);
    expect((await messagesTo(en)).at(-1)).toEqual({
      channel: 'sms',
      body: '[자동청구] Your June 2026 statement: 1 of 1 visit claimed; insurance received in 2026: ₩0.',
    });
    expect((await messagesTo(vi)).at(-1)).toEqual({
      channel: 'sms',
      body: '[자동청구] Bảng kê tháng 6 năm 2026: đã yêu cầu 1/1 lần khám; tiền bảo hiểm đã nhận năm 2026: 0 ₩.',
    });
    expect((await messagesTo(ko)).at(-1)).toEqual({
      channel: 'sms',
      body: '[자동청구] 6월 명세: 진료 1건 중 1건 청구, 2026년에 받은 보험금 0원이에요.',
    });
  });
});
