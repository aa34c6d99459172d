// Claim destinations under dual control and no SSRF (docs/security.md, "Insiders: claim destinations"), as the attack
// on the running product went: one admin points an insurer's claims at a host of their choice, or at the cloud's
// metadata address, or at a name that answers a public address first and 127.0.0.1 later; an admin uses the test
// delivery to read another server's answers. Through app.inject() against local insurer doubles; no internet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import {
  OPS_INSURERS_API,
  type DestinationChange,
  type OpsInsurer,
  type TestDeliveryResult,
} from '@auto-claim/contract/ops';
import { insurerApi } from '../../../src/providers/delivery/insurer-api.js';
import type { DeliveryRequest } from '../../../src/providers/delivery/types.js';
import { EgressRefused, checkedAddresses, type Resolve } from '../../../src/providers/egress.js';
import { createSubscriber, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';
import { startInsurerDouble, type InsurerDouble } from '../../../fixtures/insurer-double.js';
import {
  build,
  problemOf,
  signInOperator,
  testClock,
  type TestApp,
  freshAddress,
  expectLog,
  allowLog,
} from '../../helper.js';

const SECRET = 'samsungfire-shared-secret-0123456789';
const KB_SECRET = 'kbinsu-shared-secret-0123456789-0123';
const HANWHA_SECRET = 'hanwhalife-shared-secret-0123456789';
/** A public address (example.com's) the resolver stub answers for names that should pass. */
const PUBLIC_IP = '93.184.215.14';

/** The names the resolver stub knows, each a list of answers given in turn (the last one repeats). */
const dnsAnswers = new Map<string, string[]>();
const resolved: string[] = [];
const resolve: Resolve = async (host) => {
  resolved.push(host);
  const answers = dnsAnswers.get(host);
  if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  const address = answers.length > 1 ? answers.shift()! : answers[0]!;
  return [{ address, family: address.includes(':') ? 6 : 4 }];
};

let insurer: InsurerDouble;
let attacker: InsurerDouble;
const clock = testClock(new Date('2026-06-15T03:00:00Z'));
// A destination change waits for a second admin, and says so in the log for the operators' alerting
// (insurer-settings.ts): every test here asks for one.
allowLog({ level: 'warn', msg: 'insurer destination change requested; a second admin must approve' });

let t: TestApp;
type Headers = Record<string, string>;
const as: Record<'viewer' | 'operator' | 'adminA' | 'adminB', Headers> = {
  viewer: {},
  operator: {},
  adminA: {},
  adminB: {},
};

beforeAll(async () => {
  // The real insurer, and a server the attacker controls (it would gladly answer with a receipt id).
  insurer = await startInsurerDouble({ secret: SECRET, receiptPrefix: 'SF' });
  attacker = await startInsurerDouble({ secret: SECRET, receiptPrefix: 'EVIL' });
  t = await build({
    clock,
    config: {
      delivery: {
        kind: 'insurers',
        timeoutMs: 5_000,
        // The doubles listen on 127.0.0.1: the only private address allowed, as INSURER_EGRESS_ALLOW would say.
        egress: { allow: ['127.0.0.1'], resolve },
        insurers: [
          // INSURER_<code>_FAX_NUMBERS: the numbers the console may fax each insurer's claims to.
          {
            insuCompCd: 'SAMSUNGFIRE',
            channel: 'api',
            url: insurer.url,
            secret: SECRET,
            faxNumbers: ['0212345678', '0222223333'],
          },
          // KBINSU's API is a name: the resolver stub decides where it points.
          { insuCompCd: 'KBINSU', channel: 'api', url: 'https://claims.kbinsu.test/v1', secret: KB_SECRET },
          { insuCompCd: 'HANWHALIFE', channel: 'fax', secret: HANWHA_SECRET, faxNumbers: ['0299990000'] },
        ],
      },
    },
  });
  await t.app.claimEngine.start();
});
afterAll(async () => {
  await t?.close();
  await insurer?.close();
  await attacker?.close();
});

/** Sessions for everyone; `round` names new admins once the test clock has moved past the old sessions' limit. */
const signInAll = async (round = '') => {
  as.viewer = (await signInOperator(t, 'viewer')).headers;
  as.operator = (await signInOperator(t, 'operator')).headers;
  as.adminA = (await signInOperator(t, 'admin', { loginId: `admin-a${round}` })).headers;
  as.adminB = (await signInOperator(t, 'admin', { loginId: `admin-b${round}` })).headers;
};
beforeAll(() => signInAll());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const get = async (code: string) => (await call('GET', OPS_INSURERS_API.one(code), as.viewer)).json() as OpsInsurer;
/** The console's form as it sends it: the insurer's settings with some changed. */
const edit = async (code: string, headers: Headers, o: Partial<Record<string, unknown>>) => {
  const i = await get(code);
  return call('PUT', OPS_INSURERS_API.one(code), headers, {
    active: i.active,
    deliveryChannel: i.deliveryChannel,
    faxNo: i.faxNo,
    apiUrl: i.apiUrl,
    photo: i.photo,
    ...o,
  });
};
const actions = (action: string, target?: string) => {
  let q = t.db.db.selectFrom('operatorAction').select(['loginId', 'target', 'detail']).where('action', '=', action);
  if (target) q = q.where('target', '=', target);
  return q.orderBy('id').execute();
};

async function claimFor(who: Subscriber) {
  const res = await t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    remoteAddress: freshAddress(),
    headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
    payload: { records: [treatmentRecord(who)] },
  });
  expect(res.statusCode).toBe(200);
  await t.app.claimEngine.drain();
  const recordId = (res.json() as { results: { recordId: number }[] }).results[0]!.recordId;
  const claim = await t.db.db
    .selectFrom('claim')
    .select('id')
    .where('recordId', '=', recordId)
    .executeTakeFirstOrThrow();
  return t.db.db.selectFrom('claimDelivery').selectAll().where('claimId', '=', claim.id).executeTakeFirstOrThrow();
}

