// The 세부산정내역 lines of a visit (from a bundle or the JSON feed's `lines`), kept compactly beside the claims
// module's record, and what corrected and cancelled receipts did to a visit: written and read here only.
import type { VisitLine, VisitRevision } from '@auto-claim/contract';
import { sql } from 'kysely';
import type { Handle } from '../../db/handle.js';
import { intakeDb } from './tables.js';

const SYSTEM_CODE = { procedure: 'p', medication: 'm', material: 't' } as const;
const SYSTEM_OF = { p: 'procedure', m: 'medication', t: 'material' } as const;
const isoDay = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

/** Each visit's lines, in one statement (a record's lines are written once, or replaced whole by a correction). */
export async function storeLines(handle: Handle, visits: { recordId: number; lines: readonly VisitLine[] }[]) {
  const rows = visits.flatMap((v) =>
    v.lines.map((l, seq) => ({
      recordId: v.recordId,
      seq,
      day: isoDay(l.date),
      unitPrice: l.unitPrice,
      total: l.total,
      copay: l.copay,
      insurer: l.insurer,
      fullCopay: l.fullCopay,
      uncovered: l.uncovered,
      countMilli: Math.round(l.count * 1000),
      days: l.days,
      codeSystem: SYSTEM_CODE[l.codeSystem],
      code: l.code,
      category: l.category,
      name: l.name,
    })),
  );
  // PostgreSQL takes at most 65,535 parameters a statement: 15 a line.
  for (let i = 0; i < rows.length; i += 4000)
    await intakeDb(handle)
      .insertInto('visitLine')
      .values(rows.slice(i, i + 4000))
      .execute();
}

/** A correction's lines in place of the visit's earlier ones. */
export async function replaceLines(handle: Handle, recordId: number, lines: readonly VisitLine[]) {
  await intakeDb(handle).deleteFrom('visitLine').where('recordId', '=', recordId).execute();
  await storeLines(handle, [{ recordId, lines }]);
}

/** A visit's lines as sent, in order (empty when the hospital sent none). */
export async function linesOf(handle: Handle, recordId: number): Promise<VisitLine[]> {
  return (await linesOfRecords(handle, [recordId])).get(recordId) ?? [];
}

/** The lines of many visits in one query (a delivery batch's), by record id; a visit without lines is absent. */
export async function linesOfRecords(handle: Handle, recordIds: readonly number[]): Promise<Map<number, VisitLine[]>> {
  const byRecord = new Map<number, VisitLine[]>();
  if (recordIds.length === 0) return byRecord;
  const rows = await intakeDb(handle)
    .selectFrom('visitLine')
    .selectAll()
    // The date as text: no driver's time zone between the column and the answer.
    .select(sql<string>`to_char(day, 'YYYYMMDD')`.as('yyyymmdd'))
    .where('recordId', 'in', [...recordIds])
    .orderBy('recordId')
    .orderBy('seq')
    .execute();
  for (const r of rows) {
    const id = Number(r.recordId);
    const lines = byRecord.get(id) ?? [];
    if (!byRecord.has(id)) byRecord.set(id, lines);
    lines.push({
      codeSystem: SYSTEM_OF[r.codeSystem as keyof typeof SYSTEM_OF],
      code: r.code,
      name: r.name,
      date: r.yyyymmdd,
      unitPrice: r.unitPrice,
      count: r.countMilli / 1000,
      days: r.days,
      total: r.total,
      copay: r.copay,
      insurer: r.insurer,
      fullCopay: r.fullCopay,
      uncovered: r.uncovered,
      category: r.category,
    });
  }
  return byRecord;
}

/** What corrected or cancelled receipts did to a visit, oldest first. */
export async function revisionsOf(handle: Handle, recordId: number): Promise<VisitRevision[]> {
  const rows = await intakeDb(handle)
    .selectFrom('visitRevision')
    .select(['kind', 'receiptNo', 'sentClaims', 'at'])
    .where('recordId', '=', recordId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
}

/**
 * Forgets the visits of treatment records the claims module purged (their keeping period ended): their lines, what
 * corrections and cancellations did to them, and the bundles that brought them (with the 등록번호). Called by the
 * claims module's purge in the transaction that deletes the records, so the two go together or not at all.
 */
export async function purgeVisits(handle: Handle, recordIds: readonly number[]) {
  if (recordIds.length === 0) return;
  const db = intakeDb(handle);
  const ids = [...recordIds];
  await db.deleteFrom('visitLine').where('recordId', 'in', ids).execute();
  await db.deleteFrom('visitRevision').where('recordId', 'in', ids).execute();
  await db.deleteFrom('fhirBundle').where('recordId', 'in', ids).execute();
}
