// Her later messages in her language (docs/decisions/0010-message-catalogs.md; README "Patient messages"): the
// subscription keeps the language she enrolled in (subscription.lang), and the messages about her claims (claimed, an
// insurer's answer) are written in it from the catalogs. The 알림톡 templates are approved with Kakao in Korean, so a
// message in another language goes by SMS/LMS (subscriptions/lookups.ts kakaoBy); a Korean subscriber's is unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerMessage, heldText, recordText } from '../../../src/modules/claims/notify.js';
import { createSubscriber, type Subscriber } from '../../../fixtures/factories.js';
import { build, claimOfVisit, outboxTo, testClock, type TestApp, postInsurerAnswer } from '../../helper.js';

// Monday 2026-06-15 12:00 KST: within the hours answers' messages go.
const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await build({ clock });
  await t.app.claimEngine.start();
});
afterAll(async () => {
  await t?.close();
});

const INSURER = 'SAMSUNGFIRE';
let seq = 0;

const sentClaim = (who: Subscriber) => claimOfVisit(t, who);

const answer = (body: object) => postInsurerAnswer(t, clock.now(), INSURER, body);

const messagesTo = (who: Subscriber) => outboxTo(t, who.userTel);

describe('a subscriber who reads Vietnamese', () => {
  it('is told of her claim and of the insurer paying it in Vietnamese, by SMS; a Korean subscriber still by 알림톡', async () => {
    const vi = await createSubscriber(t.app.ctx, { insurers: [INSURER], lang: 'vi' });
    const ko = await createSubscriber(t.app.ctx, { insurers: [INSURER] });
    const claim = await sentClaim(vi);
    await sentClaim(ko);

    const [claimed, ...none] = await messagesTo(vi);
    expect(none).toHaveLength(0);
    // She agreed to 알림톡, but the approved templates are Korean: her language goes by SMS.
    expect(claimed!.channel).toBe('sms');
    expect(claimed!.body).toMatch(
      /^\[자동청구\] Chúng tôi sẽ tự động yêu cầu bồi thường cho lần khám tại .+ ngày \d+ tháng \d+ \(30\.000\s₩\)\. http/,
    );
    expect(claimed!.body).not.toMatch(/청구할게요/);

    const [koClaimed] = await messagesTo(ko);
    expect(koClaimed!.channel).toBe('kakao');
    expect(koClaimed!.body).toContain('보험사에 자동으로 청구할게요');

    expect(
      (await answer({ eventId: `lang-${process.pid}-${++seq}`, claimId: claim.id, answer: 'paid', paidAmount: 27_500 }))
        .statusCode,
    ).toBe(200);
    await t.app.claimEngine.drain();
    const paid = (await messagesTo(vi)).at(-1)!;
    expect(paid.channel).toBe('sms');
    // The insurer and the hospital keep their names.
    expect(paid.body).toMatch(
      /^\[자동청구\] 삼성화재 sẽ chi trả 27\.500\s₩ cho lần khám tại .+ ngày \d+ tháng \d+\. http/,
    );
    const notice = await t.db.db
      .selectFrom('answerNotice')
      .select('channel')
      .where('claimId', '=', claim.id)
      .executeTakeFirstOrThrow();
    expect(notice.channel).toBe('sms');
  });
});

