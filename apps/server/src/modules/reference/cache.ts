// The public reference answers (hospitals, insurers, banks, jobs, codes, ui-controls, terms) held in memory, each
// as its serialized JSON with a strong ETag and its brotli and gzip forms: a patient's screen gets them without a
// database query, a JSON serialization or a compression, and a repeat with If-None-Match gets 304.
// Dropped whenever the data changes: a trigger on every reference table NOTIFYs `reference_changed` on commit
// (migration 0020), which every process LISTENs to (PostgreSQL: a connection of its own; PGlite: its one session);
// the process that made a change through the console also drops it at once, before its answer leaves
// (app.ts), so that its own next read never races the notification. While the listening connection is broken
// nothing is held: every call reads the database, as before.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.js';
import { acceptedEncoding } from '../../http/accept-encoding.js';

export const REFERENCE_CHANNEL = 'reference_changed';

/** Reference data is public: the screens read it before anyone has verified, and a browser may keep it (http/cache.ts). */
export const PUBLIC_REFERENCE = { auth: 'public', publicReference: true } as const;

/**
 * The reply itself, once cache.send sent it: Fastify then sends nothing more. Typed as the route's answer, which the
 * type provider insists on (the body did go through the route's serializer).
 */
export const sent = <T>(reply: Promise<FastifyReply>) => reply as unknown as Promise<T>;

/** One held answer per route, path parameters and (validated) query. */
export const keyOf = (req: FastifyRequest, ...more: string[]) =>
  JSON.stringify([req.routeOptions.url, req.params, req.query, ...more]);

/** At most this many answers are held (a query's pages and codes are many): past it, answers are built each time. */
const MAX_ENTRIES = 2000;

/** Below this an answer goes as it is (as @fastify/compress's threshold, app.ts). */
const COMPRESS_FROM = 1024;

interface Entry {
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

export interface ReferenceCache {
  /**
   * Answers the request from memory, building the entry under `key` once (`build` gives the answer's data; it goes
   * through the route's own serializer). A build that throws (e.g. 404) is not kept.
   */
  send<R extends FastifyReply>(req: FastifyRequest, reply: R, key: string, build: () => Promise<unknown>): Promise<R>;
  /** Drops everything held. */
  invalidate(): void;
  /** How many answers are held (tests, metrics). */
  readonly size: number;
  close(): Promise<void>;
}

/** Whether an If-None-Match header names this ETag (a list, `*`, or a weak form of it). */
export function etagMatches(header: string | undefined, etag: string) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

export async function createReferenceCache(
  db: Db,
  log?: { warn(o: object, m: string): void },
): Promise<ReferenceCache> {
  const entries = new Map<string, Promise<Entry>>();
  // Without a way to hear of changes, holding anything would serve stale data: every call then reads the database.
  let live = false;
  const invalidate = () => entries.clear();
  let stop: (() => Promise<void>) | undefined;
  if (db.listen) {
    stop = await db.listen(
      REFERENCE_CHANNEL,
      () => {
        invalidate();
        live = true;
      },
      () => {
        live = false;
        invalidate();
        log?.warn({ channel: REFERENCE_CHANNEL }, 'reference cache off: the LISTEN connection broke');
      },
    );
    live = true;
  }

  const entryOf = (data: string | Buffer | ArrayBuffer): Entry => {
    const body = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data as ArrayBuffer);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
    if (body.length < COMPRESS_FROM) return { body, etag };
    return {
      body,
      etag,
      // Made once per change: the best brotli costs a few ms here and saves bytes on every phone.
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(body, { level: 9 }),
    };
  };

  return {
    get size() {
      return entries.size;
    },
    invalidate,
    async send(req, reply, key, build) {
      let entry: Entry;
      if (!live || (entries.size >= MAX_ENTRIES && !entries.has(key))) {
        entry = entryOf(reply.serialize(await build()));
      } else {
        let pending = entries.get(key);
        if (!pending) {
          // Callers asking meanwhile wait for this one read. A change while it runs clears the map: the next caller
          // reads again, never what this read may have seen before the change.
          const p = build().then((data) => entryOf(reply.serialize(data)));
          entries.set(key, p);
          p.catch(() => entries.get(key) === p && entries.delete(key));
          pending = p;
        }
        entry = await pending;
      }
      reply
        .header('etag', entry.etag)
        // Kept, but asked again each time: the ETag makes that a 304 when nothing changed.
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      if (etagMatches(req.headers['if-none-match'], entry.etag)) return reply.code(304).send();
      reply.type('application/json; charset=utf-8');
      const encoding = entry.br ? acceptedEncoding(req.headers['accept-encoding']) : undefined;
      // Already compressed: @fastify/compress leaves an answer with a Content-Encoding as it is.
      if (encoding) return reply.header('content-encoding', encoding).send(entry[encoding]);
      return reply.send(entry.body);
    },
    async close() {
      live = false;
      invalidate();
      await stop?.();
    },
  };
}
