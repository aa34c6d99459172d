// A held record released to its subscriber is claimed under her verified identity (README "Operator console", "Held
// records"), through app.inject() on PGlite or (DATABASE_URL) PostgreSQL: a hospital misspells 홍길동 as 홍길순 on one
// visit (held as an identity mismatch); the operator finds it by what the caller says (receipt number, the name on the
// record, her phone), opens it beside the subscriber (both names and birth dates, the differing one named; the viewing
// recorded), releases it with a reason, and then:
// - the claim package's claim form and receipt name 홍길동 as 피보험자 and 청구인 (read back from the PDF's text),
//   with the hospital's spelling only in its note ("병원 기록상 이름: 홍길순");
// - the insurer's electronic claim names her too, the hospital's spelling beside it as hospitalRecord;
// - the console's claim shows her (masked) with the record's name beside it, and its timeline has the release (who,
//   when, why) between the hospital's record and the claim.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER, OPERATOR_API, type FeedAnswer } from '@auto-claim/contract';
import {
  OPS_CLAIMS_API,
  OPS_HELD_API,
  type CursorPage,
  type HeldRecordDetail,
  type OpsClaimDetail,
} from '@auto-claim/contract/ops';
import type { OperatorHeldRecord } from '@auto-claim/contract';
import { sandboxDelivery } from '../../../src/providers/delivery/sandbox.js';
import type { DeliveryRequest } from '../../../src/providers/delivery/types.js';
import { createSubscriber, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';
import { build, problemOf, signInOperator, testClock, type TestApp } from '../../helper.js';

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
let op: { loginId: string; headers: Record<string, string> };
let hong: Subscriber;
let recordId: number;
const HOSPITAL = '90000001';
const RECEIPT = 'NAME-TYPO-1';
const REASON = '병원에 전화해 이름 오타(홍길순→홍길동) 확인';
const sent: DeliveryRequest[] = [];

/** The text layer as poppler reads it, one page (CI installs poppler-utils: README "Tests"). */
const pageText = (pdf: Uint8Array, page: number) =>
  execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-layout', '-', '-'], {
    input: Buffer.from(pdf),
  })
    .toString('utf8')
    .replace(/\s+/g, ' ');

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: op.headers, payload: payload as object });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: op.headers });
const search = async (keys: Record<string, string>) => {
  const res = await post(OPS_HELD_API.search, keys);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as CursorPage<OperatorHeldRecord>).list.map((r) => r.recordId);
};

beforeAll(async () => {
  t = await build({ clock });
  const fax = { now: () => clock.now(), faxInsurers: new Set(['SAMSUNGLIFE']) };
  t.app.ctx.providers.delivery = {
    ...sandboxDelivery(fax),
    deliver: async (batch, outbox) => {
      sent.push(...batch);
      return sandboxDelivery(fax).deliver(batch, outbox);
    },
  };
  await t.app.claimEngine.start();
  hong = await createSubscriber(t.app.ctx, { userNm: '홍길동', birthDate: '19580302', insurers: ['SAMSUNGLIFE'] });
  const res = await t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    headers: { [HOSPITAL_KEY_HEADER]: `sandbox-${HOSPITAL}` },
    payload: { records: [treatmentRecord({ ...hong, userNm: '홍길순' }, { by: 'ci', receiptNo: RECEIPT })] },
  });
  expect(res.statusCode, res.body).toBe(200);
  recordId = (res.json() as FeedAnswer).results[0]!.recordId;
  await t.app.claimEngine.drain();
  op = await signInOperator(t, 'operator');
}, 120_000);
afterAll(() => t?.close());

