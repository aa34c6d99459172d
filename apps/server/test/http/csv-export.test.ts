// A list exported as CSV (http/csv-export.ts): what Excel needs (BOM, CRLF, RFC 4180 quoting), the formula guard, a
// page read only when the reader has taken the one before (a million rows in the memory of a few pages), and how an
// export ended (completed, aborted by the reader, failed part-way) told once, with the rows sent.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsExportOutcome } from '@auto-claim/contract/ops';
import {
  EXPORT_PAGE_SIZE,
  csvStream,
  everyPage,
  recordedFilter,
  sendCsv,
  type CsvColumn,
  type ReadPage,
} from '../../src/http/csv-export.js';

type Row = { n: number; text: string };
const columns: CsvColumn<Row>[] = [
  { header: '번호', value: (r) => r.n },
  { header: '내용', value: (r) => r.text },
];

/** A list of `total` rows made page by page as asked (nothing held), counting the reads. */
function list(total: number, text = (n: number) => `행 ${n}`) {
  const reads = { count: 0 };
  const read: ReadPage<Row> = async ({ cursor, size, count }) => {
    expect(count).toBe(false);
    reads.count += 1;
    const from = cursor === undefined ? 0 : Number(cursor);
    const to = Math.min(total, from + size);
    const rows = Array.from({ length: to - from }, (_, i) => ({ n: from + i + 1, text: text(from + i + 1) }));
    return { list: rows, nextCursor: to < total ? String(to) : null };
  };
  return { read, reads };
}

const text = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
};

describe('the file', () => {
  it('is UTF-8 with a BOM, CRLF between records, quoted as RFC 4180 says, formulas made text', async () => {
    const cells = [
      '=HYPERLINK("http://evil.test","눌러 주세요")',
      '+82 10',
      '-1+1',
      '@SUM(A1)',
      '\t탭으로 시작',
      '\r캐리지 리턴',
      '쉼표, 있음',
      '따옴표 "있음"',
      '줄\n바꿈',
      '홍*동',
      '',
    ];
    const { read } = list(cells.length, (n) => cells[n - 1]!);
    const body = await text(csvStream(columns, everyPage(read), { rows: 0, failed: false }));
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = body.subarray(3).toString('utf8');
    expect(csv).toBe(
      [
        '번호,내용',
        `1,"'=HYPERLINK(""http://evil.test"",""눌러 주세요"")"`,
        "2,'+82 10",
        "3,'-1+1",
        "4,'@SUM(A1)",
        "5,'\t탭으로 시작",
        `6,"'\r캐리지 리턴"`,
        '7,"쉼표, 있음"',
        '8,"따옴표 ""있음"""',
        '9,"줄\n바꿈"',
        '10,홍*동',
        '11,',
        '',
      ].join('\r\n'),
    );
  });

  it('writes a negative number as a number (only text is guarded), and nothing for a missing value', async () => {
    const cols: CsvColumn<{ a: number; b: null; c: undefined }>[] = [
      { header: 'a', value: (r) => r.a },
      { header: 'b', value: (r) => r.b },
      { header: 'c', value: (r) => r.c },
    ];
    const pages = (async function* () {
      yield [{ a: -3, b: null, c: undefined }];
    })();
    const csv = (await text(csvStream(cols, pages, { rows: 0, failed: false }))).toString('utf8');
    expect(csv).toBe('\ufeffa,b,c\r\n-3,,\r\n');
  });

  it('keeps in the operators’ record the filter’s codes and dates, never a value that could name a person', () => {
    expect(
      recordedFilter({
        cursor: 'x',
        size: 20,
        order: 'desc',
        hospitalCd: '90000001',
        status: 'paid',
        from: '20261101',
        name: '홍길동',
        phone: '01012345678',
        birthDate: '19580101',
        empty: '',
        none: undefined,
      }),
    ).toEqual({
      order: 'desc',
      hospitalCd: '90000001',
      status: 'paid',
      from: '20261101',
      name: '(입력함)',
      phone: '(입력함)',
      birthDate: '(입력함)',
    });
  });
});

