// Rotating FIELD_ENCRYPTION_KEY without downtime (docs/providers/key-rotation.md): the key ring on its own (old keys
// open, legacy "k1" values open, a changed value or an unknown key id is an error that never shows the data), then a
// database written under key A and served by apps restarted under B with A as an old key: the real routes and the
// claim engine read everything, new values are sealed with B, the rekey moves every *_enc value to B (counted in
// SQL), and with A gone everything still reads. A lookup key other than the data's is refused at start.
// On PGlite, or (DATABASE_URL) PostgreSQL.
import { spawn } from 'node:child_process';
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HOSPITAL_API, HOSPITAL_KEY_HEADER, type FeedAnswer } from '@auto-claim/contract';
import { buildApp } from '../../src/app.js';
import type { ContextConfig } from '../../src/context.js';
import { openDb, type Db } from '../../src/db/index.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createFieldCrypto, fieldKeyId, FieldKeyError, LEGACY_KEY_ID } from '../../src/security/crypto.js';
import {
  countByKeyId,
  createRekeyer,
  encryptedColumns,
  rekeyTick,
  writeResealed,
  type EncryptedColumn,
  type PassResult,
} from '../../src/security/rekey.js';
import { images, personFields, regFor, type Images, type Verified } from '../../fixtures/enrolment.js';
import { createSubscriber, treatmentRecord, type Subscriber } from '../../fixtures/factories.js';
import { ROOT, until } from '../../fixtures/processes.js';
import { TICK_QUEUE } from '../../src/jobs/index.js';
import { ciHmacOf } from '../../src/security/session.js';
import {
  TEST_CONFIG,
  latestSmsCode,
  openTestDb,
  telecomTermsIds,
  testClock,
  testPerson,
  throwawayDatabase,
  verifyPatient,
  type TestApp,
  testLogStream,
} from '../helper.js';

const key = () => randomBytes(32).toString('hex');
const A = key();
const B = key();
const C = key();
const idA = fieldKeyId(A);
const idB = fieldKeyId(B);

