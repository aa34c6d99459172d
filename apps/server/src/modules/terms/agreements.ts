// The agreements to the terms (the evidence, spec §7 Auth): which required terms a call must carry, each agreement
// recorded with the version in effect, and what other code may ask of them. Agreements are recorded at an SMS send
// (bound to its request, dropped if nothing was sent: identity) and by the patient's session (POST /auth/rest/terms).
import { sql, type Expression, type RawBuilder } from 'kysely';
import { kstToday } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { AppError } from '../../http/problem.js';
import { requiredTerms, termsByIds } from './repo.js';
import { termsDb } from './tables.js';

/** Every required term of the group must be among the ids agreed. */
export async function assertRequiredTerms(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  termsGroup: 'TELECOM' | 'SERVICE',
  termsIds: string[],
) {
  const required = await requiredTerms(ctx.db, kstToday(ctx.clock.now()), [termsGroup]);
  const missing = required.filter((t) => !termsIds.includes(t.termsId));
  if (missing.length > 0) {
    throw new AppError('TERMS_REQUIRED', '필수 약관에 모두 동의해 주세요.', [
      { field: 'termsIds', message: `${missing.map((t) => t.title).join(', ')}에 동의해 주세요.` },
    ]);
  }
}

/** Records each agreement (term id and its current version, time, who) as evidence. */
export async function recordAgreements(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  termsIds: string[],
  who: { ciHmac?: string; smsRequestSeq?: string; ipHmac: string },
) {
  const unique = [...new Set(termsIds)];
  const current = await termsByIds(ctx.db, kstToday(ctx.clock.now()), unique);
  const unknown = unique.filter((id) => !current.some((t) => t.termsId === id));
  if (unknown.length > 0) {
    throw new AppError('TERMS_UNKNOWN', '알 수 없는 약관이 있어요. 화면을 새로 고쳐 다시 동의해 주세요.', [
      { field: 'termsIds', message: `없는 약관이에요: ${unknown.join(', ')}` },
    ]);
  }
  const agreedAt = ctx.clock.now();
  if (current.length > 0) {
    await termsDb(ctx.db)
      .insertInto('termsAgreement')
      .values(
        current.map((t) => ({
          termsId: t.termsId,
          version: t.version,
          ciHmac: who.ciHmac ?? null,
          smsRequestSeq: who.smsRequestSeq ?? null,
          ipHmac: who.ipHmac,
          agreedAt,
        })),
      )
      .execute();
  }
  return current.map((t) => ({ termsId: t.termsId, version: t.version, agreedAt: agreedAt.toISOString() }));
}

/** The agreements recorded for an SMS request that was never sent: nothing was agreed to (identity/service.ts). */
export async function forgetAgreements(handle: Handle, smsRequestSeq: string) {
  await termsDb(handle).deleteFrom('termsAgreement').where('smsRequestSeq', '=', smsRequestSeq).execute();
}

/**
 * A SQL condition for a caller's query: the person whose CI hash is `ciHmac` agreed to `termsId` at `version`. The
 * arguments are expressions of the caller's own query (columns or values), so counting and paging stay in SQL.
 */
/** The agreements' condition (agreedTo): did this CI hash agree to this term at this version. */
export type AgreedTo = (
  ciHmac: Expression<string>,
  termsId: Expression<string>,
  version: Expression<string>,
) => RawBuilder<boolean>;

export const agreedTo: AgreedTo = (
  ciHmac: Expression<string>,
  termsId: Expression<string>,
  version: Expression<string>,
): RawBuilder<boolean> =>
  sql<boolean>`exists (select 1 from terms_agreement ta
    where ta.ci_hmac = ${ciHmac} and ta.terms_id = ${termsId} and ta.version = ${version})`;
