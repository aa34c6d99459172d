// Terms published safely (README "Operator console", 약관): a new version is previewed before it is published (its
// number, effective date and how many must agree again, nothing written); a scheduled version can be corrected or
// withdrawn before its date, each recorded in the operators' log; a version in effect never changes (409 in Korean),
// and the database refuses to change a version anyone agreed to.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@auto-claim/contract';
import { OPS_TERMS_API, opsTermsVersionPath, type TermsVersion } from '@auto-claim/contract/ops';
import { createSubscriber } from '../../../fixtures/factories.js';
import { build, problemOf, signInOperator, testClock, type TestApp } from '../../helper.js';

// 2026-11-23 12:00 KST; the seeded terms are in effect since 2026-11-01.
const clock = testClock(new Date('2026-11-23T03:00:00Z'));
let t: TestApp;
const h: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await build({ clock });
  for (const role of ['viewer', 'operator', 'admin'] as const) h[role] = (await signInOperator(t, role)).headers;
  // Subscribers who list SVC_USE: three by their own terms (one cancelled: not counted), one by an insurer's agreement
  // only; one lists neither.
  const make = async (o: { terms: string[]; agree?: string[]; status?: string }) => {
    const s = await createSubscriber(t.app.ctx, { userNm: '홍길동', userTel: '01012345678' });
    await sql`update subscription set terms_ids = ${JSON.stringify(o.terms)}::jsonb, status = ${o.status ?? 'subscribe'}
      where insu_apply_id = ${s.insuApplyId}`.execute(t.db.db);
    if (o.agree) {
      await sql`update subscription_insurer set agree_ids = ${JSON.stringify(o.agree)}::jsonb
        where insu_apply_id = ${s.insuApplyId}`.execute(t.db.db);
    }
    return s;
  };
  await make({ terms: ['SVC_USE', 'SVC_PRIVACY'] });
  await make({ terms: ['SVC_USE'], agree: ['SVC_USE'] });
  await make({ terms: ['SVC_USE'], status: 'cancel' });
  await make({ terms: ['SVC_PRIVACY'], agree: ['SVC_USE'] });
  await make({ terms: ['SVC_PRIVACY'] });
});
afterAll(() => t?.close());

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, who: string, body?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: h[who], ...(body ? { payload: body } : {}) });
const draft = {
  termsId: 'SVC_USE',
  title: '서비스 이용약관 (개정)',
  content: '제1조 (목적)\n개정된 약관이에요.',
  required: true,
  effectiveDate: '20261201',
};
const versions = async (termsId: string) => {
  const res = await t.app.inject({ url: `${OPS_TERMS_API.terms}?termsGroup=SERVICE&size=100`, headers: h.viewer });
  return (res.json() as { list: TermsVersion[] }).list.filter((v) => v.termsId === termsId);
};
const offered = async (termsId: string) => {
  const res = await t.app.inject(API.terms('v2', 'SERVICE'));
  return (res.json() as { list: { termsId: string; version: string; title: string; content: string }[] }).list.find(
    (x) => x.termsId === termsId,
  );
};
const actions = (action: string) =>
  t.db.db.selectFrom('operatorAction').selectAll().where('action', '=', action).orderBy('id').execute();

