// Hospital users (README "Hospital users") through app.inject(): an admin makes one for a hospital from its screen;
// she signs in with the operators' password and second factor; she reaches none of the operators' calls (every
// /api/admin route of the route table, but the session's own) and they none of hers; her month counts what her feed
// brought (from the day rollup), lists her records masked and her refused bundles with each issue's element and
// Korean, and exports as CSV recorded like the operators' exports; another hospital's never shows. Her feed's alerts
// (quiet on a working day, a refusal spike) go to her hospital's contact once a day each, on a fixed clock, and the
// operators' banner names them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, FHIR_JSON, HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import {
  HOSPITAL_PORTAL_API,
  OPS_ALERTS_API,
  type HospitalMonth,
  type PortalRecord,
  type PortalRefusal,
} from '@auto-claim/contract/ops';
import { own } from '../../../src/db/handle.js';
import type { Database } from '../../../src/db/schema.js';
import { createSubscriber, feedSource } from '../../../fixtures/factories.js';
import { checkHospitalFeeds } from '../../../src/modules/hospitals/index.js';
import { build, problemOf, signInHospitalUser, signInOperator, testClock, type TestApp } from '../../helper.js';

const ig = path.resolve(import.meta.dirname, '../../../../../fhir/ig/examples');
const example = (name: string) => JSON.parse(readFileSync(path.join(ig, `${name}.json`), 'utf8'));
const MINE = '11100001';
const THEIRS = '11400004';
const keyOf = (hospitalCd: string) => `test-fhir-key-${hospitalCd}-0123456789abcdef`;

// Noon in Seoul on Tuesday 10 November 2026.
const clock = testClock(new Date('2026-11-10T03:00:00Z'));
let t: TestApp;
let db: ReturnType<typeof own<Database>>;
let admin: Record<string, string>;
let her: Awaited<ReturnType<typeof signInHospitalUser>>;
let other: Awaited<ReturnType<typeof signInHospitalUser>>;

const post = (body: unknown, hospitalCd: string) =>
  t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.fhirBundle,
    headers: { [HOSPITAL_KEY_HEADER]: keyOf(hospitalCd), 'content-type': FHIR_JSON },
    payload: JSON.stringify(body),
  });
const get = <T>(url: string, headers: Record<string, string>) =>
  t.app.inject({ url, headers }).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  });
/** A clinic visit under a new receipt number, and one whose line total is wrong (refused, naming the element). */
const visit = (receiptNo: string) => {
  const b = example('clinic-outpatient');
  b.identifier.value = receiptNo;
  return b;
};
const broken = (receiptNo: string) => {
  const b = visit(receiptNo);
  const i = b.entry.findIndex((e: any) => e.resource.resourceType === 'Invoice');
  b.entry[i].resource.lineItem[0].priceComponent[0].amount.value += 10;
  return { bundle: b, path: `Bundle.entry[${i}].resource.lineItem[0].priceComponent[0].amount.value` };
};

beforeAll(async () => {
  t = await build({ clock });
  db = own<Database>(t.db.db);
  for (const [i, hospitalCd] of [MINE, THEIRS].entries()) {
    await feedSource(t.app.ctx, {
      hospitalCd,
      hospitalNm: `예시병원${i + 1}`,
      sortOrder: 100 + i,
      key: keyOf(hospitalCd),
    });
  }
  for (const [userNm, birthDate, idno2] of [
    ['김하늘', '19580314', '2000000'],
    ['박바다', '19491224', '1000000'],
  ] as const)
    await createSubscriber(t.app.ctx, {
      userNm,
      birthDate,
      idno2,
      hospitals: [MINE, THEIRS],
      insurers: ['SAMSUNGFIRE'],
    });
  admin = (await signInOperator(t, 'admin')).headers;
  her = await signInHospitalUser(t, admin, MINE, { alertPhone: '010-2222-3333' });
  other = await signInHospitalUser(t, admin, THEIRS);
}, 120_000);
afterAll(() => t?.close());

