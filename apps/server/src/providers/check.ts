// What `npm run doctor` asks of a real adapter (docs/operations.md): are the credentials accepted, are the sender
// number and templates registered. A check reads the vendor's account; it never sends anything to a patient.

export interface ProviderCheck {
  /** The provider kind: identity, notification, fax, bankCheck, ocr, address, delivery. */
  kind: string;
  vendor: string;
  ok: boolean;
  /** What was checked and, when not ok, what to fix; Korean or English, never a secret or personal data. */
  detail: string;
}

/** A real adapter that can be checked without side effects. */
export interface Checkable {
  check(): Promise<ProviderCheck[]>;
}
