// Finding a patient by what a caller says (README "Operator console", "Search by what a caller says") through
// app.inject(): the claim list and the access log by name, phone, birth date, receipt number or claim id, alone and
// together, normalised (NFC, spaces, hyphens, dates as people write them); nothing but keyed hashes at rest; the
// patients masked; each search that names a person recorded (kinds of key, never the values) in the operators'
// record and the found patient's access log; rows from before migration 0039 hashed by the tick; bad input → 400.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import {
  CURSOR_MESSAGE,
  OPS_CLAIMS_API,
  PERSON_SEARCHES_ALERT_AT,
  PERSON_SEARCHES_PER_MINUTE,
  encodeCursor,
  typedDate,
  type CursorPage,
  type OpsClaimRow,
  type OperatorActionRow,
  type PatientAccessRow,
} from '@auto-claim/contract/ops';
import { sql } from 'kysely';
import { createSubscriber, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';
import { hashRecordPersons } from '../../../src/modules/claims/person-lookup.js';
import { hashSubscriptionPhones } from '../../../src/modules/subscriptions/person-lookup.js';
import { accessSentence } from '../../../src/modules/audit/index.js';
import { build, problemOf, signInOperator, testClock, type TestApp, expectLog } from '../../helper.js';

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
let op: { loginId: string; headers: Record<string, string> };
let viewer: { headers: Record<string, string> };
let hong: Subscriber;
let hong2: Subscriber;
let kim: Subscriber;

const feed = async (hospitalCd: string, records: ReturnType<typeof treatmentRecord>[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    headers: { [HOSPITAL_KEY_HEADER]: `sandbox-${hospitalCd}` },
    payload: { records },
  });
  expect(res.statusCode).toBe(200);
  await t.app.claimEngine.drain();
};
const post = (url: string, payload: unknown, headers = op.headers) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const find = async (payload: Record<string, unknown>) => {
  const res = await post(OPS_CLAIMS_API.claimsSearch, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CursorPage<OpsClaimRow>;
};
const receiptsOf = (p: CursorPage<OpsClaimRow>) => p.list.map((c) => c.claimId);
const claimIdsOfReceipt = async (receiptNo: string) =>
  (
    await t.db.db
      .selectFrom('claim as c')
      .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
      .select('c.id')
      .where('r.receiptNo', '=', receiptNo)
      .orderBy('c.id')
      .execute()
  ).map((c) => Number(c.id));
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

beforeAll(async () => {
  t = await build({ clock });
  hong = await createSubscriber(t.app.ctx, {
    userNm: '홍길동',
    birthDate: '19580302',
    userTel: '01012345678',
    hospitals: ['90000001'],
    insurers: ['SAMSUNGFIRE'],
  });
  // Another 홍길동, born another day, another phone.
  hong2 = await createSubscriber(t.app.ctx, {
    userNm: '홍길동',
    birthDate: '19900505',
    userTel: '01055556666',
    hospitals: ['90000001'],
    insurers: ['SAMSUNGFIRE'],
  });
  kim = await createSubscriber(t.app.ctx, {
    userNm: '김영희',
    birthDate: '19580302',
    userTel: '01098765432',
    hospitals: ['90000001'],
    insurers: ['SAMSUNGFIRE'],
  });
  await feed('90000001', [
    treatmentRecord(hong, { receiptNo: 'R-HONG-1', visitDate: '20260601' }),
    treatmentRecord(hong, { receiptNo: 'R-HONG-2', visitDate: '20260603' }),
    treatmentRecord(hong2, { receiptNo: 'R-HONG2-1', visitDate: '20260602' }),
    treatmentRecord(kim, { receiptNo: 'R-KIM-1', visitDate: '20260604' }),
  ]);
  op = await signInOperator(t, 'operator');
  viewer = await signInOperator(t, 'viewer');
});
afterAll(() => t?.close());
// Each test in a minute of its own: an operator's person searches are limited per minute (PERSON_SEARCHES_PER_MINUTE).
beforeEach(() => clock.advance(61_000));

describe('the claim list by what a caller says', () => {
  it('finds by each key alone', async () => {
    const hongClaims = sorted([...(await claimIdsOfReceipt('R-HONG-1')), ...(await claimIdsOfReceipt('R-HONG-2'))]);
    const hong2Claims = await claimIdsOfReceipt('R-HONG2-1');
    const kimClaims = await claimIdsOfReceipt('R-KIM-1');
    expect(hongClaims).toHaveLength(2);

    expect(sorted(receiptsOf(await find({ name: '홍길동' })))).toEqual(sorted([...hongClaims, ...hong2Claims]));
    expect(sorted(receiptsOf(await find({ phone: '01012345678' })))).toEqual(hongClaims);
    expect(sorted(receiptsOf(await find({ birthDate: '19580302' })))).toEqual(sorted([...hongClaims, ...kimClaims]));
    expect(receiptsOf(await find({ receiptNo: 'R-KIM-1' }))).toEqual(kimClaims);
    expect(receiptsOf(await find({ claimId: kimClaims[0] }))).toEqual(kimClaims);
    expect((await find({ name: '없는사람' })).list).toEqual([]);
    expect((await find({ phone: '010-0000-0000' })).list).toEqual([]);
  });

  it('finds by keys together (all must hold) and with the list’s filters', async () => {
    const hongClaims = sorted([...(await claimIdsOfReceipt('R-HONG-1')), ...(await claimIdsOfReceipt('R-HONG-2'))]);
    expect(sorted(receiptsOf(await find({ name: '홍길동', birthDate: '1958.03.02' })))).toEqual(hongClaims);
    expect(sorted(receiptsOf(await find({ name: '홍길동', phone: '010-1234-5678' })))).toEqual(hongClaims);
    expect(receiptsOf(await find({ name: '홍길동', receiptNo: 'R-HONG-2' }))).toEqual(
      await claimIdsOfReceipt('R-HONG-2'),
    );
    expect((await find({ name: '김영희', phone: '01012345678' })).list).toEqual([]);
    expect((await find({ name: '홍길동', birthDate: '19580302', from: '20260602', to: '20260630' })).total).toBe(1);
  });

  it('normalises: NFC, spaces, hyphens in phones, dates as people write them', async () => {
    const hongClaims = sorted([...(await claimIdsOfReceipt('R-HONG-1')), ...(await claimIdsOfReceipt('R-HONG-2'))]);
    const decomposed = '홍길동'.normalize('NFD');
    expect(decomposed).not.toBe('홍길동');
    for (const p of [
      { name: decomposed, birthDate: '19580302' },
      { name: ' 홍 길동 ', birthDate: '1958-03-02' },
      { name: '홍길동', birthDate: '1958. 3. 2.' },
      { phone: '010 1234 5678' },
      { phone: '010-1234-5678' },
    ]) {
      expect(sorted(receiptsOf(await find(p))), JSON.stringify(p)).toEqual(hongClaims);
    }
    expect(typedDate('2026.11.26')).toBe('20261126');
    expect(typedDate('2026-11-26')).toBe('20261126');
    expect(typedDate('20261126')).toBe('20261126');
    expect(typedDate('2026.02.30')).toBeUndefined();
  });

  it('shows the patients masked and keeps no plaintext at rest', async () => {
    const page = await find({ name: '홍길동', phone: '01012345678' });
    for (const row of page.list) {
      expect(row.patient.name).toBe('홍*동');
      expect(row.patient.phone).not.toContain('1234');
    }
    const body = JSON.stringify(page);
    expect(body).not.toContain('홍길동');
    expect(body).not.toContain('01012345678');
    // What the search stored: hashes, never the words typed.
    const record = await t.db.db
      .selectFrom('treatmentRecord')
      .select(['nameHmac', 'birthHmac'])
      .where('receiptNo', '=', 'R-HONG-1')
      .executeTakeFirstOrThrow();
    expect(record.nameHmac).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(record.birthHmac).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const logged = await sql<{ t: string }>`select concat_ws(' ', detail, reason, target) as t from operator_action
      union all select coalesce(detail, '') from access_log`.execute(t.db.db);
    const everything = logged.rows.map((r) => r.t).join('\n');
    for (const v of ['홍길동', '01012345678', '010-1234-5678', '19580302', '1958.03.02']) {
      expect(everything).not.toContain(v);
    }
  });

  it('records a search that names a person: who, which kinds of key, when; the patient reads that she was looked up', async () => {
    const since = await t.db.db
      .selectFrom('accessLog')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    await find({ name: '홍길동', phone: '010-1234-5678' });
    const action = await t.db.db
      .selectFrom('operatorAction')
      .select(['loginId', 'action', 'detail', 'target', 'at'])
      .where('action', '=', 'patient_searched')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(action).toMatchObject({ loginId: op.loginId, detail: 'name,phone', target: 'claims' });
    expect(action.at).toBeInstanceOf(Date);
    const lines = await t.db.db
      .selectFrom('accessLog')
      .select(['ciHmac', 'action', 'actor', 'detail'])
      .where('id', '>', Number(since?.m ?? 0))
      .execute();
    expect(lines.map((l) => l.ciHmac)).toEqual([hong.ciHmac]);
    expect(lines[0]).toMatchObject({
      action: 'operator_searched',
      actor: `operator:${op.loginId}`,
      detail: 'name,phone',
    });
    const sentence = accessSentence('operator_searched', {
      who: '본인',
      visit: '',
      detail: 'name,phone',
      origin: null,
      code: op.loginId,
      hospitalCd: null,
      insuCompCd: null,
      hospitalNm: () => '',
      insurerNm: () => '',
    });
    expect(sentence).toBe('운영자가 이름·휴대폰 번호로 회원님을 찾아봤어요. 이름과 연락처는 가린 채로 보였어요.');
    // A claim id alone names nobody: the plain list's filter, unrecorded.
    const before = await t.db.db
      .selectFrom('operatorAction')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    await find({ claimId: (await claimIdsOfReceipt('R-KIM-1'))[0] });
    const after = await t.db.db
      .selectFrom('operatorAction')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('refuses bad input with a 400 naming the field, in Korean; no key at all; a viewer', async () => {
    for (const [payload, field] of [
      [{ phone: '12345' }, 'phone'],
      [{ birthDate: '1958.13.02' }, 'birthDate'],
      [{ name: '' }, 'name'],
      [{ name: '가'.repeat(41) }, 'name'],
      [{ receiptNo: 'x'.repeat(51) }, 'receiptNo'],
      [{ claimId: 'abc' }, 'claimId'],
      [{ name: 42 }, 'name'],
      [{}, 'name'],
      [{ hospitalCd: '90000001' }, 'name'],
    ] as const) {
      const res = await post(OPS_CLAIMS_API.claimsSearch, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const p = problemOf(res);
      expect(JSON.stringify(p), JSON.stringify(payload)).toContain(field);
      expect(JSON.stringify(p)).toMatch(/[가-힣]/);
    }
    expect((await post(OPS_CLAIMS_API.claimsSearch, { name: '홍길동' }, viewer.headers)).statusCode).toBe(403);
    expect((await post(OPS_CLAIMS_API.claimsSearch, { name: '홍길동' }, {})).statusCode).toBe(401);
  });
});

describe('the access log by what a caller says', () => {
  it('lists the operator lines of the patients found, and records the search', async () => {
    const res = await post(OPS_CLAIMS_API.patientAccessSearch, { name: '홍길동', birthDate: '19580302', size: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as CursorPage<PatientAccessRow>;
    expect(page.list.length).toBeGreaterThan(0);
    const mine = await t.db.db
      .selectFrom('accessLog')
      .select(['id', 'ciHmac'])
      .where('actor', 'like', 'operator:%')
      .execute();
    const hongIds = new Set(mine.filter((l) => l.ciHmac === hong.ciHmac).map((l) => Number(l.id)));
    expect(page.list.every((r) => hongIds.has(r.id))).toBe(true);
    // This search's own line is among them, named in Korean.
    expect(page.list[0]).toMatchObject({ action: 'operator_searched', detail: '이름·생년월일', patient: '홍*동' });
    const actions = (await (
      await t.app.inject({
        method: 'GET',
        url: `${OPS_CLAIMS_API.operatorActions}?action=patient_searched&size=100`,
        headers: op.headers,
      })
    ).json()) as CursorPage<OperatorActionRow>;
    expect(actions.list[0]).toMatchObject({ action: 'patient_searched', actionNm: '환자 찾기', target: 'access-log' });
    // By phone alone, and nobody for a phone nobody has.
    const byPhone = await post(OPS_CLAIMS_API.patientAccessSearch, { phone: '010-9876-5432' });
    expect(byPhone.statusCode).toBe(200);
    const kimPage = byPhone.json() as CursorPage<PatientAccessRow>;
    expect(kimPage.list.map((r) => r.patient)).toContain('김*희');
    expect(kimPage.list.every((r) => r.patient === '김*희')).toBe(true);
    const nobody = await post(OPS_CLAIMS_API.patientAccessSearch, { phone: '010-0000-0000' });
    expect((nobody.json() as CursorPage<PatientAccessRow>).list).toEqual([]);
    const bad = await post(OPS_CLAIMS_API.patientAccessSearch, { birthDate: '어제' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(problemOf(bad))).toContain('birthDate');
  });
});

describe('rows from before the lookup hashes (migration 0039)', () => {
  it('are hashed by the tick, a batch at a time, and then found', async () => {
    await sql`update subscription set phone_hmac = null where insu_apply_id = ${hong2.insuApplyId}`.execute(t.db.db);
    await sql`update treatment_record set name_hmac = null, birth_hmac = null where receipt_no = 'R-HONG2-1'`.execute(
      t.db.db,
    );
    expect((await find({ phone: '01055556666' })).list).toEqual([]);
    expect((await find({ name: '홍길동', birthDate: '19900505' })).list).toEqual([]);
    expect(await hashSubscriptionPhones(t.app.ctx)).toBe(1);
    expect(await hashRecordPersons(t.app.ctx)).toBe(1);
    // Resumable: nothing left, nothing done twice.
    expect(await hashSubscriptionPhones(t.app.ctx)).toBe(0);
    expect(await hashRecordPersons(t.app.ctx)).toBe(0);
    const hong2Claims = await claimIdsOfReceipt('R-HONG2-1');
    expect(receiptsOf(await find({ phone: '01055556666' }))).toEqual(hong2Claims);
    expect(receiptsOf(await find({ name: '홍길동', birthDate: '19900505' }))).toEqual(hong2Claims);
  });
});

describe('a person search’s cursor and its limit (docs/security.md, "Operator releases")', () => {
  const searched = async (loginId: string) =>
    (
      await t.db.db
        .selectFrom('operatorAction')
        .select('id')
        .where('loginId', '=', loginId)
        .where('action', '=', 'patient_searched')
        .execute()
    ).length;
  const linesBy = async (loginId: string) =>
    (await t.db.db.selectFrom('accessLog').select('id').where('actor', '=', `operator:${loginId}`).execute()).length;

  it('refuses a hand-made cursor past the end: no count answered, 400 naming cursor, in Korean', async () => {
    // What answered `total` with no row and wrote nothing: a cursor after every claim and every access line.
    const pastTheEnd = encodeCursor({ s: '', o: 'desc', k: '1970-01-01 00:00:00+00', i: '1' });
    for (const url of [OPS_CLAIMS_API.claimsSearch, OPS_CLAIMS_API.patientAccessSearch]) {
      const res = await post(url, { name: '홍길동', cursor: pastTheEnd });
      expect(res.statusCode, url).toBe(400);
      expect(problemOf(res), url).toMatchObject({ errors: [{ field: 'cursor', message: CURSOR_MESSAGE }] });
      expect(res.body, url).not.toContain('total');
    }
  });

  it('pages with the cursors it signed, for this filter and operator only, and records every page', async () => {
    const first = await find({ name: '홍길동', size: 1 });
    expect(first.nextCursor).not.toBeNull();
    const [actions0, lines0] = [await searched(op.loginId), await linesBy(op.loginId)];
    const second = await find({ name: '홍길동', size: 1, cursor: first.nextCursor });
    expect(second.list).toHaveLength(1);
    expect(second.list[0]!.claimId).not.toBe(first.list[0]!.claimId);
    // The second page is a search too: the operators' record and the shown patient's access log both have it.
    expect(await searched(op.loginId)).toBe(actions0 + 1);
    expect(await linesBy(op.loginId)).toBe(lines0 + 1);
    // The same cursor with another person's name, another filter, or another operator: refused, nothing read.
    const other = await signInOperator(t, 'operator');
    const refusals = [
      await post(OPS_CLAIMS_API.claimsSearch, { name: '김영희', size: 1, cursor: first.nextCursor }),
      await post(OPS_CLAIMS_API.claimsSearch, { name: '홍길동', status: 'paid', size: 1, cursor: first.nextCursor }),
      await post(OPS_CLAIMS_API.claimsSearch, { name: '홍길동', size: 1, cursor: first.nextCursor }, other.headers),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(400);
      expect(problemOf(res).errors?.[0]?.field).toBe('cursor');
    }
    // Its key changed, its MAC kept: refused.
    const c = JSON.parse(Buffer.from(first.nextCursor!, 'base64url').toString()) as Record<string, string>;
    const moved = encodeCursor({ s: c.s!, o: c.o as 'desc', k: '1970-01-01 00:00:00+00', i: c.i!, h: c.h! });
    expect((await post(OPS_CLAIMS_API.claimsSearch, { name: '홍길동', size: 1, cursor: moved })).statusCode).toBe(400);
    // The access log's search signs its cursors alike.
    const access = (
      await post(OPS_CLAIMS_API.patientAccessSearch, { name: '홍길동', size: 1 })
    ).json() as CursorPage<PatientAccessRow>;
    expect(access.nextCursor).not.toBeNull();
    const next = await post(OPS_CLAIMS_API.patientAccessSearch, { name: '홍길동', size: 1, cursor: access.nextCursor });
    expect(next.statusCode, next.body).toBe(200);
    const elsewhere = await post(OPS_CLAIMS_API.patientAccessSearch, {
      name: '김영희',
      size: 1,
      cursor: access.nextCursor,
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('holds one operator to PERSON_SEARCHES_PER_MINUTE: 120 in a burst, the rest refused in Korean, with alerts', async () => {
    const bulk = await signInOperator(t, 'operator', { loginId: 'bulk-searcher' });
    const alerts = async () =>
      (await t.app.ctx.metrics.registry.getSingleMetric('autoclaim_operator_release_alerts_total')!.get()).values
        .filter((v) => v.labels.kind === 'person_search')
        .reduce((n, v) => n + v.value, 0);
    const alerts0 = await alerts();
    // From the threshold on, each search is a warning in the log too (docs/security.md "Operator releases").
    expectLog({
      level: 'warn',
      msg: 'operator person searches over the alert threshold',
      count: PERSON_SEARCHES_PER_MINUTE - PERSON_SEARCHES_ALERT_AT + 1,
    });
    const burst = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        post(
          i % 2 ? OPS_CLAIMS_API.claimsSearch : OPS_CLAIMS_API.patientAccessSearch,
          { name: '홍길동', birthDate: '19580302' },
          bulk.headers,
        ),
      ),
    );
    const answered = burst.filter((r) => r.statusCode === 200);
    expect(answered).toHaveLength(PERSON_SEARCHES_PER_MINUTE);
    for (const res of burst.filter((r) => r.statusCode !== 200)) {
      expect(problemOf(res)).toMatchObject({ status: 429, code: 'OPERATOR_SEARCH_LIMITED' });
      expect(problemOf(res).detail).toContain(`1분에 ${PERSON_SEARCHES_PER_MINUTE}번까지`);
    }
    // Every search answered was recorded; none refused was.
    expect(await searched('bulk-searcher')).toBe(PERSON_SEARCHES_PER_MINUTE);
    expect(await alerts()).toBe(alerts0 + PERSON_SEARCHES_PER_MINUTE - PERSON_SEARCHES_ALERT_AT + 1);
    // Another operator is served; this one again a minute later.
    expect((await post(OPS_CLAIMS_API.claimsSearch, { name: '홍길동' })).statusCode).toBe(200);
    clock.advance(61_000);
    expect((await post(OPS_CLAIMS_API.claimsSearch, { name: '홍길동' }, bulk.headers)).statusCode).toBe(200);
  });
});
