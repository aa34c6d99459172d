// The console's hospitals and insurers through app.inject(): who may list, add and edit; a hospital's keys issued,
// rotated with an overlap (the old key works until it ends) and revoked; the feed's refused records kept with their
// reasons and without the patient; each insurer's channel, fax, API URL, photo settings and on/off as the patient and
// the claim engine then see them; a test delivery in the sandbox outbox; each change in the operators' record.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, HOSPITAL_API, HOSPITAL_KEY_HEADER, OPERATOR_API, readPhotoControls } from '@auto-claim/contract';
import {
  OPS_HOSPITALS_API,
  OPS_INSURERS_API,
  type FeedRejection,
  type HospitalFeed,
  type OpsHospital,
  type OpsHospitalKey,
  type OpsInsurer,
  type TestDeliveryResult,
} from '@auto-claim/contract/ops';
import { purgeRejections } from '../../../src/modules/claims/rejections.js';
import { createSubscriber, treatmentRecord } from '../../../fixtures/factories.js';
import { build, problemOf, signInOperator, testClock, type TestApp, freshAddress, expectLog } from '../../helper.js';

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
type Headers = Record<string, string>;
const as: Record<'viewer' | 'operator' | 'admin' | 'admin2', Headers> = {
  viewer: {},
  operator: {},
  admin: {},
  admin2: {},
};

/** Fresh sessions (the test clock moves past their idle limit); admin2: the second admin dual control needs. */
const signInAll = async () => {
  for (const role of ['viewer', 'operator', 'admin'] as const) as[role] = (await signInOperator(t, role)).headers;
  as.admin2 = (await signInOperator(t, 'admin')).headers;
};
beforeAll(async () => {
  t = await build({ clock });
});
beforeEach(signInAll);
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const actions = (action: string, target: string) =>
  t.db.db
    .selectFrom('operatorAction')
    .select(['loginId', 'action', 'target', 'detail'])
    .where('action', '=', action)
    .where('target', '=', target)
    .execute();
const feed = (key: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    remoteAddress: freshAddress(),
    headers: { [HOSPITAL_KEY_HEADER]: key },
    payload,
  });

const newHospital = {
  hospitalCd: '12345678',
  hospitalNm: '가온내과의원',
  hospitalType: '의원',
  address: '서울특별시 중구 세종대로 110',
  phone: '02-123-4567',
  introText: '동네 내과예요.',
  autoClaimEnabled: true,
};

