// A hospital signs its bundles (fhir/ig/README.md, "Signing"): its hospital user registers the public key the kit made
// (behind her password and second factor, never through the API key); from then on its bundles are taken only signed
// by a live key of its own, and refused naming Bundle.signature when unsigned, changed after signing, or signed by a
// key it never registered; revoking the key lifts the requirement. Another hospital's user cannot touch its keys.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FHIR_JSON, HOSPITAL_API, HOSPITAL_KEY_HEADER, type OperationOutcome } from '@auto-claim/contract';
import { HOSPITAL_PORTAL_API, type SigningKeyList } from '@auto-claim/contract/ops';
import { jwkThumbprint, publicJwkOf, signBundle } from '@auto-claim/kr-silson-claim';
import type { Bundle, Invoice } from '@medplum/fhirtypes';
import { feedSource } from '../../../fixtures/factories.js';
import { build, problemOf, signInHospitalUser, signInOperator, testClock, type TestApp } from '../../helper.js';

const CLINIC = '11100001';
const OTHER = '11200002';
const keyOf = (cd: string) => `test-fhir-key-${cd}-0123456789abcdef`;
const clock = testClock(new Date('2026-11-10T03:00:00Z'));
let t: TestApp;
let clinicUser: Record<string, string>;
let otherUser: Record<string, string>;
let n = 0;

/** The guide's clinic visit under a receipt number of its own. */
const visit = (): Bundle =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../../../../fhir/ig/examples/clinic-outpatient.json'), 'utf8')
      .replaceAll('R-20261102-0001', `R-20261102-0001-S${++n}`)
      .replaceAll('20261102-00017', `20261102-9${String(n).padStart(4, '0')}`),
  );
const signed = (key: KeyObject, b = visit()) =>
  signBundle(b, key, { hospitalCd: CLINIC, when: '2026-11-02T12:00:00+09:00' });
const post = (b: Bundle, cd = CLINIC) =>
  t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.fhirBundle,
    headers: { [HOSPITAL_KEY_HEADER]: keyOf(cd), 'content-type': FHIR_JSON },
    payload: JSON.stringify(b),
  });
const issuesOf = (res: { body: string }) => (JSON.parse(res.body) as OperationOutcome).issue;
const register = (headers: Record<string, string>, publicKey: string) =>
  t.app.inject({ method: 'POST', url: HOSPITAL_PORTAL_API.signingKeys, headers, payload: { publicKey } });
const listOf = async (headers: Record<string, string>) =>
  (await t.app.inject({ url: HOSPITAL_PORTAL_API.signingKeys, headers })).json() as SigningKeyList;

const ours = generateKeyPairSync('ed25519').privateKey;
const jwk = publicJwkOf(ours);

beforeAll(async () => {
  t = await build({ clock });
  for (const cd of [CLINIC, OTHER])
    await feedSource(t.app.ctx, { hospitalCd: cd, hospitalNm: `병원${cd}`, key: keyOf(cd) });
  const admin = (await signInOperator(t, 'admin')).headers;
  clinicUser = (await signInHospitalUser(t, admin, CLINIC)).headers;
  otherUser = (await signInHospitalUser(t, admin, OTHER)).headers;
}, 120_000);
afterAll(() => t?.close());

describe('bundle signing keys', () => {
  it('a signature before any key is registered is refused as unknown; an unsigned bundle is taken', async () => {
    const res = await post(signed(ours));
    expect(res.statusCode, res.body).toBe(422);
    expect(issuesOf(res)).toMatchObject([
      { expression: ['Bundle.signature'], details: { text: expect.stringContaining('등록된 서명 키가 아니에요') } },
    ]);
    expect((await post(visit())).statusCode).toBe(201);
  });

  it('her hospital user registers the kit’s public key; a private key or garbage is refused naming publicKey', async () => {
    for (const bad of ['not a key', JSON.stringify(ours.export({ format: 'jwk' }))]) {
      const res = await register(clinicUser, bad);
      expect(res.statusCode).toBe(400);
      expect(problemOf(res).errors).toMatchObject([{ field: 'publicKey' }]);
    }
    expect((await listOf(clinicUser)).list).toEqual([]);
    const res = await register(clinicUser, JSON.stringify(jwk));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ kid: jwkThumbprint(jwk) });
    // The same again changes nothing.
    expect((await register(clinicUser, JSON.stringify(jwk))).statusCode).toBe(200);
    expect((await listOf(clinicUser)).list).toMatchObject([{ kid: jwkThumbprint(jwk) }]);
    expect((await listOf(otherUser)).list).toEqual([]);
  });

  it('then takes a bundle signed by it, and refuses one unsigned, changed after signing, or signed by another key', async () => {
    expect((await post(signed(ours))).statusCode).toBe(201);

    const unsigned = await post(visit());
    expect(unsigned.statusCode).toBe(422);
    expect(issuesOf(unsigned)).toMatchObject([
      { code: 'required', expression: ['Bundle.signature'], details: { text: expect.stringContaining('서명') } },
    ]);

    const changed = signed(ours);
    const invoice = changed.entry!.find((e) => e.resource!.resourceType === 'Invoice')!.resource as Invoice;
    invoice.note = [{ text: 'changed after signing' }];
    const tampered = await post(changed);
    expect(tampered.statusCode).toBe(422);
    expect(issuesOf(tampered)).toMatchObject([
      { expression: ['Bundle.signature'], details: { text: expect.stringContaining('번들 내용과 맞지 않아요') } },
    ]);

    const stranger = await post(signed(generateKeyPairSync('ed25519').privateKey));
    expect(stranger.statusCode).toBe(422);
    expect(issuesOf(stranger)[0]!.diagnostics).toContain('not one registered');
  });

  it('another hospital’s user cannot revoke it; her revoking it lifts the requirement', async () => {
    const kid = jwkThumbprint(jwk);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: HOSPITAL_PORTAL_API.signingKey(kid),
      headers: otherUser,
    });
    expect(problemOf(theirs)).toMatchObject({ status: 404, code: 'SIGNING_KEY_NOT_FOUND' });
    expect((await post(visit())).statusCode).toBe(422);

    const mine = await t.app.inject({
      method: 'DELETE',
      url: HOSPITAL_PORTAL_API.signingKey(kid),
      headers: clinicUser,
    });
    expect(mine.statusCode, mine.body).toBe(204);
    expect((await listOf(clinicUser)).list).toEqual([]);
    expect((await post(visit())).statusCode).toBe(201);
    // Her record says who did both.
    const actions = await t.db.db
      .selectFrom('operatorAction')
      .select(['action', 'target', 'detail'])
      .where('action', 'in', ['signing_key_added', 'signing_key_revoked'])
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'signing_key_added', target: CLINIC, detail: kid },
      { action: 'signing_key_added', target: CLINIC, detail: kid },
      { action: 'signing_key_revoked', target: CLINIC, detail: kid },
    ]);
  });
});
