import { CamelCasePlugin, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { banks } from '../seed/banks.js';
import { hospitals } from '../seed/hospitals.js';
import { insurers } from '../seed/insurers.js';
import { jobs } from '../seed/jobs.js';
import { telecoms } from '../seed/telecoms.js';
import { terms } from '../seed/terms.js';

// The reference data as first released. Later corrections go in new migrations (operators may have edited rows).
export async function up(raw: Kysely<unknown>): Promise<void> {
  const db = (raw as unknown as Kysely<Database>).withPlugin(new CamelCasePlugin());
  await db.insertInto('telecom').values(telecoms).execute();
  await db.insertInto('bank').values(banks).execute();
  await db
    .insertInto('insurer')
    .values(insurers.map(({ faxNumbers: _f, photoControls: _p, ...i }) => i))
    .execute();
  await db
    .insertInto('insurerFax')
    .values(insurers.flatMap((i) => i.faxNumbers.map((f) => ({ insuCompCd: i.insuCompCd, ...f }))))
    .execute();
  await db
    .insertInto('uiControl')
    .values(
      insurers.flatMap((i) => i.photoControls.map((c) => ({ compCd: i.insuCompCd, compType: 'INSU_PHOTO', ...c }))),
    )
    .execute();
  // Parents before children (FK), whatever order the seed lists them in.
  for (const level of [1, 2, 3]) {
    const rows = jobs.filter((j) => j.level === level);
    if (rows.length) await db.insertInto('jobCode').values(rows).execute();
  }
  await db.insertInto('terms').values(terms).execute();
  await db
    .insertInto('hospital')
    .values(hospitals.map(({ iOSPackage, ...h }) => ({ ...h, iosPackage: iOSPackage })))
    .execute();
}

export async function down(raw: Kysely<unknown>): Promise<void> {
  for (const t of ['hospital', 'terms', 'job_code', 'ui_control', 'insurer_fax', 'insurer', 'bank', 'telecom']) {
    await raw.deleteFrom(t as never).execute();
  }
}
