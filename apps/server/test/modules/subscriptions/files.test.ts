// The subscriber's files in the blob store (modules/subscriptions/files.ts, ADR 0006): her row keeps ids and hashes
// only, a file made before the store moves out of its row (restartably), purging deletes the files, and the daily
// sweep removes what no row names once it is older than the grace period. Its own store directory, so the sweep
// judges only this file's blobs.
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, CANCELLED_PURGE_DAYS } from '@auto-claim/contract';
import { BlobNotFoundError, type BlobStore } from '../../../src/blobs/index.js';
import { sweepBlobs, SWEEP_GRACE_MS } from '../../../src/jobs/blob-sweep.js';
import { paperworkOf, subscriptionPurgeJobs } from '../../../src/modules/subscriptions/index.js';
import { legacyFilesLeft, moveLegacyFiles } from '../../../src/modules/subscriptions/files.js';
import { build, testClock, verifyPatient, type TestApp } from '../../helper.js';
import { images, regFor, type Images } from '../../../fixtures/enrolment.js';
import { createSubscriber } from '../../../fixtures/factories.js';

const clock = testClock(new Date('2026-11-24T01:00:00Z'));
const dir = mkdtempSync(path.join(tmpdir(), 'subscription-files-'));
let t: TestApp;
let img: Images;

