// Patients' messages as a phone shows them (README "Patient messages"; docs/security.md "Free text in patients'
// messages"): every SMS names the service first, says the hospital and what happened in one sentence, has no button
// to point at and carries a short link on our own origin that opens the same device-bound link; records' messages keep
// the hours and a day's visits go together; a request for papers says which, where and how, and opens that claim; and
// other people's words (an insurer's reason, an operator's) reach her safe, labelled, and at most once a claim an hour.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, OPERATOR_API, phoneNumberNm, type TreatmentRecordInput, type TreatsAnswer } from '@auto-claim/contract';
import { relationRefuseBody } from '@auto-claim/contract/ops';
import { messageSafe } from '../../../src/providers/notification/free-text.js';
import { createSubscriber, sendRecords, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';
import {
  build,
  claimOfVisit,
  hospitalNmOf,
  outboxTo,
  signInOperator,
  testClock,
  type TestApp,
  postInsurerAnswer,
} from '../../helper.js';

// Monday 2026-06-15 12:00 KST.
const NOON = new Date('2026-06-15T03:00:00Z');
const clock = testClock(NOON);
let t: TestApp;
let ops: Record<string, string>;

beforeAll(async () => {
  t = await build({ clock });
  await t.app.claimEngine.start();
  ops = (await signInOperator(t, 'admin', { loginId: 'messages-ops' })).headers;
});
afterAll(async () => {
  await t?.close();
});

const INSURER = 'SAMSUNGFIRE';

const feed = (records: TreatmentRecordInput[]) => sendRecords(t.app, records);

async function sentClaim(who: Subscriber) {
  const claim = await claimOfVisit(t, who);
  expect(claim.status).toBe('sent');
  return claim;
}

let seq = 0;
const answer = async (body: object) => {
  const res = await postInsurerAnswer(t, clock.now(), INSURER, {
    eventId: `msg-evt-${process.pid}-${++seq}`,
    ...body,
  });
  expect(res.statusCode).toBe(200);
};

const outbox = (who: Subscriber) => outboxTo(t, who.userTel);
type Kakao = { template: string; text: string; buttons: { name: string; url: string }[] };
const kakaoOf = (body: string) => JSON.parse(body) as Kakao;
const hospitalNm = () => hospitalNmOf(t);

/** The short link's path of an SMS, and where our origin sends it. */
async function follow(sms: string) {
  const path = /https?:\/\/[^ ]+(\/m\/[A-Za-z0-9_-]{22})$/.exec(sms)?.[1];
  expect(path).toBeDefined();
  const res = await t.app.inject({ url: path! });
  expect(res.statusCode).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  return String(res.headers.location);
}

const exchange = (token: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: API.linkExchange,
    payload: { token, purpose: 'treat' },
    ...(cookie ? { headers: { cookie } } : {}),
  });
const cookieOf = (res: { headers: Record<string, unknown> }) =>
  ([res.headers['set-cookie']].flat() as string[]).map((c) => c.split(';')[0]).join('; ');

describe('an SMS is not 스미싱-shaped', () => {
  it('names the service first, says the hospital and what happened in one sentence, no button, a short link of ours that opens the bound link', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: [INSURER], kakaoNoti: false });
    const claim = await sentClaim(who);
    await answer({ claimId: claim.id, answer: 'paid', paidAmount: 21_000 });
    await t.app.claimEngine.drain();
    const sms = await outbox(who);
    expect(sms.map((m) => m.channel)).toEqual(['sms', 'sms']);
    const hospital = await hospitalNm();
    for (const { body } of sms) {
      expect(body).toMatch(/^\[자동청구\] [^\n]+ http:\/\/localhost:3000\/m\/[A-Za-z0-9_-]{22}$/);
      expect(body).toContain(hospital);
      expect(body).not.toContain('버튼');
      expect(body.match(/요\./g)).toHaveLength(1);
    }
    expect(sms[0]!.body).toContain('6월 10일 받은 진료(30,000원)를 보험사에 자동으로 청구할게요.');
    expect(sms[1]!.body).toContain('21,000원을 삼성화재에서 지급하기로 했어요.');

    // Our origin redirects the short link to the tokenised one, which binds to the first device as every link does.
    const location = await follow(sms[1]!.body);
    expect(location).toMatch(/^\/ui\/insu\/vuex\/auto-claim\/web\/treat#t=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    const token = decodeURIComponent(location.split('#t=')[1]!);
    const first = await exchange(token);
    expect(first.statusCode).toBe(200);
    // It opens the visit the message was about.
    expect(first.json()).toMatchObject({ treatId: String(claim.recordId) });
    expect((await exchange(token, cookieOf(first))).statusCode).toBe(200);
    expect((await exchange(token)).json()).toMatchObject({ code: 'LINK_INVALID' });

    // A code that names no link opens the history, which asks for SMS verification; nothing of the code is echoed.
    const unknown = await t.app.inject({ url: `/m/${'x'.repeat(22)}` });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/ui/insu/vuex/auto-claim/web/treat');
    expect((await t.app.inject({ url: '/m/../../etc' })).headers.location ?? '').not.toContain('#t=');
  });

  it('a record decided at 06:34 KST waits for 08:00, and the visits of one day go in one message', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: [INSURER], kakaoNoti: false });
    try {
      clock.set(new Date('2026-06-15T21:34:00Z')); // 06:34 KST, Tuesday 16 June
      await feed([
        treatmentRecord(who, { visitDate: '20260615', coveredCopay: 10_000, uncovered: 5_000 }),
        treatmentRecord(who, { visitDate: '20260615', coveredCopay: 4_000, uncovered: 1_000, visitType: '외래' }),
      ]);
      await t.app.claimEngine.drain();
      expect(await outbox(who)).toHaveLength(0);
      clock.set(new Date('2026-06-15T22:59:00Z')); // 07:59
      await t.app.claimEngine.drain();
      expect(await outbox(who)).toHaveLength(0);
      clock.set(new Date('2026-06-15T23:00:00Z')); // 08:00
      await t.app.claimEngine.drain();
      await t.app.claimEngine.drain();
      const sent = await outbox(who);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body).toContain(
        `${await hospitalNm()}에서 6월 15일 받은 진료 2건(20,000원)을 보험사에 자동으로 청구할게요.`,
      );
    } finally {
      clock.set(NOON);
    }
  });
});

