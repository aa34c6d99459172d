// A console list exported as CSV (README "Operator console", "Exports"), streamed: the list's pages are read by key one
// after another, each only when the reply has room for it (the stream's back-pressure), so a million rows take no more
// memory than a page. The file opens in Excel with its Korean intact: UTF-8 with a byte order mark, CRLF between
// records, RFC 4180 quoting (a field holding a comma, a quote or a line break is quoted, quotes doubled). A cell that a
// spreadsheet would take as a formula (= + - @, a tab or a CR first) starts with an apostrophe instead (OWASP, "CSV
// injection"). The writing is csv-stringify's (the `csv` project: streaming, RFC 4180, formula escaping built in).
//
// How an export ended is known only when the reply closes: every row sent (completed), the download stopped before
// the end (aborted: the reader left), or the list failed part-way (failed). `onEnd` hears it once, with the rows sent.
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { OpsExportOutcome } from '@auto-claim/contract/ops';

/** How many rows one read of the list asks for while exporting. */
export const EXPORT_PAGE_SIZE = 500;

export interface CsvColumn<Row> {
  /** The header, in Korean. */
  header: string;
  value: (row: Row) => string | number | null | undefined;
}

/** A page of a list by key, as the list's own function answers it. */
export type ReadPage<Row> = (page: {
  cursor: string | undefined;
  size: number;
  count: false;
}) => Promise<{ list: Row[]; nextCursor: string | null }>;

/** Every page of a list, from the first, each read only when the one before has been taken. */
export async function* everyPage<Row>(read: ReadPage<Row>): AsyncGenerator<Row[]> {
  let cursor: string | undefined;
  do {
    const page = await read({ cursor, size: EXPORT_PAGE_SIZE, count: false });
    yield page.list;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}

/** The CSV writer's options: the ones that make Excel read it as written, and the formula guard. */
export const CSV_OPTIONS = {
  bom: true,
  record_delimiter: 'windows',
  escape_formulas: true,
  // RFC 4180: a field with a line break is quoted, a lone CR or LF too (csv-stringify quotes only a whole CRLF).
  quoted_match: /[\r\n]/,
} as const;

/** The stream of a CSV file: its header, then a record per row, pulled page by page as the reader takes them. */
export function csvStream<Row>(
  columns: CsvColumn<Row>[],
  pages: AsyncIterable<Row[]>,
  tally: { rows: number; failed: boolean },
): Readable {
  async function* records() {
    try {
      for await (const list of pages) {
        for (const row of list) {
          yield columns.map((c) => c.value(row) ?? '');
          tally.rows += 1;
        }
      }
    } catch (e) {
      tally.failed = true;
      throw e;
    }
  }
  const out = stringify({ ...CSV_OPTIONS, header: true, columns: columns.map((c) => c.header) });
  // An error on either side ends both: a failing read ends the file, a reader gone stops the reads.
  pipeline(Readable.from(records()), out, () => {});
  return out;
}

/** The file name: ASCII for old clients, the Korean one (RFC 6266 filename*) for the others. */
export function attachment(ascii: string, korean: string) {
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(korean)}`;
}

/** Filter fields kept as asked in the operators' record; any other (a name, a phone, a birth date…) only as given. */
const RECORDED_AS_ASKED = new Set([
  'sort',
  'order',
  'claimId',
  'recordId',
  'hospitalCd',
  'insuCompCd',
  'status',
  'dateField',
  'from',
  'to',
  'handled',
  'reason',
  'loginId',
  'action',
]);
/** Paging is not part of what was exported. */
const NOT_FILTERS = new Set(['cursor', 'size', 'page']);
export const GIVEN = '(입력함)';

/** The filter as the operators' record keeps it: no value that could name a person. */
export function recordedFilter(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (NOT_FILTERS.has(k) || v === undefined || v === null || v === '') continue;
    out[k] = RECORDED_AS_ASKED.has(k) ? String(v) : GIVEN;
  }
  return out;
}

/** The answer's shape for the API document: a CSV file. */
export const csvAnswer = (description: string) => ({
  description,
  // Typed as what handlers send (a stream), which Fastify never passes to a serializer.
  content: { 'text/csv': { schema: z.string().meta({ format: 'binary' }) as unknown as z.ZodType<Readable> } },
});

/**
 * Sends the list as a CSV attachment, streamed, and calls `onEnd` once when the reply has closed, with how many rows
 * went out and how it ended.
 */
export function sendCsv<Row>(
  reply: FastifyReply,
  file: {
    filename: { ascii: string; korean: string };
    columns: CsvColumn<Row>[];
    pages: AsyncIterable<Row[]>;
    onEnd: (end: { rows: number; outcome: OpsExportOutcome }) => Promise<void>;
  },
) {
  const tally = { rows: 0, failed: false };
  const body = csvStream(file.columns, file.pages, tally);
  // 'finish': the whole answer was handed to the connection; a close without it is a reader gone or a failure.
  let finished = false;
  reply.raw.once('finish', () => void (finished = true));
  reply.raw.once('close', () => {
    const outcome: OpsExportOutcome = tally.failed ? 'failed' : finished ? 'completed' : 'aborted';
    // The reads stop with the reply (pipeline), whatever the reason it closed.
    if (!body.destroyed && outcome !== 'completed') body.destroy();
    file.onEnd({ rows: tally.rows, outcome }).catch((e: unknown) => reply.log.error(e, 'export not recorded'));
  });
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', attachment(file.filename.ascii, file.filename.korean))
    .header('cache-control', 'no-store')
    .send(body);
}

const kst = (iso: string | Date) => new Date(new Date(iso).getTime() + 9 * 3600_000).toISOString();
/** An instant as Korea's date and time, as Excel reads it: 2026-11-26 14:03:22. */
export const csvDateTime = (iso: string | Date | null | undefined) =>
  iso ? kst(iso).slice(0, 19).replace('T', ' ') : '';
/** YYYYMMDD as 2026-11-26. */
export const csvDate = (ymd: string) =>
  /^\d{8}$/.test(ymd) ? `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6)}` : ymd;
/** The file's name after the list and the moment (Korea time): 청구 목록-20261126-1403.csv. */
export const exportFilename = (ascii: string, korean: string, now: Date) => {
  const at = kst(now).slice(0, 16).replace(/-|:/g, '').replace('T', '-');
  return { ascii: `${ascii}-${at}.csv`, korean: `${korean}-${at}.csv` };
};
