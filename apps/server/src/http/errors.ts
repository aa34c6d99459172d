// The error catalogue: every code an AppError carries, with the one HTTP status it always answers (DESIGN §3). A code
// means one thing wherever it is thrown; the Korean detail may say more about the case at hand.
import type { FieldError } from '@auto-claim/contract';

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  /** A subscription's deskGrant is unknown, used, expired or for another hospital (README "A helper beside her"). */
  DESK_GRANT_INVALID: 400,
  /** A hospital desk's QR token is unknown, already opened or older than 10 minutes: which, is not said. */
  DESK_HANDOFF_INVALID: 410,
  /** A clerk made more desk QR codes than a queue needs in 10 minutes. */
  DESK_HANDOFF_LIMITED: 429,
  TERMS_REQUIRED: 400,
  TERMS_UNKNOWN: 400,
  SMS_CODE_WRONG: 400,
  /** An operator's TOTP code or recovery code was wrong, already used, or (a code) of a time step already taken. */
  SECOND_FACTOR_WRONG: 400,
  SMS_REQUEST_UNKNOWN: 400,
  IMAGE_TYPE: 400,
  IMAGE_TOO_LARGE: 400,
  IMAGE_TOO_MANY_PIXELS: 400,
  IMAGE_TOO_SMALL: 400,
  IMAGE_UNREADABLE: 400,
  IMAGE_EMPTY: 400,
  SIGNATURE_EMPTY: 400,
  /** The ID photo is readable but no good for an insurer (contract photoQuality.ts): retake it. */
  PHOTO_TOO_DARK: 422,
  PHOTO_NO_CARD: 422,
  PHOTO_BLURRY: 422,
  HOSPITAL_NOT_AVAILABLE: 400,
  INSURER_NOT_FOUND: 400,
  UNAUTHENTICATED: 401,
  LOGIN_FAILED: 401,
  HOSPITAL_KEY_INVALID: 401,
  /** An insurer's answer without a valid, fresh signature (docs/providers/insurer-api.md). */
  INSURER_SIGNATURE_INVALID: 401,
  CI_MISMATCH: 403,
  PERSON_MISMATCH: 403,
  LINK_INVALID: 403,
  /**
   * The session may not do this yet: a link session outside its purpose, or a call that needs a fresh SMS verification
   * of the same person (POST /rest/auth/stepUp, README "Identity and sessions").
   */
  STEP_UP_REQUIRED: 403,
  /** A step-up verified someone else than the session's person: refused, the session unchanged. */
  STEP_UP_PERSON_MISMATCH: 403,
  SANDBOX_LOCAL_ONLY: 403,
  /** A state-changing call sent from a page of another site (its Origin header names that site). */
  ORIGIN_FORBIDDEN: 403,
  /** The operator's role is below what the call needs (viewer < operator < admin). */
  ROLE_FORBIDDEN: 403,
  /** A state-changing operator call without the session's CSRF token (x-csrf-token). */
  CSRF_FAILED: 403,
  /** The operator session has the password only: set up or give the second factor first. */
  SECOND_FACTOR_REQUIRED: 403,
  /** The operator session already passed the second factor: the sign-in's earlier calls are over. */
  SECOND_FACTOR_DONE: 409,
  /** Confirming a TOTP set-up that was never started. */
  SECOND_FACTOR_NOT_STARTED: 409,
  /** A destination change is approved by an admin other than the one who asked for it. */
  SAME_ADMIN: 403,
  /** No open destination change has that number: approved, rejected, replaced or never made. */
  CHANGE_NOT_FOUND: 404,
  /** The destination change waited longer than DESTINATION_CHANGE_TTL_HOURS: ask again. */
  CHANGE_EXPIRED: 410,
  /**
   * Dual control of admin accounts and destinations (docs/security.md, "Insiders: admin accounts"): the approver's
   * account was created, promoted or had its second factor reset by the asker, or any of that within
   * APPROVER_COOLING_DAYS; it decides nothing of the asker's.
   */
  APPROVER_NOT_INDEPENDENT: 403,
  /** An admin-account change of that account waits for approval or for its hold already. */
  ACCOUNT_CHANGE_OPEN: 409,
  /** The change would leave no active admin. */
  LAST_ADMIN: 409,
  OPERATOR_EXISTS: 409,
  NOT_FOUND: 404,
  /** The patient has no (live) subscription, or not the one named. */
  NOT_SUBSCRIBED: 404,
  HOSPITAL_NOT_FOUND: 404,
  HOSPITAL_KEY_NOT_FOUND: 404,
  /** No live bundle signing key of the hospital's has this kid. */
  SIGNING_KEY_NOT_FOUND: 404,
  /** The console: no insurer has that code. */
  INSURER_CODE_NOT_FOUND: 404,
  /** The console: a hospital with that code exists already. */
  HOSPITAL_EXISTS: 409,
  /** The console: only a live key (not revoked, not expired, not rotated) can be rotated. */
  HOSPITAL_KEY_NOT_LIVE: 409,
  HOSPITAL_NOT_SUBSCRIBED: 404,
  /** 내 자동청구: the insurer named is not one her subscription claims at. */
  INSURER_NOT_SUBSCRIBED: 404,
  CLAIM_NOT_FOUND: 404,
  /** The console: no treatment record with that number. */
  RECORD_NOT_FOUND: 404,
  /** An operator named a term that does not exist. */
  TERMS_NOT_FOUND: 404,
  TREAT_NOT_FOUND: 404,
  /** No child subscription of the session's guardian has that insuApplyId. */
  CHILD_NOT_FOUND: 404,
  /** The console: no relation document with that number. */
  RELATION_DOCUMENT_NOT_FOUND: 404,
  /** The console: no dispute with that number. */
  DISPUTE_NOT_FOUND: 404,
  /** The console: no subscription with that number (a subscriber's page). */
  SUBSCRIBER_NOT_FOUND: 404,
  ID_CARD_REQUEST_NOT_FOUND: 404,
  /** A document request of another hospital, or none: the same answer (README "Documents an insurer asks for"). */
  DOCUMENT_REQUEST_NOT_FOUND: 404,
  ALREADY_SUBSCRIBED: 409,
  /** Another person's live subscription already has this resident registration number. */
  RRN_IN_USE: 409,
  /** The child case: the child's resident number already has a live subscription (hers, or another guardian's). */
  CHILD_ALREADY_ENROLLED: 409,
  /** The child case: a guardian holds MAX_CHILDREN_PER_GUARDIAN live child subscriptions already. */
  CHILDREN_LIMIT: 409,
  /** A hospital keeps MAX_LIVE_SIGNING_KEYS bundle signing keys live at most (intake/signing.ts). */
  SIGNING_KEYS_FULL: 409,
  /** The child's relation document was confirmed already: nothing more to upload. */
  RELATION_ALREADY_CONFIRMED: 409,
  /** A relation document already confirmed or refused by an operator. */
  RELATION_DOCUMENT_DECIDED: 409,
  /** A dispute over an insured person already resolved. */
  DISPUTE_RESOLVED: 409,
  LAST_HOSPITAL: 409,
  SMS_ALREADY_USED: 409,
  CLAIM_NOT_DEAD: 409,
  /** A term's newer version still waits for its effective date: one at a time. */
  TERMS_VERSION_SCHEDULED: 409,
  /** A version in effect, or one that was, never changes: publish a new one. */
  TERMS_VERSION_IN_EFFECT: 409,
  /** A dead letter already closed with a note: a retry reopens it. */
  DEAD_LETTER_HANDLED: 409,
  /** Only a notification that failed every retry can be sent again by hand. */
  NOTIFICATION_NOT_DEAD: 409,
  CLAIM_STATUS_CONFLICT: 409,
  /** An insurer answered about a claim we have not recorded as delivered yet: it retries later. */
  CLAIM_NOT_SENT: 409,
  /** An insurer's event id came again with other contents. */
  INSURER_EVENT_REUSED: 409,
  TREAT_PENDING: 409,
  ID_CARD_ALREADY_SUBMITTED: 409,
  DOCUMENT_REQUEST_ANSWERED: 409,
  NO_ID_CARD_REQUEST: 409,
  SMS_EXPIRED: 410,
  ACCOUNT_NOT_FOUND: 422,
  ACCOUNT_HOLDER_MISMATCH: 422,
  CLAIM_LAPSED: 422,
  /**
   * An insurer's API URL not on its allow-list (the origin of INSURER_<code>_API_URL), or whose host resolves to a
   * loopback, private, link-local or metadata address (docs/security.md, "Insiders: claim destinations").
   */
  DESTINATION_NOT_ALLOWED: 422,
  /** The identity vendor (or the telecom behind it) will not verify this person with these details. */
  IDENTITY_REFUSED: 422,
  /** The resident registration number typed is not the verified person's (docs/providers/rrn-check.md). */
  RRN_MISMATCH: 422,
  /** The child case: the child is 19 or older (만 나이); she enrols herself. */
  CHILD_TOO_OLD: 422,
  /** A held record was already answered, or is not held. */
  RECORD_NOT_HELD: 409,
  SMS_LOCKED: 423,
  /** Too many failed sign-ins of one operator id, from whatever addresses: the id is locked for a while. */
  OPERATOR_LOCKED: 423,
  SMS_TOO_SOON: 429,
  /** The road-address vendor cannot answer now; the patient types the address. */
  ADDRESS_SEARCH_UNAVAILABLE: 503,
  /** The bank-account holder check (예금주 조회) cannot be answered now; the patient tries again later. */
  BANK_CHECK_UNAVAILABLE: 503,
  SMS_DAILY_LIMIT: 429,
  /** Too many wrong or missing hospital API keys from one address: refused before the key is looked at. */
  HOSPITAL_KEY_FAILURES: 429,
  /** The identity vendor's own limit for this person or service is reached. */
  IDENTITY_LIMITED: 429,
  /**
   * One operator made as many releases of personal data as an hour allows, all kinds together (reveals, packages,
   * relation documents, exports: OPERATOR_RELEASES_PER_HOUR).
   */
  OPERATOR_RELEASE_LIMITED: 429,
  /** One operator searched for people by name, phone, birth date or receipt as often as a minute allows. */
  OPERATOR_SEARCH_LIMITED: 429,
  /**
   * A guardian sent as many relation documents as a Korean day allows (MAX_RELATION_UPLOADS_PER_DAY), or a patient as
   * many ID photos (MAX_ID_PHOTOS_PER_DAY, security/photo-days.ts).
   */
  UPLOAD_DAILY_LIMIT: 429,
  /** An operator whose password an admin issued must change it before any other console call. */
  PASSWORD_CHANGE_REQUIRED: 403,
  /** The child turned 19: her guardian may no longer change where her money goes (README "Children"). */
  CHILD_GROWN_UP: 409,
  /**
   * The child case: her resident number is held by another live subscription (another guardian's, or her own). Said
   * the same whoever holds her, and only once every other check passed; the dispute it leaves is the operators' alone:
   * the answer names no one and says nothing of a dispute (docs/security.md, "Who is enrolled").
   */
  CHILD_NOT_ENROLLABLE: 409,
  /** The identity vendor cannot answer now (outage, timeout, malformed answer); nothing changed, try again. */
  IDENTITY_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * An error a route throws on purpose: its stable code, the status the catalogue gives that code (errors.ts), and the
 * Korean detail go to the caller as they are.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    /** Korean, 해요체, shown to the patient. */
    readonly detail: string,
    readonly errors?: FieldError[],
  ) {
    super(`${code}: ${detail}`);
    this.status = ERROR_STATUS[code];
  }
}