describe('"서류를 요청했어요" says which, where and how, and opens that claim', () => {
  it('names each paper, the upload for the ID copy and the insurer’s fax with the claim number; the history shows the same', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: [INSURER] });
    const claim = await sentClaim(who);
    await answer({
      claimId: claim.id,
      answer: 'documents_requested',
      documents: ['id_copy', 'diagnosis', 'receipt_detail'],
      reason: '입원 기간 확인',
    });
    await t.app.claimEngine.drain();
    const sent = (await outbox(who)).filter((m) => !m.body.includes('자동으로 청구할게요'));
    // One message for the answer: it names the ID copy too (no separate ID request message).
    expect(sent).toHaveLength(1);
    const msg = kakaoOf(sent[0]!.body);
    expect(msg.template).toBe('AUTO_CLAIM_ANSWER_DOCUMENTS');
    const fax = await t.db.db
      .selectFrom('insurerFax')
      .select('faxNo')
      .where('insuCompCd', '=', INSURER)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(msg.text).toContain(`청구(청구번호 ${claim.id})를 심사하려면 서류가 더 필요하대요.`);
    expect(msg.text).toContain('필요한 서류: 신분증 사본, 진단서, 진료비 세부내역서.');
    expect(msg.text).toContain('신분증 사본은 아래 버튼을 눌러 앱에서 올려 주세요.');
    expect(msg.text).toContain(
      `진단서, 진료비 세부내역서를 병원에서 발급받아 삼성화재 팩스(${phoneNumberNm(fax.faxNo)})로 보내 주세요. 첫 장에 청구번호(${claim.id})를 꼭 적어 주세요.`,
    );
    expect(msg.text).toContain('보험사가 적은 내용: "입원 기간 확인"');
    // Its link opens that claim's visit; the history carries the papers, the fax and who asked.
    const token = decodeURIComponent(msg.buttons[0]!.url.split('#t=')[1]!);
    const opened = await exchange(token);
    expect(opened.json()).toMatchObject({ treatId: String(claim.recordId) });
    const history = await t.app.inject({ url: API.treats, headers: { cookie: cookieOf(opened) } });
    const visit = (history.json() as TreatsAnswer).list.find((v) => v.treatId === String(claim.recordId))!;
    expect(visit.claims[0]).toMatchObject({
      status: 'documents_requested',
      documents: ['id_copy', 'diagnosis', 'receipt_detail'],
      insuFaxNo: fax.faxNo.replace(/\D/g, ''),
      reasonBy: 'insurer',
    });
    // The ID copy's request is there to upload, though no message of its own went.
    const request = await t.db.db
      .selectFrom('idCardRequest')
      .select('claimId')
      .where('claimId', '=', claim.id)
      .executeTakeFirst();
    expect(request).toBeDefined();
  });
});

