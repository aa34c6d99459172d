// A bundle signed by its 요양기관 (fhir/ig/README.md, "Signing"): the guide's clinic example signed with an Ed25519 key
// still conforms to the guide, verifies against the registered key, and fails on any change to what it says, on
// another key, and on a signature that is not a detached JWS.
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Bundle, Invoice } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHOR_SIGNATURE,
  jwkThumbprint,
  loadR4,
  parsePublicJwk,
  publicJwkOf,
  signBundle,
  signingContent,
  validateSilsonBundle,
  verifyBundleSignature,
} from './index';

const clinic = (): Bundle =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../../fhir/ig/examples/clinic-outpatient.json'), 'utf8'),
  );
const { privateKey } = generateKeyPairSync('ed25519');
const jwk = publicJwkOf(privateKey);
const keys = [{ kid: jwkThumbprint(jwk), jwk }];
const signed = () => signBundle(clinic(), privateKey, { hospitalCd: '11100001', when: '2026-11-02T12:00:00+09:00' });

beforeAll(() => loadR4(), 120_000);

describe('a signed bundle', () => {
  it('carries an author’s signature of its issuer that FHIR R4 and the guide accept', () => {
    const b = signed();
    expect(b.signature).toMatchObject({
      type: [AUTHOR_SIGNATURE],
      who: { identifier: { system: 'http://www.hl7korea.or.kr/Identifier/hira-krnpi', value: '11100001' } },
      sigFormat: 'application/jose',
    });
    expect(validateSilsonBundle(b)).toEqual([]);
    // A detached JWS: header, no payload, signature.
    const jws = Buffer.from(b.signature!.data!, 'base64').toString('utf8');
    expect(jws).toMatch(/^[\w-]+\.\.[\w-]+$/);
    expect(JSON.parse(Buffer.from(jws.split('.')[0]!, 'base64url').toString())).toEqual({
      alg: 'EdDSA',
      kid: keys[0]!.kid,
    });
  });

  it('verifies against the registered key, whatever its id, meta and key order', () => {
    const b = signed();
    expect(verifyBundleSignature(b, keys)).toEqual({ ok: true, kid: keys[0]!.kid });
    const reordered = JSON.parse(
      JSON.stringify({ signature: b.signature, ...b, id: 'other', meta: { versionId: '2' } }),
    );
    expect(verifyBundleSignature(reordered, keys)).toMatchObject({ ok: true });
    // The signed text is canonical: keys sorted, no whitespace, no id, meta or signature.
    expect(signingContent(reordered)).toBe(signingContent(clinic()));
    expect(signingContent(clinic())).not.toMatch(/"signature"|"meta"|\n/);
  });

  it('fails when a won changes, when another key signed it, or when the signature is no detached JWS', () => {
    const b = signed();
    const invoice = b.entry!.find((e) => e.resource!.resourceType === 'Invoice')!.resource as Invoice;
    invoice.totalNet!.value! += 1000;
    expect(verifyBundleSignature(b, keys)).toMatchObject({ ok: false, why: 'mismatch' });

    const other = generateKeyPairSync('ed25519').privateKey;
    const byOther = signBundle(clinic(), other, { hospitalCd: '11100001', when: '2026-11-02T12:00:00+09:00' });
    expect(verifyBundleSignature(byOther, keys)).toMatchObject({ ok: false, why: 'unknown-key' });
    // Another key under the registered kid (a forged header): the signature does not verify.
    const forged = structuredClone(byOther);
    const [, , sig] = Buffer.from(forged.signature!.data!, 'base64').toString().split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', kid: keys[0]!.kid })).toString('base64url');
    forged.signature!.data = Buffer.from(`${header}..${sig}`).toString('base64');
    expect(verifyBundleSignature(forged, keys)).toMatchObject({ ok: false, why: 'mismatch' });

    for (const data of ['bm90IGEgandz', Buffer.from('a.b.c').toString('base64')]) {
      const bad = { ...signed(), signature: { ...signed().signature!, data } };
      expect(verifyBundleSignature(bad, keys)).toMatchObject({ ok: false, why: 'malformed' });
    }
    const none = clinic();
    expect(verifyBundleSignature(none, keys)).toMatchObject({ ok: false, why: 'malformed' });
  });

  it('takes a hospital’s public key as a JWK, never a private one or another curve', () => {
    expect(parsePublicJwk(JSON.stringify(jwk))).toEqual(jwk);
    const priv = privateKey.export({ format: 'jwk' });
    expect(parsePublicJwk(JSON.stringify(priv))).toBeUndefined();
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
    expect(parsePublicJwk(JSON.stringify(ec))).toBeUndefined();
    expect(parsePublicJwk('not json')).toBeUndefined();
    expect(parsePublicJwk(JSON.stringify({ ...jwk, x: 'short' }))).toBeUndefined();
  });
});
