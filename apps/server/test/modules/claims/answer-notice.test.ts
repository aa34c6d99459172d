// Every insurer answer reaches the patient (README, "Patient messages"; notify.ts): one message per answer that
// changed her claim (received, documents requested, paid with the amount, rejected with the reason), at most once
// across a repeated callback, a retried job and a restart; a message failing every retry is a dead letter; only
// 08:00–21:00 KST; and her 알림톡 consent decides the channel (SMS/LMS only without it), for the per-record message too.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_API } from '@auto-claim/contract';
import { answerText, sendableAt } from '../../../src/modules/claims/notify.js';
import { PATIENT_TEMPLATES } from '../../../src/providers/notification/types.js';
import { openLinkToken } from '../../../src/security/linkToken.js';
import { createSubscriber, type Subscriber } from '../../../fixtures/factories.js';
import {
  build,
  claimOfVisit,
  outboxTo,
  signInOperator,
  testClock,
  type TestApp,
  expectLog,
  postInsurerAnswer,
} from '../../helper.js';

// Monday 2026-06-15 12:00 KST.
const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
let ops: Record<string, string>;

beforeAll(async () => {
  t = await build({ clock });
  await t.app.claimEngine.start();
  ops = (await signInOperator(t, 'admin', { loginId: 'notice-ops' })).headers;
});
afterAll(async () => {
  await t?.close();
});

const INSURER = 'SAMSUNGFIRE';

/** A claim of this patient, delivered (status sent) by the sandbox. */
async function sentClaim(who: Subscriber) {
  const claim = await claimOfVisit(t, who);
  expect(claim.status).toBe('sent');
  return claim;
}

/** The insurer's signed answer, as insurers post it (docs/providers/insurer-api.md); the sandbox's secret. */
const answer = (body: object) => postInsurerAnswer(t, clock.now(), INSURER, body);
let seq = 0;
const eventId = () => `notice-evt-${process.pid}-${++seq}`;

/** Her messages about answers (the claimed message left out), oldest first. */
const answerMessages = async (who: Subscriber) =>
  (await outboxTo(t, who.userTel)).filter((m) => !m.body.includes('자동으로 청구할게요'));

