// The Popbill adapters (알림톡 with SMS/LMS fallback, fax, 예금주 조회) against a local double of LinkHub and Popbill
// (fixtures/popbill-double.ts): the LINKHUB token signature, each call's body, Popbill's error JSON, timeouts,
// garbled answers, the fallback, the fax result codes, the account check's outcomes, check() without sending, and
// the wizard's account check and subscription with BANK_CHECK_PROVIDER=popbill. No test reaches the internet.
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@auto-claim/contract';
import { loadConfig } from '../../../src/config.js';
import { faxSenderFor } from '../../../src/create-context.js';
import { banks } from '../../../src/db/seed/banks.js';
import { popbillBankCheck, popbillBankCode } from '../../../src/providers/bank-check/popbill.js';
import { faxOutcomeOf, faxRequestNum, popbillFax } from '../../../src/providers/fax/popbill.js';
import { sandboxFax } from '../../../src/providers/fax/sandbox.js';
import { popbillNotification } from '../../../src/providers/notification/popbill.js';
import { PATIENT_TEMPLATES, type PatientMessage } from '../../../src/providers/notification/types.js';
import type { Outbox, OutboxMessage } from '../../../src/providers/outbox.js';
import {
  PopbillError,
  popbillClient,
  POPBILL_SCOPES,
  type PopbillAccount,
} from '../../../src/providers/popbill/client.js';
import { CODES, startPopbillDouble, type PopbillDouble } from '../../../fixtures/popbill-double.js';
import { images, regFor, type Images } from '../../../fixtures/enrolment.js';
import { build, problemOf, verifyPatient, type TestApp, scratchDir, expectLog } from '../../helper.js';

const SECRET = Buffer.from('a secret only the double and these tests know').toString('base64');
const CORP = '1234567890';
const SENDER = '0215880000';
const FAX_SENDER = '0215889999';
const CHANNEL = '@자동청구';
const BASE_TEMPLATES = {
  AUTO_CLAIM_SENT: 'T0001',
  AUTO_CLAIM_BELOW_MIN: 'T0002',
  AUTOCLAIM_ID_REQUEST: 'T0003',
  AUTO_CLAIM_ANSWER_RECEIVED: 'T0004',
  AUTO_CLAIM_ANSWER_DOCUMENTS: 'T0005',
  AUTO_CLAIM_ANSWER_PAID: 'T0006',
  AUTO_CLAIM_ANSWER_REJECTED: 'T0007',
};
/** The child case's templates (README "Children: a guardian claims for a child"): T0101 onwards, all approved. */
const CHILD_TEMPLATES = (Object.keys(PATIENT_TEMPLATES) as (keyof typeof PATIENT_TEMPLATES)[])
  .filter((t) => !(t in BASE_TEMPLATES))
  .map((t, i) => [t, `T${String(101 + i).padStart(4, '0')}`] as const);
const TEMPLATES = { ...BASE_TEMPLATES, ...Object.fromEntries(CHILD_TEMPLATES) } as Record<
  keyof typeof PATIENT_TEMPLATES,
  string
>;
const ORIGIN = 'https://autoclaim.example';
const PHONE = '01000001234';
const HOLDER = '김테스트';

let d: PopbillDouble;
const account = (o: Partial<PopbillAccount> = {}): PopbillAccount => ({
  linkId: 'AUTOCLAIM',
  secretKey: SECRET,
  corpNum: CORP,
  userId: 'autoclaim-ops',
  isTest: true,
  apiBase: d.url,
  authBase: d.url,
  ...o,
});
const button = (n: string) => ({
  n,
  t: 'WL',
  u1: 'https://autoclaim.example/#{path}',
  u2: 'https://autoclaim.example/#{path}',
});

beforeAll(async () => {
  d = await startPopbillDouble({
    linkId: 'AUTOCLAIM',
    secretKey: SECRET,
    corpNum: CORP,
    senderNumbers: [SENDER, FAX_SENDER],
    pendingSenderNumbers: ['0215881111'],
    channels: [CHANNEL],
    templates: [
      { templateCode: 'T0001', plusFriendID: CHANNEL, btns: [button('진료 내역 보기')] },
      { templateCode: 'T0002', plusFriendID: CHANNEL, btns: [button('진료 내역 보기')] },
      { templateCode: 'T0003', plusFriendID: CHANNEL, btns: [button('신분증 제출하기')] },
      { templateCode: 'T0004', plusFriendID: CHANNEL, btns: [button('청구 진행 보기')] },
      { templateCode: 'T0005', plusFriendID: CHANNEL, btns: [button('요청 서류 보기')] },
      { templateCode: 'T0006', plusFriendID: CHANNEL, btns: [button('지급 내역 보기')] },
      { templateCode: 'T0007', plusFriendID: CHANNEL, btns: [button('반려 사유 보기')] },
      { templateCode: 'T0009', plusFriendID: '@다른채널', btns: [button('진료 내역 보기')] },
      // Approved, but not what our message carries: two buttons; a fixed link; a variable on another domain.
      { templateCode: 'T0010', plusFriendID: CHANNEL, btns: [button('진료 내역 보기'), button('문의하기')] },
      {
        templateCode: 'T0011',
        plusFriendID: CHANNEL,
        btns: [{ n: '진료 내역 보기', t: 'WL', u1: `${ORIGIN}/claims`, u2: `${ORIGIN}/claims` }],
      },
      {
        templateCode: 'T0012',
        plusFriendID: CHANNEL,
        btns: [{ n: '진료 내역 보기', t: 'WL', u1: 'https://elsewhere.example/#{path}', u2: '' }],
      },
      { templateCode: 'T0013', plusFriendID: CHANNEL, btns: [] },
      ...CHILD_TEMPLATES.map(([t, templateCode]) => ({
        templateCode,
        plusFriendID: CHANNEL,
        btns: [button(PATIENT_TEMPLATES[t].button)],
      })),
    ],
    accounts: { '0004:123456781234': HOLDER, '0088:110123456789': '박타인', '0011:3021234567891': '김정지' },
    accountResults: { '0011:3021234567891': '0009' },
  });
});
afterAll(() => d.close());