describe('hospitals', () => {
  it('a viewer lists them with search, paging and sorting; cannot add or edit', async () => {
    const page = await call('GET', `${OPS_HOSPITALS_API.list}?q=데모&size=2&sort=hospitalCd&order=asc`, as.viewer);
    expect(page.statusCode).toBe(200);
    const body = page.json() as { list: OpsHospital[]; total: number };
    expect(body.list.map((h) => h.hospitalCd)).toEqual(['90000001', '90000002']);
    expect(body.total).toBeGreaterThan(2);
    const byCode = (await call('GET', `${OPS_HOSPITALS_API.list}?q=90000003`, as.viewer)).json() as {
      list: OpsHospital[];
    };
    expect(byCode.list.map((h) => h.hospitalCd)).toEqual(['90000003']);
    const tooMany = await call('GET', `${OPS_HOSPITALS_API.list}?size=101`, as.viewer);
    expect(tooMany.statusCode).toBe(400);

    expect((await call('POST', OPS_HOSPITALS_API.list, as.viewer, newHospital)).statusCode).toBe(403);
    expect((await call('POST', OPS_HOSPITALS_API.list, as.operator, newHospital)).statusCode).toBe(403);
    const edit = await call('PUT', OPS_HOSPITALS_API.one('90000001'), as.viewer, newHospital);
    expect(edit.statusCode).toBe(403);
    expect(problemOf(edit).code).toBe('ROLE_FORBIDDEN');
  });

  it('refuses bad input field by field in Korean and adds nothing', async () => {
    const res = await call('POST', OPS_HOSPITALS_API.list, as.admin, {
      ...newHospital,
      hospitalCd: '1234',
      phone: '전화',
      hospitalNm: '',
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(problemOf(res).errors!.map((e) => [e.field, e.message]));
    expect(fields.hospitalCd).toBe('병원 코드는 숫자 8자리여야 해요.');
    expect(fields.phone).toMatch(/전화번호/);
    expect(fields.hospitalNm).toMatch(/병원 이름/);
    const found = await t.db.db.selectFrom('hospital').select('hospitalCd').where('hospitalCd', '=', '1234').execute();
    expect(found).toEqual([]);
    expect(await actions('hospital_created', '1234')).toEqual([]);
  });

  it('an admin adds one (recorded), which the patient app then finds; the same code twice is 409', async () => {
    const res = await call('POST', OPS_HOSPITALS_API.list, as.admin, newHospital);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ hospitalCd: '12345678', hospitalNm: '가온내과의원', isDemo: false });
    expect(await actions('hospital_created', '12345678')).toHaveLength(1);
    const patient = await t.app.inject(API.hospital('12345678'));
    expect(patient.statusCode).toBe(200);
    expect(patient.json()).toMatchObject({ hospitalNm: '가온내과의원', autoClaimEnabled: true });

    const again = await call('POST', OPS_HOSPITALS_API.list, as.admin, newHospital);
    expect(again.statusCode).toBe(409);
    expect(problemOf(again).errors?.[0]?.field).toBe('hospitalCd');
  });

  it('an edit shows on the patient’s next call, and is recorded', async () => {
    const res = await call('PUT', OPS_HOSPITALS_API.one('12345678'), as.admin, {
      ...newHospital,
      hospitalCd: undefined,
      hospitalNm: '가온내과의원 본원',
      autoClaimEnabled: false,
    });
    expect(res.statusCode).toBe(200);
    const patient = (await t.app.inject(API.hospital('12345678'))).json() as { hospitalNm: string };
    expect(patient.hospitalNm).toBe('가온내과의원 본원');
    const offered = (await t.app.inject(`${API.hospitals}?autoClaimYn=Y`)).json() as {
      list: { hospitalCd: string }[];
    };
    expect(offered.list.map((h) => h.hospitalCd)).not.toContain('12345678');
    const [rec] = await actions('hospital_updated', '12345678');
    expect(JSON.parse(rec!.detail!)).toMatchObject({ changed: ['hospitalNm', 'autoClaimEnabled'] });

    const bad = await call('PUT', OPS_HOSPITALS_API.one('12345678'), as.admin, { ...newHospital, phone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(problemOf(bad).errors?.[0]?.field).toBe('phone');
    expect(((await t.app.inject(API.hospital('12345678'))).json() as { phone: string }).phone).toBe('02-123-4567');
    expect((await call('PUT', OPS_HOSPITALS_API.one('87654321'), as.admin, newHospital)).statusCode).toBe(404);
  });
});

describe('a hospital’s keys', () => {
  it('an operator cannot issue, rotate or revoke; a viewer cannot list', async () => {
    const cd = '12345678';
    expect((await call('POST', OPERATOR_API.hospitalApiKeys(cd), as.operator, {})).statusCode).toBe(403);
    expect((await call('POST', OPS_HOSPITALS_API.keyRotate(cd, 1), as.operator, { overlapHours: 24 })).statusCode).toBe(
      403,
    );
    expect((await call('POST', OPERATOR_API.hospitalApiKeyRevoke(cd, 1), as.operator)).statusCode).toBe(403);
    expect((await call('GET', OPERATOR_API.hospitalApiKeys(cd), as.viewer)).statusCode).toBe(403);
  });

  it('issued (shown once), rotated with an overlap: the old key works until it ends, then is refused', async () => {
    const cd = '12345678';
    const issued = await call('POST', OPERATOR_API.hospitalApiKeys(cd), as.admin, { label: 'EMR' });
    expect(issued.statusCode).toBe(201);
    const { apiKey: oldKey, keyId: oldId } = issued.json() as { apiKey: string; keyId: number };
    expect(await actions('hospital_key_issued', cd)).toHaveLength(1);
    const listed = await call('GET', OPERATOR_API.hospitalApiKeys(cd), as.admin);
    expect(listed.body).not.toContain(oldKey);
    const payload = { records: [treatmentRecord({ ci: 'x', rrn: '', birthDate: '19850101', userNm: '홍길동' })] };
    expect((await feed(oldKey, payload)).statusCode).toBe(200);

    for (const overlapHours of [0, 169, 1.5]) {
      const bad = await call('POST', OPS_HOSPITALS_API.keyRotate(cd, oldId), as.admin, { overlapHours });
      expect(bad.statusCode).toBe(400);
      expect(problemOf(bad).errors?.[0]?.field).toBe('overlapHours');
      expect(problemOf(bad).errors?.[0]?.message).toMatch(/겹쳐 쓸 시간/);
    }
    expect((await call('GET', OPERATOR_API.hospitalApiKeys(cd), as.admin)).json()).toMatchObject({
      list: [{ keyId: oldId, expiresAt: null, replacedBy: null, live: true }],
    });

    const rotated = await call('POST', OPS_HOSPITALS_API.keyRotate(cd, oldId), as.admin, { overlapHours: 2 });
    expect(rotated.statusCode).toBe(201);
    const r = rotated.json() as { apiKey: string; keyId: number; old: OpsHospitalKey };
    expect(r.apiKey).not.toBe(oldKey);
    expect(r.old).toMatchObject({ keyId: oldId, replacedBy: r.keyId, live: true });
    expect(r.old.expiresAt).toBe(new Date(clock.now().getTime() + 2 * 3_600_000).toISOString());
    expect(await actions('hospital_key_rotated', cd)).toHaveLength(1);
    // Rotating the same key again is refused: it was replaced.
    expect((await call('POST', OPS_HOSPITALS_API.keyRotate(cd, oldId), as.admin, { overlapHours: 2 })).statusCode).toBe(
      409,
    );

    clock.advance(2 * 3_600_000 - 1_000);
    const again = () => ({ records: [treatmentRecord({ ci: 'x', rrn: '', birthDate: '19850101', userNm: '홍길동' })] });
    expect((await feed(oldKey, again())).statusCode).toBe(200);
    expect((await feed(r.apiKey, again())).statusCode).toBe(200);
    clock.advance(2_000);
    await signInAll();
    const refused = await feed(oldKey, again());
    expect(refused.statusCode).toBe(401);
    expect(problemOf(refused).code).toBe('HOSPITAL_KEY_INVALID');
    expect((await feed(r.apiKey, again())).statusCode).toBe(200);

    const keys = ((await call('GET', OPERATOR_API.hospitalApiKeys(cd), as.admin)).json() as { list: OpsHospitalKey[] })
      .list;
    expect(keys.find((k) => k.keyId === oldId)).toMatchObject({ live: false, revokedAt: null });
    const fresh = keys.find((k) => k.keyId === r.keyId)!;
    expect(fresh).toMatchObject({ live: true, expiresAt: null, label: 'EMR' });
    expect(fresh.issuedBy).toMatch(/^admin-/);
    expect(fresh.lastUsedAt).not.toBeNull();

    const revoked = await call('POST', OPERATOR_API.hospitalApiKeyRevoke(cd, r.keyId), as.admin);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ live: false });
    expect((revoked.json() as OpsHospitalKey).revokedBy).toMatch(/^admin-/);
    expect(await actions('hospital_key_revoked', cd)).toHaveLength(1);
    expect((await feed(r.apiKey, again())).statusCode).toBe(401);
  });
});

