// SQL for the terms: the version of each term in effect on a day, and the agreements to them.
import { sql } from 'kysely';
import type { Handle } from '../../db/handle.js';
import { termsDb } from './tables.js';

/**
 * The version of each term in effect on `today` (YYYYMMDD, KST): the latest effective date not after today among the
 * active versions, the latest published on the same day. Older versions stay for the record; later ones wait.
 */
export const effectiveTerms = (handle: Handle, today: string) =>
  termsDb(handle)
    .selectFrom('terms')
    .selectAll()
    .distinctOn('termsId')
    .where('active', '=', true)
    .where('effectiveDate', '<=', today)
    .orderBy('termsId')
    .orderBy('effectiveDate', 'desc')
    .orderBy(sql`published_at desc nulls last`)
    .orderBy('version', 'desc');

export const listTerms = (handle: Handle, today: string, termsGroup: string, insuCompCd?: string) => {
  let s = termsDb(handle)
    .selectFrom(effectiveTerms(termsDb(handle), today).as('t'))
    .select(['termsId', 'termsGroup', 'insuCompCd', 'title', 'version', 'required', 'effectiveDate', 'content'])
    .where('termsGroup', '=', termsGroup as never);
  if (insuCompCd) s = s.where('insuCompCd', '=', insuCompCd);
  return s.orderBy('sortOrder').orderBy('termsId').execute();
};

/** Required terms of the given groups, the version in effect on `today` (YYYYMMDD, KST). */
export const requiredTerms = (
  handle: Handle,
  today: string,
  groups: ('TELECOM' | 'SERVICE' | 'LMHC_SUBS' | 'INSU_CLAIM')[],
) =>
  termsDb(handle)
    .selectFrom(effectiveTerms(termsDb(handle), today).as('t'))
    .select(['termsId', 'termsGroup', 'insuCompCd', 'title'])
    .where('termsGroup', 'in', groups)
    .where('required', '=', true)
    .execute();

/** The terms with these ids (any group) in the version in effect on `today`, for recording an agreement with it. */
export const termsByIds = (handle: Handle, today: string, termsIds: string[]) =>
  termsIds.length === 0
    ? Promise.resolve([])
    : termsDb(handle)
        .selectFrom(effectiveTerms(termsDb(handle), today).as('t'))
        .select(['termsId', 'termsGroup', 'version', 'required'])
        .where('termsId', 'in', termsIds)
        .orderBy('sortOrder')
        .orderBy('termsId')
        .execute();
