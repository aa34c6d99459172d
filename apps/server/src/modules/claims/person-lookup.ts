// The records' share of finding a patient by what a caller says (README "Operator console", "Search by what a caller
// says"): the name and birth date the hospital sent, as keyed lookup hashes (security/person-lookup.ts) beside the
// sealed person. feed.ts writes them; the minute tick fills in records from before migration 0039.
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { birthHmacOf, nameHmacOf } from '../../security/person-lookup.js';
import type { RecordPerson } from './common.js';
import { claimsDb } from './tables.js';

/**
 * Hashes the name and birth date of up to `batches` × `size` records that have none yet, one statement per batch;
 * resumable, as each batch is written before the next is read (the partial index treatment_record_unhashed finds
 * them). Answers how many.
 */
export async function hashRecordPersons(ctx: AppContext, batches = 5, size = 1000): Promise<number> {
  let done = 0;
  for (let i = 0; i < batches; i++) {
    const rows = await claimsDb(ctx)
      .selectFrom('treatmentRecord')
      .select(['id', 'personEnc'])
      .where('nameHmac', 'is', null)
      .orderBy('id')
      .limit(size)
      .execute();
    if (rows.length === 0) break;
    const values = rows.map((r) => {
      const p = ctx.crypto.decryptJson<RecordPerson>(r.personEnc);
      return sql`(${String(r.id)}::bigint, ${nameHmacOf(ctx, p.name)}, ${birthHmacOf(ctx, p.birthDate)})`;
    });
    await sql`update treatment_record t set name_hmac = v.n, birth_hmac = v.b
      from (values ${sql.join(values)}) as v(id, n, b) where t.id = v.id and t.name_hmac is null`.execute(
      claimsDb(ctx),
    );
    done += rows.length;
    if (rows.length < size) break;
  }
  return done;
}
