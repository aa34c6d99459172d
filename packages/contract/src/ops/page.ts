// What every list of the operator console shares (README "Operator console"): paged, sorted and filtered on the
// server, never more than OPS_PAGE_MAX rows in one answer.
import { z } from 'zod';

export const OPS_PAGE_MAX = 100;

/** `?page=1&size=20&sort=<field>&order=desc` plus each list's own filters; `sort` is one of the list's columns. */
export const pageQuery = <S extends readonly [string, ...string[]]>(sortable: S) =>
  z.object({
    page: z.coerce.number().int().min(1, '쪽 번호는 1부터예요.').max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(OPS_PAGE_MAX, `한 번에 ${OPS_PAGE_MAX}건까지 볼 수 있어요.`).default(20),
    sort: z.enum(sortable).optional(),
    order: z.enum(['asc', 'desc']).default('desc'),
  });

/** A page of a list: its rows and how many rows the filters match in all. */
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), total: z.number().int() });
export type Page<T> = { list: T[]; total: number };

/** The offset of a page, for the SQL. */
export const offsetOf = (q: { page: number; size: number }) => (q.page - 1) * q.size;

/**
 * The lists that grow with use (claims, dead letters, held records, the access log...) page by key, not by number: no
 * OFFSET into millions of rows and no exact count of them (the scale review, "Keyset pagination"). A count stops at
 * OPS_COUNT_CAP (the console shows "1,000건 이상").
 */
export const OPS_COUNT_CAP = 1000;

/**
 * What a cursor holds: the sort and order it was made for, and the last row's key and id as the database prints them
 * (the id a number, or letters and digits for a list keyed by text: cursorQuery refuses one for the other).
 */
export interface Cursor {
  s: string;
  o: 'asc' | 'desc';
  k: string;
  i: string;
  /** A person search's cursors only: the server's keyed MAC of the cursor with its filter and operator. */
  h?: string;
}
/** The refusal of a cursor this list did not make (or made for another filter): 400 naming `cursor`. */
export const CURSOR_MESSAGE = '다음 쪽 표시(cursor)가 올바르지 않아요. 첫 쪽부터 다시 봐 주세요.';
const toBase64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
const fromBase64url = (b64: string) =>
  new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(atob(b64.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0)),
  );
export const encodeCursor = (c: Cursor) => toBase64url(JSON.stringify(c));
/** The cursor, or undefined when the text is not one. */
export function decodeCursor(text: string): Cursor | undefined {
  try {
    const c = JSON.parse(fromBase64url(text)) as Partial<Cursor> | null;
    const ok =
      typeof c?.s === 'string' &&
      (c.o === 'asc' || c.o === 'desc') &&
      typeof c.k === 'string' &&
      typeof c.i === 'string' &&
      // A row's id: a number for most lists, a subscription's number (AC…) for those of subscribers.
      /^[0-9A-Za-z_-]{1,64}$/.test(c.i) &&
      (c.h === undefined || (typeof c.h === 'string' && /^[0-9A-Za-z_-]{1,64}$/.test(c.h)));
    return ok ? (c as Cursor) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `?cursor=<nextCursor of the page before>&size=20&sort=<field>&order=desc` plus the list's own filters. A cursor made
 * for another sort or order is refused, not misread as a key of this one.
 */
export const cursorQuery = <S extends readonly [string, ...string[]]>(
  sortable: S,
  /** The list's id is text (a subscription's number): its cursors' ids are letters and digits, not only digits. */
  opts: { textId?: boolean } = {},
) =>
  z
    .object({
      /** Opaque: the previous answer's nextCursor; absent for the first page. */
      cursor: z
        .string()
        .max(400, CURSOR_MESSAGE)
        .refine((c) => decodeCursor(c) !== undefined, CURSOR_MESSAGE)
        .optional(),
      size: pageQuery(sortable).shape.size,
      sort: z.enum(sortable).optional(),
      order: z.enum(['asc', 'desc']).default('desc'),
    })
    .superRefine((q, ctx) => {
      const c = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
      // Another list's cursor is refused too when its id is of the other kind (text for a list keyed by number).
      if (c && (c.s !== (q.sort ?? '') || c.o !== q.order || (!opts.textId && !/^\d+$/.test(c.i)))) {
        ctx.addIssue({ code: 'custom', path: ['cursor'], message: CURSOR_MESSAGE });
      }
    });

/** A page of a growing list: its rows, how many match (at most OPS_COUNT_CAP: `capped` then), the next page's key. */
export const cursorPageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    list: z.array(row),
    total: z.number().int(),
    /** true: at least `total` rows match, and maybe many more. */
    capped: z.boolean(),
    /** The cursor of the next page; null on the last one. */
    nextCursor: z.string().nullable(),
  });
export type CursorPage<T> = { list: T[]; total: number; capped: boolean; nextCursor: string | null };
