// The product as it runs for real: `node main.ts` with NODE_ENV=production, every provider kind real and pointed at a
// local double of its vendor (fixtures/production-env.ts), on PGlite in a temporary DATA_DIR or (DATABASE_URL) a
// throwaway PostgreSQL database. One patient walks from identity to a paid claim over real HTTP, calling what the web
// app calls (apps/web/src/api, spec §7): terms → SMS identity (PortOne; the code from the double) → the enrolment
// calls (예금주 조회 at Popbill, address search at juso, ID-card OCR at CLOVA) → subscribe. An operator issues the
// hospital's API key, the hospital feeds a record, the worker in the same process delivers the claim to the insurer's
// signed API, the patient's 알림톡 arrives at Popbill with a link under PUBLIC_URL, the insurer answers "paid" and the
// patient's history shows it. A second patient's insurer takes claims by fax only: the claim goes through Popbill's
// fax and its follow-up marks it delivered. Then `npm run doctor` against the same doubles. No internet.
import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  APP_ROOT,
  CHILD_API,
  HOSPITAL_API,
  HOSPITAL_KEY_HEADER,
  IDEMPOTENCY_HEADER,
  LINK_SCREENS,
  LINK_TOKEN_PARAM,
  OPERATOR_API,
  kstToday,
  type TreatVisit,
} from '@auto-claim/contract';
import { CSRF_HEADER, OPS_AUTH_API, OPS_INSURERS_API } from '@auto-claim/contract/ops';
import { throwawayDatabase } from '../fixtures/app.js';
import { dataUrl, idPhotoJpeg, signaturePng } from '../fixtures/enrolment.js';
import { deflateBomb } from '../fixtures/uploads.js';
import { treatmentRecord } from '../fixtures/factories.js';
import { exited, freePort, ROOT, startServer, until } from '../fixtures/processes.js';
import { totpCode } from './helper.js';
import {
  PRODUCTION_SECRETS,
  PRODUCTION_TEMPLATES,
  productionEnv,
  startVendorDoubles,
  type VendorDoubles,
} from '../fixtures/production-env.js';

const baseUrl = process.env.DATABASE_URL;
const PUBLIC_URL = 'https://auto-claim.example.kr';
const OPERATOR = { loginId: 'ops-production-test', password: 'a long operator password' };
const HOSPITAL = '90000001';
/** Takes claims by API (the insurer double); HANWHALIFE takes them by fax only. */
const API_INSURER = 'SAMSUNGFIRE';
const FAX_INSURER = 'HANWHALIFE';

/** Two test people who can never be real (010-0000-xxxx is never assigned; the RRNs' back halves are made up). */
const PATIENTS = [
  {
    custName: '김운영',
    korRegId: '8501011',
    userIdno2: '1234567',
    custHp: '01000007301',
    telecomType: '3',
    bankAccount: '123456781234',
    insuCompCd: API_INSURER,
  },
  {
    custName: '이팩스',
    korRegId: '9203152',
    userIdno2: '2345678',
    custHp: '01000007302',
    telecomType: '6',
    bankAccount: '987654321098',
    insuCompCd: FAX_INSURER,
  },
] as const;
type Patient = (typeof PATIENTS)[number];
/** A parent who enrols a child and sends a deflate bomb as the child's relation document (docs/security.md, "Uploads"). */
const GUARDIAN = {
  custName: '박보호',
  korRegId: '8807072',
  userIdno2: '2345679',
  custHp: '01000007303',
  telecomType: '3',
  bankAccount: '555566667777',
} as const;

