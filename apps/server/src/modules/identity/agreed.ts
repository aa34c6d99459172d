// What other modules may ask of the terms agreements: whether a person (by the CI's keyed hash) agreed to a version.
import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * A SQL condition for a caller's query: the person whose CI hash is `ciHmac` agreed to `termsId` at `version`. The
 * arguments are expressions of the caller's own query (columns or values), so counting and paging stay in SQL.
 */
export const agreedTo = (
  ciHmac: Expression<string>,
  termsId: Expression<string>,
  version: Expression<string>,
): RawBuilder<boolean> =>
  sql<boolean>`exists (select 1 from terms_agreement ta
    where ta.ci_hmac = ${ciHmac} and ta.terms_id = ${termsId} and ta.version = ${version})`;