describe('free text reaches her safe (docs/security.md)', () => {
  it('an insurer’s reason with line breaks, a phishing link and a right-to-left override goes as one labelled line without them', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: [INSURER], kakaoNoti: false });
    const reason =
      '면책 기간 중 진료\r\n\r\n환급 신청: https://samsung-fire.example/pay 또는 bit.ly/3xYz \u202Egpj.exe\u202C 확인';
    const claim = await sentClaim(who);
    await answer({ claimId: claim.id, answer: 'rejected', reason });
    await t.app.claimEngine.drain();
    const sms = (await outbox(who)).at(-1)!.body;
    // The SMS carries our sentence only.
    expect(sms).toMatch(
      /^\[자동청구\] .+의 청구에 삼성화재에서 보험금을 지급하지 않기로 했어요\. http:\/\/localhost:3000\/m\/\S+$/,
    );
    expect(sms).not.toContain('면책');
    // The 알림톡 form (what a kakao patient reads): the words made safe and labelled as the insurer's.
    const kakao = await createSubscriber(t.app.ctx, { insurers: [INSURER] });
    const other = await sentClaim(kakao);
    await answer({ claimId: other.id, answer: 'rejected', reason });
    await t.app.claimEngine.drain();
    const text = kakaoOf((await outbox(kakao)).at(-1)!.body).text;
    expect(text).toContain('보험사가 적은 사유: "면책 기간 중 진료 환급 신청: (링크 생략) 또는 (링크 생략)');
    for (const bad of ['http', 'example', 'bit.ly', '\u202E', '\u202C', '\n', '\r']) expect(text).not.toContain(bad);
    // The history shows the same safe words, marked as the insurer's.
    expect(messageSafe(reason, 500)).not.toMatch(/https?:|\u202E|\n/);
  });

  it('alternating answers send at most one message per claim an hour, the newest state', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: [INSURER] });
    const claim = await sentClaim(who);
    const before = (await outbox(who)).length;
    try {
      // Seven answers in 35 minutes: papers asked for, then received, and so on, ending with papers again.
      const kinds = [
        'documents_requested',
        'accepted',
        'documents_requested',
        'accepted',
        'documents_requested',
        'accepted',
        'documents_requested',
      ];
      for (const [i, kind] of kinds.entries()) {
        await answer(
          kind === 'accepted'
            ? { claimId: claim.id, answer: 'received' }
            : { claimId: claim.id, answer: 'documents_requested', documents: ['diagnosis'], reason: `요청 ${i}` },
        );
        await t.app.claimEngine.drain();
        clock.advance(5 * 60_000);
      }
      // 35 minutes: the first answer's message only.
      expect((await outbox(who)).length - before).toBe(1);
      clock.set(new Date(NOON.getTime() + 61 * 60_000));
      await t.app.claimEngine.drain();
      await t.app.claimEngine.drain();
      const sent = (await outbox(who)).slice(before).map((m) => kakaoOf(m.body).template);
      // Seven answers, two messages: the first, and an hour later the state it came to.
      expect(sent).toEqual(['AUTO_CLAIM_ANSWER_DOCUMENTS', 'AUTO_CLAIM_ANSWER_DOCUMENTS']);
      const last = kakaoOf((await outbox(who)).at(-1)!.body).text;
      expect(last).toContain('"요청 6"');
      clock.advance(2 * 3_600_000);
      await t.app.claimEngine.drain();
      expect((await outbox(who)).length - before).toBe(2);
    } finally {
      clock.set(NOON);
    }
  });

  it('an operator’s hand-entered rejection: no link accepted, an access-log line, and shown as the operator’s to her and the console', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: [INSURER] });
    const claim = await sentClaim(who);
    const refused = await t.app.inject({
      method: 'POST',
      url: OPERATOR_API.claimStatus(claim.id),
      headers: ops,
      payload: { status: 'rejected', reason: '약관 확인: www.samsungfire-claim.example 참고' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: [{ field: 'reason', message: expect.stringContaining('인터넷 주소') }],
    });

    const res = await t.app.inject({
      method: 'POST',
      url: OPERATOR_API.claimStatus(claim.id),
      headers: ops,
      payload: { status: 'rejected', reason: '보험사 콜센터 확인: 면책 기간 중 진료' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rejectReason: '보험사 콜센터 확인: 면책 기간 중 진료',
      rejectReasonBy: 'operator',
    });
    const log = await t.db.db
      .selectFrom('accessLog')
      .select(['action', 'actor', 'detail'])
      .where('ciHmac', '=', who.ciHmac)
      .where('action', '=', 'operator_answer_recorded')
      .execute();
    expect(log).toEqual([{ action: 'operator_answer_recorded', actor: 'operator:messages-ops', detail: 'rejected' }]);

    // Her history names who wrote the reason, and her access log says an operator recorded it.
    const tokenRow = await t.db.db
      .selectFrom('linkToken')
      .select('jti')
      .where('ciHmac', '=', who.ciHmac)
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    const location = String((await t.app.inject({ url: `/m/${tokenRow.jti}` })).headers.location);
    const opened = await exchange(decodeURIComponent(location.split('#t=')[1]!));
    const history = (
      await t.app.inject({ url: API.treats, headers: { cookie: cookieOf(opened) } })
    ).json() as TreatsAnswer;
    const c = history.list.flatMap((v) => v.claims).find((x) => x.claimId === String(claim.id))!;
    expect(c).toMatchObject({ status: 'rejected', reasonBy: 'operator' });
    expect(history.accessLog.list.map((e) => e.summary)).toEqual(
      expect.arrayContaining([expect.stringContaining('운영자가 삼성화재에서 들은')]),
    );
  });

  it('a relation refusal’s reason with a link is refused, naming the field', () => {
    const parsed = relationRefuseBody.safeParse({ reason: '서류가 흐려요. 다시 올리기: https://evil.example/upload' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['reason'],
      message: expect.stringContaining('인터넷 주소'),
    });
    expect(relationRefuseBody.safeParse({ reason: '발급일이 3개월이 지났어요.' }).success).toBe(true);
  });
});