/** A browser's cookies for one origin: what Set-Cookie gave, sent back on every call. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1);
      if (value) this.cookies.set(pair!.slice(0, at), value);
      else this.cookies.delete(pair!.slice(0, at));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

interface Answer<T = any> {
  status: number;
  body: T;
  text: string;
}

describe('NODE_ENV=production with every provider kind at a local double', () => {
  let doubles: VendorDoubles;
  let database: Awaited<ReturnType<typeof throwawayDatabase>> | undefined;
  let dataDir: string;
  let server: ChildProcess;
  let output = '';
  let origin: string;
  let ops: string;
  let readyMs: number;
  /** The hospital's API key, once issued: it must not reach the output either. */
  let hospitalKey = '';

  /** One call as the web app makes it (api/client.ts): JSON both ways, GET parameters as query. */
  async function call<T = any>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    o: { jar?: Jar; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(o.jar ? { cookie: o.jar.header() } : {}),
        ...o.headers,
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    o.jar?.take(res);
    const text = await res.text();
    let body: any;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, body, text };
  }
  const ok = <T>(a: Answer<T>, status = 200) => {
    expect(a.status, a.text).toBe(status);
    return a.body;
  };

  beforeAll(async () => {
    const startedAt = performance.now();
    doubles = await startVendorDoubles({
      apiInsurers: [API_INSURER],
      accounts: Object.fromEntries([...PATIENTS, GUARDIAN].map((p) => [`0004:${p.bankAccount}`, p.custName])),
      ocrHolder: PATIENTS[0].custName,
    });
    dataDir = mkdtempSync(path.join(tmpdir(), 'ac-production-'));
    database = baseUrl ? await throwawayDatabase(baseUrl) : undefined;
    const port = await freePort();
    const metricsPort = await freePort();
    origin = `http://127.0.0.1:${port}`;
    ops = `http://127.0.0.1:${metricsPort}`;
    server = startServer(
      database?.url ?? '',
      {
        ...productionEnv(doubles.bases),
        PUBLIC_URL,
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        DATA_DIR: dataDir,
        // What an operator runs with: info, so every request and warning is in the output checked below.
        LOG_LEVEL: 'info',
        OPERATOR_LOGIN_ID: OPERATOR.loginId,
        OPERATOR_PASSWORD: OPERATOR.password,
        // A fax's outcome asked after a second, not a minute: the follow-up is seen within the test.
        FAX_OUTCOME_POLL_SECONDS: '1',
      },
      { output: 'pipe' },
    );
    server.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')));
    server.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
    // Ready, or ended: a configuration production refuses ends the process, and its message says why.
    const ended = exited(server);
    const early = await Promise.race([
      until('the production server', async () => (await fetch(`${ops}/readyz`)).ok, 40_000),
      ended,
    ]);
    if (early !== undefined) throw new Error(`the server ended (${early}) before it was ready:\n${output}`);
    readyMs = performance.now() - startedAt;
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await exited(server);
    }
    await doubles?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** spec §7 and apps/web: the wizard's calls from the service terms to the subscription; answers the patient's jar. */
  async function enrol(p: Patient) {
    const jar = new Jar();
    // /authAgreeInfo: the service terms; /identity: the telecom terms, then the code by SMS.
    const service = ok(await call('GET', API.terms('v3', 'SERVICE'))).list as { termsId: string; required: boolean }[];
    const telecom = ok(await call('GET', API.terms('v2', 'TELECOM'))).list as { termsId: string }[];
    const seq = ok(
      await call('POST', API.niceUserAuth, {
        jar,
        body: {
          korRegId: p.korRegId,
          custName: p.custName,
          telecomType: p.telecomType,
          custHp: p.custHp,
          hospitalCode: HOSPITAL,
          termsIds: telecom.map((t) => t.termsId),
        },
      }),
    ) as { smsRequestSeq: string; smsResponseSeq: string };
    // The code PortOne's telecom sent to the patient's phone.
    const code = doubles.portone.smsTo.get(p.custHp);
    expect(code).toMatch(/^\d{6}$/);
    const verified = ok(
      await call('POST', API.niceSmsAuth, { jar, body: { ...seq, smsAuthNum: code, hospitalCode: HOSPITAL } }),
    ) as { responseCode: string; ci: string; hash: string };
    expect(verified.responseCode).toBe('0000');
    const ci = verified.ci;
    expect(ci).toBe(doubles.portone.ciOf({ name: p.custName, identityNumber: p.korRegId }));

    // /excute: the service terms recorded, then: is this person subscribed?
    const subsTerms = ok(await call('GET', API.terms('v3', 'LMHC_SUBS'))).list as {
      termsId: string;
      required: boolean;
    }[];
    const termsIds = [...service, ...subsTerms].filter((t) => t.required).map((t) => t.termsId);
    ok(await call('POST', API.termsAgree, { jar, body: { termsIds } }));
    const birthday = `19${p.korRegId.slice(0, 6)}`;
    const sex = Number(p.korRegId[6]) % 2 === 1 ? 'M' : 'F';
    const confirm = ok(
      await call('POST', API.subscriptionsConfirm, {
        jar,
        body: { userCi: ci, hospitalCd: HOSPITAL, userIdno: birthday.slice(2) },
      }),
    );
    expect(confirm.subscriptionStatus).toBe('none');
    ok(
      await call('POST', API.subscriptionHospitalsConfirm, {
        jar,
        body: { userCi: ci, userNm: p.custName, birthday, userIdno2: '', userTel: p.custHp, hospitalCd: HOSPITAL },
      }),
    );

    // /security/insuChoose and /claimAgreeInfo: the insurer and its consent.
    const insurers = ok(await call('GET', `${API.insurances}?insuType=insu&page=1&pageSize=1000`, { jar })).list as {
      insuCompCd: string;
    }[];
    expect(insurers.map((i) => i.insuCompCd)).toContain(p.insuCompCd);
    const consent = ok(await call('GET', `${API.terms('v3', 'INSU_CLAIM')}?insuCompCd=${p.insuCompCd}`, { jar }))
      .list as { termsId: string; required: boolean }[];
    const agreeIds = consent.filter((t) => t.required).map((t) => t.termsId);
    expect(agreeIds).toEqual([`INSU_${p.insuCompCd}_CLAIM`]);

    // /security/paymentAccount: the bank's word on whose account it is (Popbill 예금주 조회).
    const banks = ok(await call('GET', API.banks, { jar })).list as { bankCd: string }[];
    expect(banks.map((b) => b.bankCd)).toContain('004');
    const account = ok(
      await call('POST', API.userAccounts, {
        jar,
        body: { userCi: ci, bankCd: '004', bankAccount: p.bankAccount, bankAccountHolder: p.custName },
      }),
    );
    expect(account).toMatchObject({ result: 'MATCH', checkBankAccountNm: p.custName });

    // /security/photo: the ID card read by CLOVA OCR; the patient confirms what it read.
    const photo = await idPhotoJpeg();
    const read = ok(
      await call('POST', API.ocrIdCard, { jar, body: { idcardType: 'ic', idcardImg: dataUrl('image/jpeg', photo) } }),
    );
    expect(read).toMatchObject({
      read: true,
      fields: { idcardIssueDate: '20200315', idcardIssueOrg: '서울특별시 중구청장' },
    });

    // /security/adress: the road address found by the 도로명주소 API.
    const found = ok(await call('GET', `${API.addresses}?keyword=${encodeURIComponent('세종대로 110')}`, { jar }));
    const address = found.list[0] as { postNo: string; roadAddr: string };
    expect(address).toMatchObject({ postNo: '04524', roadAddr: '서울특별시 중구 세종대로 110' });

    // /security/applyHistory: submit (spec §4: outer mode, no insuApplyId → POST v1 subscriptions).
    const reg = {
      userCi: ci,
      userNm: p.custName,
      birthday,
      sex,
      userIdno2: p.userIdno2,
      userTel: p.custHp,
      termsIds,
      // She ticks the optional 알림톡 consent: her messages go by 알림톡 (SMS/LMS only without it).
      optTerms: ['SUBS_KAKAO_NOTI'],
      userEmail: 'patient@example.com',
      userPostNo: address.postNo,
      userAddr: address.roadAddr,
      userAddrDetail: '3층 301호',
      hospitalCd: HOSPITAL,
      multiSubscrib: [],
      jobCd: '',
      minAmt: 10_000,
      retroMonth: 36,
      signImg: dataUrl('image/png', await signaturePng()),
      idcardImg: dataUrl('image/jpeg', photo),
      idcardType: 'ic',
      idcardIssueDate: read.fields.idcardIssueDate,
      idcardIssueOrg: read.fields.idcardIssueOrg,
      regNo: '',
      checkCd: '',
      insuCompCd: p.insuCompCd,
      agreeIds,
      bankCd: '004',
      bankAccount: p.bankAccount,
      bankAccountHolder: p.custName,
      bankAccountRel: '1',
    };
    const subscribed = ok(
      await call('POST', API.subscriptions, { jar, body: reg, headers: { [IDEMPOTENCY_HEADER]: `enrol-${p.custHp}` } }),
      201,
    );
    expect(subscribed.subscriptionStatus).toBe('subscribe');
    expect(ok(await call('GET', API.subscriptions, { jar })).subscriptionStatus).toBe('subscribe');
    return { ci, jar, birthday };
  }

  /** The patient taps the 알림톡's link: its token becomes a session, and the history is read. */
  async function treatsVia(link: string) {
    const url = new URL(link);
    const token = new URLSearchParams(url.hash.slice(1)).get(LINK_TOKEN_PARAM)!;
    const jar = new Jar();
    ok(await call('POST', API.linkExchange, { jar, body: { token, purpose: 'treat' } }));
    return async () => (ok(await call('GET', API.treats, { jar })).list as TreatVisit[])[0]!;
  }

  /** The 알림톡 to a phone, the enrolment's own confirmation left out (modules/subscriptions/enrol-notice.ts). */
  const confirmations = [
    PRODUCTION_TEMPLATES.SUBSCRIPTION_CONFIRMED,
    PRODUCTION_TEMPLATES.CHILD_SUBSCRIPTION_CONFIRMED,
  ];
  const kakaoTo = (phone: string) =>
    doubles.popbill.kakao
      .filter((k) => !confirmations.includes(k.body.templateCode as string))
      .flatMap((k) =>
        (k.body.msgs as { rcv: string; msg: string; btns: { n: string; u1: string }[] }[])
          .filter((m) => m.rcv === phone)
          .map((m) => ({ templateCode: k.body.templateCode, ...m })),
      );

  it(
    'walks a patient from SMS identity to a claim the insurer received, signed, a 알림톡 and the insurer’s payment',
    { timeout: 60_000 },
    async () => {
      const walkStart = performance.now();
      const [first, second] = [await enrol(PATIENTS[0]), await enrol(PATIENTS[1])];
      const enrolledMs = performance.now() - walkStart;
      // The vendors were asked for real: PortOne twice per patient (send, confirm), juso and CLOVA once each.
      expect(doubles.portone.seen.map((s) => `${s.method} ${s.path.split('/')[3]}`)).toEqual([
        'POST send',
        'POST confirm',
        'POST send',
        'POST confirm',
      ]);
      // 예금주 조회 twice per patient: the wizard's check, and the subscription's own (it trusts no browser's MATCH).
      expect(doubles.popbill.received.filter((r) => r.path === '/EasyFin/AccountCheck')).toHaveLength(4);
      expect(doubles.juso.seen).toHaveLength(2);
      expect(doubles.clova.bodies).toHaveLength(2);

      // An operator (OPERATOR_LOGIN_ID/OPERATOR_PASSWORD) issues the hospital its API key: no sandbox key here.
      const operator = new Jar();
      // The account made at start has no second factor yet: it sets one up as the console would, then signs in.
      const login = ok(await call('POST', API.login, { jar: operator, body: OPERATOR }));
      expect(login.stage).toBe('setup');
      const pending = { [CSRF_HEADER]: login.csrfToken as string };
      const setup = ok(await call('POST', OPS_AUTH_API.totpSetup, { jar: operator, headers: pending }));
      const confirmed = ok(
        await call('POST', OPS_AUTH_API.totpConfirm, {
          jar: operator,
          headers: pending,
          body: { code: await totpCode(setup.secret as string) },
        }),
      );
      expect(confirmed.stage).toBe('full');
      const csrf = { [CSRF_HEADER]: confirmed.csrfToken as string };
      const issued = ok(
        await call('POST', OPERATOR_API.hospitalApiKeys(HOSPITAL), { jar: operator, headers: csrf, body: {} }),
        201,
      );
      expect(issued.apiKey).toMatch(new RegExp(`^hk_${HOSPITAL}_`));
      hospitalKey = issued.apiKey;

      const today = kstToday(new Date());
      // The hospital sends the CI with the RRN: with RRN_CHECK_PROVIDER=none a record carrying only the RRN would be
      // held for the patient to confirm (docs/providers/rrn-check.md), which the record-identity tests cover.
      const records = PATIENTS.map((p, i) => {
        const r = treatmentRecord(
          {
            ci: [first, second][i]!.ci,
            rrn: p.korRegId.slice(0, 6) + p.userIdno2,
            birthDate: [first, second][i]!.birthday,
            userNm: p.custName,
          },
          { by: 'rrn', visitDate: today, receiptNo: `PROD-${i + 1}` },
        );
        return { ...r, patient: { ...r.patient, ci: [first, second][i]!.ci } };
      });
      const feed = (key: string) =>
        call('POST', HOSPITAL_API.treatments, { body: { records }, headers: { [HOSPITAL_KEY_HEADER]: key } });
      const sandboxKey = await feed(`sandbox-${HOSPITAL}`);
      expect(sandboxKey.status).toBe(401);
      expect(sandboxKey.body.code).toBe('HOSPITAL_KEY_INVALID');
      const fed = ok(await feed(issued.apiKey));
      expect(fed).toMatchObject({ created: 2 });
      const fedAt = performance.now();

      // The worker delivers the API insurer's claim: signed, with our delivery id as Idempotency-Key.
      const insurer = doubles.insurers[API_INSURER]!;
      await until('the insurer API received the claim', async () => insurer.posted.length > 0, 20_000);
      const deliveredMs = performance.now() - fedAt;
      expect(insurer.posted).toHaveLength(1);
      const [claim] = insurer.posted;
      expect(claim!.key).toMatch(/^delivery-\d+$/);
      expect(claim!.body).toMatchObject({ deliveryId: claim!.key, insuCompCd: API_INSURER });
      expect(insurer.received.filter((r) => r.method === 'POST').every((r) => r.signed && r.key === claim!.key)).toBe(
        true,
      );
      const form = JSON.parse(claim!.body.documents.find((d) => d.kind === 'claim_form')!.data);
      expect(form.insured).toMatchObject({ name: PATIENTS[0].custName, rrn: records[0]!.patient.rrn });
      const pkg = claim!.body.documents.find((d) => d.kind === 'package')!;
      expect(Buffer.from(pkg.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      const receiptId = insurer.kept.get(claim!.key!)!;

      // The 알림톡 (AUTO_CLAIM_SENT) reached Popbill for the patient's phone, its link under PUBLIC_URL.
      await until('the 알림톡', async () => kakaoTo(PATIENTS[0].custHp).length > 0, 20_000);
      const [kakao] = kakaoTo(PATIENTS[0].custHp);
      expect(kakao!.templateCode).toBe(PRODUCTION_TEMPLATES.AUTO_CLAIM_SENT);
      const link = kakao!.btns[0]!.u1;
      expect(link.startsWith(`${PUBLIC_URL}${APP_ROOT}${LINK_SCREENS.treat}#${LINK_TOKEN_PARAM}=`)).toBe(true);
      expect(kakao!.btns[0]!.n).toBe('진료 내역 보기');
      expect(kakao!.msg).toContain('20,000원');
      const visit = await treatsVia(link);
      await until('the claim shown as sent', async () => (await visit()).claims[0]?.status === 'sent', 10_000);
      expect((await visit()).claims).toMatchObject([{ insuCompCd: API_INSURER, channel: 'api', status: 'sent' }]);

      // The insurer pays and says so, signed with its secret; the patient's history shows it.
      const paid = await insurer.answer(origin, API_INSURER, {
        eventId: 'evt-prod-1',
        receiptId,
        answer: 'paid',
        paidAmount: 18_000,
      });
      expect(paid.status, await paid.clone().text()).toBe(200);
      expect(await paid.json()).toMatchObject({ status: 'paid', duplicate: false });
      const after = (await visit()).claims[0]!;
      expect(after).toMatchObject({ status: 'paid', paidAmt: 18_000 });
      expect(after.history.map((h) => h.status)).toEqual(['received', 'claimed', 'sent', 'paid']);
      // She hears of the payment: one 알림톡 (AUTO_CLAIM_ANSWER_PAID) with the amount, its button saying what it opens.
      const paidNews = () =>
        kakaoTo(PATIENTS[0].custHp).filter((k) => k.templateCode === PRODUCTION_TEMPLATES.AUTO_CLAIM_ANSWER_PAID);
      await until('the payment’s 알림톡', async () => paidNews().length > 0, 20_000);
      expect(paidNews()).toHaveLength(1);
      expect(paidNews()[0]!.msg).toContain('18,000원을 지급하기로 했어요');
      expect(paidNews()[0]!.btns[0]!.n).toBe('지급 내역 보기');
      // Posted as another insurer, with this insurer's secret: refused, and nothing changes.
      const forged = await insurer.answer(origin, FAX_INSURER, {
        eventId: 'evt-prod-2',
        receiptId,
        answer: 'rejected',
        reason: '위조',
      });
      expect(forged.status).toBe(401);
      expect((await visit()).claims[0]).toMatchObject({ status: 'paid', paidAmt: 18_000 });

      // The fax-only insurer's claim went through Popbill's fax; once Popbill reports it delivered, it is sent.
      await until('the fax at Popbill', async () => doubles.popbill.faxes.length > 0, 20_000);
      const [fax] = doubles.popbill.faxes;
      expect(fax!.form.rcvs?.[0]?.rcv).toMatch(/^0505000\d{4}$/);
      expect(fax!.form.snd).toBe(PRODUCTION_SECRETS.popbillSenderNumber);
      expect(fax!.files[0]!.data.subarray(0, 5).toString()).toBe('%PDF-');
      await until('the second 알림톡', async () => kakaoTo(PATIENTS[1].custHp).length > 0, 20_000);
      const faxVisit = await treatsVia(kakaoTo(PATIENTS[1].custHp)[0]!.btns[0]!.u1);
      const faxClaim = (await faxVisit()).claims[0]!;
      expect(faxClaim).toMatchObject({ insuCompCd: FAX_INSURER, channel: 'fax', status: 'claimed' });
      // Popbill is asked by the receipt number, a second after the fax went, and again each second while it waits.
      const asked = () =>
        doubles.popbill.received.filter((r) => r.method === 'GET' && r.path === `/FAX/${fax!.receiptNum}`).length;
      await until('the fax asked about twice', async () => asked() >= 2, 10_000);
      const awaiting = ok(await call('GET', OPERATOR_API.claim(faxClaim.claimId), { jar: operator }));
      expect(awaiting.delivery).toMatchObject({ channel: 'fax', status: 'awaiting', attempts: 1 });
      expect((await faxVisit()).claims[0]!.status).toBe('claimed');
      doubles.popbill.setFaxResult(fax!.receiptNum, 3, 100);
      await until('the fax delivered', async () => (await faxVisit()).claims[0]?.status === 'sent', 10_000);
      const delivered = ok(await call('GET', OPERATOR_API.claim(faxClaim.claimId), { jar: operator }));
      expect(delivered.delivery).toMatchObject({ channel: 'fax', status: 'sent', attempts: 1 });
      expect(doubles.popbill.faxes).toHaveLength(1);

      // An admin alone cannot point the API insurer's claims at another server, not even one on this machine over
      // plain http (docs/security.md, "Insiders: claim destinations"); a test delivery says only that it was reached.
      const settings = ok(await call('GET', OPS_INSURERS_API.one(API_INSURER), { jar: operator }));
      const { active, deliveryChannel, faxNo, photo } = settings;
      const jusoCalls = doubles.juso.seen.length;
      for (const apiUrl of [`${doubles.juso.url}/v1`, 'http://169.254.169.254/latest']) {
        const moved = await call('PUT', OPS_INSURERS_API.one(API_INSURER), {
          jar: operator,
          headers: csrf,
          body: { active, deliveryChannel, faxNo, photo, apiUrl },
        });
        expect(moved.status, moved.text).toBe(422);
        expect(moved.body).toMatchObject({ code: 'DESTINATION_NOT_ALLOWED', errors: [{ field: 'apiUrl' }] });
      }
      expect(ok(await call('GET', OPS_INSURERS_API.one(API_INSURER), { jar: operator }))).toEqual(settings);
      const tested = ok(
        await call('POST', OPS_INSURERS_API.testDelivery(API_INSURER), { jar: operator, headers: csrf }),
      );
      expect(tested).toEqual({ insuCompCd: API_INSURER, channel: 'api', result: 'reached', at: expect.any(String) });
      expect(doubles.juso.seen).toHaveLength(jusoCalls);

      console.info(
        `production: server ready in ${Math.round(readyMs)} ms; two patients enrolled over HTTP in ` +
          `${Math.round(enrolledMs)} ms; the claim at the insurer API ${Math.round(deliveredMs)} ms after the feed; ` +
          `the walk ${Math.round(performance.now() - walkStart)} ms in all`,
      );
    },
  );

  it(
    'refuses a 2 MiB deflate-bomb relation document with a Korean 400 while /healthz keeps answering',
    { timeout: 90_000 },
    async () => {
      // The parent, SMS-verified at PortOne's double, enrols a child (the account hers: 예금주 조회 at Popbill's).
      const jar = new Jar();
      const telecom = ok(await call('GET', API.terms('v2', 'TELECOM'))).list as { termsId: string }[];
      const seq = ok(
        await call('POST', API.niceUserAuth, {
          jar,
          body: { ...GUARDIAN, hospitalCode: HOSPITAL, termsIds: telecom.map((t) => t.termsId) },
        }),
      ) as { smsRequestSeq: string; smsResponseSeq: string };
      const code = doubles.portone.smsTo.get(GUARDIAN.custHp);
      const { ci } = ok(
        await call('POST', API.niceSmsAuth, { jar, body: { ...seq, smsAuthNum: code, hospitalCode: HOSPITAL } }),
      ) as { ci: string };
      const termsIds: string[] = [];
      for (const group of ['SERVICE', 'LMHC_SUBS']) {
        const list = ok(await call('GET', API.terms('v3', group))).list as { termsId: string; required: boolean }[];
        termsIds.push(...list.filter((t) => t.required).map((t) => t.termsId));
      }
      const birthday = `19${GUARDIAN.korRegId.slice(0, 6)}`;
      const enrolled = await call('POST', API.subscriptions, {
        jar,
        body: {
          userCi: ci,
          userNm: GUARDIAN.custName,
          birthday,
          sex: 'F',
          userIdno2: GUARDIAN.userIdno2,
          userTel: GUARDIAN.custHp,
          termsIds,
          optTerms: [],
          userEmail: '',
          userPostNo: '04524',
          userAddr: '서울특별시 중구 세종대로 110',
          userAddrDetail: '3층',
          hospitalCd: HOSPITAL,
          multiSubscrib: [],
          jobCd: '',
          minAmt: 10_000,
          retroMonth: 36,
          signImg: dataUrl('image/png', await signaturePng()),
          idcardImg: dataUrl('image/jpeg', await idPhotoJpeg()),
          idcardType: 'ic',
          idcardIssueDate: '20200315',
          idcardIssueOrg: '서울특별시 중구청장',
          regNo: '',
          checkCd: '',
          insuCompCd: API_INSURER,
          agreeIds: [`INSU_${API_INSURER}_CLAIM`],
          bankCd: '004',
          bankAccount: GUARDIAN.bankAccount,
          bankAccountHolder: GUARDIAN.custName,
          bankAccountRel: '3',
          child: { userNm: '박아이', birthday: '20150505', sex: 'M', userIdno2: '3050501', guardianRel: 'mother' },
        },
      });
      const view = ok(enrolled, 201) as { subscription: { insuApplyId: string } };
      const body = JSON.stringify({
        docType: 'family',
        issueDate: kstToday(new Date()),
        file: dataUrl('application/pdf', deflateBomb().file),
      });

      // /healthz, four at a time, back to back: the machine's own noise first, then while the bomb is checked.
      const probe = async <T>(during: Promise<T>) => {
        const waits: number[] = [];
        let going = true;
        const prober = async () => {
          while (going) {
            const at = performance.now();
            const res = await fetch(`${origin}/healthz`);
            await res.arrayBuffer();
            expect(res.status).toBe(200);
            waits.push(performance.now() - at);
          }
        };
        const probers = Array.from({ length: 4 }, prober);
        const answer = await during.finally(() => (going = false));
        await Promise.all(probers);
        return { answer, waits, slowest: Math.max(...waits) };
      };
      const control = await probe(new Promise((r) => setTimeout(r, 1500)));
      const bombed = await probe(
        fetch(`${origin}${CHILD_API.relationDocument(view.subscription.insuApplyId)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: jar.header() },
          body,
        }),
      );
      const problem = (await bombed.answer.json()) as { code: string; detail: string; errors: { field: string }[] };
      expect(bombed.answer.status).toBe(400);
      expect(problem).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'file' }] });
      expect(problem.detail).toContain('압축을 풀면 너무 커지는 PDF');
      console.info(
        `production deflate bomb: ${bombed.waits.length} /healthz during it, slowest ${bombed.slowest.toFixed(1)} ms; ` +
          `${control.waits.length} before it, slowest ${control.slowest.toFixed(1)} ms`,
      );
      expect(bombed.waits.length).toBeGreaterThan(8);
      // Every answer within a second. The wall clock counts the turns a loaded machine gives other processes (the CI
      // runs the browser tests beside these: 135 ms seen against 69 ms just before), so it is no place for a 100 ms
      // bound; parsed on the event loop, a 128 KiB bomb held every answer 3.4 s, this one minutes. The event loop's
      // own CPU time, the exact measure, is bounded in modules/guardians/uploads.test.ts, in the test's process.
      expect(bombed.slowest).toBeLessThan(1_000);
    },
  );

  it('answers /readyz and /metrics on the ops port only, and has no sandbox routes', async () => {
    const ready = await fetch(`${ops}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', database: baseUrl ? 'postgres' : 'pglite', queue: true });
    const metrics = await (await fetch(`${ops}/metrics`)).text();
    expect(metrics).toMatch(/autoclaim_provider_call_duration_seconds_count\{[^}]*kind="identity"[^}]*vendor="portone/);
    expect(metrics).toMatch(/autoclaim_deliveries_total\{[^}]*outcome="sent"[^}]*\} [1-9]/);
    for (const p of PATIENTS) expect(metrics).not.toContain(p.custHp);
    expect((await fetch(`${origin}/metrics`)).status).not.toBe(200);
    for (const [method, url] of [
      ['GET', '/sandbox/outbox'],
      ['GET', `/sandbox/outbox?to=${PATIENTS[0].custHp}`],
      ['POST', '/sandbox/clock'],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? { body: { advanceMs: 60_000 } } : {});
      expect([method, url, res.status]).toEqual([method, url, 404]);
    }
  });

  it('stops on SIGTERM within 10 s, exiting 0', async () => {
    const stopAt = performance.now();
    server.kill('SIGTERM');
    expect(await exited(server)).toBe(0);
    expect(performance.now() - stopAt).toBeLessThan(10_000);
  });

  it('wrote no personal data and no secret to its output', async () => {
    // Everything above has run, shutdown included: every request, warning and error the server logged is in `output`.
    expect(output).toContain('"level":30'); // info lines were written: the check below reads real output
    const personal = [...PATIENTS, GUARDIAN].flatMap((p) => [
      p.custName,
      p.custHp,
      `${p.custHp.slice(0, 3)}-${p.custHp.slice(3, 7)}-${p.custHp.slice(7)}`,
      p.korRegId.slice(0, 6) + p.userIdno2,
      `${p.korRegId.slice(0, 6)}-${p.userIdno2}`,
      p.bankAccount,
      doubles.portone.ciOf({ name: p.custName, identityNumber: p.korRegId }),
    ]);
    for (const secret of personal) expect(output, `the output contains ${secret}`).not.toContain(secret);
    const s = PRODUCTION_SECRETS;
    expect(hospitalKey).not.toBe('');
    for (const secret of [
      s.portoneSecret,
      s.popbillSecret,
      s.jusoKey,
      s.clovaSecret,
      s.insurerSecret(API_INSURER),
      OPERATOR.password,
      hospitalKey,
    ]) {
      expect(output).not.toContain(secret);
    }
  });
});

describe('npm run doctor against the same doubles', () => {
  let doubles: VendorDoubles;
  let database: Awaited<ReturnType<typeof throwawayDatabase>> | undefined;
  let dataDir: string;

  beforeAll(async () => {
    doubles = await startVendorDoubles({ apiInsurers: [API_INSURER] });
    dataDir = mkdtempSync(path.join(tmpdir(), 'ac-doctor-'));
    database = baseUrl ? await throwawayDatabase(baseUrl) : undefined;
  });
  afterAll(async () => {
    await doubles?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** `npm run doctor` as an operator runs it before a rollout: its exit code and one line per check. */
  async function doctor(overrides: Record<string, string> = {}) {
    const env = {
      PATH: process.env.PATH,
      ...productionEnv(doubles.bases),
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      ...overrides,
    };
    const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/scripts/doctor.ts'], {
      cwd: ROOT,
      env,
    }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    const lines = run.stdout.split('\n').filter((l) => /^[✓✗] /.test(l));
    const kinds = (mark: '✓' | '✗') =>
      [...new Set(lines.filter((l) => l.startsWith(mark)).map((l) => l.slice(2).split(' ')[0]!))].sort();
    return { code: run.code, stdout: run.stdout, stderr: run.stderr, lines, passed: kinds('✓'), failed: kinds('✗') };
  }

  /** Nothing went to a patient or an insurer: no SMS, no 알림톡, no fax, no 예금주 조회, no claim. */
  function nothingSent() {
    expect(doubles.portone.seen.filter((s) => s.method !== 'GET')).toEqual([]);
    expect(doubles.popbill.received.filter((r) => r.method !== 'GET' && !r.path.endsWith('/Token'))).toEqual([]);
    expect(doubles.popbill.kakao).toEqual([]);
    expect(doubles.popbill.faxes).toEqual([]);
    const insurer = doubles.insurers[API_INSURER]!;
    expect(insurer.posted).toEqual([]);
    expect(insurer.received.every((r) => r.method === 'GET' && r.path === '/v1/health')).toBe(true);
    // CLOVA is asked to read a blank image, never a person's ID.
    for (const b of doubles.clova.bodies) expect(Buffer.from(b.images[0]!.data, 'base64').length).toBeLessThan(100);
  }

  it('passes every check of every kind against the doubles, sending nothing', { timeout: 120_000 }, async () => {
    const r = await doctor();
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.failed).toEqual([]);
    expect(r.passed).toEqual(
      [
        'configuration',
        'database',
        'blobs',
        'identity',
        'notification',
        'fax',
        'bankCheck',
        'ocr',
        'address',
        'delivery',
        'rrnCheck',
      ].sort(),
    );
    expect(r.stdout).toContain('every check passed');
    // No vendor confirms resident numbers: the report says so rather than passing it over.
    expect(r.stdout).toContain('rrnCheck (none): no vendor confirms resident numbers');
    // Each vendor was really asked: the credentials were checked, not assumed.
    expect(doubles.portone.seen.length).toBeGreaterThan(0);
    expect(doubles.popbill.tokens).toBeGreaterThan(0);
    expect(doubles.juso.seen.length).toBeGreaterThan(0);
    expect(doubles.clova.requests).toBeGreaterThan(0);
    expect(doubles.clova.bodies).toEqual([]); // asked without an image: no reading, nothing billed
    expect(doubles.insurers[API_INSURER]!.received.some((x) => x.signed)).toBe(true);
    nothingSent();
  });

  it(
    'fails naming identity and the Popbill kinds when their secrets are wrong, still sending nothing',
    { timeout: 120_000 },
    async () => {
      const r = await doctor({
        POPBILL_SECRET_KEY: Buffer.from('not the secret LinkHub issued').toString('base64'),
        PORTONE_API_SECRET: 'not-the-portone-secret',
      });
      expect(r.code, r.stdout + r.stderr).toBe(1);
      expect(r.failed).toEqual(['bankCheck', 'fax', 'identity', 'notification']);
      expect(r.passed).toEqual(['address', 'blobs', 'configuration', 'database', 'delivery', 'ocr', 'rrnCheck']);
      expect(r.stdout).toMatch(/✗ identity \(portone\): .*PORTONE_API_SECRET/);
      expect(r.stdout).toMatch(/✗ notification \(popbill\): .*POPBILL_SECRET_KEY/);
      expect(r.stdout).not.toContain('not-the-portone-secret');
      expect(r.stdout).toContain('4 check(s) failed');
      nothingSent();
    },
  );
});
