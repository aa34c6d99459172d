// Terms versions for the operator console: every version with where it stands, publishing a new one, and the
// required terms whose version in effect replaced an older one (who agreed before must agree again).
import { sql } from 'kysely';
import { KST_OFFSET_MS } from '@auto-claim/contract';

import { effectiveTerms } from './repo.js';
import type { Handle } from '../../db/handle.js';
import { termsDb } from './tables.js';

type Group = 'SERVICE' | 'TELECOM' | 'LMHC_SUBS' | 'INSU_CLAIM';

/** One page of versions (newest first within each term), each in_effect, scheduled or superseded on `today`. */
export async function pageTermsVersions(
  handle: Handle,
  today: string,
  q: { page: number; size: number; termsGroup?: Group | undefined },
) {
  const db = termsDb(handle);
  let base = db
    .selectFrom('terms as v')
    .leftJoin(effectiveTerms(db, today).as('e'), (j) =>
      j.onRef('e.termsId', '=', 'v.termsId').onRef('e.version', '=', 'v.version'),
    )
    .where('v.active', '=', true);
  if (q.termsGroup) base = base.where('v.termsGroup', '=', q.termsGroup);
  const [rows, count] = await Promise.all([
    base
      .select([
        'v.termsId',
        'v.termsGroup',
        'v.insuCompCd',
        'v.title',
        'v.version',
        'v.required',
        'v.effectiveDate',
        'v.publishedAt',
        'e.version as inEffect',
      ])
      .orderBy('v.termsGroup')
      .orderBy('v.sortOrder')
      .orderBy('v.termsId')
      .orderBy('v.effectiveDate', 'desc')
      .orderBy(sql`v.published_at desc nulls last`)
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map(({ inEffect, publishedAt, ...r }) => ({
      ...r,
      state: inEffect
        ? ('in_effect' as const)
        : r.effectiveDate > today
          ? ('scheduled' as const)
          : ('superseded' as const),
      publishedAt: publishedAt ? new Date(publishedAt).toISOString() : null,
    })),
    total: Number(count.n),
  };
}

/** One offered version with its text and where it stands on `today`; undefined when there is none (or withdrawn). */
export async function termsVersionOf(handle: Handle, today: string, termsId: string, version: string) {
  const db = termsDb(handle);
  const v = await db
    .selectFrom('terms as v')
    .leftJoin(effectiveTerms(db, today).as('e'), (j) =>
      j.onRef('e.termsId', '=', 'v.termsId').onRef('e.version', '=', 'v.version'),
    )
    .select([
      'v.termsId',
      'v.termsGroup',
      'v.insuCompCd',
      'v.title',
      'v.version',
      'v.required',
      'v.effectiveDate',
      'v.publishedAt',
      'v.content',
      'e.version as inEffect',
    ])
    .where('v.termsId', '=', termsId)
    .where('v.version', '=', version)
    .where('v.active', '=', true)
    .executeTakeFirst();
  if (!v) return undefined;
  const { inEffect, publishedAt, ...r } = v;
  return {
    ...r,
    state: inEffect
      ? ('in_effect' as const)
      : r.effectiveDate > today
        ? ('scheduled' as const)
        : ('superseded' as const),
    publishedAt: publishedAt ? new Date(publishedAt).toISOString() : null,
  };
}

export type PublishOutcome =
  | { ok: true; version: string }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'scheduled'; version: string; effectiveDate: string };

/**
 * Adds a version of an existing term: same group, insurer and place in the list; the version number one above the
 * highest. Refused while another version still waits for its effective date. `record` (the operators' record) is
 * written in the same transaction, once the version is added.
 */
export async function publishTermsVersion(
  handle: Handle,
  today: string,
  t: { termsId: string; title: string; content: string; required: boolean; effectiveDate: string },
  now: Date,
  record: (tx: Handle, version: string) => Promise<void>,
): Promise<PublishOutcome> {
  return termsDb(handle)
    .transaction()
    .execute(async (tx) => {
      const versions = await tx
        .selectFrom('terms')
        .selectAll()
        .where('termsId', '=', t.termsId)
        .orderBy('effectiveDate', 'desc')
        .forUpdate()
        .execute();
      const latest = versions[0];
      if (!latest) return { ok: false, reason: 'unknown' } as const;
      const waiting = versions.find((v) => v.active && v.effectiveDate > today);
      if (waiting) {
        return {
          ok: false,
          reason: 'scheduled',
          version: waiting.version,
          effectiveDate: waiting.effectiveDate,
        } as const;
      }
      const major = Math.max(0, ...versions.map((v) => Math.floor(Number.parseFloat(v.version)) || 0));
      const version = `${major + 1}.0`;
      await tx
        .insertInto('terms')
        .values({
          termsId: t.termsId,
          version,
          termsGroup: latest.termsGroup,
          insuCompCd: latest.insuCompCd,
          title: t.title,
          required: t.required,
          effectiveDate: t.effectiveDate,
          content: t.content,
          sortOrder: latest.sortOrder,
          active: true,
          publishedAt: now,
        })
        .execute();
      await record(tx, version);
      return { ok: true, version } as const;
    });
}