/** A value as the code before key ids sealed it: "k1:" and the same AES-GCM layout under the same HKDF sub-key. */
function legacySeal(masterHex: string, plain: string) {
  const encKey = Buffer.from(
    hkdfSync('sha256', Buffer.from(masterHex, 'hex'), Buffer.alloc(0), 'auto-claim/field-encryption/v1', 32),
  );
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encKey, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `k1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The error a call throws (the test fails when it throws none). */
function thrown(f: () => unknown): Error {
  try {
    f();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected an error');
}

describe('the key ring', () => {
  const ring = createFieldCrypto({ key: B, oldKeys: [A], lookupKey: A });

  it('seals with the current key and names it by an id derived from the key, which reveals nothing of it', () => {
    expect(ring.keyId).toBe(idB);
    expect(ring.keyIds).toEqual([idB, idA]);
    expect(idB).toMatch(/^[0-9a-f]{8}$/);
    expect(B).not.toContain(idB);
    expect(fieldKeyId(B)).toBe(idB); // the same key, the same id, in every process
    const sealed = ring.encrypt('홍길동');
    expect(sealed.startsWith(`${idB}:`)).toBe(true);
    expect(ring.keyIdOf(sealed)).toBe(idB);
    expect(ring.decrypt(sealed)).toBe('홍길동');
    expect(ring.decryptJson(ring.encryptJson({ rrn: '8501011234567' }))).toEqual({ rrn: '8501011234567' });
  });

  it('opens what an old key sealed, and a legacy "k1" value of any key of the ring: the GCM tag tells which', () => {
    expect(ring.decrypt(createFieldCrypto(A).encrypt('sealed under A'))).toBe('sealed under A');
    expect(ring.decrypt(legacySeal(A, 'legacy under A'))).toBe('legacy under A');
    expect(ring.decrypt(legacySeal(B, 'legacy under B'))).toBe('legacy under B');
    expect(ring.keyIdOf(legacySeal(A, 'x'))).toBe(LEGACY_KEY_ID);
    // As before rotation: one key, given as a plain string, opens its legacy values.
    expect(createFieldCrypto(A).decrypt(legacySeal(A, 'as ever'))).toBe('as ever');
  });

  it('refuses a changed value and an unknown key, naming the key id and never the data', () => {
    const sealed = ring.encrypt('비밀-평문');
    const body = sealed.slice(9);
    const tampered = `${idB}:${body.slice(0, 20)}${body[20] === 'A' ? 'B' : 'A'}${body.slice(21)}`;
    const changed = thrown(() => ring.decrypt(tampered));
    expect(changed).toBeInstanceOf(FieldKeyError);
    expect(changed.message).toContain(idB);
    expect(changed.message).toMatch(/changed/);

    const fromC = createFieldCrypto(C).encrypt('비밀-평문');
    const unknown = thrown(() => ring.decrypt(fromC));
    expect(unknown).toBeInstanceOf(FieldKeyError);
    expect(unknown.message).toContain(fieldKeyId(C));
    expect(unknown.message).toMatch(/not in the key ring.*FIELD_ENCRYPTION_OLD_KEYS/);

    const legacyC = thrown(() => ring.decrypt(legacySeal(C, '비밀-평문')));
    expect(legacyC.message).toMatch(/k1: no key of the ring opens it/);

    for (const err of [changed, unknown, legacyC]) {
      expect(err.message).not.toContain('비밀-평문');
      expect(err.message).not.toContain(body.slice(0, 16));
      expect(err.message).not.toContain(fromC.slice(9, 25));
      for (const k of [A, B, C]) expect(err.message).not.toContain(k.slice(0, 16));
    }
    expect(() => ring.decrypt('plain text')).toThrow(/not a sealed field value/);
  });

  it('keeps every lookup hash when the encryption key rotates: they follow the lookup key', () => {
    const before = createFieldCrypto(A);
    expect(ring.hmac('ci', 'CI-1')).toBe(before.hmac('ci', 'CI-1'));
    expect(ring.lookupFingerprint).toBe(before.lookupFingerprint);
    // Without FIELD_LOOKUP_KEY the lookup key is derived from the encryption key: B would hash differently.
    expect(createFieldCrypto(B).hmac('ci', 'CI-1')).not.toBe(before.hmac('ci', 'CI-1'));
    expect(createFieldCrypto(B).lookupFingerprint).not.toBe(before.lookupFingerprint);
    expect(before.lookupFingerprint).toMatch(/^[0-9a-f]{16}$/);
  });

  it('reseals only what is not under the current key', () => {
    expect(ring.reseal(ring.encrypt('x'))).toBeUndefined();
    for (const old of [createFieldCrypto(A).encrypt('x'), legacySeal(B, 'x')]) {
      const next = ring.reseal(old)!;
      expect(next.startsWith(`${idB}:`)).toBe(true);
      expect(ring.decrypt(next)).toBe('x');
    }
  });

  it('refuses a key that is not 64 hex characters, naming the variable', () => {
    expect(() => createFieldCrypto({ key: B, oldKeys: ['abc'] })).toThrow(/FIELD_ENCRYPTION_OLD_KEYS/);
    expect(() => createFieldCrypto({ key: B, lookupKey: 'z'.repeat(64) })).toThrow(/FIELD_LOOKUP_KEY/);
    // The current key listed again among the old ones changes nothing.
    expect(createFieldCrypto({ key: B, oldKeys: [B, A] }).keyIds).toEqual([idB, idA]);
  });
});

// ---------------------------------------------------------------------------------------------------------------

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
const KEYS_A: Partial<ContextConfig> = { fieldEncryptionKey: A };
const KEYS_B_WITH_A: Partial<ContextConfig> = { fieldEncryptionKey: B, fieldEncryptionOldKeys: [A], fieldLookupKey: A };
const KEYS_B: Partial<ContextConfig> = { fieldEncryptionKey: B, fieldLookupKey: A };

/** The columns this test writes a value into; every other *_enc column is checked too, when it has values. */
const WRITTEN = [
  'auth_session.person_enc',
  'auth_session.subject_enc',
  'id_card_submission.fields_enc',
  'id_card_submission.image_enc',
  'sms_verification.person_enc',
  'subscription.bank_account_enc',
  'subscription.ci_enc',
  'subscription.idcard_enc',
  'subscription.person_enc',
  'treatment_record.detail_enc',
  'treatment_record.person_enc',
];

// The engine here renders for real (the subscription's 위임장 and 동의서, a claim package per record) on PDF threads
// started afresh by each restart: 1-2 s a test idle, more than the default 20 s beside CI's browser tests.
describe('a database written under key A, served under key B', { timeout: 120_000 }, () => {
  let db: Db;
  let closeDb: () => Promise<void>;
  let app: FastifyInstance | undefined;
  let img: Images;
  const t = () => ({ app: app!, db, close: async () => {} }) as TestApp;

  /** The app as a process would start it with these keys (the one before is closed first, as in a restart). */
  async function restart(keys: Partial<ContextConfig>) {
    await app?.close();
    app = undefined;
    app = await buildApp({ config: { ...TEST_CONFIG, ...keys }, db, logStream: testLogStream, clock });
    await app.ready();
    return app;
  }

  const getSubscription = (cookie: string) =>
    app!.inject({ method: 'GET', url: API.subscriptions, headers: { cookie }, remoteAddress: '127.9.0.1' });
  const getTreats = (cookie: string) => app!.inject({ url: API.treats, headers: { cookie } });
  const feed = async (whom: Subscriber | Verified, department: string) => {
    const who =
      'person' in whom
        ? { ci: whom.ci, userNm: whom.person.custName, birthDate: personFields(whom).birthday, rrn: '' }
        : whom;
    const res = await app!.inject({
      method: 'POST',
      url: HOSPITAL_API.treatments,
      headers: { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' },
      payload: { records: [treatmentRecord(who, { department })] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as FeedAnswer).results[0]!.recordId;
  };
  const record = (id: number) =>
    db.db.selectFrom('treatmentRecord').select(['outcome', 'personEnc']).where('id', '=', id).executeTakeFirstOrThrow();
  const deliveriesOf = (recordId: number) =>
    db.db
      .selectFrom('claimDelivery')
      .innerJoin('claim', 'claim.id', 'claimDelivery.claimId')
      .select('claimDelivery.status')
      .where('claim.recordId', '=', recordId)
      .execute();

  /** Per *_enc column: values under B, and values under anything else (an old key or legacy "k1"), by SQL. */
  async function countsInSql(columns: EncryptedColumn[]) {
    const out: Record<string, { b: number; other: number }> = {};
    for (const c of columns) {
      const col = sql.id(c.column);
      const { rows } = await sql<{ b: number; other: number }>`
        select count(*) filter (where substr(${col}, 1, 9) = ${`${idB}:`})::int as b,
               count(*) filter (where substr(${col}, 1, 9) <> ${`${idB}:`})::int as other
        from ${sql.id(c.table)}`.execute(db.db);
      out[`${c.table}.${c.column}`] = rows[0]!;
    }
    return out;
  }

  /** The key ids of the patient's ID photo and signature: as her row records them, and as the store has them. */
  async function patientBlobKeys() {
    const row = await db.db
      .selectFrom('subscription')
      .select(['idcardImgBlobId', 'idcardImgKeyId', 'signImgBlobId', 'signImgKeyId'])
      .where('ciHmac', '=', ciHmacOf(app!.ctx, patient.ci))
      .executeTakeFirstOrThrow();
    return [
      row.idcardImgKeyId,
      await app!.ctx.blobs.keyIdOf(row.idcardImgBlobId!),
      row.signImgKeyId,
      await app!.ctx.blobs.keyIdOf(row.signImgBlobId!),
    ];
  }

  // What the patient saw under key A, and what must read the same under B and after A is gone.
  let patient: Awaited<ReturnType<typeof verifyPatient>>;
  let subscriptionView: unknown;
  let factoryPatient: Subscriber;
  let recordUnderA: number;
  let pending: { smsRequestSeq: string; smsResponseSeq: string; code: string };

  beforeAll(async () => {
    ({ db, close: closeDb } = await openTestDb());
    img = await images();
  });
  afterAll(async () => {
    await app?.close();
    await closeDb?.();
  });

  it('under key A: a patient verifies and subscribes, a hospital sends a visit, an ID copy is kept', async () => {
    await restart(KEYS_A);
    patient = await verifyPatient(t());
    const sub = await app!.inject({
      method: 'POST',
      url: API.subscriptions,
      headers: { cookie: patient.cookie },
      remoteAddress: '127.9.0.1',
      payload: await regFor(t(), patient, img),
    });
    expect(sub.statusCode, sub.body).toBe(201);
    subscriptionView = (await getSubscription(patient.cookie)).json();
    expect(subscriptionView).toMatchObject({ subscriptionStatus: 'subscribe' });
    recordUnderA = await feed(patient, '정형외과');

    // A second person starts an SMS verification now and finishes it after the restart.
    const person = testPerson();
    const started = await app!.inject({
      method: 'POST',
      url: API.niceUserAuth,
      remoteAddress: '127.9.0.2',
      payload: { ...person, hospitalCode: '90000001', termsIds: await telecomTermsIds(t()) },
    });
    expect(started.statusCode, started.body).toBe(200);
    pending = { ...(started.json() as typeof pending), code: await latestSmsCode(t(), person.custHp) };

    factoryPatient = await createSubscriber(app!.ctx);
    // A value from before key ids: the subscriber's details as the old code sealed them.
    const person2 = app!.ctx.crypto.decrypt(
      (
        await db.db
          .selectFrom('subscription')
          .select('personEnc')
          .where('insuApplyId', '=', factoryPatient.insuApplyId)
          .executeTakeFirstOrThrow()
      ).personEnc,
    );
    await db.db
      .updateTable('subscription')
      .set({ personEnc: legacySeal(A, person2) })
      .where('insuApplyId', '=', factoryPatient.insuApplyId)
      .execute();

    await db.db
      .insertInto('idCardSubmission')
      .values({
        ciHmac: ciHmacOf(app!.ctx, patient.ci),
        idcardType: 'ic',
        imageEnc: app!.ctx.crypto.encrypt('data:image/jpeg;base64,AAAA'),
        imageSha256: 'x'.repeat(64),
        imageBytes: 3,
        width: 1,
        height: 1,
        fieldsEnc: app!.ctx.crypto.encryptJson({ regNo: '112412345678', checkCd: 'AB12C' }),
        submittedAt: clock.now(),
      })
      .execute();

    const counts = await countsInSql(await encryptedColumns(db.db));
    for (const c of WRITTEN) expect(counts[c]?.other, c).toBeGreaterThan(0);
    expect(Object.values(counts).every((c) => c.b === 0)).toBe(true);
    // The ID photo and the signature are blobs whose data keys A sealed, and their row says so.
    expect(await patientBlobKeys()).toEqual([idA, idA, idA, idA]);
  });

  it('restarted under B with A as an old key: the patient reads everything, the engine matches and delivers', async () => {
    await restart(KEYS_B_WITH_A);
    // The session made under A still holds (its CI decrypts; its cookie's hash is a lookup hash).
    const read = await getSubscription(patient.cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(subscriptionView);

    // The verification started under A finishes under B: the same person, the same CI (the sandbox's CI key is a
    // lookup hash, so it did not move).
    const done = await app!.inject({
      method: 'POST',
      url: API.niceSmsAuth,
      remoteAddress: '127.9.0.2',
      payload: {
        smsRequestSeq: pending.smsRequestSeq,
        smsResponseSeq: pending.smsResponseSeq,
        smsAuthNum: pending.code,
        hospitalCode: '90000001',
      },
    });
    expect(done.statusCode, done.body).toBe(200);

    // The record sent under A and one sent now: both matched by ci_hmac to the subscription made under A.
    await app!.claimEngine.start();
    const recordUnderB = await feed(patient, '내과');
    const legacyRecord = await feed(factoryPatient, '피부과');
    await app!.claimEngine.drain();
    for (const id of [recordUnderA, recordUnderB, legacyRecord]) {
      expect((await record(id)).outcome, `record ${id}`).toBe('claimed');
      expect(await deliveriesOf(id), `record ${id}`).toEqual([{ status: 'sent' }]);
    }
    const treats = await getTreats(patient.cookie);
    expect(treats.statusCode, treats.body).toBe(200);
    expect(treats.body).toContain('정형외과');
    expect(treats.body).toContain('내과');

    // New values are sealed with B.
    expect((await record(recordUnderB)).personEnc.startsWith(`${idB}:`)).toBe(true);
    expect((await record(recordUnderA)).personEnc.startsWith(`${idA}:`)).toBe(true);
  });

  it('the rekey moves every *_enc value to B, never over a value a request wrote meanwhile', async () => {
    const columns = await encryptedColumns(db.db);
    expect(columns.map((c) => `${c.table}.${c.column}`)).toEqual(expect.arrayContaining(WRITTEN));
    // access_log is append-only (a trigger refuses updates): it must never hold a value the rekey would rewrite.
    expect(columns.filter((c) => c.table === 'access_log')).toEqual([]);
    for (const c of columns) expect(c.key.length, `${c.table} has a primary key`).toBeGreaterThan(0);

    // Compare-and-set: a value read under A, then changed by a request before the rekey writes, stays changed.
    const subCol = columns.find((c) => c.table === 'subscription' && c.column === 'bank_account_enc')!;
    const { insuApplyId } = (await db.db
      .selectFrom('subscription')
      .select('insuApplyId')
      .where('bankAccountEnc', 'is not', null)
      .executeTakeFirstOrThrow())!;
    const readOld = (
      await db.db
        .selectFrom('subscription')
        .select('bankAccountEnc')
        .where('insuApplyId', '=', insuApplyId)
        .executeTakeFirstOrThrow()
    ).bankAccountEnc!;
    const byRequest = app!.ctx.crypto.encrypt('110555667788');
    await db.db
      .updateTable('subscription')
      .set({ bankAccountEnc: byRequest })
      .where('insuApplyId', '=', insuApplyId)
      .execute();
    const stale = await writeResealed(db.db, subCol, [
      { key: [insuApplyId], old: readOld, next: app!.ctx.crypto.reseal(readOld)! },
    ]);
    expect(stale).toBe(0);
    const kept = await db.db
      .selectFrom('subscription')
      .select('bankAccountEnc')
      .where('insuApplyId', '=', insuApplyId)
      .executeTakeFirstOrThrow();
    expect(kept.bankAccountEnc).toBe(byRequest);

    const before = await countByKeyId(db.db, app!.ctx.crypto);
    expect(before.find((c) => c.table === 'subscription' && c.column === 'person_enc')!.byKeyId).toMatchObject({
      [LEGACY_KEY_ID]: 1,
      [idA]: 1,
    });
    // Small batches, the walk going on from call to call as it does from minute to minute, until it is complete.
    const rekeyer = createRekeyer(db.db, app!.ctx.crypto, undefined, app!.ctx.blobs);
    const calls: PassResult[] = [];
    do calls.push(await rekeyer.pass({ batchSize: 2, maxBatches: 3 }));
    while (!calls.at(-1)!.complete && calls.length < 100);
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.every((c) => c.unreadable === 0 && c.failed.length === 0)).toBe(true);
    expect(calls.at(-1)!.complete).toBe(true);
    expect(calls.reduce((s, c) => s + c.resealed, 0)).toBe(before.reduce((s, c) => s + c.remaining, 0));

    const after = await countsInSql(columns);
    for (const [c, n] of Object.entries(after)) expect(n.other, `${c} values not under B`).toBe(0);
    for (const c of WRITTEN) expect(after[c]!.b, c).toBeGreaterThan(0);
    // The blobs' data keys were re-sealed under B (their bytes untouched), and the rows say so.
    expect(await patientBlobKeys()).toEqual([idB, idB, idB, idB]);
    // The worker's minute tick finds nothing left and says so.
    expect(await rekeyTick(app!.ctx)).toEqual({ resealed: 0, remaining: 0 });
  });

  it('with A removed from the ring, everything still reads, and the engine still matches by ci_hmac', async () => {
    await restart(KEYS_B);
    const read = await getSubscription(patient.cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(subscriptionView);
    expect((await getTreats(patient.cookie)).body).toContain('정형외과');
    await app!.claimEngine.start();
    const later = await feed(patient, '안과');
    const legacyLater = await feed(factoryPatient, '이비인후과');
    await app!.claimEngine.drain();
    for (const id of [later, legacyLater]) {
      expect((await record(id)).outcome).toBe('claimed');
      expect(await deliveriesOf(id)).toEqual([{ status: 'sent' }]);
    }
  });

  it('refuses to start with a lookup key the data was not hashed with, saying what to set', async () => {
    await app?.close();
    app = undefined;
    const start = (keys: Partial<ContextConfig>) =>
      buildApp({ config: { ...TEST_CONFIG, ...keys }, db, logStream: testLogStream, clock });
    // The classic mistake: the new key alone, its derived lookup key with it.
    await expect(start({ fieldEncryptionKey: B })).rejects.toThrow(
      /lookup key is not the one this database's lookup hashes were made with.*FIELD_LOOKUP_KEY/,
    );
    await expect(start({ fieldEncryptionKey: B, fieldLookupKey: B })).rejects.toThrow(/FIELD_LOOKUP_KEY/);

    // A database from before fingerprints: a stored session tells the right lookup key from a wrong one.
    await db.db.deleteFrom('lookupKeyFingerprint').execute();
    await expect(start({ fieldEncryptionKey: B })).rejects.toThrow(/a stored session hashes differently/);
    expect(await db.db.selectFrom('lookupKeyFingerprint').selectAll().execute()).toEqual([]);
    await restart(KEYS_B);
    const stored = await db.db.selectFrom('lookupKeyFingerprint').select('fingerprint').execute();
    expect(stored).toEqual([{ fingerprint: createFieldCrypto(A).lookupFingerprint }]);
  });
});

describe("the claim engine's minute tick", () => {
  it('re-encrypts in worker processes, in the background', async () => {
    const { db, close } = await openTestDb();
    let app: FastifyInstance | undefined;
    try {
      const before = await buildApp({ config: { ...TEST_CONFIG, ...KEYS_A }, db, logStream: testLogStream, clock });
      await createSubscriber(before.ctx);
      await before.close();
      app = await buildApp({ config: { ...TEST_CONFIG, ...KEYS_B_WITH_A }, db, logStream: testLogStream, clock });
      const left = async () => (await countByKeyId(db.db, app!.ctx.crypto)).reduce((s, c) => s + c.remaining, 0);
      expect(await left()).toBe(2);
      await app.claimEngine.start({ workers: true });
      // The tick as pg-boss's schedule sends it every minute, sent now rather than waited for.
      await app.jobs.boss!.send(TICK_QUEUE, {});
      await until('the tick re-encrypted every value', async () => (await left()) === 0, 15_000);
    } finally {
      await app?.close();
      await close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------

/** `npm run rekey` as an operator runs it: its exit code and what it printed. */
function runRekeyScript(env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', 'apps/server/scripts/rekey.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'development', SESSION_SECRET: TEST_CONFIG.sessionSecret, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('exit', (code) => resolve({ code, out }));
  });
}

describe('npm run rekey', () => {
  // The script is its own process: PostgreSQL by its URL, or PGlite in a data directory it opens after us.
  let where: Record<string, string>;
  let open: () => Promise<Db>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (process.env.DATABASE_URL) {
      const tmp = await throwawayDatabase(process.env.DATABASE_URL);
      where = { DATABASE_URL: tmp.url };
      open = () => openDb({ databaseUrl: tmp.url });
      cleanup = tmp.drop;
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'ac-rekey-'));
      where = { DATA_DIR: dir };
      open = () => openDb({ dataDir: dir });
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    const db = await open();
    await migrateToLatest(db.db);
    const app = await buildApp({
      config: { ...TEST_CONFIG, fieldEncryptionKey: A },
      db,
      logStream: testLogStream,
      clock,
    });
    await createSubscriber(app.ctx);
    await createSubscriber(app.ctx);
    await app.close();
    await db.close();
  });
  afterAll(async () => {
    await cleanup?.();
  });

  const under = async (f: (db: Kysely<any>) => Promise<void>) => {
    const db = await open();
    try {
      await f(db.db);
    } finally {
      await db.close();
    }
  };

  it('prints progress per column and exits 0 once nothing is left under an old key', async () => {
    const run = await runRekeyScript({
      ...where,
      FIELD_ENCRYPTION_KEY: B,
      FIELD_ENCRYPTION_OLD_KEYS: A,
      FIELD_LOOKUP_KEY: A,
    });
    expect(run.out).toContain(`subscription.person_enc: ${idA}: 2`);
    expect(run.out).toContain('subscription.person_enc: 2/2 re-encrypted');
    expect(run.out).toContain(`done: every field value is under key ${idB}; 0 left under old keys`);
    expect(run.code, run.out).toBe(0);
    await under(async (db) => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from subscription where substr(person_enc, 1, 9) <> ${`${idB}:`}
          or substr(ci_enc, 1, 9) <> ${`${idB}:`}`.execute(db);
      expect(rows[0]!.n).toBe(0);
    });
  });

  it('exits 1 naming the key id of values no key of the ring opens, never their content', async () => {
    await under(async (db) => {
      await sql`update subscription set person_enc = ${createFieldCrypto(C).encrypt('비밀-평문')}
        where insu_apply_id = (select min(insu_apply_id) from subscription)`.execute(db);
    });
    const run = await runRekeyScript({ ...where, FIELD_ENCRYPTION_KEY: B, FIELD_LOOKUP_KEY: A });
    expect(run.code, run.out).toBe(1);
    expect(run.out).toMatch(new RegExp(`subscription\\.person_enc: .*${fieldKeyId(C)}: 1`));
    expect(run.out).toContain('left that no key of the ring re-encrypts: 1');
    expect(run.out).not.toContain('비밀-평문');
  });

  it('refuses a lookup key the data was not hashed with', async () => {
    const run = await runRekeyScript({ ...where, FIELD_ENCRYPTION_KEY: B });
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/lookup key is not the one this database's lookup hashes were made with/);
  });
});