describe('the preview before publishing', () => {
  it('names the next version, its date and how many must agree again, from the indexes; writes nothing', async () => {
    const res = await send('POST', OPS_TERMS_API.preview, 'admin', draft);
    expect(res.statusCode).toBe(200);
    // Live subscribers listing SVC_USE in their terms or an insurer's agreement: 3 (the cancelled one is not).
    expect(res.json()).toEqual({
      termsId: 'SVC_USE',
      version: '2.0',
      effectiveDate: '20261201',
      inEffectVersion: '1.0',
      reagreeCount: 3,
    });
    expect((await send('POST', OPS_TERMS_API.preview, 'admin', { ...draft, required: false })).json()).toMatchObject({
      reagreeCount: 0,
    });
    expect(await versions('SVC_USE')).toHaveLength(1);
    expect(await actions('terms_published')).toHaveLength(0);
  });

  it('is checked by the same rules as publishing, for admins only', async () => {
    for (const role of ['viewer', 'operator']) {
      expect((await send('POST', OPS_TERMS_API.preview, role, draft)).statusCode, role).toBe(403);
    }
    const past = await send('POST', OPS_TERMS_API.preview, 'admin', { ...draft, effectiveDate: '20261122' });
    expect(past.statusCode).toBe(400);
    expect(problemOf(past).errors?.[0]).toMatchObject({ field: 'effectiveDate', message: /오늘/ });
    const unknown = await send('POST', OPS_TERMS_API.preview, 'admin', { ...draft, termsId: 'NO_SUCH' });
    expect(problemOf(unknown)).toMatchObject({ code: 'TERMS_NOT_FOUND', errors: [{ field: 'termsId' }] });
  });

  it('counts with the GIN indexes on PostgreSQL, never by reading every subscription', async () => {
    if (t.db.kind !== 'postgres') return;
    // A handful of rows is read whole whatever the indexes; so, in a transaction rolled back, without a table scan
    // and without the other indexes on live subscriptions, the count must still find an index to use: its own.
    let plan: string[] = [];
    await t.db.db
      .transaction()
      .execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx);
        await sql`set local enable_indexscan = off`.execute(tx);
        const others = await sql<{ indexname: string }>`select indexname from pg_indexes
          where tablename = 'subscription' and indexname <> 'subscription_terms_ids'
            and not exists (select 1 from pg_constraint c where c.conname = indexname)`.execute(tx);
        for (const i of others.rows) await sql`drop index ${sql.id(i.indexname)} cascade`.execute(tx);
        const r = await sql<{ 'QUERY PLAN': string }>`explain select insu_apply_id from subscription
          where status = 'subscribe' and terms_ids @> ${JSON.stringify(['SVC_USE'])}::jsonb`.execute(tx);
        plan = r.rows.map((row) => row['QUERY PLAN']);
        throw new Error('rollback');
      })
      .catch((e: Error) => expect(e.message).toBe('rollback'));
    expect(plan.join('\n')).toMatch(/Bitmap Index Scan on subscription_terms_ids/);
  });
});

describe('a scheduled version', () => {
  it('is corrected before its date: text and date change, recorded; the patient sees the correction from its day', async () => {
    expect((await send('POST', OPS_TERMS_API.terms, 'admin', draft)).statusCode).toBe(200);
    const path = opsTermsVersionPath('SVC_USE', '2.0');
    for (const role of ['viewer', 'operator']) {
      expect((await send('PUT', path, role, { ...draft, termsId: undefined })).statusCode, role).toBe(403);
    }
    const { termsId: _, ...body } = draft;
    const fixed = await send('PUT', path, 'admin', {
      ...body,
      content: '제1조 (목적)\n고친 약관이에요.',
      effectiveDate: '20261202',
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toEqual({ termsId: 'SVC_USE', version: '2.0', effectiveDate: '20261202' });
    expect((await versions('SVC_USE')).map((v) => [v.version, v.state, v.effectiveDate])).toEqual([
      ['2.0', 'scheduled', '20261202'],
      ['1.0', 'in_effect', '20261101'],
    ]);
    // The correction is previewed as a publication is: same number, how many must agree again.
    const preview = await send('POST', OPS_TERMS_API.preview, 'admin', { ...draft, correcting: '2.0' });
    expect(preview.json()).toMatchObject({ version: '2.0', inEffectVersion: '1.0', reagreeCount: 3 });
    const whole = await t.app.inject({ url: path, headers: h.viewer });
    expect(whole.json()).toMatchObject({
      version: '2.0',
      state: 'scheduled',
      content: '제1조 (목적)\n고친 약관이에요.',
    });
    expect(await actions('terms_corrected')).toMatchObject([
      { target: 'SVC_USE', detail: 'version 2.0, effective 20261201 -> 20261202' },
    ]);
    const past = await send('PUT', path, 'admin', { ...body, effectiveDate: '20261101' });
    expect(past.statusCode).toBe(400);
    const missing = await send('PUT', opsTermsVersionPath('SVC_USE', '7.0'), 'admin', body);
    expect(missing.statusCode).toBe(404);
    expect(problemOf(missing).errors?.[0]).toMatchObject({ field: 'version' });
  });

  it('is withdrawn before its date: no longer offered nor listed, kept and recorded; another may be published', async () => {
    const res = await send('DELETE', opsTermsVersionPath('SVC_USE', '2.0'), 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ termsId: 'SVC_USE', version: '2.0', effectiveDate: '20261202' });
    expect(await actions('terms_withdrawn')).toMatchObject([
      { target: 'SVC_USE', detail: 'version 2.0, effective 20261202' },
    ]);
    expect((await versions('SVC_USE')).map((v) => v.version)).toEqual(['1.0']);
    const kept = await t.db.db
      .selectFrom('terms')
      .select(['version', 'active'])
      .where('termsId', '=', 'SVC_USE')
      .where('version', '=', '2.0')
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ version: '2.0', active: false });
    clock.set(new Date('2026-12-02T03:00:00Z'));
    expect(await offered('SVC_USE')).toMatchObject({ version: '1.0' });
    clock.set(new Date('2026-11-23T03:00:00Z'));
    // Withdrawn twice: it is gone.
    expect((await t.app.inject({ url: opsTermsVersionPath('SVC_USE', '2.0'), headers: h.viewer })).statusCode).toBe(
      404,
    );
    expect((await send('DELETE', opsTermsVersionPath('SVC_USE', '2.0'), 'admin')).statusCode).toBe(404);
    // The next is numbered past the withdrawn one: a number is never used for two texts.
    const next = await send('POST', OPS_TERMS_API.terms, 'admin', { ...draft, effectiveDate: '20261123' });
    expect(next.json()).toMatchObject({ version: '3.0' });
    expect(await offered('SVC_USE')).toMatchObject({ version: '3.0', content: draft.content });
  });
});