/** What a caught promise rejected with. */
async function rejection(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    return e as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}

describe('the LinkHub token', () => {
  it('is asked for as LinkHub documents: date, version 2.0 and an HMAC-SHA256 over body digest, date and path', async () => {
    const client = popbillClient({ account: account(), scopes: POPBILL_SCOPES.fax });
    const before = d.received.length;
    await client.call('sender numbers', { path: '/FAX/SenderNumber' });
    await client.call('sender numbers', { path: '/FAX/SenderNumber' });
    const asked = d.received.slice(before);
    expect(asked.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /POPBILL_TEST/Token',
      'GET /FAX/SenderNumber',
      'GET /FAX/SenderNumber',
    ]);
    const [token, call] = asked;
    const body = token!.body.toString('utf8');
    expect(JSON.parse(body)).toEqual({ access_id: CORP, scope: ['member', '160', '161'] });
    const date = String(token!.headers['x-lh-date']);
    expect(Math.abs(Date.parse(date) - Date.now())).toBeLessThan(60_000);
    expect(token!.headers['x-lh-version']).toBe('2.0');
    // Computed here from the documented recipe, not with the adapter's own function.
    const signed = ['POST', createHash('sha256').update(body).digest('base64'), date, '2.0', '/POPBILL_TEST/Token'];
    const sig = createHmac('sha256', Buffer.from(SECRET, 'base64')).update(signed.join('\n')).digest('base64');
    expect(token!.headers.authorization).toBe(`LINKHUB AUTOCLAIM ${sig}`);
    expect(call!.headers.authorization).toMatch(/^Bearer [0-9a-f]{48}$/);
    expect(call!.headers['x-pb-userid']).toBe('autoclaim-ops');
  });

  it('is renewed a minute before it lapses, and once when Popbill no longer reads it', async () => {
    let now = Date.now();
    const client = popbillClient({ account: account(), scopes: POPBILL_SCOPES.fax, now: () => now });
    const tokens = d.tokens;
    await client.call('sender numbers', { path: '/FAX/SenderNumber' });
    now += 3 * 3600_000 - 59_000; // the double's tokens live 3 hours
    await client.call('sender numbers', { path: '/FAX/SenderNumber' });
    expect(d.tokens - tokens).toBe(2);
    now = Date.now();
    d.trouble('/FAX/SenderNumber', { status: 401, body: JSON.stringify({ code: -10000033, message: '토큰 만료' }) });
    await expect(client.call('sender numbers', { path: '/FAX/SenderNumber' })).resolves.toBeInstanceOf(Array);
    expect(d.tokens - tokens).toBe(3);
  });

  it('is refused for a wrong secret, which check() reports naming the variables and never the secret', async () => {
    const wrong = Buffer.from('not the secret').toString('base64');
    const checks = await popbillFax({ account: account({ secretKey: wrong }), senderNumber: FAX_SENDER }).check();
    expect(checks).toEqual([
      {
        kind: 'fax',
        vendor: 'popbill',
        ok: false,
        detail: expect.stringMatching(/token: -10000032 \(HTTP 401\).*POPBILL_SECRET_KEY/),
      },
    ]);
    expect(JSON.stringify(checks)).not.toContain(wrong);
    const e = await rejection(popbillClient({ account: account({ secretKey: wrong }), scopes: ['member'] }).token());
    expect(e).toMatchObject({ name: 'PopbillError', op: 'token', code: -10000032, retryable: false });
  });
});

