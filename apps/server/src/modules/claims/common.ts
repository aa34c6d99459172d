// What the engine's steps share: the receipt columns a claim's documents read, the sealed parts of a record, batch
// sizes and the hash every document is recorded by.
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { FAX_OUTCOME_POLL_MS } from './rules.js';

/** What a claim's documents need of its treatment record (alias `r`): the receipt, and the person and detail sealed. */
export const RECEIPT_COLUMNS = [
  'r.receiptNo',
  'r.visitDate',
  'r.visitType',
  'r.coveredCopay',
  'r.uncovered',
  'r.totalPaid',
  'r.personEnc',
  'r.detailEnc',
] as const;

/** Those columns as a row carries them. */
export interface ReceiptFields {
  receiptNo: string;
  visitDate: string;
  visitType: string;
  coveredCopay: number;
  uncovered: number;
  totalPaid: number;
  personEnc: string;
  detailEnc: string;
}

/** Records per match transaction and deliveries per delivery transaction. */
export const MATCH_BATCH = 500;
export const DELIVER_BATCH = 500;

/** How long until a fax the gateway accepted is asked about (again): FAX_OUTCOME_POLL_SECONDS, a minute by default. */
export const faxOutcomePollMs = (ctx: Pick<AppContext, 'config'>) => ctx.config.faxOutcomePollMs ?? FAX_OUTCOME_POLL_MS;

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Who the record is about, as the hospital sent it (treatment_record.person_enc). */
export interface RecordPerson {
  name: string;
  birthDate: string;
  rrn?: string;
  ci?: string;
}
/** The medical part of a record (treatment_record.detail_enc). */
export interface RecordDetail {
  department: string;
  kcdCodes: string[];
}

/**
 * Who wrote the reason of a claim's current `status` (rejected, documents_requested), from its status history: an
 * operator who recorded the insurer's answer by hand (actor operator:<id>), else the insurer (its answer, or its API's
 * answer to the delivery).
 */
export function reasonByOf(history: { status: string; actor: string }[], status: string): 'insurer' | 'operator' {
  const last = history.filter((h) => h.status === status).at(-1);
  return last?.actor.startsWith('operator:') ? 'operator' : 'insurer';
}