describe('streaming', () => {
  it('reads a page only when the reader has taken the one before', async () => {
    const { read, reads } = list(100 * EXPORT_PAGE_SIZE);
    const stream = csvStream(columns, everyPage(read), { rows: 0, failed: false });
    // Nobody reads: the stream fills its buffers and stops asking.
    await new Promise<void>((resolve) => stream.once('readable', resolve));
    await vi.waitFor(() => expect(stream.readableLength).toBeGreaterThan(0));
    const settled = reads.count;
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(reads.count).toBe(settled);
    // What the stream buffers (some 16 KB of text, a few objects) and nothing more: a handful of pages of 100.
    expect(settled).toBeLessThan(15);
    stream.destroy();
  });

  it('exports a million rows in the memory of a few pages', { timeout: 120_000 }, async () => {
    const total = 1_000_000;
    const { read, reads } = list(total);
    const tally = { rows: 0, failed: false };
    // What stays reachable, not garbage waiting for a collection: measured after a full one.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const before = live();
    let peak = 0;
    let sampled = 0;
    let bytes = 0;
    let records = 0;
    await pipeline(
      csvStream(columns, everyPage(read), tally),
      new Writable({
        write(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          for (const b of chunk) if (b === 0x0a) records += 1;
          // A slow reader: the writer waits for it instead of piling rows up.
          if (records - sampled >= 100_000) {
            sampled = records;
            peak = Math.max(peak, live() - before);
          }
          setImmediate(done);
        },
      }),
    );
    expect(records).toBe(total + 1);
    expect(tally.rows).toBe(total);
    expect(reads.count).toBe(total / EXPORT_PAGE_SIZE);
    // The file is some 19 MB; held whole as rows and text it would be several times that. A few pages stay under 5 MB.
    expect(bytes).toBeGreaterThan(13_000_000);
    expect(peak).toBeLessThan(5_000_000);
    console.info(`1,000,000 rows, ${bytes} bytes: live heap grew at most ${peak} bytes`);
  });
});

describe('how an export ended', () => {
  let app: ReturnType<typeof Fastify> | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** The pages, telling when they are closed: after that no read can follow. */
  async function* watched(pages: AsyncGenerator<Row[]>, state: { closed: boolean }) {
    try {
      yield* pages;
    } finally {
      state.closed = true;
    }
  }

  /** A server whose one route exports `read`, telling each end and when its pages were closed. */
  async function serve(read: ReadPage<Row>) {
    const ends: { rows: number; outcome: OpsExportOutcome }[] = [];
    const pages = { closed: false };
    const server = Fastify({ logger: false });
    app = server;
    server.get('/export', (_req, reply) =>
      sendCsv(reply, {
        filename: { ascii: 'list.csv', korean: '목록.csv' },
        columns,
        pages: watched(everyPage(read), pages),
        onEnd: async (end) => void ends.push(end),
      }),
    );
    await server.listen({ port: 0, host: '127.0.0.1' });
    return { ends, pages, port: (server.server.address() as AddressInfo).port };
  }

  it('completed: every row sent, told once with the count; a file name in Korean', async () => {
    const { read } = list(1234);
    const { ends, port } = await serve(read);
    const res = await fetch(`http://127.0.0.1:${port}/export`);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="list.csv"; filename*=UTF-8''${encodeURIComponent('목록.csv')}`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.text();
    expect(body.split('\r\n')).toHaveLength(1234 + 2);
    await vi.waitFor(() => expect(ends).toEqual([{ rows: 1234, outcome: 'completed' }]), { timeout: 10_000 });
  });

  it('aborted: the reader left part-way; the reads stop and the export is told with the rows sent so far', async () => {
    const { read, reads } = list(10_000 * EXPORT_PAGE_SIZE);
    const { ends, pages, port } = await serve(read);
    await new Promise<void>((resolve, reject) => {
      const req = request(`http://127.0.0.1:${port}/export`, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => {});
      req.once('error', reject);
      req.end();
    });
    await vi.waitFor(() => expect(ends).toHaveLength(1), { timeout: 10_000 });
    expect(ends[0]!.outcome).toBe('aborted');
    expect(ends[0]!.rows).toBeGreaterThan(0);
    expect(ends[0]!.rows).toBeLessThan(10_000 * EXPORT_PAGE_SIZE);
    // The reads stopped: the pages were closed (a state to wait for, not a pause hoping no read comes).
    await vi.waitFor(() => expect(pages.closed).toBe(true), { timeout: 10_000 });
    expect(reads.count).toBeLessThan(100);
  });

  it('failed: a read failed part-way; the file ends short and the export is told as failed', async () => {
    const { read: inner } = list(10 * EXPORT_PAGE_SIZE);
    const read: ReadPage<Row> = async (page) => {
      if (page.cursor === String(3 * EXPORT_PAGE_SIZE)) throw new Error('the database went away');
      return inner(page);
    };
    const { ends, port } = await serve(read);
    const res = await fetch(`http://127.0.0.1:${port}/export`);
    await expect(res.text()).rejects.toThrow();
    await vi.waitFor(() => expect(ends).toHaveLength(1), { timeout: 10_000 });
    expect(ends[0]!.outcome).toBe('failed');
    expect(ends[0]!.rows).toBe(3 * EXPORT_PAGE_SIZE);
  });
});
