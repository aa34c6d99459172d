// Claim delivery to insurers (issue 5 §4): an insurer's claim API, or fax to its claim fax line (insurer_fax).
// The engine hands a provider a batch; the provider answers one result per item, in order. A provider never decides
// retries: it says whether a failure is worth retrying, and the engine keeps attempts, backoff and dead letters.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export type DeliveryChannel = 'api' | 'fax';

export interface DeliveryDocument {
  kind: 'claim_form' | 'receipt' | 'package';
  sha256: string;
  contentType: 'application/json' | 'application/pdf';
  body: string | Uint8Array;
}

export interface DeliveryRequest {
  /** Our delivery id: sent as the idempotency key, so an insurer that sees it twice (a retry after a crash between
   * its answer and our commit) keeps one claim. */
  idempotencyKey: string;
  claimId: number;
  insuCompCd: string;
  channel: DeliveryChannel;
  /** The fax number (digits) or the insurer's API endpoint name. */
  destination: string;
  documents: DeliveryDocument[];
}

export type DeliveryResult = { ok: true; externalRef: string } | { ok: false; error: string; retryable: boolean };

export interface DeliveryProvider {
  /** How this insurer takes claims. */
  channelFor(insuCompCd: string): DeliveryChannel;
  /**
   * Sends a batch. `db` is the engine's transaction: a provider that records what it sent in the database (the
   * sandbox outbox) does so inside it, so a crash leaves either the delivery and its record, or neither.
   */
  deliver(batch: DeliveryRequest[], db: Kysely<Database>): Promise<DeliveryResult[]>;
}