// 2 s: a double's answer on a loaded machine (the CI runs the browser tests beside this) took more than 300 ms.
describe('알림톡 with SMS/LMS fallback', () => {
  const notify = (o: Partial<Parameters<typeof popbillNotification>[0]> = {}) =>
    popbillNotification({
      account: account(),
      senderNumber: SENDER,
      channelId: CHANNEL,
      templates: TEMPLATES,
      origin: ORIGIN,
      timeoutMs: 2_000,
      ...o,
    });
  const noOutbox: Outbox = {
    write: () => Promise.reject(new Error('a real provider writes no outbox')),
    writeMany: () => Promise.reject(new Error('a real provider writes no outbox')),
  };
  // Tokens shaped as security/linkToken.ts makes them: a 22-character id, a dot, a 43-character MAC.
  const ABC = `${'a'.repeat(22)}.${'m'.repeat(43)}`;
  const DEF = `${'d'.repeat(22)}.${'m'.repeat(43)}`;
  const msg = (o: Partial<PatientMessage> = {}): PatientMessage => ({
    to: PHONE,
    template: 'AUTO_CLAIM_SENT',
    text: '서울병원에서 11월 3일에 받은 진료(12,000원)를 보험사에 자동으로 청구할게요. 진행 상황은 아래 버튼에서 볼 수 있어요.',
    sms: '서울병원에서 11월 3일 받은 진료(12,000원)를 보험사에 자동으로 청구할게요.',
    linkPath: `/ui/insu/vuex/auto-claim/web/treat#t=${ABC}`,
    kakao: true,
    ...o,
  });

  it('sends one POST /ATS per template: each text with its link button, and its SMS form ([자동청구], one sentence, the short link) as SMS/LMS', async () => {
    const before = d.kakao.length;
    const sent = await notify().send(
      [
        msg(),
        msg({ to: '010-0000-5678', linkPath: `/ui/insu/vuex/auto-claim/web/treat#t=${DEF}` }),
        msg({ template: 'AUTOCLAIM_ID_REQUEST', text: '[자동청구] 신분증 사본을 요청했어요.', linkPath: '/x#t=ghi' }),
      ],
      noOutbox,
    );
    // Popbill learns the carrying channel later: every message went out as 알림톡.
    expect(sent).toEqual([{ channel: 'kakao' }, { channel: 'kakao' }, { channel: 'kakao' }]);
    const [first, second] = d.kakao.slice(before);
    expect(d.kakao.length - before).toBe(2);
    const link = `${ORIGIN}/ui/insu/vuex/auto-claim/web/treat#t=${ABC}`;
    expect(first!.body).toEqual({
      templateCode: 'T0001',
      snd: SENDER,
      altSendType: 'A',
      msgs: [
        {
          rcv: PHONE,
          msg: msg().text,
          altsjt: '자동청구 알림',
          altmsg: `[자동청구] ${msg().sms} ${ORIGIN}/m/${'a'.repeat(22)}`,
          btns: [{ n: '진료 내역 보기', t: 'WL', u1: link, u2: link }],
        },
        expect.objectContaining({
          rcv: '01000005678',
          altmsg: `[자동청구] ${msg().sms} ${ORIGIN}/m/${'d'.repeat(22)}`,
        }),
      ],
    });
    expect(second!.body).toMatchObject({
      templateCode: 'T0003',
      msgs: [{ btns: [{ n: '신분증 제출하기', t: 'WL', u1: `${ORIGIN}/x#t=ghi` }] }],
    });
  });

  it('sends a patient without the 알림톡 consent the SMS form by POST /XMS only, never by KakaoTalk', async () => {
    const kakaoBefore = d.kakao.length;
    const textsBefore = d.texts.length;
    const sent = await notify().send(
      [msg(), msg({ to: '010-0000-5678', kakao: false, linkPath: `/ui/insu/vuex/auto-claim/web/treat#t=${DEF}` })],
      noOutbox,
    );
    expect(sent).toEqual([{ channel: 'kakao' }, { channel: 'sms' }]);
    const ats = d.kakao.slice(kakaoBefore);
    expect(ats.flatMap((k) => (k.body.msgs as { rcv: string }[]).map((m) => m.rcv))).toEqual([PHONE]);
    expect(d.texts.slice(textsBefore).map((x) => x.body)).toEqual([
      {
        snd: SENDER,
        subject: '자동청구 알림',
        msgs: [
          {
            rcv: '01000005678',
            msg: `[자동청구] ${msg().sms} ${ORIGIN}/m/${'d'.repeat(22)}`,
            sjt: '자동청구 알림',
          },
        ],
      },
    ]);
    // The SMS/LMS service's own token scopes (MessageService).
    expect(d.received.some((r) => r.path === '/XMS')).toBe(true);
  });

  it('splits more than 1,000 messages of a template into requests Popbill takes', async () => {
    const before = d.kakao.length;
    const many = Array.from({ length: 1001 }, (_, i) => msg({ to: `0100000${String(i).padStart(4, '0')}` }));
    expect(await notify().send(many, noOutbox)).toHaveLength(1001);
    expect(d.kakao.slice(before).map((k) => (k.body.msgs as unknown[]).length)).toEqual([1000, 1]);
  });

  it('throws retryable on an outage, a timeout, a dropped connection or a garbled answer, so pg-boss tries again', async () => {
    for (const trouble of [
      { status: 503, body: '<html>busy</html>' },
      { status: 500, body: JSON.stringify({ code: -99999999, message: '서버 오류' }) },
      'hang',
      'reset',
      'garbage',
      { status: 200, body: 'null' },
    ] as const) {
      d.trouble('/ATS', trouble);
      const e = await rejection(notify().send([msg()], noOutbox));
      expect(e, JSON.stringify(trouble)).toBeInstanceOf(PopbillError);
      expect(e.retryable, JSON.stringify(trouble)).toBe(true);
      expect(e.message).not.toContain(PHONE);
    }
  });

  it('throws final when Popbill refuses the request, and retryable when only the balance is short', async () => {
    const refused = await rejection(
      notify({ templates: { ...TEMPLATES, AUTO_CLAIM_SENT: 'T0404' } }).send([msg()], noOutbox),
    );
    expect(refused).toMatchObject({ code: -21000010, status: 400, retryable: false });
    expect(refused.message).toBe('Popbill send AUTO_CLAIM_SENT failed: -21000010 (HTTP 400)');
    d.trouble('/ATS', { status: 400, body: JSON.stringify({ code: -99003000, message: '잔여포인트가 부족합니다.' }) });
    expect(await rejection(notify().send([msg()], noOutbox))).toMatchObject({ code: -99003000, retryable: true });
  });

  it('reads Popbill’s code, not the HTTP status, as the SDKs do: a refusal answered with a 500 is still final', async () => {
    const refusal = JSON.stringify({ code: -21000010, message: '승인된 템플릿이 아닙니다.' });
    d.trouble('/ATS', { status: 500, body: refusal });
    expect(await rejection(notify().send([msg()], noOutbox))).toMatchObject({
      code: -21000010,
      status: 500,
      retryable: false,
    });
    d.trouble('/ATS', { status: 500, body: JSON.stringify({ code: -99003000, message: '잔여포인트가 부족합니다.' }) });
    expect(await rejection(notify().send([msg()], noOutbox))).toMatchObject({ code: -99003000, retryable: true });
  });

  it('asks LinkHub for the 알림톡 scopes the official SDKs ask for: member, 153, 154, 155', async () => {
    const before = d.received.length;
    await popbillClient({ account: account(), scopes: POPBILL_SCOPES.kakao }).token();
    const asked = d.received.slice(before).find((r) => r.path.endsWith('/Token'))!;
    expect(JSON.parse(asked.body.toString('utf8'))).toEqual({
      access_id: CORP,
      scope: ['member', '153', '154', '155'],
    });
  });

  it('check() confirms token, balance, sender number, channel and every template without sending anything', async () => {
    expect(notify().name).toBe('popbill'); // the vendor its calls are measured under
    const before = d.kakao.length;
    const checks = await notify().check();
    expect(
      checks.every((c) => c.ok && c.kind === 'notification' && c.vendor === 'popbill'),
      JSON.stringify(checks),
    ).toBe(true);
    expect(checks.map((c) => c.detail)).toEqual([
      'LinkHub accepted the credentials (POPBILL_TEST, 카카오톡 scopes)',
      'balance 10000 points, 알림톡 unit cost 6.5',
      'sender number registered and approved',
      `카카오톡 채널 ${CHANNEL} registered`,
      'template AUTO_CLAIM_SENT (T0001) approved, with its link button',
      'template AUTO_CLAIM_BELOW_MIN (T0002) approved, with its link button',
      'template AUTOCLAIM_ID_REQUEST (T0003) approved, with its link button',
      'template AUTO_CLAIM_ANSWER_RECEIVED (T0004) approved, with its link button',
      'template AUTO_CLAIM_ANSWER_DOCUMENTS (T0005) approved, with its link button',
      'template AUTO_CLAIM_ANSWER_PAID (T0006) approved, with its link button',
      'template AUTO_CLAIM_ANSWER_REJECTED (T0007) approved, with its link button',
      ...CHILD_TEMPLATES.map(([t, code]) => `template ${t} (${code}) approved, with its link button`),
    ]);
    expect(d.kakao.length).toBe(before);
  });

  it('check() names what is wrong: an unapproved sender, an unknown channel, a template missing or on another channel', async () => {
    const checks = await notify({
      senderNumber: '0215881111',
      channelId: '@없는채널',
      templates: {
        ...TEMPLATES,
        AUTO_CLAIM_SENT: 'T0404',
        AUTO_CLAIM_BELOW_MIN: 'T0009',
        AUTOCLAIM_ID_REQUEST: 'T0001',
      },
    }).check();
    expect(checks.filter((c) => !c.ok).map((c) => c.detail)).toEqual([
      'POPBILL_SENDER_NUMBER is registered but not approved with Popbill',
      'POPBILL_KAKAO_CHANNEL_ID @없는채널 is not registered',
      'template AUTO_CLAIM_SENT (T0404) not approved (POPBILL_KAKAO_TEMPLATE_AUTO_CLAIM_SENT=T0404 is not among the approved templates)',
      'template AUTO_CLAIM_BELOW_MIN (T0009) approved for channel @다른채널, not @없는채널',
      'template AUTOCLAIM_ID_REQUEST (T0001) approved for channel @자동청구, not @없는채널',
      'template AUTO_CLAIM_ANSWER_RECEIVED (T0004) approved for channel @자동청구, not @없는채널',
      'template AUTO_CLAIM_ANSWER_DOCUMENTS (T0005) approved for channel @자동청구, not @없는채널',
      'template AUTO_CLAIM_ANSWER_PAID (T0006) approved for channel @자동청구, not @없는채널',
      'template AUTO_CLAIM_ANSWER_REJECTED (T0007) approved for channel @자동청구, not @없는채널',
      ...CHILD_TEMPLATES.map(([t, code]) => `template ${t} (${code}) approved for channel @자동청구, not @없는채널`),
    ]);
    const wrongButton = await notify({ templates: { ...TEMPLATES, AUTOCLAIM_ID_REQUEST: 'T0001' } }).check();
    expect(wrongButton.filter((c) => !c.ok).map((c) => c.detail)).toEqual([
      'template AUTOCLAIM_ID_REQUEST (T0001) has no web-link button named "신분증 제출하기"',
    ]);
  });

  it('check() wants exactly one web-link button whose links carry a #{…} variable on our origin', async () => {
    const checks = await notify({
      templates: {
        ...TEMPLATES,
        AUTO_CLAIM_SENT: 'T0010',
        AUTO_CLAIM_BELOW_MIN: 'T0011',
        AUTO_CLAIM_ANSWER_RECEIVED: 'T0012',
        AUTO_CLAIM_ANSWER_PAID: 'T0013',
      },
    }).check();
    expect(checks.filter((c) => !c.ok).map((c) => c.detail)).toEqual([
      'template AUTO_CLAIM_SENT (T0010) has 2 buttons, not exactly one web-link button "진료 내역 보기"',
      `template AUTO_CLAIM_BELOW_MIN (T0011) button "진료 내역 보기" mobile link is not ${ORIGIN}/#{…} (a #{…} variable on our origin)`,
      'template AUTO_CLAIM_ANSWER_RECEIVED (T0012) has no web-link button named "청구 진행 보기"',
      'template AUTO_CLAIM_ANSWER_PAID (T0013) has 0 buttons, not exactly one web-link button "지급 내역 보기"',
    ]);
    // The name right, the link elsewhere: named as such.
    const elsewhere = await notify({ templates: { ...TEMPLATES, AUTO_CLAIM_SENT: 'T0012' } }).check();
    expect(elsewhere.filter((c) => !c.ok).map((c) => c.detail)).toEqual([
      `template AUTO_CLAIM_SENT (T0012) button "진료 내역 보기" mobile link is not ${ORIGIN}/#{…} (a #{…} variable on our origin)`,
    ]);
  });
});