beforeAll(async () => {
  t = await build({ clock, config: { blobs: { kind: 'fs', dir } } });
  img = await images();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const rowOf = async (insuApplyId: string) =>
  (await sql<Record<string, any>>`select * from subscription where insu_apply_id = ${insuApplyId}`.execute(t.db.db))
    .rows[0]!;

/** What PostgreSQL keeps of one subscriber: her row, her hospitals and insurers; and her row as text. */
async function bytesOf(insuApplyId: string) {
  const { rows } = await sql<{ stored: number; text: number }>`
    select (select pg_column_size(s.*) from subscription s where s.insu_apply_id = ${insuApplyId})
      + coalesce((select sum(pg_column_size(h.*)) from subscription_hospital h where h.insu_apply_id = ${insuApplyId}), 0)
      + coalesce((select sum(pg_column_size(i.*)) from subscription_insurer i where i.insu_apply_id = ${insuApplyId}), 0)
      as stored,
      (select octet_length(s::text) from subscription s where s.insu_apply_id = ${insuApplyId}) as text`.execute(
    t.db.db,
  );
  return { stored: Number(rows[0]!.stored), text: Number(rows[0]!.text) };
}

async function enrolled() {
  const v = await verifyPatient(t);
  const res = await t.app.inject({
    method: 'POST',
    url: API.subscriptions,
    headers: { cookie: v.cookie },
    remoteAddress: '127.7.0.1',
    payload: await regFor(t, v, img),
  });
  expect(res.statusCode, res.body).toBe(201);
  const insuApplyId = (res.json() as { subscription: { insuApplyId: string } }).subscription.insuApplyId;
  return { v, insuApplyId };
}

/** A subscriber as rows were written before the blob store: her photo (500 KB) and signature sealed in the row. */
async function legacySubscriber(photo: Buffer) {
  const s = await createSubscriber(t.app.ctx);
  const seal = (b: Buffer, dataUrl = false) =>
    t.app.ctx.crypto.encrypt(`${dataUrl ? 'data:image/png;base64,' : ''}${b.toString('base64')}`);
  await t.db.db
    .updateTable('subscription')
    .set({ idcardImgEnc: seal(photo), signImgEnc: seal(img.sign, true) })
    .where('insuApplyId', '=', s.insuApplyId)
    .execute();
  return s.insuApplyId;
}

/** A blob's file, as old as it would be `ms` ago. */
const age = (blobId: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  utimesSync(path.join(dir, blobId.slice(0, 2), blobId.slice(2, 4), blobId), when, when);
};

describe('a new subscription', () => {
  it('keeps its files in the store and a few kilobytes in PostgreSQL; the claim paperwork reads them back', async () => {
    const { insuApplyId } = await enrolled();
    await t.app.claimEngine.drain(); // the signed documents, as the documents job makes them
    const row = await rowOf(insuApplyId);
    expect(row).toMatchObject({ idcardImgEnc: null, signImgEnc: null });
    for (const f of ['idcardImg', 'signImg', 'commission', 'consent']) {
      expect(row[`${f}BlobId`], f).toMatch(/^[0-9a-f]{32}$/);
      expect(row[`${f}Sha256`], f).toMatch(/^[0-9a-f]{64}$/);
      expect(row[`${f}KeyId`], f).toBe(t.app.ctx.crypto.keyId);
    }
    const photo = await t.app.ctx.blobs.get(row.idcardImgBlobId, { sha256: row.idcardImgSha256 });
    expect((await sharp(photo).metadata()).format).toBe('jpeg');
    const { stored, text } = await bytesOf(insuApplyId);
    console.info(`subscription-files: a new subscriber's bytes in the database: ${stored} (her row as text: ${text})`);
    expect(stored).toBeLessThanOrEqual(8 * 1024);
    expect(text).toBeLessThanOrEqual(8 * 1024);

    const paper = await paperworkOf(t.app.ctx, t.db.db, insuApplyId);
    expect((await paper!.idcardImg())!.equals(photo)).toBe(true);
    expect((await sharp(Buffer.from(paper!.signPng!)).metadata()).format).toBe('png');
  });

  it('refuses a file that is not the one its row recorded', async () => {
    const { insuApplyId } = await enrolled();
    const row = await rowOf(insuApplyId);
    await t.db.db
      .updateTable('subscription')
      .set({ idcardImgSha256: '0'.repeat(64) })
      .where('insuApplyId', '=', insuApplyId)
      .execute();
    const paper = await paperworkOf(t.app.ctx, t.db.db, insuApplyId);
    await expect(paper!.idcardImg()).rejects.toThrow(/SHA-256 differs/);
    await t.db.db
      .updateTable('subscription')
      .set({ idcardImgSha256: row.idcardImgSha256 })
      .where('insuApplyId', '=', insuApplyId)
      .execute();
  });
});

describe('files written before the blob store', () => {
  it('read from the row until moved; the move is batched, survives a failing store and is restartable', async () => {
    const photo = randomBytes(500 * 1024);
    const ids = [await legacySubscriber(photo), await legacySubscriber(photo)];
    const legacy = await bytesOf(ids[0]!);
    expect(legacy.text).toBeGreaterThan(500 * 1024);
    const legacyPaper = await paperworkOf(t.app.ctx, t.db.db, ids[0]!);
    expect((await legacyPaper!.idcardImg())!.equals(photo)).toBe(true);
    expect(legacyPaper!.signPng).toBeDefined();
    const left = await legacyFilesLeft(t.db.db);
    expect(left).toBeGreaterThanOrEqual(2);

    // The store fails on the second file: the batch rolls back and the file it did write is deleted again.
    const written: string[] = [];
    const failing: BlobStore = {
      ...t.app.ctx.blobs,
      async put(bytes, opts) {
        if (written.length === 1) throw new Error('the store stopped answering');
        const put = await t.app.ctx.blobs.put(bytes, opts);
        written.push(put.blobId);
        return put;
      },
    };
    await expect(moveLegacyFiles({ ...t.app.ctx, blobs: failing }, { batchSize: 1 })).rejects.toThrow(/stopped/);
    await expect(t.app.ctx.blobs.get(written[0]!)).rejects.toThrow(BlobNotFoundError);
    expect(await legacyFilesLeft(t.db.db)).toBe(left);

    // One row a call, as a tick cut short would; each call goes on with what is left.
    const first = await moveLegacyFiles(t.app.ctx, { batchSize: 1, maxBatches: 1 });
    expect(first).toMatchObject({ moved: 2, unreadable: 0, complete: false });
    expect(await legacyFilesLeft(t.db.db)).toBe(left - 1);
    let rest = await moveLegacyFiles(t.app.ctx, { batchSize: 1, maxBatches: 1000 });
    expect(rest.complete).toBe(true);
    expect(await legacyFilesLeft(t.db.db)).toBe(0);
    rest = await moveLegacyFiles(t.app.ctx);
    expect(rest).toEqual({ moved: 0, unreadable: 0, complete: true });

    for (const id of ids) {
      const row = await rowOf(id);
      expect(row).toMatchObject({ idcardImgEnc: null, signImgEnc: null, idcardImgKeyId: t.app.ctx.crypto.keyId });
      expect((await t.app.ctx.blobs.get(row.idcardImgBlobId, { sha256: row.idcardImgSha256 })).equals(photo)).toBe(
        true,
      );
      // The data URL the signature was kept as is gone: the blob is its bytes.
      expect((await t.app.ctx.blobs.get(row.signImgBlobId, { sha256: row.signImgSha256 })).equals(img.sign)).toBe(true);
      const { stored, text } = await bytesOf(id);
      console.info(
        `subscription-files: a 500 KB photo's subscriber: ${legacy.stored} bytes before the move, ${stored} after`,
      );
      expect(stored).toBeLessThanOrEqual(8 * 1024);
      expect(text).toBeLessThanOrEqual(8 * 1024);
    }
    const moved = await paperworkOf(t.app.ctx, t.db.db, ids[0]!);
    expect((await moved!.idcardImg())!.equals(photo)).toBe(true);
    expect(Buffer.from(moved!.signPng!).equals(Buffer.from(legacyPaper!.signPng!))).toBe(true);
  });
});

describe('deleting', () => {
  it('cancelling deletes the files at once; the purge deletes any the row still names', async () => {
    const { v, insuApplyId } = await enrolled();
    await t.app.claimEngine.drain();
    const before = await rowOf(insuApplyId);
    const res = await t.app.inject({
      method: 'DELETE',
      url: API.subscriptions,
      headers: { cookie: v.cookie },
      remoteAddress: '127.7.0.1',
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const f of ['idcardImg', 'signImg', 'commission', 'consent']) {
      await expect(t.app.ctx.blobs.get(before[`${f}BlobId`]), f).rejects.toThrow(BlobNotFoundError);
    }
    // A cancelled row that still names a file (as one moved out of its row after cancelling would).
    const late = await t.app.ctx.blobs.put(Buffer.from('late'), { kind: 'id-photo' });
    await t.db.db
      .updateTable('subscription')
      .set({ idcardImgBlobId: late.blobId, idcardImgSha256: late.sha256 })
      .where('insuApplyId', '=', insuApplyId)
      .execute();
    clock.advance(CANCELLED_PURGE_DAYS * 86_400_000);
    await subscriptionPurgeJobs(t.app.ctx).everyMinute!({} as never);
    expect(await rowOf(insuApplyId)).toBeUndefined();
    await expect(t.app.ctx.blobs.get(late.blobId)).rejects.toThrow(BlobNotFoundError);
  });
});

describe('the orphan sweep', () => {
  it('deletes a blob no row names once older than the grace period, keeps a fresh one and every named one', async () => {
    const { insuApplyId } = await enrolled();
    const row = await rowOf(insuApplyId);
    const old = await t.app.ctx.blobs.put(Buffer.from('orphan, old'), { kind: 'id-photo' });
    const fresh = await t.app.ctx.blobs.put(Buffer.from('orphan, fresh'), { kind: 'id-photo' });
    age(old.blobId, SWEEP_GRACE_MS + 60_000);
    age(row.idcardImgBlobId, 2 * SWEEP_GRACE_MS);
    age(row.signImgBlobId, 2 * SWEEP_GRACE_MS);

    const dry = await sweepBlobs(t.app.ctx, { dryRun: true });
    expect(dry.orphans).toBeGreaterThanOrEqual(1);
    expect(await t.app.ctx.blobs.get(old.blobId)).toBeDefined();

    await sweepBlobs(t.app.ctx);
    await expect(t.app.ctx.blobs.get(old.blobId)).rejects.toThrow(BlobNotFoundError);
    expect((await t.app.ctx.blobs.get(fresh.blobId)).toString()).toBe('orphan, fresh');
    expect(await t.app.ctx.blobs.get(row.idcardImgBlobId, { sha256: row.idcardImgSha256 })).toBeDefined();
    expect(await t.app.ctx.blobs.get(row.signImgBlobId, { sha256: row.signImgSha256 })).toBeDefined();
    // Nothing old is left unnamed.
    expect((await sweepBlobs(t.app.ctx, { dryRun: true })).orphans).toBe(0);
  });
});