describe('a hospital user’s account', () => {
  it('is made by an admin for one hospital, with a password shown once, and signs in with a second factor', async () => {
    const row = await db
      .selectFrom('operator')
      .select(['role', 'hospitalCd', 'totpSecretEnc', 'mustChangePassword'])
      .where('loginId', '=', her.loginId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'hospital', hospitalCd: MINE, mustChangePassword: false });
    expect(row.totpSecretEnc).not.toBeNull();
    expect(her.initialPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    const me = await get<{ role: string; hospitalCd: string }>('/api/admin/me', her.headers);
    expect(me).toMatchObject({ role: 'hospital', hospitalCd: MINE });
    // Her contact for the alerts is kept encrypted.
    const contact = await db
      .selectFrom('hospitalContact')
      .selectAll()
      .where('hospitalCd', '=', MINE)
      .executeTakeFirstOrThrow();
    expect(contact.phoneEnc).not.toContain('01022223333');
  });

  it('is made by admins only, for a hospital that exists, with a mobile number for the alerts', async () => {
    const operator = (await signInOperator(t, 'operator')).headers;
    const url = HOSPITAL_PORTAL_API.users(MINE);
    const asOperator = await t.app.inject({ method: 'POST', url, headers: operator, payload: { loginId: 'h-nope' } });
    expect(asOperator.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'POST',
      url: HOSPITAL_PORTAL_API.users('19999999'),
      headers: admin,
      payload: { loginId: 'h-unknown' },
    });
    expect(unknown.statusCode).toBe(404);
    const badPhone = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: { loginId: 'h-phone', alertPhone: '02-123-4567' },
    });
    expect(badPhone.statusCode).toBe(400);
    expect(problemOf(badPhone).errors).toEqual([expect.objectContaining({ field: 'alertPhone' })]);
    const taken = await t.app.inject({ method: 'POST', url, headers: admin, payload: { loginId: her.loginId } });
    expect(taken.statusCode).toBe(409);
    // An operator account is never turned into a hospital's, nor hers into an operator's.
    const role = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/operators/${her.loginId}/role`,
      headers: admin,
      payload: { role: 'admin' },
    });
    expect(role.statusCode).toBe(400);
  });
});

describe('role isolation', () => {
  const SPEC_PUBLIC = new Set<string>([API.hospitalCommons, API.appMenuLogs]);
  const methodsOf = (r: RouteOptions) =>
    [r.method]
      .flat()
      .map(String)
      .filter((m) => m !== 'HEAD');
  const concrete = (url: string) =>
    url.replace(/:(\w+)/g, (_m, name: string) =>
      name === 'hospitalCd' ? THEIRS : name === 'loginId' ? other.loginId : '1',
    );
  const call = (r: RouteOptions, method: string, headers: Record<string, string>) =>
    t.app.inject({
      method: method as 'GET',
      url: concrete(r.url),
      headers: { ...headers, 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { payload: '{}' }),
    });

  it('every /api/admin route but the session’s own refuses her 403, before its body is read', async () => {
    const routes = t.app.routeList.filter((r) => r.url.startsWith('/api/admin') && !SPEC_PUBLIC.has(r.url));
    expect(routes.length).toBeGreaterThan(50);
    const own: string[] = [];
    for (const r of routes) {
      for (const method of methodsOf(r)) {
        if (r.config?.everyAccount) {
          own.push(`${method} ${r.url}`);
          continue;
        }
        const res = await call(r, method, her.headers);
        expect(res.statusCode, `${method} ${r.url}`).toBe(403);
        expect(problemOf(res).code, `${method} ${r.url}`).toBe('ROLE_FORBIDDEN');
      }
    }
    // The session's own calls, which every console account needs to sign in, change her password and sign out.
    expect(own.sort()).toEqual(
      [
        'GET /api/admin/me',
        'POST /api/admin/login/second-factor',
        'POST /api/admin/logout',
        'POST /api/admin/me/password',
        'POST /api/admin/me/totp/confirm',
        'POST /api/admin/me/totp/setup',
      ].sort(),
    );
  });

  it('her calls refuse every operator role', async () => {
    const routes = t.app.routeList.filter((r) => r.url.startsWith('/api/hospital/'));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    for (const role of ['viewer', 'operator', 'admin'] as const) {
      const headers = (await signInOperator(t, role)).headers;
      for (const r of routes) {
        for (const method of methodsOf(r)) {
          const res = await t.app.inject({
            method: method as 'GET',
            url: `${r.url}?month=2026-11`,
            headers: { ...headers, 'content-type': 'application/json' },
            ...(method === 'GET' ? {} : { payload: { month: '2026-11' } }),
          });
          expect(res.statusCode, `${method} ${r.url} as ${role}`).toBe(403);
        }
      }
    }
  });
});

describe('her month', () => {
  let refusedPath: string;
  beforeAll(async () => {
    expect((await post(visit('H-1110-01'), MINE)).statusCode).toBe(201);
    expect((await post(visit('T-1110-01'), THEIRS)).statusCode).toBe(403);
    const theirs = example('dental');
    expect((await post(theirs, THEIRS)).statusCode).toBe(201);
    const b = broken('H-1110-02');
    refusedPath = b.path;
    expect((await post(b.bundle, MINE)).statusCode).toBe(422);
    await t.app.claimEngine.drain();
  }, 60_000);

  it('counts what her feed brought, from the rollup: received, claimed, refused, answers, visit to claim', async () => {
    const m = await get<HospitalMonth>(`${HOSPITAL_PORTAL_API.month}?month=2026-11`, her.headers);
    expect(m).toMatchObject({
      hospitalCd: MINE,
      hospitalNm: '예시병원1',
      month: '2026-11',
      records: { received: 1, claimed: 1, held: 0, setAside: 0 },
      refusedBundles: 1,
      visitToClaim: { claims: 1 },
    });
    expect(m.visitToClaim.medianDays).toBeGreaterThanOrEqual(0);
    expect(m.visitToClaim.p90Days).toBe(m.visitToClaim.medianDays);
    // The same after the minute tick folds the lines into the counts.
    const { foldDayCounts } = await import('../../../src/modules/claims/counts.js');
    await foldDayCounts(t.db.db);
    expect(await get<HospitalMonth>(`${HOSPITAL_PORTAL_API.month}?month=2026-11`, her.headers)).toEqual(m);
    const empty = await get<HospitalMonth>(`${HOSPITAL_PORTAL_API.month}?month=2026-10`, her.headers);
    expect(empty.records.received).toBe(0);
  });

  it('lists her records with the patient masked, and her refused bundles with each issue’s element in Korean', async () => {
    const page = await get<{ list: PortalRecord[]; nextCursor: string | null }>(
      `${HOSPITAL_PORTAL_API.records}?month=2026-11&size=10`,
      her.headers,
    );
    expect(page.list).toEqual([
      expect.objectContaining({
        receiptNo: 'H-1110-01',
        outcome: 'claimed',
        patient: '김*늘',
        claims: [expect.objectContaining({ insuCompCd: 'SAMSUNGFIRE' })],
      }),
    ]);
    expect(JSON.stringify(page)).not.toContain('김하늘');
    const refusals = await get<{ list: PortalRefusal[] }>(`${HOSPITAL_PORTAL_API.refusals}?month=2026-11`, her.headers);
    expect(refusals.list).toHaveLength(1);
    expect(refusals.list[0]).toMatchObject({ receiptNo: 'H-1110-02', status: 422 });
    expect(refusals.list[0]!.issues).toContainEqual(
      expect.objectContaining({ expression: refusedPath, text: expect.stringMatching(/금액|합계/) }),
    );
  });

  it('pages by key', async () => {
    clock.advance(60_000);
    expect((await post(visit('H-1110-03'), MINE)).statusCode).toBe(201);
    const first = await get<{ list: PortalRecord[]; nextCursor: string | null }>(
      `${HOSPITAL_PORTAL_API.records}?month=2026-11&size=1`,
      her.headers,
    );
    expect(first.list.map((r) => r.receiptNo)).toEqual(['H-1110-03']);
    const second = await get<{ list: PortalRecord[]; nextCursor: string | null }>(
      `${HOSPITAL_PORTAL_API.records}?month=2026-11&size=1&cursor=${first.nextCursor}`,
      her.headers,
    );
    expect(second.list.map((r) => r.receiptNo)).toEqual(['H-1110-01']);
    expect(second.nextCursor).toBeNull();
  });

  it('never shows another hospital’s, whatever she sends', async () => {
    const mine = await get<{ list: PortalRecord[] }>(
      `${HOSPITAL_PORTAL_API.records}?month=2026-11&hospitalCd=${THEIRS}`,
      her.headers,
    );
    expect(mine.list.every((r) => r.receiptNo.startsWith('H-'))).toBe(true);
    const theirs = await get<{ list: PortalRecord[] }>(`${HOSPITAL_PORTAL_API.records}?month=2026-11`, other.headers);
    expect(theirs.list.map((r) => r.receiptNo)).toEqual([example('dental').identifier.value]);
    const theirMonth = await get<HospitalMonth>(`${HOSPITAL_PORTAL_API.month}?month=2026-11`, other.headers);
    // Her bundle sent under their key was refused as theirs (the key's hospital is not the issuer).
    expect(theirMonth).toMatchObject({ hospitalCd: THEIRS, refusedBundles: 1, records: { received: 1 } });
  });

  it('refuses a month that is not YYYY-MM with 400 naming it', async () => {
    const res = await t.app.inject({ url: `${HOSPITAL_PORTAL_API.month}?month=2026-13`, headers: her.headers });
    expect(res.statusCode).toBe(400);
    expect(problemOf(res).errors).toEqual([expect.objectContaining({ field: 'month' })]);
  });

  it('exports the month as CSV (UTF-8 with BOM, one row per record, masked), recorded as operators’ exports are', async () => {
    const since = clock.now();
    const res = await t.app.inject({
      method: 'POST',
      url: HOSPITAL_PORTAL_API.export,
      headers: her.headers,
      payload: { month: '2026-11' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('받은 일시,영수증 번호,진료일,환자 (가림),처리 결과,사유,청구 상태,보험사,보험사 답');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('H-1110-01');
    expect(lines[1]).toContain('김*늘');
    expect(lines[1]).toContain('청구함');
    expect(res.body).not.toContain('김하늘');
    await vi.waitFor(
      async () =>
        expect(
          await db
            .selectFrom('operatorAction')
            .select(['loginId', 'target', 'detail'])
            .where('action', '=', 'list_exported')
            .where('at', '>=', since)
            .execute(),
        ).toEqual([
          expect.objectContaining({
            loginId: her.loginId,
            target: 'hospitalMonth',
            detail: expect.stringContaining(MINE),
          }),
        ]),
      { timeout: 10_000, interval: 50 },
    );
  });
});

describe('a held record in her month', () => {
  it('is counted held with why, and listed in the held view with the name masked', async () => {
    // The same RRN under another name: held for an operator (identity_mismatch), never claimed.
    const b = visit('H-1110-04');
    b.entry.find((e: any) => e.resource.resourceType === 'Patient').resource.name = [{ text: '김하나' }];
    expect((await post(b, MINE)).statusCode).toBe(201);
    await t.app.claimEngine.drain();
    const m = await get<HospitalMonth>(`${HOSPITAL_PORTAL_API.month}?month=2026-11`, her.headers);
    expect(m.records).toMatchObject({ received: 3, claimed: 2, held: 1 });
    expect(m.held).toEqual([{ outcome: 'identity_mismatch', n: 1 }]);
    const held = await get<{ list: PortalRecord[] }>(
      `${HOSPITAL_PORTAL_API.records}?month=2026-11&view=held`,
      her.headers,
    );
    expect(held.list).toEqual([
      expect.objectContaining({ receiptNo: 'H-1110-04', outcome: 'identity_mismatch', patient: '김*나', claims: [] }),
    ]);
    expect(JSON.stringify(held)).not.toContain('김하나');
  });
});

describe('her feed’s alerts, on a fixed clock', () => {
  const sent = () =>
    db
      .selectFrom('sandboxOutbox')
      .select(['channel', 'to', 'body'])
      .where('to', '=', '01022223333')
      .orderBy('id')
      .execute();

  it('a refusal spike (over 20 % of today’s bundles, at least 10) is told once that day', async () => {
    // Wednesday 2 December 2026, 09:30 KST: 3 kept, 10 refused.
    clock.set(new Date('2026-12-02T00:30:00Z'));
    for (let i = 0; i < 3; i++) expect((await post(visit(`S-1202-${i}`), MINE)).statusCode).toBe(201);
    for (let i = 0; i < 9; i++) expect((await post(broken(`S-1202-R${i}`).bundle, MINE)).statusCode).toBe(422);
    expect(await checkHospitalFeeds(t.app.ctx)).toBe(0);
    expect((await post(broken('S-1202-R9').bundle, MINE)).statusCode).toBe(422);
    expect(await checkHospitalFeeds(t.app.ctx)).toBe(1);
    expect(await checkHospitalFeeds(t.app.ctx)).toBe(0);
    const [message] = await sent();
    expect(message).toMatchObject({ channel: 'kakao' });
    expect(JSON.parse(message!.body)).toMatchObject({
      template: 'HOSPITAL_REFUSAL_SPIKE',
      text: expect.stringContaining('예시병원1'),
    });
  });

  it('a quiet working day (nothing since 11:00 KST on a weekday whose feed ran the 4 weeks before) is told by noon', async () => {
    // Records on Tuesdays 1, 8, 15 and 22 December; Tuesday 29 December brings one at 10:00 and then nothing.
    for (const day of ['01', '08', '15', '22']) {
      clock.set(new Date(`2026-12-${day}T01:00:00Z`));
      expect((await post(visit(`Q-12${day}`), MINE)).statusCode).toBe(201);
    }
    clock.set(new Date('2026-12-29T01:00:00Z'));
    expect((await post(visit('Q-1229'), MINE)).statusCode).toBe(201);
    clock.set(new Date('2026-12-29T02:50:00Z')); // 11:50: not an hour yet
    expect(await checkHospitalFeeds(t.app.ctx)).toBe(0);
    clock.set(new Date('2026-12-29T03:00:00Z')); // 12:00
    expect(await checkHospitalFeeds(t.app.ctx)).toBe(1);
    clock.set(new Date('2026-12-29T05:00:00Z'));
    expect(await checkHospitalFeeds(t.app.ctx)).toBe(0);
    const messages = await sent();
    expect(JSON.parse(messages.at(-1)!.body)).toMatchObject({ template: 'HOSPITAL_FEED_QUIET' });
    // A Wednesday whose weeks before had no record is not quiet; nor is a Saturday.
    clock.set(new Date('2026-12-30T05:00:00Z'));
    expect(await checkHospitalFeeds(t.app.ctx)).toBe(0);
    clock.set(new Date('2027-01-02T05:00:00Z'));
    expect(await checkHospitalFeeds(t.app.ctx)).toBe(0);
  });

  it('the operators’ banner names the hospital the day its alert went out', async () => {
    clock.set(new Date('2026-12-29T06:00:00Z'));
    const viewer = (await signInOperator(t, 'viewer')).headers;
    const alerts = await get<{ hospitals: { hospitalCd: string; kind: string }[] }>(OPS_ALERTS_API.alerts, viewer);
    expect(alerts.hospitals).toEqual([
      expect.objectContaining({ hospitalCd: MINE, hospitalNm: '예시병원1', kind: 'feed_quiet' }),
    ]);
  });
});
