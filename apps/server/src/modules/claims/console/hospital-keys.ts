// A hospital's API keys as operators handle them (README "Operator console"): listed without the key, issued (the key
// answered once, stored as its SHA-256), revoked, rotated with an overlap; each change in the operators' record, in
// the same transaction. feed.ts checks them on every call of the hospital feed.
import type { OpsHospitalKey } from '@auto-claim/contract/ops';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../http/problem.js';
import { randomToken, sha256 } from '../../../security/crypto.js';
import { byOperator, recordOperatorAction } from '../../audit/index.js';
import { claimsDb, type ClaimsDb, claimsTransaction } from '../tables.js';

/** A new API key for a hospital: the key is answered once and stored as its SHA-256. */
export async function issueHospitalKey(db: ClaimsDb, hospitalCd: string, label = '', issuedBy: string | null = null) {
  const key = `hk_${hospitalCd}_${randomToken(32)}`;
  const row = await db
    .insertInto('hospitalApiKey')
    .values({
      hospitalCd,
      keyHash: sha256(key),
      keyPrefix: key.slice(0, 14),
      label,
      lastUsedAt: null,
      revokedAt: null,
      issuedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { keyId: Number(row.id), apiKey: key };
}

const KEY_COLUMNS = [
  'id',
  'hospitalCd',
  'keyPrefix',
  'label',
  'createdAt',
  'lastUsedAt',
  'revokedAt',
  'revokedBy',
  'expiresAt',
  'issuedBy',
  'replacedBy',
] as const;

/** A hospital's keys as operators see them: never the key, only its first characters, label and use. */
export async function hospitalKeys(ctx: AppContext, hospitalCd: string): Promise<OpsHospitalKey[]> {
  const rows = await claimsDb(ctx)
    .selectFrom('hospitalApiKey')
    .select(KEY_COLUMNS)
    .where('hospitalCd', '=', hospitalCd)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const now = ctx.clock.now();
  return rows.map((r) => keyView(r, now));
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const keyView = (
  r: {
    id: number;
    hospitalCd: string;
    keyPrefix: string;
    label: string;
    createdAt: Date;
    lastUsedAt: Date | null;
    revokedAt: Date | null;
    revokedBy: string | null;
    expiresAt: Date | null;
    issuedBy: string | null;
    replacedBy: string | number | null;
  },
  now: Date,
): OpsHospitalKey => ({
  keyId: Number(r.id),
  hospitalCd: r.hospitalCd,
  keyPrefix: r.keyPrefix,
  label: r.label,
  createdAt: iso(r.createdAt)!,
  lastUsedAt: iso(r.lastUsedAt),
  revokedAt: iso(r.revokedAt),
  revokedBy: r.revokedBy,
  expiresAt: iso(r.expiresAt),
  issuedBy: r.issuedBy,
  replacedBy: r.replacedBy === null ? null : Number(r.replacedBy),
  live: r.revokedAt === null && (r.expiresAt === null || new Date(r.expiresAt).getTime() > now.getTime()),
});

const oneKey = (db: ClaimsDb, hospitalCd: string, keyId: number) =>
  db
    .selectFrom('hospitalApiKey')
    .select(KEY_COLUMNS)
    .where('id', '=', keyId)
    .where('hospitalCd', '=', hospitalCd)
    .executeTakeFirst();

/** Revokes one key of a hospital at once (the next call with it is refused); revoking it again changes nothing. */
export async function revokeHospitalKey(
  ctx: AppContext,
  hospitalCd: string,
  keyId: number,
  operator: { operatorId?: string; ip: string },
): Promise<OpsHospitalKey | undefined> {
  const now = ctx.clock.now();
  return claimsTransaction(ctx).execute(async (tx) => {
    const revoked = await tx
      .updateTable('hospitalApiKey')
      .set({ revokedAt: now, revokedBy: operator.operatorId! })
      .where('id', '=', keyId)
      .where('hospitalCd', '=', hospitalCd)
      .where('revokedAt', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (revoked) {
      await recordOperatorAction(
        tx,
        { ...byOperator(ctx, operator), action: 'hospital_key_revoked', target: hospitalCd, detail: `key ${keyId}` },
        now,
      );
    }
    const row = await oneKey(tx, hospitalCd, keyId);
    return row && keyView(row, now);
  });
}

/** Issues a key and writes it down as the operator's action, in one transaction. */
export async function issueHospitalKeyBy(
  ctx: AppContext,
  hospitalCd: string,
  label: string,
  operator: { operatorId?: string; ip: string },
) {
  const now = ctx.clock.now();
  return claimsTransaction(ctx).execute(async (tx) => {
    const issued = await issueHospitalKey(tx, hospitalCd, label, operator.operatorId ?? null);
    await recordOperatorAction(
      tx,
      {
        ...byOperator(ctx, operator),
        action: 'hospital_key_issued',
        target: hospitalCd,
        detail: `key ${issued.keyId}`,
      },
      now,
    );
    return issued;
  });
}

/**
 * Rotation: a new key now, and the old one keeps working for `overlapHours` (so the hospital can switch without a
 * gap), then is refused. Only a live key that was not rotated before can be rotated.
 */
export async function rotateHospitalKey(
  ctx: AppContext,
  hospitalCd: string,
  keyId: number,
  opts: { overlapHours: number; label?: string },
  operator: { operatorId?: string; ip: string },
) {
  const now = ctx.clock.now();
  return claimsTransaction(ctx).execute(async (tx) => {
    const old = await tx
      .selectFrom('hospitalApiKey')
      .select(KEY_COLUMNS)
      .where('id', '=', keyId)
      .where('hospitalCd', '=', hospitalCd)
      .forUpdate()
      .executeTakeFirst();
    if (!old) return undefined;
    if (!keyView(old, now).live || old.replacedBy !== null) {
      throw new AppError('HOSPITAL_KEY_NOT_LIVE', '폐기되었거나 이미 교체한 키예요. 사용 중인 키만 교체할 수 있어요.');
    }
    const issued = await issueHospitalKey(tx, hospitalCd, opts.label ?? old.label, operator.operatorId ?? null);
    const expiresAt = new Date(now.getTime() + opts.overlapHours * 3_600_000);
    await tx
      .updateTable('hospitalApiKey')
      .set({ expiresAt, replacedBy: issued.keyId })
      .where('id', '=', keyId)
      .execute();
    await recordOperatorAction(
      tx,
      {
        ...byOperator(ctx, operator),
        action: 'hospital_key_rotated',
        target: hospitalCd,
        detail: JSON.stringify({ oldKeyId: keyId, newKeyId: issued.keyId, overlapHours: opts.overlapHours }),
      },
      now,
    );
    return { ...issued, old: keyView((await oneKey(tx, hospitalCd, keyId))!, now) };
  });
}