describe('the feed’s refused records', { timeout: 120_000 }, () => {
  it('are kept with their reasons and receipt numbers, never the patient; counted per day; purged after 90 days', async () => {
    const who = { ci: 'ci-of-someone', rrn: '', birthDate: '19850101', userNm: '김비밀' };
    const good = treatmentRecord(who, { receiptNo: 'RCPT-GOOD-1' });
    const bad = {
      ...treatmentRecord(who, { receiptNo: 'RCPT-BAD-1' }),
      patient: { name: '김비밀', birthDate: '19850101', rrn: '9001011234567' },
      totalPaid: 1,
    };
    const res = await feed('sandbox-90000001', { records: [good, bad] });
    expect(res.statusCode).toBe(400);
    expect(problemOf(res).code).toBe('VALIDATION_FAILED');
    const accepted = await feed('sandbox-90000001', { records: [good] });
    expect(accepted.statusCode).toBe(200);
    // The same receipt number with other contents is refused too (nothing changed).
    const conflict = await feed('sandbox-90000001', { records: [{ ...good, department: '외과' }] });
    expect(conflict.json()).toMatchObject({ conflicts: 1 });

    expect((await call('GET', OPS_HOSPITALS_API.rejections('90000001'), as.viewer)).statusCode).toBe(403);
    const page = await call('GET', `${OPS_HOSPITALS_API.rejections('90000001')}?order=asc`, as.operator);
    expect(page.statusCode).toBe(200);
    const { list, total } = page.json() as { list: FeedRejection[]; total: number };
    expect(total).toBe(3);
    expect(list.map((r) => [r.receiptNo, r.code, r.field])).toEqual([
      ['RCPT-BAD-1', 'VALIDATION_FAILED', 'patient.rrn'],
      ['RCPT-BAD-1', 'VALIDATION_FAILED', 'totalPaid'],
      ['RCPT-GOOD-1', 'RECEIPT_CONFLICT', 'receiptNo'],
    ]);
    expect(list[0]!.message).toBe('주민등록번호 앞자리가 생년월일과 달라요.');
    expect(list[1]!.message).toMatch(/합이어야 해요/);
    for (const secret of ['김비밀', '9001011234567', '900101', 'ci-of-someone'])
      expect(page.body).not.toContain(secret);

    const summary = await call('GET', OPS_HOSPITALS_API.feed('90000001'), as.viewer);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({ recordsToday: 1, rejectedToday: 3, lastFeedAt: clock.now().toISOString() });
    clock.advance(86_400_000);
    await signInAll();
    expect((await call('GET', OPS_HOSPITALS_API.feed('90000001'), as.viewer)).json() as HospitalFeed).toMatchObject({
      recordsToday: 0,
      rejectedToday: 0,
    });

    await purgeRejections(t.db.db, new Date(clock.now().getTime() + 88 * 86_400_000));
    expect(
      ((await call('GET', OPS_HOSPITALS_API.rejections('90000001'), as.operator)).json() as { total: number }).total,
    ).toBe(3);
    await purgeRejections(t.db.db, new Date(clock.now().getTime() + 90 * 86_400_000));
    expect(
      ((await call('GET', OPS_HOSPITALS_API.rejections('90000001'), as.operator)).json() as { total: number }).total,
    ).toBe(0);
  });
});