describe('the patient hears every insurer answer', () => {
  it('paid: one 알림톡 with the amount, when the money comes and a link to her history; never two', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: [INSURER] });
    const claim = await sentClaim(who);
    const body = { eventId: eventId(), claimId: claim.id, answer: 'paid', paidAmount: 27_500 };
    expect((await answer(body)).statusCode).toBe(200);
    await t.app.claimEngine.drain();
    const [kakao, ...more] = await answerMessages(who);
    expect(more).toHaveLength(0);
    expect(kakao!.channel).toBe('kakao');
    const sent = JSON.parse(kakao!.body) as {
      template: string;
      text: string;
      buttons: { name: string; url: string }[];
    };
    expect(sent.template).toBe('AUTO_CLAIM_ANSWER_PAID');
    expect(sent.text).toContain('27,500원을 지급하기로 했어요');
    expect(sent.text).toContain('등록한 계좌로');
    expect(sent.text).not.toContain(who.userNm);
    // The button says what it opens, and opens her history of this claim's record.
    expect(sent.buttons).toEqual([{ name: '지급 내역 보기', url: expect.stringMatching(/\/web\/treat#t=/) }]);
    const token = decodeURIComponent(sent.buttons[0]!.url.split('#t=')[1]!);
    expect(await openLinkToken(t.app.ctx, token, 'treat', 'd'.repeat(43))).toMatchObject({
      ciHmac: who.ciHmac,
      recordId: claim.recordId,
    });

    // The insurer's repeated callback (the same event) and another drain send nothing more.
    const again = await answer(body);
    expect(again.json()).toMatchObject({ duplicate: true });
    await t.app.claimEngine.drain();
    expect(await answerMessages(who)).toHaveLength(1);
  });

  it('received, documents requested and rejected each say what happened and what comes next', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: [INSURER] });
    const claim = await sentClaim(who);
    const start = clock.now();
    // An hour apart: a claim's answers within the hour of her last message wait and go as one (README "Patient messages").
    try {
      await answer({ eventId: eventId(), claimId: claim.id, answer: 'received' });
      await t.app.claimEngine.drain();
      clock.advance(61 * 60_000);
      await answer({
        eventId: eventId(),
        claimId: claim.id,
        answer: 'documents_requested',
        documents: ['diagnosis'],
        reason: '입원 기간 확인',
      });
      await t.app.claimEngine.drain();
      clock.advance(61 * 60_000);
      await answer({ eventId: eventId(), claimId: claim.id, answer: 'rejected', reason: '면책 기간 중 진료' });
      await t.app.claimEngine.drain();
    } finally {
      clock.set(start);
    }
    const sent = (await answerMessages(who)).map(
      (m) => JSON.parse(m.body) as { template: string; text: string; buttons: { name: string }[] },
    );
    expect(sent.map((m) => [m.template, m.buttons[0]!.name])).toEqual([
      ['AUTO_CLAIM_ANSWER_RECEIVED', '청구 진행 보기'],
      ['AUTO_CLAIM_ANSWER_DOCUMENTS', '요청 서류 보기'],
      ['AUTO_CLAIM_ANSWER_REJECTED', '반려 사유 보기'],
    ]);
    expect(sent[0]!.text).toMatch(/청구\(30,000원\)를 접수했어요\. 심사가 끝나면 결과를 다시 알려 드릴게요/);
    expect(sent[1]!.text).toContain('서류가 더 필요하대요. 필요한 서류: 진단서.');
    expect(sent[1]!.text).toContain('보험사가 적은 내용: "입원 기간 확인"');
    expect(sent[2]!.text).toContain('지급하지 않기로 했어요. 보험사가 적은 사유: "면책 기간 중 진료"');
  });

  it('sends one message across a retried job and a restart that lost the job’s completion', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: [INSURER] });
    const claim = await sentClaim(who);
    await answer({ eventId: eventId(), claimId: claim.id, answer: 'paid', paidAmount: 9_000 });
    const [answerRow] = await t.db.db
      .selectFrom('insurerAnswer')
      .select('id')
      .where('claimId', '=', claim.id)
      .execute();
    await t.app.claimEngine.drain();
    expect(await answerMessages(who)).toHaveLength(1);
    // The process died after sending and before pg-boss marked the job done: its job runs again (a retry, a
    // restart's expired lease), and a second job for the same answer too.
    await sql`update pgboss.job set state = 'retry', completed_on = null
      where name = 'claims.notify' and (data->>'answerId')::bigint = ${answerRow!.id}`.execute(t.db.db);
    await t.app.ctx.jobs.send('claims.notify', { recordId: claim.recordId, answerId: answerRow!.id });
    await t.app.claimEngine.drain();
    expect(await answerMessages(who)).toHaveLength(1);
    const notice = await t.db.db
      .selectFrom('answerNotice')
      .selectAll()
      .where('insurerAnswerId', '=', answerRow!.id)
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ channel: 'kakao' });
    expect(notice.sentAt).not.toBeNull();
  });

  it('a message that fails every retry is a dead letter operators see and can send again', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: [INSURER] });
    const claim = await sentClaim(who);
    const provider = t.app.ctx.providers.notification;
    // The vendor double fails every send: the batch's failure is logged, and pg-boss retries it.
    expectLog({ level: 'warn', msg: 'patient message batch failed; pg-boss retries it' });
    t.app.ctx.providers.notification = { send: () => Promise.reject(new Error('Popbill -99999999: 발송 실패')) };
    try {
      await answer({ eventId: eventId(), claimId: claim.id, answer: 'paid', paidAmount: 12_000 });
      await sql`update pgboss.job set retry_limit = 0 where name = 'claims.notify' and state = 'created'`.execute(
        t.db.db,
      );
      await t.app.claimEngine.drain();
    } finally {
      t.app.ctx.providers.notification = provider;
    }
    expect(await answerMessages(who)).toHaveLength(0);
    const listed = await t.app.inject({ url: OPERATOR_API.notificationDeadLetters, headers: ops });
    const dead = (listed.json() as { list: { jobId: string; recordId: number; lastError: string | null }[] }).list.find(
      (d) => d.recordId === claim.recordId,
    );
    expect(dead).toMatchObject({ lastError: 'Popbill -99999999: 발송 실패' });
    const retried = await t.app.inject({
      method: 'POST',
      url: OPERATOR_API.notificationRetry(dead!.jobId),
      headers: ops,
    });
    expect(retried.statusCode).toBe(202);
    await t.app.claimEngine.drain();
    expect((await answerMessages(who)).map((m) => m.channel)).toEqual(['kakao']);
  });

  it('keeps quiet hours: an answer at 22:30 KST waits for 08:00, then goes once', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: [INSURER] });
    const claim = await sentClaim(who);
    // 12:00 → 22:30 KST the same day.
    clock.advance(10.5 * 3_600_000);
    try {
      await answer({ eventId: eventId(), claimId: claim.id, answer: 'paid', paidAmount: 15_000 });
      await t.app.claimEngine.drain();
      expect(await answerMessages(who)).toHaveLength(0);
      // 07:59 the next morning: still waiting.
      clock.advance((9 * 60 + 29) * 60_000);
      await t.app.claimEngine.drain();
      expect(await answerMessages(who)).toHaveLength(0);
      // 08:00: the tick queues it and it goes, once.
      clock.advance(60_000);
      await t.app.claimEngine.drain();
      await t.app.claimEngine.drain();
      const sent = await answerMessages(who);
      expect(sent).toHaveLength(1);
      expect(JSON.parse(sent[0]!.body).text).toContain('15,000원');
    } finally {
      // Back to 12:00 KST of the next day: later tests run in the daytime.
      clock.advance(4 * 3_600_000);
    }
  });

  it('reads the hours in KST', () => {
    const at = (iso: string) => sendableAt(new Date(iso)).toISOString();
    expect(at('2026-06-15T03:00:00Z')).toBe('2026-06-15T03:00:00.000Z'); // 12:00 KST
    expect(at('2026-06-14T23:00:00Z')).toBe('2026-06-14T23:00:00.000Z'); // 08:00 KST
    expect(at('2026-06-15T11:59:59Z')).toBe('2026-06-15T11:59:59.000Z'); // 20:59:59 KST
    expect(at('2026-06-15T12:00:00Z')).toBe('2026-06-15T23:00:00.000Z'); // 21:00 KST → 08:00 next day
    expect(at('2026-06-15T16:00:00Z')).toBe('2026-06-15T23:00:00.000Z'); // 01:00 KST → 08:00 the same day
    expect(at('2026-06-14T22:59:00Z')).toBe('2026-06-14T23:00:00.000Z'); // 07:59 KST → 08:00
  });

  it('names every answer’s template and button in PATIENT_TEMPLATES (configuration and doctor read them)', () => {
    for (const a of ['received', 'documents_requested', 'paid', 'rejected']) {
      const text = answerText({
        answer: a,
        insurerNm: '삼성화재',
        hospitalNm: '서울병원',
        visitDate: '20260610',
        amount: 30_000,
        paidAmount: 25_000,
        reason: null,
      });
      expect(text).toMatch(/(어요|게요|세요)\.$/);
    }
    expect(Object.keys(PATIENT_TEMPLATES)).toEqual(
      expect.arrayContaining([
        'AUTO_CLAIM_ANSWER_RECEIVED',
        'AUTO_CLAIM_ANSWER_DOCUMENTS',
        'AUTO_CLAIM_ANSWER_PAID',
        'AUTO_CLAIM_ANSWER_REJECTED',
      ]),
    );
  });
});

