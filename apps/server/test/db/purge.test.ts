// Retention that stays cheap (docs/operations.md, "Retention"): each purge deletes only what is past its period, a
// batch at a time, on an index of what it filters by; the access log and the operators' record refuse to lose a row
// younger than the legal two years, whatever asks.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kstToday } from '@auto-claim/contract';
import { APP_MENU_LOG_RETENTION_DAYS } from '@auto-claim/contract/ops';
import type { Db } from '../../src/db/index.js';
import { purgeInBatches, type PurgeOptions } from '../../src/db/purge.js';
import { AUDIT_KEEP_DAYS, purgeAuditLogs } from '../../src/modules/audit/index.js';
import { auditDb } from '../../src/modules/audit/tables.js';
import { purgeUnlinkedRecords } from '../../src/modules/claims/held.js';
import { FEED_REJECTION_DAYS, purgeRejections } from '../../src/modules/claims/rejections.js';
import { purgeOldViews } from '../../src/modules/funnel/index.js';
import { SMS_VERIFICATION_KEEP_DAYS, purgeSmsVerifications } from '../../src/modules/identity/index.js';
import { purgeExpiredSessions } from '../../src/security/retention.js';
import { purgeDue } from '../../src/modules/subscriptions/repo.js';
import { purgeExpiredDrafts } from '../../src/modules/subscriptions/drafts.js';
import { purgeSpentHandoffs } from '../../src/modules/subscriptions/desk.js';
import { purgeDocumentRequests } from '../../src/modules/docrequests/index.js';
import { openTestDb } from '../helper.js';

const DAY = 86_400_000;
const now = new Date();
const ago = (days: number) => new Date(now.getTime() - days * DAY);

let t: { db: Db; close(): Promise<void> };
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t?.close());

const count = async (table: string, where = sql`true`) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(t.db.db)).rows[0]!
      .n,
  );

/** n access-log rows at `at`, in one statement. */
const accessRows = (n: number, at: Date) =>
  sql`insert into access_log (ci_hmac, action, actor, at)
      select 'ci-' || g, 'record_received', 'H001', ${at}::timestamptz from generate_series(1, ${n}) g`.execute(
    t.db.db,
  );
const operatorRows = (n: number, at: Date) =>
  sql`insert into operator_action (login_id, ip_enc, action, at)
      select 'op', 'enc', 'claim_viewed', ${at}::timestamptz from generate_series(1, ${n}) g`.execute(t.db.db);