describe('fax of claim PDFs', () => {
  const fax = (o: Partial<Parameters<typeof popbillFax>[0]> = {}) =>
    popbillFax({ account: account(), senderNumber: FAX_SENDER, timeoutMs: 2_000, ...o });
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 255, 13, 10, 128]), Buffer.from('\n%%EOF\n')]);
  let seq = 0;
  const key = () => `delivery-${process.pid}-${++seq}`;

  it('sends the PDF as Popbill’s multipart form with our idempotency key as the request number', async () => {
    const k = key();
    const sent = await fax().send({ to: '02-1234-5678', title: '자동청구 청구서 C-1', pdf, idempotencyKey: k });
    const f = d.faxes.at(-1)!;
    expect(sent).toEqual({ ok: true, receiptNum: f.receiptNum });
    expect(f.form).toEqual({
      snd: FAX_SENDER,
      fCnt: 1,
      title: '자동청구 청구서 C-1',
      requestNum: k,
      rcvs: [{ rcv: '0212345678' }],
    });
    expect(f.files).toHaveLength(1);
    expect(f.files[0]).toMatchObject({ name: 'file', filename: 'claim.pdf' });
    expect(Buffer.compare(f.files[0]!.data, pdf)).toBe(0);
  });

  it('never faxes twice: an answer lost on the way back, then the engine’s retry, both end with the one receipt', async () => {
    const k = key();
    const count = d.faxes.length;
    d.trouble('/FAX', 'lose');
    const first = await fax().send({ to: '0212345678', title: '자동청구 청구서 C-2', pdf, idempotencyKey: k });
    const retry = await fax().send({ to: '0212345678', title: '자동청구 청구서 C-2', pdf, idempotencyKey: k });
    expect(d.faxes.length - count).toBe(1);
    expect(first).toEqual({ ok: true, receiptNum: d.faxes.at(-1)!.receiptNum });
    expect(retry).toEqual(first);
  });

  it('makes a request number Popbill accepts from any key, the same every time', () => {
    expect(faxRequestNum('delivery-12')).toBe('delivery-12');
    for (const k of ['배달 12', 'x'.repeat(37), 'a/b']) {
      expect(faxRequestNum(k)).toMatch(/^[A-Za-z0-9_-]{1,36}$/);
      expect(faxRequestNum(k)).toBe(faxRequestNum(k));
    }
    expect(faxRequestNum('배달 12')).not.toBe(faxRequestNum('배달 13'));
  });

  it('answers a refused fax as final and an outage or timeout as retryable, without the number in the error', async () => {
    const refused = await fax().send({ to: '12', title: '자동청구 청구서 C-3', pdf, idempotencyKey: key() });
    expect(refused).toEqual({ ok: false, error: 'Popbill send fax failed: -21000041 (HTTP 400)', retryable: false });
    for (const trouble of [{ status: 502, body: 'Bad Gateway' }, 'hang', 'garbage'] as const) {
      d.trouble('/FAX', trouble, 2); // the send and the look-up by request number
      const r = await fax().send({ to: '0298765432', title: '자동청구 청구서 C-4', pdf, idempotencyKey: key() });
      expect(r, JSON.stringify(trouble)).toMatchObject({ ok: false, retryable: true });
      expect(JSON.stringify(r)).not.toContain('0298765432');
    }
  });

  it('reads the result: received, converting and sending are pending; 100 delivered; busy retryable; a wrong number final', async () => {
    const sent = await fax().send({ to: '0212345678', title: '자동청구 청구서 C-5', pdf, idempotencyKey: key() });
    if (!sent.ok) throw new Error(sent.error);
    const outcome = async (state: number, result: number | null) => {
      d.setFaxResult(sent.receiptNum, state, result);
      return fax().outcomeOf(sent.receiptNum);
    };
    expect(await fax().outcomeOf(sent.receiptNum)).toEqual({ state: 'pending' });
    expect(await outcome(2, null)).toEqual({ state: 'pending' });
    expect(await outcome(3, 100)).toEqual({ state: 'delivered' });
    expect(await outcome(3, 503)).toEqual({ state: 'failed', error: 'fax 503: line busy', retryable: true });
    expect(await outcome(3, 505)).toEqual({ state: 'failed', error: 'fax 505: no answer', retryable: true });
    expect(await outcome(3, 504)).toEqual({ state: 'failed', error: 'fax 504: wrong fax number', retryable: false });
    expect(await outcome(4, null)).toEqual({ state: 'failed', error: 'fax cancelled', retryable: false });
    d.trouble('/FAX/', 'garbage');
    expect(await rejection(fax().outcomeOf(sent.receiptNum))).toMatchObject({ code: 'malformed', retryable: true });
    expect(await rejection(fax().outcomeOf('000000000000000000'))).toMatchObject({ code: -21000051, retryable: false });
  });

  it('maps every carrier result code in Popbill’s table', () => {
    const retryable = (r: number) => (faxOutcomeOf(3, r) as { retryable?: boolean }).retryable;
    expect([300, 301, 402, 405, 408, 413, 414, 416, 498, 499, 504, 507, 509, 511].map(retryable)).toEqual(
      Array(14).fill(false),
    );
    expect([415, 502, 503, 505, 506, 508, 999].map(retryable)).toEqual(Array(7).fill(true));
    expect([0, 1, 2].map((s) => faxOutcomeOf(s, 0))).toEqual(Array(3).fill({ state: 'pending' }));
  });

  it('check() confirms token, balance and an approved fax sender number, and says when it is not', async () => {
    expect((await fax().check()).map((c) => [c.ok, c.detail])).toEqual([
      [true, 'LinkHub accepted the credentials (POPBILL_TEST, fax scopes)'],
      [true, 'balance 10000 points, fax unit cost 55'],
      [true, 'fax sender number registered and approved'],
    ]);
    expect((await fax({ senderNumber: '0299999999' }).check()).at(-1)).toEqual({
      kind: 'fax',
      vendor: 'popbill',
      ok: false,
      detail: 'the fax sender number is not registered with Popbill',
    });
  });
});