describe('an admin alone cannot redirect an insurer’s claims', () => {
  it('a host off the allow-list is refused 422 naming apiUrl; nothing changes and the next claim reaches the insurer', async () => {
    const before = await get('SAMSUNGFIRE');
    for (const url of [
      attacker.url, // another port of this machine
      'https://collector.attacker.example/v1',
      'http://169.254.169.254/latest/meta-data',
      insurer.url.replace('http:', 'https:'), // the insurer's host, another scheme
    ]) {
      const res = await edit('SAMSUNGFIRE', as.adminA, { apiUrl: url });
      expect(res.statusCode, url).toBe(422);
      const p = problemOf(res);
      expect(p.code).toBe('DESTINATION_NOT_ALLOWED');
      expect(p.errors).toEqual([{ field: 'apiUrl', message: expect.stringContaining('INSURER_SAMSUNGFIRE_API_URL') }]);
    }
    expect(await get('SAMSUNGFIRE')).toEqual(before);
    expect(await actions('insurer_destination_requested', 'SAMSUNGFIRE')).toEqual([]);

    const who = await createSubscriber(t.app.ctx, { insurers: ['SAMSUNGFIRE'] });
    const d = await claimFor(who);
    expect(d).toMatchObject({ status: 'sent', externalRef: insurer.kept.get(`delivery-${d.id}`) });
    expect(attacker.received).toEqual([]);
  });

  it('a change on the allow-list waits for a second admin: queued claims and retries still go where they went', async () => {
    // The insurer double refuses the delivery on purpose: a warning in the log.
    expectLog({ level: 'warn', msg: 'a claim delivery failed' });
    const moved = `${new URL(insurer.url).origin}/v2`;
    const res = await edit('SAMSUNGFIRE', as.adminA, { apiUrl: moved });
    expect(res.statusCode).toBe(200);
    const asked = res.json() as OpsInsurer;
    expect(asked.apiUrl).toBe(insurer.url);
    expect(asked.pendingChange).toMatchObject({
      apiUrl: moved,
      fields: ['apiUrl'],
      requestedBy: 'admin-a',
      current: { apiUrl: insurer.url },
    });
    // A claim made now (and a retry of it) goes to the insurer's address of record, not the asked one.
    insurer.script = ['500'];
    const who = await createSubscriber(t.app.ctx, { insurers: ['SAMSUNGFIRE'] });
    let d = await claimFor(who);
    expect(d).toMatchObject({ status: 'pending', attempts: 1 });
    clock.advance(30_000);
    await t.app.claimEngine.drain();
    d = await t.db.db.selectFrom('claimDelivery').selectAll().where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(d).toMatchObject({ status: 'sent', attempts: 2 });
    expect(insurer.received.filter((r) => r.key === `delivery-${d.id}`).map((r) => r.path)).toEqual([
      '/v1/claims',
      '/v1/claims',
    ]);
    // Withdrawn by its asker (a rejection), it leaves nothing behind.
    const withdrawn = await call('POST', OPS_INSURERS_API.reject(asked.pendingChange!.id), as.adminA);
    expect(withdrawn.statusCode).toBe(200);
    expect((withdrawn.json() as OpsInsurer).pendingChange).toBeNull();
  });

  it('the asker cannot approve their own change; a second admin can, and then it takes effect', async () => {
    // The insurer double refuses the delivery on purpose: a warning in the log.
    expectLog({ level: 'warn', msg: 'a claim delivery failed' });
    const moved = `${new URL(insurer.url).origin}/v2`;
    const asked = (await (await edit('SAMSUNGFIRE', as.adminA, { apiUrl: moved })).json()) as OpsInsurer;
    const id = asked.pendingChange!.id;

    // Every admin sees it waiting, whoever asked, with when it lapses; so does the operators' record.
    const pending = await call('GET', OPS_INSURERS_API.pendingChanges, as.adminB);
    const listed = (pending.json() as { list: DestinationChange[] }).list.find((c) => c.id === id);
    expect(listed).toMatchObject({ insuCompCd: 'SAMSUNGFIRE', requestedBy: 'admin-a', apiUrl: moved });
    expect(new Date(listed!.expiresAt).getTime() - clock.now().getTime()).toBe(24 * 3600_000);
    const [requested] = (await actions('insurer_destination_requested', 'SAMSUNGFIRE')).slice(-1);
    expect(requested).toMatchObject({ loginId: 'admin-a' });
    expect(JSON.parse(requested!.detail!)).toMatchObject({ changeId: id, fields: ['apiUrl'], apiUrl: moved });

    const own = await call('POST', OPS_INSURERS_API.approve(id), as.adminA);
    expect(own.statusCode).toBe(403);
    expect(problemOf(own)).toMatchObject({ code: 'SAME_ADMIN', detail: expect.stringMatching(/승인할 수 없어요/) });
    for (const who of [as.viewer, as.operator]) {
      expect((await call('POST', OPS_INSURERS_API.approve(id), who)).statusCode).toBe(403);
      expect((await call('POST', OPS_INSURERS_API.reject(id), who)).statusCode).toBe(403);
    }
    expect((await get('SAMSUNGFIRE')).apiUrl).toBe(insurer.url);

    const approved = await call('POST', OPS_INSURERS_API.approve(id), as.adminB);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ apiUrl: moved, channelSource: 'env', pendingChange: null });
    expect((await actions('insurer_destination_approved', 'SAMSUNGFIRE')).at(-1)).toMatchObject({
      loginId: 'admin-b',
    });
    // A number that is no change id is refused naming it; approved once, a second approval finds nothing open.
    const bad = await call('POST', OPS_INSURERS_API.approve('1; drop table insurer'), as.adminB);
    expect(bad.statusCode).toBe(400);
    expect(problemOf(bad).errors?.[0]).toMatchObject({
      field: 'changeId',
      message: '변경 요청 번호가 올바르지 않아요.',
    });
    expect(problemOf(await call('POST', OPS_INSURERS_API.approve(id), as.adminB)).code).toBe('CHANGE_NOT_FOUND');

    const who = await createSubscriber(t.app.ctx, { insurers: ['SAMSUNGFIRE'] });
    const d = await claimFor(who);
    expect(insurer.received.filter((r) => r.key === `delivery-${d.id}`).map((r) => r.path)).toEqual(['/v2/claims']);

    // Back to the environment's URL, the same way.
    const back = (await (await edit('SAMSUNGFIRE', as.adminB, { apiUrl: null })).json()) as OpsInsurer;
    expect(back.pendingChange).toMatchObject({ apiUrl: null, fields: ['apiUrl'] });
    expect((await call('POST', OPS_INSURERS_API.approve(back.pendingChange!.id), as.adminA)).statusCode).toBe(200);
    expect((await get('SAMSUNGFIRE')).apiUrl).toBe(insurer.url);
  });

  it('a fax number or a switch to fax is a destination change too; an expired one cannot be approved', async () => {
    const before = await get('HANWHALIFE');
    const res = await edit('HANWHALIFE', as.adminA, { faxNo: '02-9999-0000' });
    expect(res.statusCode).toBe(200);
    const asked = res.json() as OpsInsurer;
    expect(asked.faxNo).toBe(before.faxNo);
    expect(asked.pendingChange).toMatchObject({ faxNo: '02-9999-0000', fields: ['faxNo'] });

    clock.advance(24 * 3600_000 + 1);
    await signInAll('-next-day');
    const late = await call('POST', OPS_INSURERS_API.approve(asked.pendingChange!.id), as.adminB);
    expect(late.statusCode).toBe(410);
    expect(problemOf(late).code).toBe('CHANGE_EXPIRED');
    expect(await get('HANWHALIFE')).toMatchObject({ faxNo: before.faxNo, pendingChange: null });

    // SAMSUNGFIRE switched to fax: where its claims go, so it waits too.
    const toFax = (await (
      await edit('SAMSUNGFIRE', as.adminA, { deliveryChannel: 'fax', faxNo: '02-1234-5678' })
    ).json()) as OpsInsurer;
    expect(toFax).toMatchObject({ deliveryChannel: 'api' });
    expect(toFax.pendingChange?.fields).toEqual(['deliveryChannel', 'faxNo']);
    // A newer request replaces the open one: the older can no longer be decided.
    const newer = (await (await edit('SAMSUNGFIRE', as.adminB, { faxNo: '02-2222-3333' })).json()) as OpsInsurer;
    expect(newer.pendingChange).toMatchObject({ fields: ['faxNo'], requestedBy: 'admin-b-next-day' });
    expect(problemOf(await call('POST', OPS_INSURERS_API.approve(toFax.pendingChange!.id), as.adminB)).code).toBe(
      'CHANGE_NOT_FOUND',
    );
    const rejected = await call('POST', OPS_INSURERS_API.reject(newer.pendingChange!.id), as.adminA);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ deliveryChannel: 'api', faxNo: '0505-000-0001', pendingChange: null });
    expect((await actions('insurer_destination_rejected', 'SAMSUNGFIRE')).at(-1)).toMatchObject({
      loginId: 'admin-a-next-day',
    });
  });

  it('settings that are not a destination (photo, on/off) apply at once, without a second admin', async () => {
    const i = await get('SAMSUNGFIRE');
    const res = await edit('SAMSUNGFIRE', as.adminA, {
      photo: { ...i.photo, maskBackNumber: !i.photo.maskBackNumber },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ photo: { maskBackNumber: !i.photo.maskBackNumber }, pendingChange: null });
  });
});