describe('the access log and the operators’ record', () => {
  it('lose only the rows past three years, 2,500 of them in batches of 1,000', async () => {
    await accessRows(2_500, ago(AUDIT_KEEP_DAYS + 30));
    await accessRows(10, ago(AUDIT_KEEP_DAYS - 1));
    await operatorRows(1_200, ago(AUDIT_KEEP_DAYS + 1));
    await operatorRows(3, ago(2));

    const cutoff = ago(AUDIT_KEEP_DAYS);
    const first = await purgeInBatches(auditDb(t.db.db), 'accessLog', sql`at < ${cutoff}`, {
      batch: 1_000,
      budgetMs: 0,
    });
    // The time budget spent, the first batch is all this minute does.
    expect(first).toMatchObject({ deleted: 1_000, batches: 1 });
    const rest = await purgeInBatches(auditDb(t.db.db), 'accessLog', sql`at < ${cutoff}`, { batch: 1_000 });
    expect(rest).toMatchObject({ deleted: 1_500, batches: 2 });

    await accessRows(5, ago(AUDIT_KEEP_DAYS + 1));
    expect(await purgeAuditLogs(t.db.db, now, { batch: 1_000 })).toEqual({ accessLog: 5, operatorAction: 1_200 });
    expect(await count('access_log')).toBe(10);
    expect(await count('operator_action')).toBe(3);
    expect(await purgeAuditLogs(t.db.db, now)).toEqual({ accessLog: 0, operatorAction: 0 });
  });

  it('refuse to delete a row younger than two years, and any truncate, whoever asks', async () => {
    await accessRows(1, ago(2 * 365 - 5));
    await operatorRows(1, ago(2 * 365 - 5));
    // A clock set years ahead (or a bug) cannot take them: the database holds the legal floor.
    const farFuture = new Date(now.getTime() + 10 * 365 * DAY);
    await expect(purgeAuditLogs(t.db.db, farFuture)).rejects.toThrow(/append-only/);
    await expect(sql`delete from operator_action where at > ${ago(2 * 365)}`.execute(t.db.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`truncate access_log`.execute(t.db.db)).rejects.toThrow(/append-only/);
    await expect(sql`update access_log set actor = 'x'`.execute(t.db.db)).rejects.toThrow(/append-only/);
  });
});

describe('the other purges', () => {
  it('the feed’s refused records: only those past 90 days', async () => {
    await sql`insert into feed_rejection (hospital_cd, at, code, field, message)
      select 'H001', ${ago(FEED_REJECTION_DAYS + 1)}::timestamptz, 'VALIDATION_FAILED', 'record', '확인' from generate_series(1, 2500)`.execute(
      t.db.db,
    );
    await sql`insert into feed_rejection (hospital_cd, at, code, field, message)
      values ('H001', ${ago(FEED_REJECTION_DAYS - 1)}, 'VALIDATION_FAILED', 'record', '확인')`.execute(t.db.db);
    expect(await purgeRejections(t.db.db, now, { batch: 1_000 })).toBe(2_500);
    expect(await count('feed_rejection')).toBe(1);
  });

  it('the funnel: visit marks after their day and the next, counts after their period', async () => {
    const oldDay = kstToday(ago(APP_MENU_LOG_RETENTION_DAYS + 2));
    const keptDay = kstToday(ago(APP_MENU_LOG_RETENTION_DAYS - 2));
    await sql`insert into funnel_day (day, hospital_cd, step, visits)
      select ${oldDay}, 'H' || g, 'start', 1 from generate_series(1, 2500) g`.execute(t.db.db);
    await sql`insert into funnel_day (day, hospital_cd, step, visits) values (${keptDay}, 'H1', 'start', 1)`.execute(
      t.db.db,
    );
    await sql`insert into funnel_visit_step (day, visit_id, step)
      select ${kstToday(ago(3))}, gen_random_uuid(), 'start' from generate_series(1, 1500)`.execute(t.db.db);
    await sql`insert into funnel_visit_step (day, visit_id, step)
      values (${kstToday(now)}, gen_random_uuid(), 'start')`.execute(t.db.db);
    expect(await purgeOldViews(t.db.db, now, { batch: 1_000 })).toEqual({ marks: 1_500, counts: 2_500 });
    expect(await count('funnel_day')).toBe(1);
    expect(await count('funnel_visit_step')).toBe(1);
  });
});

describe('what only lives for a while', () => {
  it('SMS verifications: a day past the 90 days their addresses are trusted', async () => {
    const sms = (n: number, at: Date, tag: string) =>
      sql`insert into sms_verification (sms_request_seq, sms_response_seq, person_hash, person_enc,
          phone_hmac, ip_hmac, hospital_cd, created_at, expires_at)
        select ${tag} || g, 'r', 'p', 'e', 'ph', 'ip', 'H001', ${at}::timestamptz, ${at}::timestamptz
        from generate_series(1, ${n}) g`.execute(t.db.db);
    await sms(2_500, ago(SMS_VERIFICATION_KEEP_DAYS + 1), 'old-');
    await sms(2, ago(SMS_VERIFICATION_KEEP_DAYS - 1), 'kept-');
    expect(await purgeSmsVerifications(t.db.db, now, { batch: 1_000 })).toBe(2_500);
    expect(await count('sms_verification')).toBe(2);
  });

  it('sessions and link tokens: a day past their expiry', async () => {
    const sessions = (n: number, expires: Date, tag: string) =>
      sql`insert into auth_session (id_hash, kind, subject_enc, subject_hmac, created_at, last_seen_at, expires_at)
        select ${tag} || g, 'patient', 's', 'h', ${expires}::timestamptz, ${expires}::timestamptz, ${expires}::timestamptz
        from generate_series(1, ${n}) g`.execute(t.db.db);
    const links = (n: number, expires: Date, tag: string) =>
      sql`insert into link_token (jti, purpose, ci_hmac, created_at, expires_at)
        select ${tag} || g, 'treat', 'ci', ${expires}::timestamptz, ${expires}::timestamptz
        from generate_series(1, ${n}) g`.execute(t.db.db);
    await sessions(2_500, ago(2), 'old-');
    await sessions(3, ago(0.5), 'kept-');
    await links(1_001, ago(3), 'old-');
    await links(1, new Date(now.getTime() + DAY), 'kept-');
    expect(await purgeExpiredSessions(t.db.db, now, { batch: 1_000 })).toEqual({ sessions: 2_500, linkTokens: 1_001 });
    expect(await count('auth_session')).toBe(3);
    expect(await count('link_token')).toBe(1);
  });
});

describe('every purge', () => {
  it('reads an index of what it filters by, never the whole table', async () => {
    const plans: string[] = [];
    await t.db.db.transaction().execute(async (trx) => {
      // On tables this small the planner would rather read them whole; with that forbidden, a purge that has no
      // index to use still shows a Seq Scan.
      await sql`set local enable_seqscan = off`.execute(trx);
      const opts: PurgeOptions = { explainInto: plans };
      await purgeAuditLogs(trx, now, opts);
      await purgeRejections(trx, now, opts);
      await purgeUnlinkedRecords(trx, now, opts);
      await purgeOldViews(trx, now, opts);
      await purgeDue(trx, now, opts);
      await purgeSmsVerifications(trx, now, opts);
      await purgeExpiredSessions(trx, now, opts);
      await purgeExpiredDrafts(trx, now, opts);
      await purgeSpentHandoffs(trx, now, opts);
      // In explain mode nothing is deleted, so no blob store is needed.
      await purgeDocumentRequests({ db: trx, blobs: undefined as never, log: undefined as never }, now, opts);
    });
    expect(plans).toHaveLength(14);
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan/);
  });
});
