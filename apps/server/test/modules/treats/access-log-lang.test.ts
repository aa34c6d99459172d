// The access log in her language (docs/decisions/0010-message-catalogs.md): every action's line, as the treatment
// history's GET answers it, keeps its Korean sentence as it was, and is worded again in the language she reads (her
// `lang` cookie, else Accept-Language) with no Korean left but the hospitals' and insurers' names.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type TreatsAnswer } from '@auto-claim/contract';
import { ACCESS_ACTIONS, type AccessEntry } from '../../../src/modules/audit/index.js';
import { signLinkToken } from '../../../src/security/linkToken.js';
import { ciHmacOf } from '../../../src/security/session.js';
import { build, freshAddress, testClock, type TestApp, SUBSCRIPTION_UNSET } from '../../helper.js';

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await build({ clock });
});
afterAll(async () => {
  await t?.close();
});

const HOSPITAL = '90000001';
const INSURER = 'SAMSUNGFIRE';
/** The insurer of the visit she claimed by hand. */
const OTHER_INSURER = 'HYUNDAIMARINE';

/** A subscribed patient with one visit (1 June) claimed by the engine and one she claimed by hand, and her session. */
async function patientWithVisit() {
  const ctx = t.app.ctx;
  const ci = `lang-ci-${randomBytes(6).toString('hex')}`;
  const ciHmac = ciHmacOf(ctx, ci);
  const insuApplyId = `L${Date.now()}`;
  await t.db.db
    .insertInto('subscription')
    .values({
      insuApplyId,
      ciHmac,
      ciEnc: ctx.crypto.encrypt(ci),
      status: 'subscribe',
      prcMode: 'outer',
      personEnc: ctx.crypto.encryptJson({ userNm: '김테스트', birthday: '19850101', sex: 'F', userTel: '01000009999' }),
      insuCompCd: INSURER,
      minAmt: 10_000,
      retroMonth: 0,
      contractStartDate: '20260101',
      contractEndDate: '20261231',
      ...SUBSCRIPTION_UNSET,
    })
    .execute();
  await t.db.db
    .insertInto('subscriptionInsurer')
    .values([INSURER, OTHER_INSURER].map((insuCompCd) => ({ insuApplyId, insuCompCd })))
    .execute();
  await t.db.db
    .insertInto('subscriptionHospital')
    .values({ insuApplyId, hospitalCd: HOSPITAL, agreeId: null })
    .execute();
  const record = await t.db.db
    .insertInto('treatmentRecord')
    .values({
      hospitalCd: HOSPITAL,
      receiptNo: `R-${randomBytes(3).toString('hex')}`,
      contentHash: randomBytes(16).toString('hex'),
      ciHmac,
      rrnHmac: null,
      personEnc: ctx.crypto.encryptJson({ name: '김테스트', birthDate: '19850101' }),
      detailEnc: ctx.crypto.encryptJson({ department: '내과', kcdCodes: ['J06.9'] }),
      visitDate: '20260601',
      visitType: '외래',
      coveredCopay: 14_000,
      uncovered: 21_000,
      totalPaid: 35_000,
      insuApplyId,
      outcome: 'claimed',
      receivedAt: clock.now(),
      decidedAt: clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const claim = async (origin: 'auto' | 'patient', insuCompCd: string) =>
    (
      await t.db.db
        .insertInto('claim')
        .values({
          recordId: record.id,
          hospitalCd: HOSPITAL,
          visitDate: '20260601',
          insuCompCd,
          insuApplyId,
          ciHmac,
          origin,
          amount: 35_000,
          status: 'sent',
          rejectReason: null,
          paidAmount: null,
          scheduledFor: null,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const token = await signLinkToken(ctx, { purpose: 'treat', ciHmac, insuApplyId });
  const res = await t.app.inject({
    method: 'POST',
    url: API.linkExchange,
    payload: { token, purpose: 'treat' },
    remoteAddress: freshAddress(),
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return {
    ciHmac,
    recordId: record.id,
    autoClaim: await claim('auto', INSURER),
    handClaim: await claim('patient', OTHER_INSURER),
    cookie,
  };
}

/** Every action, as its writers write it (actor, detail, record or claim), some in each of their forms. */
function lines(p: Awaited<ReturnType<typeof patientWithVisit>>): Omit<AccessEntry, 'ciHmac'>[] {
  const op = 'operator:ops-7';
  const rec = { recordId: p.recordId };
  const auto = { claimId: p.autoClaim };
  return [
    { action: 'record_received', actor: HOSPITAL, ...rec },
    { action: 'claim_created', actor: 'engine', ...auto },
    { action: 'claim_created', actor: 'patient', claimId: p.handClaim },
    { action: 'delivered', actor: `insurer:${INSURER}`, ...auto },
    { action: 'released_to_patient', actor: 'patient', detail: '5건' },
    { action: 'released_to_patient', actor: 'patient', detail: '이전 진료 12건' },
    { action: 'released_to_patient', actor: 'patient', detail: '2026-05 명세 3건' },
    { action: 'released_to_operator', actor: op, detail: 'hospital_inquiry', ...auto },
    { action: 'released_to_operator', actor: op, detail: 'delivery_problem', ...auto },
    { action: 'operator_retry', actor: op, ...auto },
    { action: 'operator_answer_recorded', actor: op, detail: 'documents_requested', ...auto },
    { action: 'id_card_submitted', actor: 'patient' },
    { action: 'id_card_released', actor: `insurer:${INSURER}`, detail: 'sha256:abc' },
    { action: 'hospital_document_received', actor: `hospital:${HOSPITAL}`, detail: 'sha256:def', ...auto },
    { action: 'hospital_document_released', actor: `insurer:${INSURER}`, ...auto },
    { action: 'operator_searched', actor: op, detail: 'name,phone' },
    { action: 'operator_searched', actor: op, detail: 'birthDate' },
    { action: 'operator_searched', actor: op, detail: null },
    { action: 'operator_revealed', actor: op, detail: 'patient_inquiry' },
    { action: 'operator_revealed', actor: op, detail: 'insurer_request' },
    { action: 'operator_record_released', actor: op, ...rec },
    { action: 'operator_held_viewed', actor: op },
    { action: 'operator_subscriber_viewed', actor: op },
    { action: 'operator_record_set_aside', actor: op },
    { action: 'operator_relation_viewed', actor: op, detail: 'resident' },
    { action: 'operator_relation_confirmed', actor: op, detail: 'family' },
    { action: 'operator_relation_refused', actor: op, detail: 'resident' },
    { action: 'enrolment_helped', actor: 'helper', detail: 'child' },
    { action: 'enrolment_helped', actor: `hospital:${HOSPITAL}`, detail: 'hospital_staff:desk01' },
    { action: 'notice_channel_changed', actor: 'patient', detail: 'kakao' },
    { action: 'notice_channel_changed', actor: 'patient', detail: 'sms' },
  ];
}

/** Each line's Korean sentence and actor as the server wrote them before the catalogs, oldest first. */
const KOREAN = [
  ['RECORD_RECEIVED', '한빛정형외과의원 (데모)', '한빛정형외과의원 (데모)에서 6월 1일 진료 기록을 보내왔어요.'],
  ['CLAIM_CREATED', '자동청구', '6월 1일 진료를 삼성화재에 청구하려고 서류를 만들었어요.'],
  ['CLAIM_CREATED', '본인', '본인이 6월 1일 진료를 현대해상에 청구했어요.'],
  ['DELIVERED', '삼성화재', '삼성화재에 6월 1일 진료 청구 서류를 보냈어요.'],
  ['RELEASED_TO_PATIENT', '본인', '본인에게 진료 내역 5건을 보여 드렸어요.'],
  ['RELEASED_TO_PATIENT', '본인', '본인에게 진료 내역 이전 진료 12건을 보여 드렸어요.'],
  ['RELEASED_TO_PATIENT', '본인', '본인에게 진료 내역 2026-05 명세 3건을 보여 드렸어요.'],
  [
    'RELEASED_TO_OPERATOR',
    '운영자',
    '운영자가 병원의 문의를 확인하려고 6월 1일 진료의 삼성화재 청구 서류(위임장·동의서 포함)를 확인했어요.',
  ],
  [
    'RELEASED_TO_OPERATOR',
    '운영자',
    '운영자가 보험사에 가지 못한 청구를 처리하려고 6월 1일 진료의 삼성화재 청구 서류(위임장·동의서 포함)를 확인했어요.',
  ],
  ['OPERATOR_RETRY', '운영자', '운영자가 삼성화재에 보내지 못한 청구를 다시 보내도록 했어요.'],
  [
    'OPERATOR_ANSWER_RECORDED',
    '운영자',
    '운영자가 삼성화재에서 들은 6월 1일 진료 청구의 결과(서류 요청)를 대신 기록했어요.',
  ],
  ['ID_CARD_SUBMITTED', '본인', '본인이 신분증 사본을 제출했어요.'],
  ['ID_CARD_RELEASED', '삼성화재', '삼성화재에 신분증 사본을 보냈어요.'],
  [
    'HOSPITAL_DOCUMENT_RECEIVED',
    '한빛정형외과의원 (데모)',
    '한빛정형외과의원 (데모)에서 보험사가 요청한 6월 1일 진료 서류를 보내왔어요.',
  ],
  ['HOSPITAL_DOCUMENT_RELEASED', '삼성화재', '삼성화재에 보험사가 요청한 6월 1일 진료 서류를 보냈어요.'],
  [
    'OPERATOR_SEARCHED',
    '운영자',
    '운영자가 이름·휴대폰 번호로 회원님을 찾아봤어요. 이름과 연락처는 가린 채로 보였어요.',
  ],
  ['OPERATOR_SEARCHED', '운영자', '운영자가 생년월일로 회원님을 찾아봤어요. 이름과 연락처는 가린 채로 보였어요.'],
  ['OPERATOR_SEARCHED', '운영자', '운영자가 회원님을 찾아봤어요. 이름과 연락처는 가린 채로 보였어요.'],
  [
    'OPERATOR_REVEALED',
    '운영자',
    '운영자가 회원님의 문의에 답하려고 회원님의 이름, 휴대폰 번호, 생년월일을 확인했어요.',
  ],
  [
    'OPERATOR_REVEALED',
    '운영자',
    '운영자가 보험사의 요청을 처리하려고 회원님의 이름, 휴대폰 번호, 생년월일을 확인했어요.',
  ],
  [
    'OPERATOR_RECORD_RELEASED',
    '운영자',
    '한빛정형외과의원 (데모)에서 보낸 6월 1일 진료 기록을 운영자가 회원님의 것으로 확인했어요. 평소처럼 청구해 드려요.',
  ],
  [
    'OPERATOR_HELD_VIEWED',
    '운영자',
    '병원이 보낸 진료 기록 1건이 회원님의 것인지 확인하려고, 운영자가 회원님의 이름과 생년월일을 병원 기록과 맞춰 봤어요.',
  ],
  [
    'OPERATOR_SUBSCRIBER_VIEWED',
    '운영자',
    '운영자가 회원님의 가입 정보와 청구 목록을 열어 봤어요. 이름과 연락처는 가려서 봤어요.',
  ],
  [
    'OPERATOR_RECORD_SET_ASIDE',
    '운영자',
    '병원이 회원님 정보로 보낸 진료 기록 1건이 회원님의 것이 아니어서, 운영자가 확인하고 청구하지 않기로 했어요.',
  ],
  ['OPERATOR_RELATION_VIEWED', '운영자', '운영자가 보호자가 올린 주민등록등본을 자녀 정보와 맞춰 보려고 열어 봤어요.'],
  [
    'OPERATOR_RELATION_CONFIRMED',
    '운영자',
    '운영자가 가족관계증명서로 보호자와 자녀의 관계를 확인했어요. 이제 자녀의 진료비를 자동으로 청구해요.',
  ],
  [
    'OPERATOR_RELATION_REFUSED',
    '운영자',
    '운영자가 주민등록등본으로는 관계를 확인하지 못해 보호자에게 다시 올려 달라고 했어요.',
  ],
  ['ENROLMENT_HELPED', '자녀', '자녀분이 가입 화면 작성을 도왔어요. 휴대폰 본인인증과 서명은 본인이 직접 했어요.'],
  [
    'ENROLMENT_HELPED',
    '한빛정형외과의원 (데모)',
    '한빛정형외과의원 (데모) 직원 계정(desk01)이 접수대에서 가입 화면 작성을 도왔어요. 휴대폰 본인인증과 서명은 본인이 직접 했어요.',
  ],
  [
    'NOTICE_CHANNEL_CHANGED',
    '본인',
    '본인이 청구 소식을 카카오 알림톡으로 받기로 했어요(받을 수 없으면 문자로 보내요).',
  ],
  ['NOTICE_CHANNEL_CHANGED', '본인', '본인이 청구 소식을 카카오 알림톡 대신 문자로만 받기로 했어요.'],
];

let p: Awaited<ReturnType<typeof patientWithVisit>>;
beforeAll(async () => {
  p = await patientWithVisit();
  // One line at a time, so that their order (newest first) is the list's.
  for (const l of lines(p)) {
    await t.db.db
      .insertInto('accessLog')
      .values({
        ciHmac: p.ciHmac,
        action: l.action,
        actor: l.actor,
        recordId: l.recordId ?? null,
        claimId: l.claimId ?? null,
        detail: l.detail ?? null,
        at: clock.now(),
      })
      .execute();
  }
});

/** The log's lines, oldest first, without the release the GET itself wrote. */
async function logAs(headers: Record<string, string>) {
  const res = await t.app.inject({ url: API.treats, headers: { cookie: p.cookie, ...headers } });
  expect(res.statusCode, res.body).toBe(200);
  const log = (res.json() as TreatsAnswer).accessLog;
  return { ...log, list: log.list.slice(1).reverse() };
}

/** The names a line may hold in any language: the hospital's and the insurers' as the reference data has them. */
const NAMES = ['한빛정형외과의원 (데모)', '삼성화재', '현대해상'];
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]/;
const withoutNames = (s: string) => NAMES.reduce((out, n) => out.replaceAll(n, ''), s);

describe('the access log', () => {
  it('seeds every action', () => {
    expect(new Set(lines(p).map((l) => l.action))).toEqual(new Set(ACCESS_ACTIONS));
  });

  it('keeps every Korean sentence as it was', async () => {
    const log = await logAs({});
    expect(log.list.map((e) => [e.action, e.actorNm, e.summary])).toEqual(KOREAN);
    // A Korean reader's lines are the same again in the fields a screen shows in her language.
    expect(log.lang).toBe('ko');
    expect(log.list.every((e) => e.localSummary === e.summary && e.localActorNm === e.actorNm)).toBe(true);
  });

  it.each([
    ['en', { cookie: 'lang=en' }],
    ['zh-Hans', { cookie: 'lang=zh-Hans', 'accept-language': 'en-US,en;q=0.9' }],
    ['vi', { 'accept-language': 'vi-VN,vi;q=0.9,ko;q=0.5' }],
  ] as const)('words every line in %s, keeping the Korean, with no Korean left but the names', async (lang, asked) => {
    const { cookie = '', ...headers } = asked as { cookie?: string; 'accept-language'?: string };
    const log = await logAs({ ...headers, cookie: `${p.cookie}; ${cookie}` });
    expect(log.lang).toBe(lang);
    expect(log.list.map((e) => [e.action, e.actorNm, e.summary])).toEqual(KOREAN);
    for (const e of log.list) {
      expect(withoutNames(e.localSummary), e.action).not.toMatch(HANGUL);
      expect(withoutNames(e.localActorNm), e.action).not.toMatch(HANGUL);
      expect(e.localSummary, e.action).not.toBe(e.summary);
      expect(e.localSummary, e.action).not.toMatch(/[{}]|none|undefined/);
    }
    const delivered = log.list.find((e) => e.action === 'DELIVERED')!;
    const searched = log.list.find((e) => e.action === 'OPERATOR_SEARCHED')!;
    const statement = log.list.filter((e) => e.action === 'RELEASED_TO_PATIENT')[2]!;
    const said = {
      en: [
        'We sent the claim papers for your visit on June 1 to 삼성화재.',
        'Our staff looked you up by name and mobile number. Your name and contact details were shown masked.',
        'We showed you the statement for May 2026 (3 visits).',
        'Our staff',
      ],
      'zh-Hans': [
        '我们已将6月1日就诊的诊疗理赔材料发送给삼성화재。',
        '工作人员用姓名和手机号码查找了您。姓名和联系方式以遮挡方式显示。',
        '已向您显示2026年5月的明细（3次就诊）。',
        '工作人员',
      ],
      vi: [
        'Chúng tôi đã gửi giấy tờ yêu cầu bồi thường của lần khám ngày 1 tháng 6 tới 삼성화재.',
        'Nhân viên đã tìm bạn theo tên và số điện thoại. Tên và thông tin liên lạc được che khi hiển thị.',
        'Chúng tôi đã cho bạn xem bảng kê tháng 5 năm 2026 (3 lần khám).',
        'Nhân viên',
      ],
    }[lang];
    expect([delivered.localSummary, searched.localSummary, statement.localSummary, searched.localActorNm]).toEqual(
      said,
    );
  });
});