describe('no SSRF through the insurer address', () => {
  it('refuses loopback, private, CGNAT, link-local, metadata, ULA and mapped addresses; lets public ones through', async () => {
    for (const address of [
      '127.0.0.1',
      '127.8.8.8',
      '10.0.0.7',
      '172.16.3.4',
      '192.168.0.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      // Ranges that carry any IPv4 address or route inside a network: local-use NAT64, IPv4-compatible (::/96, a
      // public address's too), IPv4-mapped in every spelling (a public address's too), site-local.
      '64:ff9b:1::a9fe:a9fe',
      '::7f00:1',
      '::5db8:d70e',
      '::ffff:93.184.215.14',
      '0:0:0:0:0:ffff:5db8:d70e',
      'fec0::1',
      'feff::1',
    ]) {
      dnsAnswers.set('probe.test', [address]);
      await expect(checkedAddresses('probe.test', { resolve }), address).rejects.toBeInstanceOf(EgressRefused);
      await expect(checkedAddresses(address), `${address} as a literal`).rejects.toBeInstanceOf(EgressRefused);
    }
    for (const address of [PUBLIC_IP, '2606:2800:21f:cb07:6820:80da:af6b:8b2c']) {
      dnsAnswers.set('probe.test', [address]);
      await expect(checkedAddresses('probe.test', { resolve })).resolves.toEqual([
        { address, family: address.includes(':') ? 6 : 4 },
      ]);
    }
    // One private address among public ones is enough to refuse.
    const both: Resolve = async () => [
      { address: PUBLIC_IP, family: 4 },
      { address: '10.1.1.1', family: 4 },
    ];
    await expect(checkedAddresses('both.test', { resolve: both })).rejects.toBeInstanceOf(EgressRefused);
  });

  it('keeps an API address as parsed, never as typed: userinfo refused, numeric and dotted hosts normalised for the approver', async () => {
    const port = new URL(insurer.url).port;
    // A user name and password would travel with every claim and hide the host from whoever reads it.
    for (const url of [`http://evil:pw@127.0.0.1:${port}/v2`, `http://user@127.0.0.1:${port}/v2`]) {
      const res = await edit('SAMSUNGFIRE', as.adminA, { apiUrl: url });
      expect(res.statusCode, url).toBe(400);
      expect(problemOf(res).errors, url).toEqual([{ field: 'apiUrl', message: expect.stringMatching(/비밀번호/) }]);
    }
    // Spellings of 127.0.0.1 (the double's address, on the allow-list here): stored and shown as the parser reads them.
    for (const typed of [
      `http://0x7f000001:${port}/v3`,
      `HTTP://127.0.0.1.:${port}/v3/`,
      `http://2130706433:${port}/v3`,
    ]) {
      const res = await edit('SAMSUNGFIRE', as.adminA, { apiUrl: typed });
      expect(res.statusCode, typed).toBe(200);
      expect((res.json() as OpsInsurer).pendingChange, typed).toMatchObject({
        apiUrl: `http://127.0.0.1:${port}/v3`,
        apiHost: `127.0.0.1:${port}`,
      });
      const row = await t.db.db
        .selectFrom('insurerDestinationChange')
        .select('apiUrl')
        .where('insuCompCd', '=', 'SAMSUNGFIRE')
        .where('decision', 'is', null)
        .executeTakeFirstOrThrow();
      expect(row.apiUrl, typed).toBe(`http://127.0.0.1:${port}/v3`);
    }
    const open = (await get('SAMSUNGFIRE')).pendingChange!;
    expect((await call('POST', OPS_INSURERS_API.reject(open.id), as.adminA)).statusCode).toBe(200);
    // Where the allowed origin is a name, a numeric spelling of this machine is another origin: refused.
    for (const typed of ['https://0x7f000001/v2', 'https://claims.kbinsu.test./v2', 'https://0177.0.0.1/v2']) {
      const res = await edit('KBINSU', as.adminA, { apiUrl: typed });
      expect(res.statusCode, typed).toBe(422);
      expect(problemOf(res).code, typed).toBe('DESTINATION_NOT_ALLOWED');
    }
    // A row written as typed before this rule (here: by hand) is refused at approval, naming the form.
    await edit('SAMSUNGFIRE', as.adminA, { apiUrl: `http://127.0.0.1:${port}/v4` });
    const raw = (await get('SAMSUNGFIRE')).pendingChange!;
    await t.db.db
      .updateTable('insurerDestinationChange')
      .set({ apiUrl: `http://0x7f000001:${port}/v4` })
      .where('id', '=', raw.id)
      .execute();
    const refused = await call('POST', OPS_INSURERS_API.approve(raw.id), as.adminB);
    expect(refused.statusCode).toBe(422);
    expect(problemOf(refused).errors?.[0]?.message).toMatch(/표준 형식/);
    expect((await call('POST', OPS_INSURERS_API.reject(raw.id), as.adminA)).statusCode).toBe(200);
  });

  it('refuses at set time an allowed origin whose host resolves to a private address', async () => {
    dnsAnswers.set('claims.kbinsu.test', ['10.0.0.7']);
    const res = await edit('KBINSU', as.adminA, { apiUrl: 'https://claims.kbinsu.test/v2' });
    expect(res.statusCode).toBe(422);
    expect(problemOf(res).errors).toEqual([{ field: 'apiUrl', message: expect.stringMatching(/사설망/) }]);
    expect((await get('KBINSU')).pendingChange).toBeNull();
  });

  it('refuses at connect time a name that answered a public address when it was set (DNS rebinding)', async () => {
    // The refused connection fails the delivery: a warning in the log.
    expectLog({ level: 'warn', msg: 'a claim delivery failed' });
    // Public when asked and when approved; this machine's metadata address when the claim is sent.
    dnsAnswers.set('claims.kbinsu.test', [PUBLIC_IP, PUBLIC_IP, '169.254.169.254']);
    const asked = (await (
      await edit('KBINSU', as.adminA, { apiUrl: 'https://claims.kbinsu.test/v2' })
    ).json()) as OpsInsurer;
    expect(asked.pendingChange).toMatchObject({ apiUrl: 'https://claims.kbinsu.test/v2' });
    expect((await call('POST', OPS_INSURERS_API.approve(asked.pendingChange!.id), as.adminB)).statusCode).toBe(200);
    const who = await createSubscriber(t.app.ctx, { insurers: ['KBINSU'] });
    resolved.length = 0;
    const d = await claimFor(who);
    expect(resolved).toContain('claims.kbinsu.test');
    expect(d).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: '보험사 API 주소가 내부 주소를 가리켜서 연결하지 않았어요',
    });
  });

  it('the adapter connects to the address it checked: a rebinding name never reaches the server behind it', async () => {
    const port = new URL(insurer.url).port;
    const request = (key: string): DeliveryRequest => ({
      idempotencyKey: key,
      claimId: 1,
      insuCompCd: 'SAMSUNGFIRE',
      channel: 'api',
      destination: 'api:SAMSUNGFIRE',
      documents: [{ kind: 'claim_form', contentType: 'application/json', body: '{}', sha256: 'a'.repeat(64) }],
    });
    const api = (allow: string[]) =>
      insurerApi({
        insurers: [{ insuCompCd: 'SAMSUNGFIRE', url: `http://rebind.test:${port}/v1`, secret: SECRET }],
        timeoutMs: 5_000,
        egress: { allow, resolve },
      });
    const outbox = { write: async () => {}, writeMany: async () => {} };
    // Checked public when it was set; 127.0.0.1 (where the double listens) when connecting.
    dnsAnswers.set('rebind.test', [PUBLIC_IP, '127.0.0.1']);
    await checkedAddresses('rebind.test', { resolve });
    const [refused] = await api([]).deliver([request('rebind-1')], outbox);
    expect(refused).toMatchObject({ ok: false, retryable: true, error: expect.stringMatching(/내부 주소/) });
    expect(insurer.received.filter((r) => r.key === 'rebind-1')).toEqual([]);
    // The same name, where this machine is allowed: it does reach the double (the test above could have failed).
    const [reached] = await api(['127.0.0.1']).deliver([request('rebind-2')], outbox);
    expect(reached).toMatchObject({ ok: true });
    expect(insurer.received.filter((r) => r.key === 'rebind-2')).toHaveLength(1);
  });
});

