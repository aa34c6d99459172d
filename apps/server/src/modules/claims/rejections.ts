// The hospital feed's refused records (README "Operator console"): each record the feed refused, with the hospital's
// receipt number when it sent a readable one and why (code, field, Korean message), never the patient's name, RRN,
// CI or phone. Kept FEED_REJECTION_DAYS, then deleted by the engine's minute tick; the console reads them
// (console/hospital-feed.ts).
import type { FieldError } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { sql } from 'kysely';
import type { Handle } from '../../db/handle.js';
import { purgeInBatches, type PurgeOptions } from '../../db/purge.js';
import { claimsDb } from './tables.js';

export const FEED_REJECTION_DAYS = 90;
const RECEIPT_NO = /^[A-Za-z0-9_-]{1,50}$/;
/** At most this many rows from one refused call (a call carries at most 500 records). */
const MAX_PER_CALL = 1000;

interface RawRecord {
  receiptNo?: unknown;
  patient?: { name?: unknown; rrn?: unknown; ci?: unknown; birthDate?: unknown; phone?: unknown };
}

/** A message never carries a value the hospital sent about the patient (a guard: our messages name no values). */
function scrub(message: string, record: RawRecord | undefined) {
  const p = record?.patient;
  const secrets = [p?.name, p?.rrn, p?.ci, p?.phone].filter((v): v is string => typeof v === 'string' && v.length >= 2);
  let out = message.slice(0, 300);
  for (const s of secrets) out = out.split(s).join('(가림)');
  return out.replace(/\d{6,}/g, '(가림)');
}

/** The refused records of one call, from the field errors the feed answered (records.N.…) and the body sent. */
export function rejectionsOf(body: unknown, errors: FieldError[], code: string) {
  const records = (body as { records?: unknown } | null)?.records;
  const list = Array.isArray(records) ? (records as RawRecord[]) : [];
  return errors.slice(0, MAX_PER_CALL).map((e) => {
    const m = /^records\.(\d+)(?:\.(.*))?$/.exec(e.field);
    const record = m ? list[Number(m[1])] : undefined;
    const receiptNo =
      typeof record?.receiptNo === 'string' && RECEIPT_NO.test(record.receiptNo) ? record.receiptNo : null;
    return {
      receiptNo,
      code,
      // The field inside the record (patient.rrn), or where the whole call failed (records).
      field: m ? (m[2] ?? 'record') : e.field,
      message: scrub(e.message, record),
    };
  });
}

/** Writes refused records; never lets a failure to write them change the feed's answer. */
export async function recordRejections(
  ctx: AppContext,
  hospitalCd: string,
  rows: { receiptNo: string | null; code: string; field: string; message: string }[],
) {
  if (rows.length === 0) return;
  const at = ctx.clock.now();
  try {
    await claimsDb(ctx)
      .insertInto('feedRejection')
      .values(rows.map((r) => ({ hospitalCd, at, ...r })))
      .execute();
  } catch (e) {
    ctx.log.warn({ hospitalCd, err: e instanceof Error ? e.name : 'error' }, 'refused feed records not recorded');
  }
}

export async function purgeRejections(handle: Handle, now: Date, opts?: PurgeOptions) {
  const cutoff = new Date(now.getTime() - FEED_REJECTION_DAYS * 86_400_000);
  return (await purgeInBatches(claimsDb(handle), 'feedRejection', sql`at < ${cutoff}`, opts)).deleted;
}