/** A term whose version in effect since `since` is newer than what earlier subscribers agreed to. */
export interface NewerTerms {
  termsId: string;
  version: string;
  since: Date;
}

/**
 * Required terms in effect on `today` that replaced an older version, each with the moment from which a patient was
 * offered it (its effective day's start in Korea, or its publication if later): who agreed before agreed to the old one.
 */
export async function newerRequiredTerms(handle: Handle, today: string): Promise<(NewerTerms & { title: string })[]> {
  const db = termsDb(handle);
  const effective = await db
    .selectFrom(effectiveTerms(db, today).as('t'))
    .select(['termsId', 'version', 'title', 'effectiveDate', 'publishedAt'])
    .where('required', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('terms as o')
          .select('o.version')
          .whereRef('o.termsId', '=', 't.termsId')
          .whereRef('o.version', '<>', 't.version')
          .whereRef('o.effectiveDate', '<=', 't.effectiveDate'),
      ),
    )
    .orderBy('termsId')
    .execute();
  return effective.map((t) => {
    const d = t.effectiveDate;
    const dayStart = Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8)) - KST_OFFSET_MS;
    const published = t.publishedAt ? new Date(t.publishedAt).getTime() : 0;
    return { termsId: t.termsId, version: t.version, title: t.title, since: new Date(Math.max(dayStart, published)) };
  });
}

export type NextOutcome =
  | { ok: true; version: string; inEffectVersion: string }
  | { ok: false; reason: 'unknown' | 'unknown_version' }
  | { ok: false; reason: 'in_effect'; effectiveDate: string }
  | { ok: false; reason: 'scheduled'; version: string; effectiveDate: string };

/**
 * What publishing a version of `termsId` would number it (or, `correcting`, the scheduled version corrected), and what
 * is in effect meanwhile; nothing written.
 */
export async function nextTermsVersion(
  handle: Handle,
  today: string,
  termsId: string,
  correcting?: string,
): Promise<NextOutcome> {
  const db = termsDb(handle);
  const versions = await db.selectFrom('terms').selectAll().where('termsId', '=', termsId).execute();
  if (versions.length === 0) return { ok: false, reason: 'unknown' };
  const inEffect = await db
    .selectFrom(effectiveTerms(db, today).as('e'))
    .select('version')
    .where('termsId', '=', termsId)
    .executeTakeFirst();
  if (correcting !== undefined) {
    const v = versions.find((x) => x.active && x.version === correcting);
    if (!v) return { ok: false, reason: 'unknown_version' };
    if (v.effectiveDate <= today) return { ok: false, reason: 'in_effect', effectiveDate: v.effectiveDate };
    return { ok: true, version: v.version, inEffectVersion: inEffect?.version ?? '' };
  }
  const waiting = versions.find((v) => v.active && v.effectiveDate > today);
  if (waiting)
    return { ok: false, reason: 'scheduled', version: waiting.version, effectiveDate: waiting.effectiveDate };
  const major = Math.max(0, ...versions.map((v) => Math.floor(Number.parseFloat(v.version)) || 0));
  return { ok: true, version: `${major + 1}.0`, inEffectVersion: inEffect?.version ?? '' };
}

export type ScheduledOutcome =
  | { ok: true; before: { title: string; effectiveDate: string; required: boolean } }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'in_effect'; effectiveDate: string };

/**
 * Corrects (`change`) or withdraws (`change` undefined: no longer offered, kept for the record) a version that waits
 * for its effective date. A version in effect, or one that was, never changes: refused, whatever the change.
 * `record` (the operators' record) is written in the same transaction.
 */
export async function changeScheduledVersion(
  handle: Handle,
  today: string,
  key: { termsId: string; version: string },
  change: { title: string; content: string; required: boolean; effectiveDate: string } | undefined,
  record: (tx: Handle, before: { title: string; effectiveDate: string }) => Promise<void>,
): Promise<ScheduledOutcome> {
  return termsDb(handle)
    .transaction()
    .execute(async (tx) => {
      const v = await tx
        .selectFrom('terms')
        .selectAll()
        .where('termsId', '=', key.termsId)
        .where('version', '=', key.version)
        .where('active', '=', true)
        .forUpdate()
        .executeTakeFirst();
      if (!v) return { ok: false, reason: 'unknown' } as const;
      if (v.effectiveDate <= today) return { ok: false, reason: 'in_effect', effectiveDate: v.effectiveDate } as const;
      await tx
        .updateTable('terms')
        .set(change ? { ...change } : { active: false })
        .where('termsId', '=', key.termsId)
        .where('version', '=', key.version)
        .execute();
      await record(tx, v);
      return { ok: true, before: { title: v.title, effectiveDate: v.effectiveDate, required: v.required } } as const;
    });
}