describe('a held record with the hospital’s spelling of her name', () => {
  it('is found by its receipt number, by the name on the record and by her phone; other keys find nothing', async () => {
    const held = await t.db.db.selectFrom('treatmentRecord').select('outcome').where('id', '=', recordId).execute();
    expect(held).toEqual([{ outcome: 'identity_mismatch' }]);
    expect(await search({ receiptNo: RECEIPT })).toEqual([recordId]);
    expect(await search({ name: '홍 길순' })).toEqual([recordId]);
    expect(await search({ phone: hong.userTel })).toEqual([recordId]);
    expect(await search({ name: '홍길순', birthDate: '1958.03.02' })).toEqual([recordId]);
    expect(await search({ receiptNo: 'NO-SUCH-RECEIPT' })).toEqual([]);
    expect(await search({ name: '김아무개' })).toEqual([]);
    // Keys are required, and refused in Korean naming the field; the values never ride in the URL.
    const none = await post(OPS_HELD_API.search, {});
    expect(none.statusCode).toBe(400);
    expect(problemOf(none).errors?.[0]).toMatchObject({ field: 'name', message: expect.stringMatching(/영수증 번호/) });
    // Recorded: the kinds of key, never the values.
    const searched = await t.db.db
      .selectFrom('operatorAction')
      .select(['target', 'detail'])
      .where('action', '=', 'patient_searched')
      .where('target', '=', 'held')
      .execute();
    expect(searched.map((s) => s.detail)).toContain('receiptNo');
    expect(JSON.stringify(searched)).not.toContain(RECEIPT);
  });

  it('is shown beside the subscriber, the differing field named, and the viewing recorded', async () => {
    const res = await get(OPS_HELD_API.detail(recordId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as HeldRecordDetail).toMatchObject({
      recordId,
      receiptNo: RECEIPT,
      reason: 'identity_mismatch',
      releasable: true,
      record: { name: '홍길순', birthDate: '19580302' },
      subscriber: { name: '홍길동', birthDate: '19580302' },
      differs: ['name'],
    });
    const viewed = await t.db.db
      .selectFrom('operatorAction')
      .select(['loginId', 'ciHmac'])
      .where('action', '=', 'record_held_viewed')
      .where('recordId', '=', recordId)
      .execute();
    expect(viewed).toEqual([{ loginId: op.loginId, ciHmac: hong.ciHmac }]);
    const logged = await t.db.db
      .selectFrom('accessLog')
      .select('action')
      .where('ciHmac', '=', hong.ciHmac)
      .where('action', '=', 'operator_held_viewed')
      .execute();
    expect(logged).toHaveLength(1);
    const missing = await get(OPS_HELD_API.detail(999_999_999));
    expect(missing.statusCode).toBe(404);
  });

  it('released, is claimed under her verified name: package PDF, insurer payload, and the console', async () => {
    const res = await post(OPS_HELD_API.release(recordId), { reason: REASON });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.claimEngine.drain();
    const [claim] = await t.db.db
      .selectFrom('claim')
      .select(['id', 'status'])
      .where('recordId', '=', recordId)
      .execute();
    expect(claim).toMatchObject({ status: 'sent' });
    const request = sent.find((r) => r.claimId === Number(claim!.id))!;
    expect(request.channel).toBe('fax');

    // The electronic claim form: the insured is the subscriber; the hospital's spelling only beside it.
    const form = JSON.parse(request.documents.find((d) => d.kind === 'claim_form')!.body as string);
    expect(form.insured).toMatchObject({ name: '홍길동', birthDate: '19580302', rrn: hong.rrn });
    expect(form.hospitalRecord).toEqual({ patientName: '홍길순', birthDate: '19580302' });

    // The package: page 1 the claim form (피보험자, 청구인, 서명), page 2 the receipt.
    const pdf = request.documents.find((d) => d.kind === 'package')!.body as Uint8Array;
    // Kept for a person to look at (artifacts/documents, as the render suite keeps its pages).
    const kept = path.resolve(import.meta.dirname, '../../../../../artifacts/documents');
    mkdirSync(kept, { recursive: true });
    writeFileSync(path.join(kept, 'released-identity-package.pdf'), pdf);
    const form1 = pageText(pdf, 1);
    // The form's two 성명 rows (피보험자, then 청구인) and the signature line.
    expect([...form1.matchAll(/성명 (\S+)/g)].map((m) => m[1])).toEqual(['홍길동', '홍길동']);
    expect(form1).toMatch(/청구인 홍길동 \(서명 또는 인\)/);
    expect(form1).toContain('병원 기록상 이름: 홍길순');
    // 홍길순 appears only as the hospital's spelling: in its row and its note, never as 피보험자 or 청구인.
    expect(form1.split('홍길순').length - 1).toBe(2);
    expect(form1).toMatch(/병원 기록상 이름 홍길순/);
    const receipt = pageText(pdf, 2);
    expect([...receipt.matchAll(/성명 (\S+)/g)].map((m) => m[1])).toEqual(['홍길동']);
    expect(receipt).toMatch(/병원 기록상 이름 홍길순/);

    // The console: her (masked) with the record's name beside, and the release on the claim's timeline.
    const detail = await get(OPERATOR_API.claim(claim!.id));
    expect(detail.statusCode, detail.body).toBe(200);
    const c = detail.json() as OpsClaimDetail;
    expect(c.patient.name).toBe('홍*동');
    expect(c.recordName).toBe('홍*순');
    const kinds = c.timeline.map((e) => e.title);
    const released = c.timeline.find((e) => e.title === '운영자가 보류된 기록을 가입자에게 연결했어요')!;
    expect(released).toMatchObject({ kind: 'operator', actor: `operator:${op.loginId}` });
    expect(released.detail).toContain(REASON);
    expect(released.detail).toContain('병원 기록상 이름 홍*순, 보험사에는 가입자 홍*동 이름으로 청구');
    expect(kinds.indexOf('병원에서 진료 기록을 받았어요')).toBeLessThan(kinds.indexOf(released.title));
    expect(kinds.indexOf(released.title)).toBeLessThan(kinds.indexOf('청구를 만들었어요'));
    // The claim list names her the same way.
    const list = await get(`${OPS_CLAIMS_API.claims}?hospitalCd=${HOSPITAL}`);
    expect(list.statusCode, list.body).toBe(200);
    const row = (list.json() as CursorPage<{ claimId: number; patient: { name: string } }>).list.find(
      (r) => r.claimId === Number(claim!.id),
    );
    expect(row?.patient.name).toBe('홍*동');
  });

  it('a claim of a record in her own spelling carries no note and no hospitalRecord', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: HOSPITAL_API.treatments,
      headers: { [HOSPITAL_KEY_HEADER]: `sandbox-${HOSPITAL}` },
      payload: { records: [treatmentRecord(hong, { by: 'ci', receiptNo: 'NAME-OK-1' })] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const own = (res.json() as FeedAnswer).results[0]!.recordId;
    await t.app.claimEngine.drain();
    const [claim] = await t.db.db.selectFrom('claim').select('id').where('recordId', '=', own).execute();
    const request = sent.find((r) => r.claimId === Number(claim!.id))!;
    const form = JSON.parse(request.documents.find((d) => d.kind === 'claim_form')!.body as string);
    expect(form.insured.name).toBe('홍길동');
    expect(form).not.toHaveProperty('hospitalRecord');
    const pdf = request.documents.find((d) => d.kind === 'package')!.body as Uint8Array;
    expect(pageText(pdf, 1)).not.toContain('병원 기록상');
    const c = (await get(OPERATOR_API.claim(claim!.id))).json() as OpsClaimDetail;
    expect(c.recordName).toBeNull();
    expect(c.timeline.map((e) => e.title)).not.toContain('운영자가 보류된 기록을 가입자에게 연결했어요');
  });
});