// Claims made, drained and packaged (PDFs) for real: 120 s a test, as the suite's other engine-and-PDF flows have.
describe('insurers', { timeout: 120_000 }, () => {
  const settings = (o: Partial<Record<string, unknown>> = {}) => ({
    active: true,
    deliveryChannel: 'api',
    faxNo: null,
    apiUrl: null,
    photo: { idPhotoUse: true, idPhotoTypes: ['ic', 'dl', 'pp'], maskBackNumber: false },
    ...o,
  });
  const insurer = async (code: string) =>
    (await call('GET', OPS_INSURERS_API.one(code), as.viewer)).json() as OpsInsurer;

  it('a viewer lists them (no secret, only whether one is set); a viewer or an operator cannot edit', async () => {
    const res = await call('GET', `${OPS_INSURERS_API.list}?q=SAMSUNG&sort=insuCompCd&order=asc`, as.viewer);
    expect(res.statusCode).toBe(200);
    const { list } = res.json() as { list: OpsInsurer[] };
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((i) => i.insuCompCd.includes('SAMSUNG'))).toBe(true);
    expect(list[0]).toMatchObject({ deliveryChannel: 'api', channelSource: 'default', secretSet: false, active: true });
    expect((await call('PUT', OPS_INSURERS_API.one('SAMSUNGFIRE'), as.viewer, settings())).statusCode).toBe(403);
    expect((await call('PUT', OPS_INSURERS_API.one('SAMSUNGFIRE'), as.operator, settings())).statusCode).toBe(403);
    expect((await call('POST', OPS_INSURERS_API.testDelivery('SAMSUNGFIRE'), as.operator)).statusCode).toBe(403);
  });

  it('refuses a fax number that is not Korean, a fax channel without one, and a URL that is not http(s)', async () => {
    const before = await insurer('SAMSUNGFIRE');
    for (const [body, field, message] of [
      [settings({ deliveryChannel: 'fax', faxNo: '+1-555-0100' }), 'faxNo', /팩스 번호/],
      [settings({ deliveryChannel: 'fax', faxNo: '010-1234-5678' }), 'faxNo', /국내 팩스 번호가 아니에요/],
      [settings({ apiUrl: 'ftp://insurer.example/claims' }), 'apiUrl', /http/],
      [
        settings({ photo: { idPhotoUse: true, idPhotoTypes: [], maskBackNumber: false } }),
        'photo.idPhotoTypes',
        /하나 이상/,
      ],
    ] as const) {
      const res = await call('PUT', OPS_INSURERS_API.one('SAMSUNGFIRE'), as.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const err = problemOf(res).errors!.find((e) => e.field === field);
      expect(err?.message, field).toMatch(message);
    }
    expect(await insurer('SAMSUNGFIRE')).toEqual(before);
    expect(await actions('insurer_updated', 'SAMSUNGFIRE')).toEqual([]);
  });

  it('photo settings reach the patient app’s insurer options', async () => {
    const res = await call(
      'PUT',
      OPS_INSURERS_API.one('SAMSUNGFIRE'),
      as.admin,
      settings({ photo: { idPhotoUse: false, idPhotoTypes: ['ic', 'dl'], maskBackNumber: true } }),
    );
    expect(res.statusCode).toBe(200);
    const ui = await t.app.inject(`${API.uiControls}?compCd=SAMSUNGFIRE&compType=INSU_PHOTO`);
    const controls = readPhotoControls((ui.json() as { list: { ctrlKey: string; ctrlVal: string }[] }).list);
    expect(controls).toEqual({ idPhotoUse: false, idPhotoTypes: ['ic', 'dl'], maskBackNumber: true });
    const listed = (await t.app.inject(API.insurances)).json() as {
      list: { insuCompCd: string; idPhotoUse: boolean }[];
    };
    expect(listed.list.find((i) => i.insuCompCd === 'SAMSUNGFIRE')?.idPhotoUse).toBe(false);
    expect(await actions('insurer_updated', 'SAMSUNGFIRE')).toHaveLength(1);
  });

  it('a channel set to fax: new claims go by fax; a claim keeps the channel it was made with', async () => {
    // A switch to fax is a destination change: a second admin must approve, and the log says so.
    expectLog({ level: 'warn', msg: 'insurer destination change requested; a second admin must approve', count: 1 });
    const who = await createSubscriber(t.app.ctx, { insurers: ['SAMSUNGFIRE'] });
    clock.set(new Date('2026-06-15T03:00:00Z'));
    await signInAll();
    // A claim made while the channel is the API…
    await feed('sandbox-90000001', { records: [treatmentRecord(who)] });
    await t.app.claimEngine.drain();
    const res = await call(
      'PUT',
      OPS_INSURERS_API.one('SAMSUNGFIRE'),
      as.admin,
      settings({ deliveryChannel: 'fax', faxNo: '02-1234-5678' }),
    );
    expect(res.statusCode).toBe(200);
    // Where claims go changes when a second admin approves (docs/security.md, "Insiders: claim destinations").
    const asked = res.json() as OpsInsurer;
    expect(asked).toMatchObject({ deliveryChannel: 'api', pendingChange: { deliveryChannel: 'fax' } });
    const approved = await call('POST', OPS_INSURERS_API.approve(asked.pendingChange!.id), as.admin2);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      deliveryChannel: 'fax',
      channelSource: 'console',
      faxNo: '02-1234-5678',
      pendingChange: null,
    });
    await t.app.claimEngine.drain();
    // …and one made after it went by fax.
    await feed('sandbox-90000001', { records: [treatmentRecord(who)] });
    await t.app.claimEngine.drain();
    const deliveries = await t.db.db
      .selectFrom('claimDelivery as d')
      .innerJoin('claim as c', 'c.id', 'd.claimId')
      .select(['d.channel', 'd.status', 'd.destination'])
      .where('c.ciHmac', '=', who.ciHmac)
      .orderBy('d.id')
      .execute();
    expect(deliveries.map((d) => [d.channel, d.status])).toEqual([
      ['api', 'sent'],
      ['fax', 'sent'],
    ]);
    expect(deliveries[1]!.destination).toBe('0212345678');
  });

  it('switched off: not offered to new patients, nothing new delivered (claims wait); on again: delivered', async () => {
    const who = await createSubscriber(t.app.ctx, { insurers: ['KBINSU'] });
    const off = await call('PUT', OPS_INSURERS_API.one('KBINSU'), as.admin, settings({ active: false }));
    expect(off.statusCode).toBe(200);
    const listed = (await t.app.inject(API.insurances)).json() as { list: { insuCompCd: string }[] };
    expect(listed.list.map((i) => i.insuCompCd)).not.toContain('KBINSU');

    await feed('sandbox-90000001', { records: [treatmentRecord(who)] });
    await t.app.claimEngine.drain();
    const delivery = () =>
      t.db.db
        .selectFrom('claimDelivery as d')
        .innerJoin('claim as c', 'c.id', 'd.claimId')
        .select(['d.status', 'd.attempts', 'c.status as claimStatus'])
        .where('c.ciHmac', '=', who.ciHmac)
        .executeTakeFirstOrThrow();
    expect(await delivery()).toMatchObject({ status: 'pending', attempts: 0, claimStatus: 'received' });
    const outbox = (await t.app.inject('/sandbox/outbox?to=insurer:KBINSU')).json() as { messages: unknown[] };
    expect(outbox.messages).toEqual([]);

    expect((await call('PUT', OPS_INSURERS_API.one('KBINSU'), as.admin, settings({ active: true }))).statusCode).toBe(
      200,
    );
    await t.app.claimEngine.drain();
    expect(await delivery()).toMatchObject({ status: 'sent', claimStatus: 'sent' });
  });

  it('a test delivery goes through the configured channel to the sandbox outbox, marked, and is recorded', async () => {
    const api = await call('POST', OPS_INSURERS_API.testDelivery('HANWHALIFE'), as.admin);
    expect(api.statusCode).toBe(200);
    expect(api.json()).toEqual({ insuCompCd: 'HANWHALIFE', channel: 'api', result: 'reached', at: expect.any(String) });
    const sent = (await t.app.inject('/sandbox/outbox?to=insurer:HANWHALIFE')).json() as {
      messages: { channel: string; body: string }[];
    };
    expect(sent.messages).toHaveLength(1);
    expect(JSON.parse(sent.messages[0]!.body)).toMatchObject({ test: true, claimId: null });

    // SAMSUNGFIRE goes by fax now (above): the test is a fax to its number.
    const fax = await call('POST', OPS_INSURERS_API.testDelivery('SAMSUNGFIRE'), as.admin);
    expect(fax.json() as TestDeliveryResult).toMatchObject({ result: 'reached', channel: 'fax' });
    const faxed = (await t.app.inject('/sandbox/outbox?to=0212345678')).json() as {
      messages: { channel: string; body: string }[];
    };
    expect(faxed.messages[0]?.channel).toBe('fax');
    expect(JSON.parse(faxed.messages[0]!.body)).toMatchObject({ test: true, claimId: null });

    const [rec] = await actions('insurer_test_delivery', 'HANWHALIFE');
    expect(JSON.parse(rec!.detail!)).toEqual({ channel: 'api', result: 'reached' });
    expect((await call('POST', OPS_INSURERS_API.testDelivery('NOPE'), as.admin)).statusCode).toBe(404);
  });
});