describe('her consent decides the channel', () => {
  it('without the 알림톡 consent: SMS/LMS only, for the claimed message and the answer, never KakaoTalk', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: [INSURER], kakaoNoti: false });
    const claim = await sentClaim(who);
    await answer({ eventId: eventId(), claimId: claim.id, answer: 'paid', paidAmount: 21_000 });
    await t.app.claimEngine.drain();
    const all = await t.db.db
      .selectFrom('sandboxOutbox')
      .select(['channel', 'body'])
      .where('to', '=', who.userTel)
      .orderBy('id')
      .execute();
    expect(all.map((m) => m.channel)).toEqual(['sms', 'sms']);
    // The SMS form: the service's name, one sentence, the short link (patient-messages.test.ts follows it).
    expect(all[0]!.body).toMatch(/^\[자동청구\] .*자동으로 청구할게요\. \S+\/m\/[\w-]{22}$/);
    expect(all[1]!.body).toMatch(/^\[자동청구\] .*21,000원을 삼성화재에서 지급하기로 했어요\. \S+\/m\/[\w-]{22}$/);
    const notice = await t.db.db
      .selectFrom('answerNotice')
      .select('channel')
      .where('claimId', '=', claim.id)
      .executeTakeFirstOrThrow();
    expect(notice.channel).toBe('sms');
  });

  it('the terms say truthfully what she receives with the consent and without it (SUBS_KAKAO_NOTI 1.1)', async () => {
    const versions = await t.db.db
      .selectFrom('terms')
      .select(['version', 'required', 'effectiveDate', 'content'])
      .where('termsId', '=', 'SUBS_KAKAO_NOTI')
      .orderBy('version')
      .execute();
    expect(versions.map((v) => [v.version, v.required])).toEqual([
      ['1.0', false],
      ['1.1', false],
    ]);
    const now = versions[1]!;
    expect(now.effectiveDate).toBe('20261126');
    expect(now.content).toContain('보험금을 지급하거나 지급하지 않기로 했을 때(지급 금액이나 사유와 함께)');
    expect(now.content).toContain('같은 안내를 카카오톡 대신 문자(SMS/LMS)로만 보내 드립니다');
    expect(now.content).toContain('오전 8시부터 오후 9시 사이');
    // The published 1.0 stays as it was.
    expect(versions[0]!.content).not.toContain('문자(SMS/LMS)로만');
  });

  it('with it: 알림톡, the ID request’s button saying it opens the ID submission', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: [INSURER] });
    const claim = await sentClaim(who);
    await answer({ eventId: eventId(), claimId: claim.id, answer: 'documents_requested', documents: ['id_copy'] });
    await t.app.claimEngine.drain();
    // The ID request is this answer's one message.
    const [only, ...more] = await answerMessages(who);
    expect(more).toHaveLength(0);
    expect(only!.channel).toBe('kakao');
    const sent = JSON.parse(only!.body) as { template: string; buttons: { name: string; url: string }[] };
    expect(sent.template).toBe('AUTOCLAIM_ID_REQUEST');
    expect(sent.buttons).toEqual([{ name: '신분증 제출하기', url: expect.stringMatching(/\/web\/IDPhoto#t=/) }]);
  });
});
