// Claim delivery to insurers (README, claim engine): an insurer's claim API, or fax to its claim fax line (insurer_fax).
// The engine hands a provider a batch; the provider answers one result per item, in order. A provider never decides
// retries: it says whether a failure is worth retrying, and the engine keeps attempts, backoff and dead letters.
import type { Outbox } from '../outbox.js';

export type DeliveryChannel = 'api' | 'fax';

export interface DeliveryDocument {
  /** hospital_document: a paper the insurer asked for, from the hospital (its `paper`: diagnosis, prescription…). */
  kind:
    | 'claim_form'
    | 'receipt'
    | 'package'
    | 'id_copy'
    | 'hospital_document'
    /** A claim already sent whose receipt the hospital corrected, or cancelled (claims/notices.ts). */
    | 'receipt_correction'
    | 'receipt_cancellation';
  /** hospital_document: which paper (REQUESTED_DOCUMENTS). */
  paper?: string;
  sha256: string;
  contentType: 'application/json' | 'application/pdf' | 'image/jpeg' | 'image/png';
  body: string | Uint8Array;
}

export interface DeliveryRequest {
  /** Our delivery id: sent as the idempotency key, so an insurer that sees it twice (a retry after a crash between
   * its answer and our commit) keeps one claim. */
  idempotencyKey: string;
  /** The claim the documents are about (an ID copy an insurer asked for may be about none). */
  claimId: number | null;
  insuCompCd: string;
  channel: DeliveryChannel;
  /** The fax number (digits) or the insurer's API endpoint name. */
  destination: string;
  documents: DeliveryDocument[];
  /** The insurer's API base URL set in the console; unset: INSURER_<code>_API_URL. */
  apiUrl?: string;
  /** A test from the console: a document marked as a test, about no patient and no claim. */
  test?: boolean;
}

export type DeliveryResult =
  | {
      ok: true;
      /** The insurer's receipt id, or the fax gateway's receipt number. */
      externalRef: string;
      /** The gateway accepted it and its outcome comes later (a fax): the engine asks `outcomeOf` until it knows. */
      awaiting?: boolean;
    }
  | { ok: false; error: string; retryable: boolean };

export interface DeliveryProvider {
  /** How this insurer takes claims. */
  channelFor(insuCompCd: string): DeliveryChannel;
  /**
   * Sends a batch. `outbox` is the engine's, bound to its transaction: the sandbox records what it sent there, so a
   * crash leaves either the delivery and its record, or neither; a real adapter ignores it.
   */
  deliver(batch: DeliveryRequest[], outbox: Outbox): Promise<DeliveryResult[]>;
  /**
   * Whether its deliveries carry the claim's PDF package beside the electronic claim; unset, only faxes do. A value,
   * not a method: providers are wrapped (instrument.ts) and their methods measured as asynchronous calls.
   */
  readonly wantsPackage?: boolean;
  /** The outcome of a delivery answered `awaiting` (the fax gateway's receipt number in externalRef). */
  outcomeOf?(delivery: { channel: DeliveryChannel; externalRef: string }): Promise<FaxOutcome>;
}

/** The answer of a fax gateway about one fax it accepted earlier (a fax's result arrives minutes later). */
export type FaxOutcome =
  { state: 'pending' } | { state: 'delivered' } | { state: 'failed'; error: string; retryable: boolean };

/**
 * A fax gateway (Popbill FaxService, or the sandbox): accepts a PDF for a number and answers its receipt number;
 * whether the fax went through is asked later by `outcomeOf`, and the delivery that sent it waits for the answer.
 */
export interface FaxSender {
  readonly name: string;
  send(fax: {
    /** Digits only. */
    to: string;
    /** What the cover line and the vendor's list show, e.g. "자동청구 청구서 C-123"; never personal data. */
    title: string;
    pdf: Uint8Array;
    /** Our delivery id: a vendor that supports a request number gets it, so a retry never sends twice. */
    idempotencyKey: string;
  }): Promise<{ ok: true; receiptNum: string } | { ok: false; error: string; retryable: boolean }>;
  outcomeOf(receiptNum: string): Promise<FaxOutcome>;
}