describe('a Korean subscriber reads the sentences as before; another language reads them from the catalogs', () => {
  const visits = [{ hospitalNm: '한빛의원', totalPaid: 30_000 }];
  it.each(['claimed', 'below_min'] as const)('a record %s', (outcome) => {
    const korean = recordText({ outcome, visitDate: '20260715', visits });
    expect(recordText({ outcome, visitDate: '20260715', visits, lang: 'en' }).sms).toMatch(
      outcome === 'claimed' ? /^We're claiming your visit to 한빛의원 on July 15 \(₩30,000\)/ : /below your minimum/,
    );
    expect(korean.sms).toBe(
      outcome === 'claimed'
        ? '한빛의원에서 7월 15일 받은 진료(30,000원)를 보험사에 자동으로 청구할게요.'
        : '한빛의원에서 7월 15일 받은 진료(30,000원)는 설정한 최소 금액보다 적어 자동으로 청구하지 않았어요.',
    );
  });
  it.each([
    ['received', '한빛의원에서 7월 15일 받은 진료의 청구를 삼성화재에서 접수했어요.', '已受理'],
    ['paid', '한빛의원에서 7월 15일 받은 진료의 보험금 27,500원을 삼성화재에서 지급하기로 했어요.', '决定支付'],
    [
      'rejected',
      '한빛의원에서 7월 15일 받은 진료의 청구에 삼성화재에서 보험금을 지급하지 않기로 했어요.',
      '决定不支付',
    ],
    [
      'documents_requested',
      '한빛의원에서 7월 15일 받은 진료의 청구에 삼성화재에서 서류(진단서)를 더 요청했어요.',
      '（진단서）',
    ],
  ])('an answer %s', (kind, koreanSms, zh) => {
    const facts = {
      answer: kind,
      insurerNm: '삼성화재',
      hospitalNm: '한빛의원',
      visitDate: '20260715',
      amount: 30_000,
      paidAmount: 27_500,
      reason: kind === 'documents_requested' ? '진단서' : null,
    };
    expect(answerMessage(facts).sms).toBe(koreanSms);
    const inChinese = answerMessage({ ...facts, lang: 'zh-Hans' });
    expect(inChinese.sms).toContain(zh);
    expect(inChinese.sms).toContain('7月15日');
    // A child's go to her guardian in the guardian's language, naming her; in Korean, by her possessive as before.
    const child = answerMessage({ ...facts, lang: 'zh-Hans', childNm: '김지민' }).sms;
    expect(child).toContain('김지민于7月15日在한빛의원的诊疗');
    expect(child).toContain(zh);
    expect(answerMessage({ ...facts, childNm: '김지민' }).sms).toBe(
      koreanSms.replace('받은 진료', '받은 지민이의 진료'),
    );
  });
  it.each(['claimed', 'below_min'] as const)('a child’s record %s, to her guardian', (outcome) => {
    const child = { child: '지민이의', childNm: '김지민' };
    expect(recordText({ outcome, visitDate: '20260715', visits, ...child }).sms).toBe(
      outcome === 'claimed'
        ? '지민이의 한빛의원 7월 15일 진료비(30,000원)를 보험사에 자동으로 청구할게요.'
        : '지민이의 한빛의원 7월 15일 진료비(30,000원)는 설정한 최소 금액보다 적어 자동으로 청구하지 않았어요.',
    );
    expect(recordText({ outcome, visitDate: '20260715', visits, ...child, lang: 'en' }).sms).toBe(
      outcome === 'claimed'
        ? "We're claiming 김지민's visit to 한빛의원 on July 15 (₩30,000) from your insurer automatically."
        : "We didn't claim 김지민's visit to 한빛의원 on July 15 (₩30,000) automatically: it's below your minimum.",
    );
  });
  it.each(['awaiting_decision', 'decision_lapsed'] as const)('a held visit %s', (outcome) => {
    const held = {
      outcome,
      visitDate: '20260715',
      hospitalNm: '한빛의원',
      uncovered: 24_700,
      expectedPayout: 0,
      premiumEffect: 0,
      answerBy: null,
    };
    expect(heldText(held).sms).toBe(
      outcome === 'awaiting_decision'
        ? '한빛의원 7월 15일 진료에 비급여 24,700원이 있어요. 보험사에 보낼지 골라 주세요.'
        : '한빛의원 7월 15일 진료는 30일 동안 답이 없어서 보험사에 보내지 않았어요.',
    );
    expect(heldText({ ...held, child: '지민이의', childNm: '김지민' }).sms).toMatch(/^지민이의 한빛의원 7월 15일 진료/);
    expect(heldText({ ...held, lang: 'zh-Hans', child: '지민이의', childNm: '김지민' }).sms).toBe(
      outcome === 'awaiting_decision'
        ? '김지민于7月15日在한빛의원的诊疗有非医保费用（비급여）₩24,700。请选择是否发送给保险公司。'
        : '김지민于7月15日在한빛의원的诊疗30天内未收到您的答复，因此未发送给保险公司。',
    );
    // The 알림톡 text is the Korean template's either way.
    expect(heldText({ ...held, lang: 'en' }).text).toBe(heldText(held).text);
  });
});
