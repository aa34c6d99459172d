// A hospital's bundle signing keys (fhir/ig/README.md, "Signing"): registered and revoked by its hospital user, read
// for every bundle. While a hospital has a live key, a bundle without a signature one of them verifies is refused
// (422, Bundle.signature); without one, a signature is checked against nothing and refused as unknown, so that a
// vendor learns of a missing registration before it is relied on.
import type { Bundle } from '@medplum/fhirtypes';
import { jwkThumbprint, parsePublicJwk, verifyBundleSignature, type PublicJwk } from '@auto-claim/kr-silson-claim';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import { Refusal } from './outcome.js';
import { intakeDb } from './tables.js';

/** A hospital may keep a few keys live at once (one per EMR server, and the next one during a rotation). */
export const MAX_LIVE_SIGNING_KEYS = 5;
/** How long a web process trusts its read of a hospital's keys: a key revoked elsewhere stops within this. */
const KEYS_TTL_MS = 10_000;

const cache = new Map<string, { at: number; keys: { kid: string; jwk: PublicJwk }[] }>();

async function liveKeys(ctx: AppContext, hospitalCd: string) {
  const now = Date.now();
  const hit = cache.get(hospitalCd);
  if (hit && now - hit.at < KEYS_TTL_MS) return hit.keys;
  const rows = await intakeDb(ctx)
    .selectFrom('hospitalSigningKey')
    .select(['kid', 'publicJwk'])
    .where('hospitalCd', '=', hospitalCd)
    .where('revokedAt', 'is', null)
    .execute();
  const keys = rows.map((r) => ({ kid: r.kid, jwk: r.publicJwk }));
  cache.set(hospitalCd, { at: now, keys });
  return keys;
}

/** Refuses a bundle whose signature the hospital's keys do not verify, or that lacks one while it has keys. */
export async function checkSignature(ctx: AppContext, text: string, hospitalCd: string, receiptNo: string) {
  const keys = await liveKeys(ctx, hospitalCd);
  // Only a signed bundle, or a hospital with keys, pays for a second parse.
  if (keys.length === 0 && !text.includes('"signature"')) return;
  const bundle = JSON.parse(text) as Bundle;
  if (!bundle.signature) {
    if (keys.length === 0) return;
    throw new Refusal(
      422,
      [
        {
          code: 'required',
          rule: 'signature',
          expression: 'Bundle.signature',
          ko: '이 병원은 서명 키를 등록했어요. 등록한 키로 서명한 번들을 보내 주세요.',
          en: 'This hospital registered a signing key: send bundles signed with it.',
        },
      ],
      receiptNo,
    );
  }
  const got = verifyBundleSignature(bundle, keys);
  if (!got.ok)
    throw new Refusal(
      422,
      [{ code: 'invalid', rule: 'signature', expression: 'Bundle.signature', ko: got.ko, en: got.en }],
      receiptNo,
    );
}

export interface SigningKeyView {
  kid: string;
  createdAt: Date;
  createdBy: string;
}

/** The hospital's live keys, newest first (a handful: MAX_LIVE_SIGNING_KEYS). */
export const signingKeysOf = (ctx: AppContext, hospitalCd: string): Promise<SigningKeyView[]> =>
  intakeDb(ctx)
    .selectFrom('hospitalSigningKey')
    .select(['kid', 'createdAt', 'createdBy'])
    .where('hospitalCd', '=', hospitalCd)
    .where('revokedAt', 'is', null)
    .orderBy('id', 'desc')
    .execute();

/** Registers a public key (a JWK's text) for the hospital: its kid, or a 4xx naming `publicKey`. */
export async function addSigningKey(ctx: AppContext, hospitalCd: string, text: string, by: string) {
  const jwk = parsePublicJwk(text);
  if (!jwk)
    throw new AppError(
      'VALIDATION_FAILED',
      '공개 키를 읽을 수 없어요. keygen이 보여 준 공개 키 한 줄을 붙여 넣어 주세요. 개인 키는 넣지 마세요.',
      [
        {
          field: 'publicKey',
          message:
            'auto-claim-kit keygen이 보여 준 공개 키(JWK, Ed25519)를 그대로 붙여 넣어 주세요. 개인 키는 넣지 마세요.',
        },
      ],
    );
  const kid = jwkThumbprint(jwk);
  const now = ctx.clock.now();
  await intakeDb(ctx)
    .transaction()
    .execute(async (tx) => {
      const live = await tx
        .selectFrom('hospitalSigningKey')
        .select(['kid'])
        .where('hospitalCd', '=', hospitalCd)
        .where('revokedAt', 'is', null)
        .forUpdate()
        .execute();
      if (live.some((k) => k.kid === kid)) return;
      if (live.length >= MAX_LIVE_SIGNING_KEYS)
        throw new AppError('SIGNING_KEYS_FULL', `서명 키는 ${MAX_LIVE_SIGNING_KEYS}개까지 둘 수 있어요.`, [
          { field: 'publicKey', message: '쓰지 않는 키를 먼저 폐기해 주세요.' },
        ]);
      await tx
        .insertInto('hospitalSigningKey')
        .values({ hospitalCd, kid, publicJwk: JSON.stringify(jwk) as never, createdAt: now, createdBy: by })
        .onConflict((oc) =>
          oc
            .columns(['hospitalCd', 'kid'])
            .doUpdateSet({ revokedAt: null, revokedBy: null, createdAt: now, createdBy: by }),
        )
        .execute();
    });
  cache.delete(hospitalCd);
  return kid;
}

/** Revokes one of the hospital's keys: its bundles are no longer accepted under it. False when none was live. */
export async function revokeSigningKey(ctx: AppContext, hospitalCd: string, kid: string, by: string) {
  const r = await intakeDb(ctx)
    .updateTable('hospitalSigningKey')
    .set({ revokedAt: ctx.clock.now(), revokedBy: by })
    .where('hospitalCd', '=', hospitalCd)
    .where('kid', '=', kid)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  cache.delete(hospitalCd);
  return Number(r.numUpdatedRows) > 0;
}
