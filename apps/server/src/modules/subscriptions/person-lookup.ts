// The subscriptions' share of finding a patient by what a caller says (README "Operator console", "Search by what a
// caller says"): the verified phone's keyed lookup hash (security/person-lookup.ts), written by enrol.ts and
// manage.ts, filled in by the minute tick for rows from before migration 0039, and the patients a phone finds; a
// guardian's name and birth date on her child's subscription (migration 0058), and the children a guardian's name finds.
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { birthHmacOf, nameHmacOf, phoneHmacOf } from '../../security/person-lookup.js';
import { guardianOf, personOf } from './person.js';
import { subscriptionsDb } from './tables.js';

/** Written where a subscription has no phone: no search finds it, and the tick does not read it again. */
const NO_PHONE = '-';

/**
 * Hashes the phone of up to `batches` × `size` subscriptions that have none yet (rows from before migration 0039),
 * one statement per batch; resumable, as each batch is written before the next is read. Answers how many.
 */
export async function hashSubscriptionPhones(ctx: AppContext, batches = 5, size = 1000): Promise<number> {
  const db = subscriptionsDb(ctx.db);
  let done = 0;
  for (let i = 0; i < batches; i++) {
    const rows = await db
      .selectFrom('subscription')
      .select(['insuApplyId', 'personEnc'])
      .where('phoneHmac', 'is', null)
      .limit(size)
      .execute();
    if (rows.length === 0) break;
    const values = rows.map((r) => {
      const tel = personOf(ctx, r.personEnc).userTel;
      return sql`(${r.insuApplyId}, ${tel ? phoneHmacOf(ctx, tel) : NO_PHONE})`;
    });
    await sql`update subscription s set phone_hmac = v.h from (values ${sql.join(values)}) as v(id, h)
      where s.insu_apply_id = v.id and s.phone_hmac is null`.execute(db);
    done += rows.length;
    if (rows.length < size) break;
  }
  return done;
}

/** The patients (keyed CI hashes) whose subscription, live or not, has this phone. */
export const ciHmacsByPhone = async (handle: Handle, phoneHmac: string, limit = 50) =>
  (
    await subscriptionsDb(handle)
      .selectFrom('subscription')
      .select('ciHmac')
      .distinct()
      .where('phoneHmac', '=', phoneHmac)
      .limit(limit)
      .execute()
  ).map((r) => r.ciHmac);

/**
 * Hashes the guardian's name and birth date of up to `size` children's subscriptions enrolled before migration 0058,
 * in one statement; resumable. Answers how many.
 */
export async function hashGuardians(ctx: AppContext, size = 1000): Promise<number> {
  const db = subscriptionsDb(ctx.db);
  const rows = await db
    .selectFrom('subscription')
    .select(['insuApplyId', 'guardianEnc'])
    .where('guardianEnc', 'is not', null)
    .where('guardianNameHmac', 'is', null)
    .limit(size)
    .execute();
  if (rows.length === 0) return 0;
  const values = rows.map((r) => {
    const g = guardianOf(ctx, r.guardianEnc!);
    return sql`(${r.insuApplyId}, ${nameHmacOf(ctx, g.userNm)}, ${birthHmacOf(ctx, g.birthday)})`;
  });
  await sql`update subscription s set guardian_name_hmac = v.n, guardian_birth_hmac = v.b
    from (values ${sql.join(values)}) as v(id, n, b)
    where s.insu_apply_id = v.id and s.guardian_name_hmac is null`.execute(db);
  return rows.length;
}

/**
 * The children's subscriptions (ids, live or not) whose guardian has this name, and this birth date when one is given:
 * a guardian who calls is found by her own name, though her child's records carry the child's.
 */
export const childSubscriptionsByGuardian = async (
  handle: Handle,
  key: { nameHmac: string; birthHmac?: string | undefined },
  limit = 50,
) => {
  let q = subscriptionsDb(handle)
    .selectFrom('subscription')
    .select('insuApplyId')
    .where('guardianNameHmac', '=', key.nameHmac);
  if (key.birthHmac) q = q.where('guardianBirthHmac', '=', key.birthHmac);
  return (await q.limit(limit).execute()).map((r) => r.insuApplyId);
};
