// A visit's intake rows go with its treatment record: when the claims module purges a record whose keeping period
// ended (held.ts, purgeUnlinkedRecords: another hospital's visit, kept unlinked 90 days), its 세부산정내역 lines, what a
// corrected receipt did to it and the bundles that brought it are deleted in the same transaction; another visit's
// stay.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { FHIR_JSON, HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import { own } from '../../../src/db/handle.js';
import type { Database } from '../../../src/db/schema.js';
import { purgeUnlinkedRecords } from '../../../src/modules/claims/held.js';
import { UNLINKED_RECORD_PURGE_DAYS } from '../../../src/modules/claims/rules.js';
import { createSubscriber, feedSource } from '../../../fixtures/factories.js';
import { build, testClock, type TestApp } from '../../helper.js';

const ig = path.resolve(import.meta.dirname, '../../../../../fhir/ig/examples');
const example = (name: string) => JSON.parse(readFileSync(path.join(ig, `${name}.json`), 'utf8'));
const HOSPITAL = '11100001';
const KEY = `test-fhir-key-${HOSPITAL}-0123456789abcdef`;
const clock = testClock(new Date('2026-11-10T03:00:00Z'));
let t: TestApp;
let db: ReturnType<typeof own<Database>>;

beforeAll(async () => {
  t = await build({ clock });
  db = own<Database>(t.db.db);
  await feedSource(t.app.ctx, { hospitalCd: HOSPITAL, hospitalNm: '예시의원', key: KEY });
}, 120_000);
afterAll(() => t?.close());

const post = async (name: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.fhirBundle,
    headers: { [HOSPITAL_KEY_HEADER]: KEY, 'content-type': FHIR_JSON },
    payload: JSON.stringify(example(name)),
  });
  expect(res.statusCode, res.body).toBe(201);
};
const recordOf = async (receiptNo: string) =>
  db
    .selectFrom('treatmentRecord')
    .select(['id', 'outcome'])
    .where('hospitalCd', '=', HOSPITAL)
    .where('receiptNo', '=', receiptNo)
    .executeTakeFirst();
const rowsOf = async (recordId: number | bigint) => {
  const n = (table: 'visit_line' | 'visit_revision' | 'fhir_bundle') =>
    sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where record_id = ${recordId}`
      .execute(db)
      .then((r) => Number(r.rows[0]!.n));
  return { lines: await n('visit_line'), revisions: await n('visit_revision'), bundles: await n('fhir_bundle') };
};

describe('purging a treatment record', () => {
  it('deletes its lines, revisions and bundles with it, and leaves another visit’s', async () => {
    // 김하늘 chose another hospital: her visit here is kept unlinked, then purged. 박바다 chose this one: claimed, kept.
    await createSubscriber(t.app.ctx, {
      userNm: '김하늘',
      birthDate: '19580314',
      idno2: '2000000',
      hospitals: ['90000001'],
    });
    await createSubscriber(t.app.ctx, {
      userNm: '박바다',
      birthDate: '19491224',
      idno2: '1000000',
      hospitals: [HOSPITAL],
    });
    await post('clinic-outpatient');
    await post('corrected');
    await post('medical-aid');
    await t.app.claimEngine.drain();

    const gone = (await recordOf('R-20261102-0001'))!;
    const kept = (await recordOf('R-20261107-0002'))!;
    expect(gone.outcome).toBe('hospital_not_subscribed');
    expect(kept.outcome).toBe('claimed');
    const before = await rowsOf(gone.id);
    expect(before.lines).toBeGreaterThan(0);
    expect(before).toMatchObject({ revisions: 1, bundles: 2 });
    const keptBefore = await rowsOf(kept.id);
    expect(keptBefore.lines).toBeGreaterThan(0);

    // Not before its period ends.
    const day = 86_400_000;
    const soon = new Date(clock.now().getTime() + (UNLINKED_RECORD_PURGE_DAYS - 1) * day);
    expect(await purgeUnlinkedRecords(t.db.db, soon)).toBe(0);
    expect(await rowsOf(gone.id)).toEqual(before);

    const later = new Date(clock.now().getTime() + (UNLINKED_RECORD_PURGE_DAYS + 1) * day);
    expect(await purgeUnlinkedRecords(t.db.db, later, { batch: 1 })).toBe(1);
    expect(await recordOf('R-20261102-0001')).toBeUndefined();
    expect(await rowsOf(gone.id)).toEqual({ lines: 0, revisions: 0, bundles: 0 });
    expect(await rowsOf(kept.id)).toEqual(keptBefore);

    // In a caller's transaction (the purges' index test runs them so) it purges in that transaction.
    await t.db.db.transaction().execute(async (trx) => {
      expect(await purgeUnlinkedRecords(trx, later)).toBe(0);
    });
  });
});