describe('예금주 조회', () => {
  const failures: string[] = [];
  const bank = (o: Partial<Parameters<typeof popbillBankCheck>[0]> = {}) =>
    popbillBankCheck({ account: account(), timeoutMs: 2_000, onFailure: (r) => failures.push(r), ...o });
  const ask = (bankCd: string, bankAccount: string, b = bank()) =>
    b.holderOf({ bankCd, bankAccount, askedHolderNm: HOLDER });

  it('asks POST /EasyFin/AccountCheck with Popbill’s 4-digit bank code and answers the holder', async () => {
    expect(await ask('004', '123-456-781234')).toEqual({ found: true, holderNm: HOLDER });
    const r = d.received.at(-1)!;
    expect(`${r.method} ${r.path}`).toBe('POST /EasyFin/AccountCheck');
    expect(r.body.length).toBe(0);
    // An empty body, typed as JSON as every official SDK types it (node-popbill BaseService._executeAction).
    expect(r.headers['content-type']).toBe('application/json;charset=utf-8');
    expect(await ask('088', '110123456789')).toEqual({ found: true, holderNm: '박타인' });
  });

  it('answers a closed or unknown account, and one Popbill will not check, as not found', async () => {
    expect(await ask('004', '999999999999')).toEqual({ found: false });
    // A result other than success is no holder, even when a name came with it.
    failures.length = 0;
    expect(await ask('011', '3021234567891')).toEqual({ found: false });
    expect(failures).toEqual(['account check: result 0009']);
    expect(await ask('020', '123456781234')).toEqual({ found: false });
    expect(await ask('004', '123456')).toEqual({ found: false });
  });

  it('reads resultCode as Popbill’s examples do, else result; an answer with neither is a 503, never "not found"', async () => {
    const answer = (body: object) =>
      d.trouble('/EasyFin/AccountCheck', { status: 200, body: JSON.stringify({ accountName: HOLDER, ...body }) });
    answer({ resultCode: '0000', resultMessage: '성공' });
    expect(await ask('004', '123456781234')).toEqual({ found: true, holderNm: HOLDER });
    answer({ result: '0000' });
    expect(await ask('004', '123456781234')).toEqual({ found: true, holderNm: HOLDER });
    // resultCode decides when both are there.
    failures.length = 0;
    answer({ resultCode: '0009', result: '0000' });
    expect(await ask('004', '123456781234')).toEqual({ found: false });
    expect(failures).toEqual(['account check: result 0009']);
    failures.length = 0;
    for (const body of [{}, { resultCode: '', result: null }, { resultMessage: '성공' }]) {
      answer(body);
      await expect(ask('004', '123456781234'), JSON.stringify(body)).rejects.toMatchObject({
        status: 503,
        code: 'BANK_CHECK_UNAVAILABLE',
      });
    }
    expect(failures).toEqual(Array(3).fill('account check: no resultCode or result in the answer'));
  });

  it('turns an outage, a timeout, a garbled answer, an empty balance or a refused token into a Korean 503', async () => {
    failures.length = 0;
    const cases: [string, () => void, ReturnType<typeof bank>?][] = [
      ['outage', () => d.trouble('/EasyFin/AccountCheck', { status: 503, body: 'down' })],
      ['timeout', () => d.trouble('/EasyFin/AccountCheck', 'hang')],
      ['garbled', () => d.trouble('/EasyFin/AccountCheck', 'garbage')],
      [
        'balance',
        () =>
          d.trouble('/EasyFin/AccountCheck', {
            status: 400,
            body: JSON.stringify({ code: -99003000, message: '잔여포인트가 부족합니다.' }),
          }),
      ],
      ['token', () => undefined, bank({ account: account({ corpNum: '9999999999' }) })],
    ];
    for (const [what, arrange, b] of cases) {
      arrange();
      await expect(ask('004', '123456781234', b), what).rejects.toMatchObject({
        status: 503,
        code: 'BANK_CHECK_UNAVAILABLE',
        detail: '지금은 은행에 예금주를 확인할 수 없어요. 잠시 후 다시 시도해 주세요.',
      });
    }
    expect(failures).toEqual([
      'account check: http 503 (HTTP 503)',
      'account check: timeout',
      'account check: malformed (HTTP 200)',
      'account check: -99003000 (HTTP 400)',
      'token: -10000012 (HTTP 401)',
    ]);
    expect(failures.join()).not.toContain('123456781234');
  });

  it('maps every bank we offer to Popbill’s code: the 금융결제원 code with a leading 0', () => {
    expect(banks.map((b) => popbillBankCode(b.bankCd))).toEqual(banks.map((b) => `0${b.bankCd}`));
    expect(popbillBankCode('004')).toBe('0004');
    expect(() => popbillBankCode('4')).toThrow();
  });

  it('check() confirms token and balance without looking up an account', async () => {
    const before = d.received.filter((r) => r.path === '/EasyFin/AccountCheck').length;
    expect((await bank().check()).map((c) => [c.kind, c.ok, c.detail])).toEqual([
      ['bankCheck', true, 'LinkHub accepted the credentials (POPBILL_TEST, 예금주조회 scopes)'],
      ['bankCheck', true, 'balance 10000 points, 예금주 조회 unit cost 10'],
    ]);
    expect(d.received.filter((r) => r.path === '/EasyFin/AccountCheck').length).toBe(before);
  });
});

