// A bundle signed by the 요양기관 that issued it (fhir/ig/README.md, "Signing"): FHIR R4 `Bundle.signature` holding a
// JWS (RFC 7515) with a detached payload (Appendix F) over the bundle's JSON canonical form (RFC 8785, JCS) with
// `Bundle.id`, `Bundle.meta` and `Bundle.signature` removed, as FHIR's digital signatures and the Da Vinci CDex
// signature profile lay it out. The key is Ed25519 (EdDSA, RFC 8037), named by its RFC 7638 thumbprint (`kid`); the
// hospital registers its public key once in its account, so that a bundle proves which hospital sent it even to
// someone who holds its API key.
import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { Bundle, Signature } from '@medplum/fhirtypes';
import { KR } from './systems';

/** ASTM E1762-95 "Author's Signature" (the Signature.type FHIR names for the author of the content). */
export const AUTHOR_SIGNATURE = { system: 'urn:iso-astm:E1762-95:2013', code: '1.2.840.10065.1.12.1.1' } as const;
export const SIGNATURE_TARGET_FORMAT =
  'application/fhir+json;canonicalization=http://hl7.org/fhir/canonicalization/json';
export const SIGNATURE_FORMAT = 'application/jose';

/** An Ed25519 public key as a JWK (RFC 8037): what a hospital registers. */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** The bytes signed: the bundle without its id, meta and signature, in RFC 8785 canonical form. */
export function signingContent(bundle: Bundle): string {
  const { id: _id, meta: _meta, signature: _signature, ...rest } = bundle;
  return canonicalize(rest)!;
}

/** A key's JWK thumbprint (RFC 7638: SHA-256 over its required members, in order), base64url: its `kid`. */
export const jwkThumbprint = (jwk: PublicJwk) =>
  b64url(
    createHash('sha256')
      .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x }))
      .digest(),
  );

/** The public half of an Ed25519 key, as a JWK. */
export function publicJwkOf(key: KeyObject): PublicJwk {
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new Error('not an Ed25519 key');
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x };
}

/** A JWK as a hospital pastes it (JSON text), if it is an Ed25519 public key; never a private one. */
export function parsePublicJwk(text: string): PublicJwk | undefined {
  let jwk: unknown;
  try {
    jwk = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof jwk !== 'object' || jwk === null) return undefined;
  const j = jwk as Record<string, unknown>;
  if (j.kty !== 'OKP' || j.crv !== 'Ed25519' || typeof j.x !== 'string' || 'd' in j) return undefined;
  if (!/^[A-Za-z0-9_-]{43}$/.test(j.x)) return undefined;
  try {
    createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: j.x }, format: 'jwk' });
  } catch {
    return undefined;
  }
  return { kty: 'OKP', crv: 'Ed25519', x: j.x };
}

/** The bundle with its `signature`, made with the hospital's private key (`hospitalCd`: its 요양기관기호). */
export function signBundle(bundle: Bundle, privateKey: KeyObject, o: { hospitalCd: string; when: string }): Bundle {
  const kid = jwkThumbprint(publicJwkOf(privateKey));
  const header = b64url(JSON.stringify({ alg: 'EdDSA', kid }));
  const input = `${header}.${b64url(signingContent(bundle))}`;
  const jws = `${header}..${b64url(sign(null, Buffer.from(input), privateKey))}`;
  const signature: Signature = {
    type: [AUTHOR_SIGNATURE],
    when: o.when,
    who: { identifier: { system: KR.krnpi, value: o.hospitalCd } },
    targetFormat: SIGNATURE_TARGET_FORMAT,
    sigFormat: SIGNATURE_FORMAT,
    data: Buffer.from(jws).toString('base64'),
  };
  return { ...bundle, signature };
}

export type SignatureCheck =
  { ok: true; kid: string } | { ok: false; why: 'malformed' | 'unknown-key' | 'mismatch'; ko: string; en: string };

/** Checks `bundle.signature` against the hospital's registered keys (by kid). */
export function verifyBundleSignature(
  bundle: Bundle,
  keys: readonly { kid: string; jwk: PublicJwk }[],
): SignatureCheck {
  const malformed: SignatureCheck = {
    ok: false,
    why: 'malformed',
    ko: `서명을 읽을 수 없어요. sigFormat ${SIGNATURE_FORMAT}, data에 분리된 페이로드의 JWS(EdDSA)를 base64로 넣어 주세요.`,
    en: `Unreadable signature: sigFormat ${SIGNATURE_FORMAT}, data a base64 JWS (EdDSA) with a detached payload.`,
  };
  const s = bundle.signature;
  if (!s || s.sigFormat !== SIGNATURE_FORMAT || typeof s.data !== 'string') return malformed;
  const parts = Buffer.from(s.data, 'base64').toString('utf8').split('.');
  if (parts.length !== 3 || parts[1] !== '') return malformed;
  let header: { alg?: unknown; kid?: unknown; crit?: unknown };
  try {
    header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as typeof header;
  } catch {
    return malformed;
  }
  // No critical extensions are understood here (RFC 7515 §4.1.11): a `crit` header cannot be honoured.
  if (header.alg !== 'EdDSA' || typeof header.kid !== 'string' || header.crit !== undefined) return malformed;
  const key = keys.find((k) => k.kid === header.kid);
  if (!key)
    return {
      ok: false,
      why: 'unknown-key',
      ko: '이 병원 계정에 등록된 서명 키가 아니에요. 병원 계정 화면에서 공개 키를 등록하거나 등록된 키로 서명해 주세요.',
      en: "The signing key (kid) is not one registered in the hospital's account.",
    };
  const input = `${parts[0]}.${b64url(signingContent(bundle))}`;
  const good = verify(
    null,
    Buffer.from(input),
    createPublicKey({ key: { ...key.jwk }, format: 'jwk' }),
    Buffer.from(parts[2]!, 'base64url'),
  );
  return good
    ? { ok: true, kid: key.kid }
    : {
        ok: false,
        why: 'mismatch',
        ko: '서명이 번들 내용과 맞지 않아요. 서명한 뒤 번들이 바뀌었거나 다른 키로 서명했어요.',
        en: 'The signature does not match the bundle: it changed after signing, or another key signed it.',
      };
}