describe('a version in effect', () => {
  it('never changes: correcting or withdrawing it is refused with 409 in Korean, nothing changed', async () => {
    const { termsId: _, ...body } = draft;
    for (const version of ['3.0', '1.0']) {
      const put = await send('PUT', opsTermsVersionPath('SVC_USE', version), 'admin', {
        ...body,
        content: '바꾼 내용',
      });
      expect(put.statusCode, version).toBe(409);
      expect(problemOf(put)).toMatchObject({ code: 'TERMS_VERSION_IN_EFFECT' });
      expect(problemOf(put).detail).toMatch(/바꿀 수 없어요\. 고칠 내용은 새 버전으로 게시해 주세요/);
      const preview = await send('POST', OPS_TERMS_API.preview, 'admin', { ...draft, correcting: version });
      expect(problemOf(preview).code).toBe('TERMS_VERSION_IN_EFFECT');
      const del = await send('DELETE', opsTermsVersionPath('SVC_USE', version), 'admin');
      expect(del.statusCode, version).toBe(409);
    }
    expect(await offered('SVC_USE')).toMatchObject({ version: '3.0', content: draft.content });
    expect((await versions('SVC_USE')).map((v) => v.version)).toEqual(['3.0', '1.0']);
  });

  it('that anyone agreed to is kept by the database too, whatever writes', async () => {
    await t.db.db
      .insertInto('termsAgreement')
      .values({ termsId: 'SVC_USE', version: '3.0', smsRequestSeq: 'seq-1', ipHmac: 'x', agreedAt: clock.now() })
      .execute();
    for (const change of [
      sql`update terms set content = 'x' where terms_id = 'SVC_USE' and version = '3.0'`,
      sql`update terms set active = false where terms_id = 'SVC_USE' and version = '3.0'`,
      sql`update terms set effective_date = '20261231' where terms_id = 'SVC_USE' and version = '3.0'`,
      sql`delete from terms where terms_id = 'SVC_USE' and version = '3.0'`,
    ]) {
      await expect(change.execute(t.db.db)).rejects.toThrow(/terms SVC_USE version 3.0 has agreements/);
    }
    // What was never agreed to is not held: the seeded SVC_MARKETING has no agreement here.
    await sql`update terms set sort_order = sort_order where terms_id = 'SVC_USE'`.execute(t.db.db);
  });
});