describe('the enrolment wizard’s account check with BANK_CHECK_PROVIDER=popbill', () => {
  let t: TestApp;
  let img: Images;
  beforeAll(async () => {
    t = await build({ config: { bankCheck: { kind: 'popbill', account: account() } } });
    img = await images();
  });
  afterAll(() => t?.close());

  it('checks the holder with Popbill, refuses an unknown account, says plainly when the bank cannot be asked', async () => {
    // Each time the bank cannot be asked is a warning in the log.
    expectLog({ level: 'warn', msg: '예금주 조회 not answered', count: 3 });
    const v = await verifyPatient(t, { custName: HOLDER });
    const check = (payload: object) =>
      t.app.inject({ method: 'POST', url: API.userAccounts, payload, headers: { cookie: v.cookie } });
    const match = await check({ userCi: v.ci, bankCd: '004', bankAccount: '123-456-781234' });
    expect(match.statusCode, match.body).toBe(200);
    expect(match.json()).toMatchObject({ result: 'MATCH', checkBankAccountNm: HOLDER, bankAccountMasked: '****1234' });
    const other = await check({ bankCd: '088', bankAccount: '110123456789' });
    expect(other.json()).toMatchObject({ result: 'MISMATCH', checkBankAccountNm: '박*인' });
    expect(problemOf(await check({ bankCd: '004', bankAccount: '9999999999' }))).toMatchObject({
      status: 422,
      code: 'ACCOUNT_NOT_FOUND',
    });
    d.trouble('/EasyFin/AccountCheck', { status: 502, body: 'Bad Gateway' });
    expect(problemOf(await check({ bankCd: '004', bankAccount: '123456781234' }))).toEqual({
      title: 'Service Unavailable',
      status: 503,
      code: 'BANK_CHECK_UNAVAILABLE',
      detail: '지금은 은행에 예금주를 확인할 수 없어요. 잠시 후 다시 시도해 주세요.',
    });
    // An answer without resultCode or result is no verdict: the patient is told to try later, not that the account
    // does not exist.
    d.trouble('/EasyFin/AccountCheck', { status: 200, body: JSON.stringify({ accountName: '', resultMessage: '' }) });
    expect(problemOf(await check({ bankCd: '004', bankAccount: '123456781234' }))).toMatchObject({
      status: 503,
      code: 'BANK_CHECK_UNAVAILABLE',
    });
    // The provider metrics name the vendor, and count the outage and the answer without a code as errors.
    const calls = (await t.app.ctx.metrics.providerCalls.get()).values.filter(
      (v) => v.metricName === 'autoclaim_provider_call_duration_seconds_count' && v.labels.vendor === 'popbill',
    );
    expect(calls.map((v) => [v.labels.kind, v.labels.call, v.labels.outcome, v.value])).toEqual([
      ['bankCheck', 'holderOf', 'ok', 3],
      ['bankCheck', 'holderOf', 'error', 2],
    ]);
  });

  it('subscribes with an account Popbill confirms, and refuses with a 503 while the bank cannot be asked', async () => {
    expectLog({ level: 'warn', msg: '예금주 조회 not answered', count: 1 });
    const v = await verifyPatient(t, { custName: HOLDER });
    const subscribe = async () =>
      t.app.inject({
        method: 'POST',
        url: API.subscriptions,
        payload: await regFor(t, v, img),
        headers: { cookie: v.cookie },
      });
    d.trouble('/EasyFin/AccountCheck', 'reset');
    expect(problemOf(await subscribe())).toMatchObject({ status: 503, code: 'BANK_CHECK_UNAVAILABLE' });
    const ok = await subscribe();
    expect(ok.statusCode, ok.body).toBe(201);
  }, 20_000);
  it('a holder the bank check accepts is accepted by subscribing too: one name rule (contract names.ts) for both', async () => {
    // "홍 길동" for 홍길동: a space; then a full-width space and decomposed 한글, as some keyboards type them.
    for (const typed of ['김 테스트', `김\u3000${'테스'.normalize('NFD')}트`]) {
      const v = await verifyPatient(t, { custName: HOLDER });
      const check = await t.app.inject({
        method: 'POST',
        url: API.userAccounts,
        payload: { userCi: v.ci, bankCd: '004', bankAccount: '123456781234', bankAccountHolder: typed },
        headers: { cookie: v.cookie },
      });
      expect(check.json(), typed).toMatchObject({ result: 'MATCH' });
      const subscribed = await t.app.inject({
        method: 'POST',
        url: API.subscriptions,
        payload: await regFor(t, v, img, { bankAccountHolder: typed, bankAccountRel: '1' }),
        headers: { cookie: v.cookie },
      });
      expect(subscribed.statusCode, subscribed.body).toBe(201);
    }
  }, 20_000);
});

