// The sender against a local double of POST /hospital/fhir/r4/Bundle (test-double.ts, the server's contract): retries
// with backoff and Retry-After, 4xx never retried, refusals printed with each element's FHIRPath and Korean text,
// and a kill mid-queue that loses nothing and stores nothing twice.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadR4 } from '@auto-claim/kr-silson-claim';
import { backoffMs, retryAfterMs, send, type Io } from './index.js';
import { startFhirDouble, type FhirDouble } from './test-double.js';

const pkg = path.resolve(import.meta.dirname, '../..');
const sample = path.join(pkg, 'examples/emr-export');
const mapping = path.join(pkg, 'examples/haneul-chart.mapping.json');
const KEY = 'sandbox-90000002';
let double: FhirDouble | undefined;

beforeAll(() => loadR4(), 120_000);
afterEach(async () => {
  await double?.close();
  double = undefined;
});

function workspace() {
  const dir = mkdtempSync(path.join(tmpdir(), 'kit-send-'));
  const keyFile = path.join(dir, 'key.txt');
  writeFileSync(keyFile, `${KEY}\n`, { mode: 0o600 });
  return { dir, keyFile, queue: path.join(dir, 'queue') };
}
const capture = () => {
  const lines: string[] = [];
  const io: Io = { out: (l) => lines.push(l), err: (l) => lines.push(`[err] ${l}`) };
  return { lines, io };
};
const files = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('sending with retries', () => {
  it('backs off with jitter under a ceiling, honours Retry-After, and sends each receipt once', async () => {
    double = await startFhirDouble(KEY);
    const w = workspace();
    double.plan.push({ status: 503 }, { status: 429, headers: { 'retry-after': '7' } }, { status: 502 });
    const waits: number[] = [];
    const { lines, io } = capture();
    const code = await send({ from: sample, mapping, server: double.url, keyFile: w.keyFile, queue: w.queue }, io, {
      sleep: async (ms) => void waits.push(ms),
      random: () => 0.5,
      baseDelayMs: 1000,
    });
    expect(code).toBe(0);
    // 503: half of 1 s; 429: the 7 s it asked for; 502: half of 4 s (the third attempt's ceiling).
    expect(waits).toEqual([500, 7000, 2000]);
    expect(double.stored.size).toBe(4);
    expect(double.posts).toHaveLength(4 + 3);
    expect(lines.filter((l) => l.startsWith('접수  '))).toHaveLength(4);
    expect(lines.at(-1)).toBe('접수 4 · 거절 0 · 검증 실패 0 · 미전송 0 · 이미 보냄 0');
    expect(files(path.join(w.queue, 'pending'))).toEqual([]);
    // The records kept after sending carry the receipt number and the answer, not the patient.
    const record = readFileSync(path.join(w.queue, 'sent', files(path.join(w.queue, 'sent'))[0]!), 'utf8');
    expect(record).not.toContain('김하늘');

    // Run again on the same export: nothing is sent twice.
    const again = capture();
    expect(
      await send({ from: sample, mapping, server: double.url, keyFile: w.keyFile, queue: w.queue }, again.io),
    ).toBe(0);
    expect(double.posts).toHaveLength(7);
    expect(again.lines.at(-1)).toBe('접수 0 · 거절 0 · 검증 실패 0 · 미전송 0 · 이미 보냄 4');
  });

  it('leaves a bundle in the queue after its attempts run out, and sends it on the next run', async () => {
    double = await startFhirDouble(KEY);
    const w = workspace();
    double.plan.push(...Array.from({ length: 3 }, () => ({ status: 503 })));
    const first = capture();
    const code = await send(
      { from: sample, mapping, server: double.url, keyFile: w.keyFile, queue: w.queue },
      first.io,
      { sleep: async () => {}, maxAttempts: 3 },
    );
    expect(code).toBe(2);
    expect(first.lines.some((l) => l.startsWith('미전송') && l.includes('HTTP 503'))).toBe(true);
    expect(files(path.join(w.queue, 'pending'))).toHaveLength(1);
    const second = capture();
    expect(await send({ server: double.url, keyFile: w.keyFile, queue: w.queue }, second.io)).toBe(0);
    expect(double.stored.size).toBe(4);
    expect([...double.stored.values()].every((n) => n === 1)).toBe(true);
  });

  it('never retries a 4xx other than 429, and prints each issue’s FHIRPath and Korean text', async () => {
    double = await startFhirDouble(KEY);
    const w = workspace();
    double.refuse.set('R-20261105-0003', [
      {
        expression: 'Bundle.entry[5].resource.lineItem[1].priceComponent[0].amount.value',
        text: '줄의 총액이 단가 × 횟수 × 일수와 달라요.',
      },
    ]);
    const { lines, io } = capture();
    const sleeps: number[] = [];
    const code = await send({ from: sample, mapping, server: double.url, keyFile: w.keyFile, queue: w.queue }, io, {
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect(code).toBe(1);
    expect(sleeps).toEqual([]);
    expect(double.posts.filter((p) => p.endsWith('|R-20261105-0003'))).toHaveLength(1);
    const at = lines.findIndex((l) => l.startsWith('거절') && l.includes('R-20261105-0003'));
    expect(lines[at]).toContain('(422)');
    expect(lines[at + 1]).toBe(
      '    - Bundle.entry[5].resource.lineItem[1].priceComponent[0].amount.value: 줄의 총액이 단가 × 횟수 × 일수와 달라요.',
    );
    expect(files(path.join(w.queue, 'refused'))).toHaveLength(1);
    // The same bundle is not sent again; a fixed one would be.
    const again = capture();
    await send({ from: sample, mapping, server: double.url, keyFile: w.keyFile, queue: w.queue }, again.io);
    expect(double.posts.filter((p) => p.endsWith('|R-20261105-0003'))).toHaveLength(1);
    expect(again.lines.some((l) => l.startsWith('거절됨') && l.includes('R-20261105-0003'))).toBe(true);
  });

  it('stops on a wrong key without settling anything', async () => {
    double = await startFhirDouble('another-key');
    const w = workspace();
    const { lines, io } = capture();
    expect(await send({ from: sample, mapping, server: double.url, keyFile: w.keyFile, queue: w.queue }, io)).toBe(2);
    expect(double.posts).toHaveLength(0); // refused before the body is read: no identifier counted
    expect(lines.some((l) => l.includes('API 키가 맞지 않아요 (401)'))).toBe(true);
    expect(files(path.join(w.queue, 'pending'))).toHaveLength(4);
  });

  it('does not send a bundle the local validator refuses', async () => {
    double = await startFhirDouble(KEY);
    const w = workspace();
    const from = path.join(w.dir, 'export');
    cpSync(sample, from, { recursive: true });
    const file = path.join(from, '20261107-0002.lines.csv');
    writeFileSync(file, readFileSync(file, 'utf8').replace('657,"12,493"', '600,"12,493"'));
    const { lines, io } = capture();
    expect(await send({ from, mapping, server: double.url, keyFile: w.keyFile, queue: w.queue }, io)).toBe(1);
    expect(double.posts.some((p) => p.endsWith('|R-20261107-0002'))).toBe(false);
    const at = lines.findIndex((l) => l.startsWith('검증 실패'));
    expect(lines[at]).toContain('R-20261107-0002');
    expect(lines[at + 1]).toMatch(/^ {4}- Bundle\.entry\[\d+\]\.resource\..+: .*\p{Script=Hangul}/u);
  });

  it('reads Retry-After as seconds or a date, and caps the backoff', () => {
    expect(retryAfterMs('120')).toBe(120_000);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:28:30 GMT', Date.parse('2026-10-21T07:28:00Z'))).toBe(30_000);
    expect(retryAfterMs('soon')).toBeUndefined();
    const policy = { baseDelayMs: 1000, maxDelayMs: 60_000, random: () => 0.999 };
    expect(backoffMs(0, policy)).toBe(999);
    expect(backoffMs(20, policy)).toBe(59_940);
  });
});

describe('a kill mid-queue', () => {
  it('loses no receipt and stores none twice when the sender is SIGKILLed and started again', async () => {
    double = await startFhirDouble(KEY);
    double.delayMs = 300;
    const w = workspace();
    const from = path.join(w.dir, 'export');
    const N = 10;
    // N receipts from the sample's one, each with its own receipt number.
    const [header, row] = readFileSync(path.join(sample, '20261107-0002.receipt.csv'), 'utf8').trim().split('\r\n');
    const lines = readFileSync(path.join(sample, '20261107-0002.lines.csv'));
    cpSync(sample, from, { recursive: true, filter: (f) => !f.includes('.') || f.endsWith('emr-export') });
    for (let i = 1; i <= N; i++) {
      const no = `K-${String(i).padStart(3, '0')}`;
      writeFileSync(path.join(from, `${no}.receipt.csv`), `${header}\r\n${row!.replace('R-20261107-0002', no)}\r\n`);
      writeFileSync(path.join(from, `${no}.lines.csv`), lines);
    }
    const run = () =>
      spawn(
        process.execPath,
        [
          path.join(pkg, 'bin/auto-claim-kit.mjs'),
          'send',
          ...['--from', from, '--mapping', mapping, '--server', double!.url],
          ...['--key-file', w.keyFile, '--queue', w.queue],
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );

    const first = run();
    // The 4th bundle has arrived and is stored; its answer is 300 ms away: the sender dies not knowing the outcome.
    await double.nthPost(4);
    first.kill('SIGKILL');
    const [, signal] = await once(first, 'exit');
    expect(signal).toBe('SIGKILL');
    expect(double.stored.size).toBeLessThan(N);

    const second = run();
    let out = '';
    second.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const [code] = await once(second, 'exit');
    expect(code, out).toBe(0);

    const ids = Array.from({ length: N }, (_, i) => `K-${String(i + 1).padStart(3, '0')}`);
    expect([...double.stored.keys()].map((k) => k.split('|')[1]).sort()).toEqual(ids);
    expect([...double.stored.values()].every((n) => n === 1)).toBe(true);
    // The one post beyond one per receipt is the 4th again, whose outcome the killed sender never learnt: the
    // double answered it as the same bundle (200), as the server does.
    expect(double.posts.length).toBe(N + 1);
    expect(double.idempotent.map((k) => k.split('|')[1])).toEqual(['K-004']);
    expect(readdirSync(path.join(w.queue, 'pending'))).toEqual([]);
    expect(files(path.join(w.queue, 'sent'))).toHaveLength(N);
  }, 60_000);
});