describe('the test delivery', () => {
  it('answers only reached, refused or unreachable: never the target’s status, answer or receipt', async () => {
    // Refused and unreachable test deliveries are warnings in the log, as a failed delivery is.
    expectLog({ level: 'warn', msg: 'a claim delivery failed' });
    const test = async (code: string, headers = as.adminA) => {
      const res = await call('POST', OPS_INSURERS_API.testDelivery(code), headers);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const reached = await test('SAMSUNGFIRE');
    expect(Object.keys(reached.json() as object).sort()).toEqual(['at', 'channel', 'insuCompCd', 'result']);
    expect((reached.json() as TestDeliveryResult).result).toBe('reached');
    const receipt = [...insurer.kept.values()].at(-1)!;
    expect(reached.body).not.toContain(receipt);

    insurer.script = ['400'];
    const refused = await test('SAMSUNGFIRE');
    expect((refused.json() as TestDeliveryResult).result).toBe('refused');
    expect(refused.body).not.toMatch(/400|INVALID_CLAIM|피보험자/);

    insurer.script = ['500'];
    expect(((await test('SAMSUNGFIRE')).json() as TestDeliveryResult).result).toBe('unreachable');

    // KBINSU now points at a name answering the metadata address: unreachable, and nothing said of it.
    const blocked = await test('KBINSU');
    expect((blocked.json() as TestDeliveryResult).result).toBe('unreachable');
    expect(blocked.body).not.toMatch(/169\.254|내부/);

    const recorded = await actions('insurer_test_delivery');
    expect(recorded.map((r) => JSON.parse(r.detail!).result)).toEqual([
      'reached',
      'refused',
      'unreachable',
      'unreachable',
    ]);
    for (const r of recorded) expect(r.detail).not.toContain(receipt);
  });

  it('is limited per operator: five in ten minutes, then 429 with Retry-After, while another admin still can', async () => {
    const mine = (await signInOperator(t, 'admin', { loginId: 'tester' })).headers;
    for (let i = 0; i < 5; i++) {
      expect((await call('POST', OPS_INSURERS_API.testDelivery('HANWHALIFE'), mine)).statusCode).toBe(200);
    }
    const sixth = await call('POST', OPS_INSURERS_API.testDelivery('HANWHALIFE'), mine);
    expect(sixth.statusCode).toBe(429);
    expect(problemOf(sixth).code).toBe('RATE_LIMITED');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('POST', OPS_INSURERS_API.testDelivery('HANWHALIFE'), as.adminB)).statusCode).toBe(200);
  });
});
