// A patient with 실손 at one insurer and 단체실손 at another (spec §2 insuChoose, §7 reg.insuCompCd): the subscription
// keeps both (the spec's insuCompCd, then ours, insuCompCds), each needs its own consent, and from the hospital's
// record the engine makes one claim per insurer and delivers each to its own insurer; the patient's status and history
// and the console's claim search show them per insurer. A body with a single insuCompCd still works as before.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HOSPITAL_API, HOSPITAL_KEY_HEADER, type SubscriptionView, type TreatsAnswer } from '@auto-claim/contract';
import { OPS_CLAIMS_API } from '@auto-claim/contract/ops';
import { build, problemOf, signInOperator, testClock, verifyPatient, type TestApp } from '../../helper.js';
import { images, personFields, regFor, type Images, type Verified } from '../../../fixtures/enrolment.js';

// The seeded terms are in effect from 2026-11-01.
const clock = testClock(new Date('2026-11-23T03:00:00Z'));
let t: TestApp;
let img: Images;
let ops: Record<string, string>;

beforeAll(async () => {
  t = await build({ clock });
  await t.app.claimEngine.start();
  img = await images();
  ops = (await signInOperator(t, 'operator', { loginId: 'several-ops' })).headers;
});
afterAll(() => t?.close());

const as = (v: Verified, opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: v.cookie } });

async function feed(v: Verified, receiptNo: string) {
  const p = personFields(v);
  const res = await t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
    payload: {
      records: [
        {
          receiptNo,
          patient: { name: p.userNm, birthDate: p.birthday, ci: v.ci },
          visitDate: '20261120',
          visitType: '외래',
          department: '정형외과',
          kcdCodes: ['M54.5'],
          coveredCopay: 30_000,
          uncovered: 20_000,
          totalPaid: 50_000,
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.claimEngine.drain();
  return (res.json() as { results: { recordId: number }[] }).results[0]!.recordId;
}

describe('several insurers', () => {
  // Three insurers' claims built and delivered: longer than the default on a loaded machine.
  it('are kept by the subscription, and each gets its own claim, delivered to it', { timeout: 60_000 }, async () => {
    const v = await verifyPatient(t);
    const body = await regFor(t, v, img, {
      insuCompCd: 'SAMSUNGFIRE',
      insuCompCds: ['HYUNDAIMARINE', 'KBINSU'],
      agreeIds: ['INSU_SAMSUNGFIRE_CLAIM', 'INSU_HYUNDAIMARINE_CLAIM', 'INSU_KBINSU_CLAIM'],
    });
    const made = await as(v, { method: 'POST', url: API.subscriptions, payload: body });
    expect(made.statusCode, made.body).toBe(201);

    // The status page: every insurer, the spec's insuCompCd first.
    const status = (await as(v, { url: API.subscriptions })).json() as SubscriptionView;
    expect(status.subscription!.insurers.map((i) => i.insuCompCd)).toEqual(['SAMSUNGFIRE', 'HYUNDAIMARINE', 'KBINSU']);

    const recordId = await feed(v, `SEV-${v.person.custHp}`);
    const claims = await t.db.db
      .selectFrom('claim')
      .select(['id', 'insuCompCd', 'status'])
      .where('recordId', '=', recordId)
      .orderBy('insuCompCd')
      .execute();
    expect(claims.map((c) => c.insuCompCd)).toEqual(['HYUNDAIMARINE', 'KBINSU', 'SAMSUNGFIRE']);
    expect(claims.every((c) => c.status === 'sent')).toBe(true);
    // Delivered once to each insurer, to that insurer only (the sandbox's outbox: insurer:<code>).
    const sent = await t.db.db
      .selectFrom('sandboxOutbox')
      .select(['to', 'body'])
      .where('channel', '=', 'api')
      .where('to', 'like', 'insurer:%')
      .execute();
    for (const c of claims) {
      const mine = sent.filter((m) => m.to === `insurer:${c.insuCompCd}` && m.body.includes(`"claimId":${c.id}`));
      expect(mine, c.insuCompCd).toHaveLength(1);
    }

    // The patient's history: one visit, a claim per insurer.
    const historyRes = await as(v, { url: API.treats });
    expect(historyRes.statusCode, historyRes.body).toBe(200);
    const history = historyRes.json() as TreatsAnswer;
    expect(history.list).toHaveLength(1);
    expect(history.list[0]!.claims.map((c) => [c.insuCompNm, c.claimAmt])).toEqual(
      expect.arrayContaining([
        ['삼성화재', 50_000],
        ['현대해상', 50_000],
        ['KB손해보험', 50_000],
      ]),
    );
    // The console: the claims searched by insurer, one each.
    for (const c of claims) {
      const res = await t.app.inject({
        url: `${OPS_CLAIMS_API.claims}?insuCompCd=${c.insuCompCd}&claimId=${c.id}`,
        headers: ops,
      });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { list: { claimId: number; insuCompCd: string }[] };
      expect(page.list.map((r) => [Number(r.claimId), r.insuCompCd])).toEqual([[Number(c.id), c.insuCompCd]]);
    }
  });

  it('each needs its consent: a missing one is refused, naming it, and nothing is made', async () => {
    const v = await verifyPatient(t);
    const body = await regFor(t, v, img, {
      insuCompCd: 'SAMSUNGFIRE',
      insuCompCds: ['HYUNDAIMARINE'],
      agreeIds: ['INSU_SAMSUNGFIRE_CLAIM'],
    });
    const res = await as(v, { method: 'POST', url: API.subscriptions, payload: body });
    expect(res.statusCode, res.body).toBe(400);
    const p = problemOf(res);
    expect(p.status).toBe(400);
    expect(JSON.stringify(p.errors)).toContain('현대해상');
    expect((await as(v, { url: API.subscriptions })).json()).toMatchObject({ subscriptionStatus: 'none' });
  });

  it('a single insuCompCd, as the spec sends it, still works: one insurer, one claim', async () => {
    const v = await verifyPatient(t);
    const made = await as(v, { method: 'POST', url: API.subscriptions, payload: await regFor(t, v, img) });
    expect(made.statusCode, made.body).toBe(201);
    const recordId = await feed(v, `ONE-${v.person.custHp}`);
    const claims = await t.db.db.selectFrom('claim').select('insuCompCd').where('recordId', '=', recordId).execute();
    expect(claims.map((c) => c.insuCompCd)).toEqual(['SAMSUNGFIRE']);
  });
});