describe('configuration', () => {
  const dataDir = scratchDir('config');
  const base = {
    DATA_DIR: dataDir,
    POPBILL_LINK_ID: 'AUTOCLAIM',
    POPBILL_SECRET_KEY: SECRET,
    POPBILL_CORP_NUM: '123-45-67890',
    POPBILL_IS_TEST: 'true',
  };

  it('keeps the sandbox for every kind when nothing is set', () => {
    const c = loadConfig({ DATA_DIR: dataDir });
    expect([c.notification, c.fax, c.bankCheck]).toEqual([
      { kind: 'sandbox' },
      { kind: 'sandbox' },
      { kind: 'sandbox' },
    ]);
  });

  it('names every missing variable of the Popbill kinds chosen', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, BANK_CHECK_PROVIDER: 'popbill' })).toThrow(
      'The chosen providers need: POPBILL_LINK_ID, POPBILL_SECRET_KEY, POPBILL_CORP_NUM (the member’s 사업자번호), POPBILL_IS_TEST (true: Popbill’s test bed, false: live)',
    );
    expect(() => loadConfig({ ...base, NOTIFY_PROVIDER: 'popbill', FAX_PROVIDER: 'popbill' })).toThrow(
      `The chosen providers need: POPBILL_SENDER_NUMBER, POPBILL_KAKAO_CHANNEL_ID, POPBILL_KAKAO_TEMPLATE_AUTO_CLAIM_SENT, POPBILL_KAKAO_TEMPLATE_AUTO_CLAIM_BELOW_MIN, POPBILL_KAKAO_TEMPLATE_AUTOCLAIM_ID_REQUEST, POPBILL_KAKAO_TEMPLATE_AUTO_CLAIM_ANSWER_RECEIVED, POPBILL_KAKAO_TEMPLATE_AUTO_CLAIM_ANSWER_DOCUMENTS, POPBILL_KAKAO_TEMPLATE_AUTO_CLAIM_ANSWER_PAID, POPBILL_KAKAO_TEMPLATE_AUTO_CLAIM_ANSWER_REJECTED, ${CHILD_TEMPLATES.map(([t]) => `POPBILL_KAKAO_TEMPLATE_${t}`).join(', ')}, PUBLIC_URL (the origin of links in 알림톡/SMS), POPBILL_FAX_SENDER_NUMBER (or POPBILL_SENDER_NUMBER)`,
    );
  });

  it('gives each kind its own choice, on the vendor’s hosts unless POPBILL_API_BASE / POPBILL_AUTH_BASE say otherwise', () => {
    const c = loadConfig({
      ...base,
      BANK_CHECK_PROVIDER: 'popbill',
      FAX_PROVIDER: 'popbill',
      POPBILL_SENDER_NUMBER: '02-1588-0000',
    });
    expect(c.notification).toEqual({ kind: 'sandbox' });
    expect(c.fax).toMatchObject({ kind: 'popbill', senderNumber: '0215880000' });
    expect(c.bankCheck).toEqual({
      kind: 'popbill',
      account: {
        linkId: 'AUTOCLAIM',
        secretKey: SECRET,
        corpNum: CORP,
        userId: undefined,
        isTest: true,
        apiBase: 'https://popbill-test.linkhub.co.kr',
        authBase: 'https://auth.linkhub.co.kr',
      },
    });
    const live = loadConfig({
      ...base,
      POPBILL_IS_TEST: 'false',
      BANK_CHECK_PROVIDER: 'popbill',
      POPBILL_API_BASE: 'http://127.0.0.1:9',
      POPBILL_AUTH_BASE: 'http://127.0.0.1:9',
    });
    expect(live.bankCheck).toMatchObject({ account: { isTest: false, apiBase: 'http://127.0.0.1:9' } });
    expect(loadConfig({ ...base, POPBILL_IS_TEST: 'false', BANK_CHECK_PROVIDER: 'popbill' }).bankCheck).toMatchObject({
      account: { apiBase: 'https://popbill.linkhub.co.kr' },
    });
  });

  it('hands the delivery router the fax gateway FAX_PROVIDER names; the sandbox one writes the outbox and delivers', async () => {
    const written: OutboxMessage[] = [];
    const outbox: Outbox = {
      write: async (m) => void written.push(m),
      writeMany: async (ms) => void written.push(...ms),
    };
    const sandbox = faxSenderFor({}, outbox);
    expect(sandbox.name).toBe('sandbox');
    const sent = await sandbox.send({
      to: '02-1234-5678',
      title: '자동청구 청구서 C-9',
      pdf: Buffer.from('%PDF'),
      idempotencyKey: 'delivery-9',
    });
    expect(sent).toEqual(
      await sandboxFax(outbox).send({
        to: '0212345678',
        title: '자동청구 청구서 C-9',
        pdf: Buffer.from('%PDF'),
        idempotencyKey: 'delivery-9',
      }),
    );
    expect(written[0]).toMatchObject({ channel: 'fax', to: '0212345678' });
    expect(JSON.parse(written[0]!.body)).toMatchObject({
      idempotencyKey: 'delivery-9',
      title: '자동청구 청구서 C-9',
      bytes: 4,
    });
    expect(await sandbox.outcomeOf(sent.ok ? sent.receiptNum : '')).toEqual({ state: 'delivered' });
    expect(faxSenderFor({ fax: { kind: 'popbill', account: account(), senderNumber: FAX_SENDER } }, outbox).name).toBe(
      'popbill',
    );
  });
});

describe('the double’s refusal codes', () => {
  it('marks the codes no Popbill document lists as invented, and the product depends on none of them', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const invented = Object.values(CODES.INVENTED).map(String);
    const documented = [
      CODES.partnerUnknown,
      CODES.memberUnknown,
      CODES.tokenGeneration,
      CODES.tokenUnreadable,
      CODES.catchAll,
    ].map(String);
    // Every negative 8-digit code in the double is one of the two lists.
    const doubleSrc = await readFile(new URL('../../../fixtures/popbill-double.ts', import.meta.url), 'utf8');
    for (const code of doubleSrc.match(/-\d{8}\b/g) ?? []) expect([...invented, ...documented]).toContain(code);
    const root = new URL('../../../src/providers/', import.meta.url).pathname;
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts'));
    for (const f of files) {
      const text = await readFile(join(root, f), 'utf8');
      for (const code of invented) expect(text.includes(code), `${f} uses invented ${code}`).toBe(false);
    }
  });
});
