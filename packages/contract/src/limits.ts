// Business constants of spec §9 and our own limits, named once for browser and server.

/** Every call's timeout (spec §7, §9). */
export const API_TIMEOUT_MS = 120_000;
/** How long a toast stays (spec §2, §9). */
export const TOAST_MS = 3_000;
/** Chunk-load timeout (spec §9). */
export const CHUNK_TIMEOUT_MS = 120_000;
/** Insurer list page size (spec §7, §9): also the most one page may hold. */
export const INSURANCES_PAGE_SIZE = 1000;
/** Hospital list size (spec §7, §9). */
export const HOSPITAL_COMMONS_SIZE = 200;
/** Request body limit for calls that carry no images. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Images (DESIGN §5). An ID photo after the browser's compression: the server refuses a larger one. */
export const MAX_PHOTO_BYTES = 1024 * 1024;
/** What the browser makes of an ID photo (README "Enrolment"): small enough for a slow phone's upload. */
export const PHOTO_TARGET_BYTES = 500 * 1024;
/** A signature PNG from the pad. */
export const MAX_SIGNATURE_BYTES = 256 * 1024;
/** Pixels one image may hold (a decompression bomb is refused before it is decoded), and the longest side. */
export const MAX_IMAGE_PIXELS = 4096 * 4096;
export const MAX_IMAGE_SIDE = 8192;
/** The stored ID photo is re-encoded (EXIF gone) and fitted into this many pixels on its longest side. */
export const STORED_PHOTO_MAX_SIDE = 2048;
/**
 * The signature pad in CSS pixels at its largest (apps/web enrol.css `.sign__box`: 220 px high, at most --max-w 560
 * px wide). A signature is stored fitted into it: the PDFs draw it 96 × 48 pt, so this is still 400 dpi there.
 */
export const SIGNATURE_PAD_WIDTH = 560;
export const SIGNATURE_PAD_HEIGHT = 220;
/**
 * The most pixels a pad can send: its size at a device pixel ratio of 4 (phones have at most 3.5). A larger
 * signature was drawn by no pad and is refused before it is decoded, far below a photo's MAX_IMAGE_PIXELS.
 */
export const MAX_SIGNATURE_SIDE = SIGNATURE_PAD_WIDTH * 4;
export const MAX_SIGNATURE_PIXELS = SIGNATURE_PAD_WIDTH * 4 * SIGNATURE_PAD_HEIGHT * 4;
/**
 * Body limit of the calls that carry images (subscription POSTs, OCR, ID submission): one photo and one signature as
 * base64 data URLs (4/3 of their bytes) with room to spare. Every other call stays at BODY_LIMIT_BYTES.
 */
export const IMAGE_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** Minimum claim amount (minAmt, KRW) the patient may choose: claims below it wait (0 = every claim). */
export const MIN_AMT_CHOICES = [0, 10_000, 30_000, 50_000, 100_000] as const;
/** A visit older than this can no longer be claimed (상법 §662: an insurance claim lapses after three years). */
export const CLAIM_LAPSE_MONTHS = 36;
/** Retroactive months (retroMonth) the patient may choose: as far back as a claim has not lapsed. */
export const RETRO_MONTH_MAX = CLAIM_LAPSE_MONTHS;
/** A subscription's contract runs this many months from its start (KST), renewable. */
export const CONTRACT_TERM_MONTHS = 12;
/** A cancelled subscription's remaining personal data is deleted this many days after cancellation. */
export const CANCELLED_PURGE_DAYS = 90;
/** Hospitals one call may subscribe to or add at once (multiSubscrib, hospitals). */
export const MAX_HOSPITALS_PER_CALL = 20;
/** Insurers one subscription may claim to. */
export const MAX_INSURERS_PER_SUBSCRIPTION = 10;
/** Address search: the shortest keyword and the most answers. */
export const ADDRESS_KEYWORD_MIN = 2;
export const ADDRESS_RESULTS_MAX = 30;
/** The idempotency key header of the subscription POSTs (a retry with the same key gets the same answer). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** SMS verification (DESIGN §4): the code's life, the gap between sends and sends per phone per day. */
export const SMS_CODE_TTL_SECONDS = 180;
export const SMS_RESEND_INTERVAL_SECONDS = 60;
export const SMS_SENDS_PER_DAY = 5;
export const SMS_MAX_WRONG_TRIES = 5;

/** Sessions (DESIGN §4): idle timeout and absolute lifetime. */
export const SESSION_IDLE_SECONDS = 15 * 60;
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
/**
 * Step-up (DESIGN §4, README "Identity and sessions"): how long an SMS verification of the session's own person counts
 * as fresh for the calls that move money or identity (the payout account, contact details, the subscription itself,
 * cancelling, subscribing, the stored documents). Ten minutes: long enough that a patient who has just verified
 * finishes the wizard or a change without a second code, short enough that a session left open on a shared phone, a
 * stolen cookie or a forwarded 알림톡 link cannot do any of it later. A link session is never fresh until it steps up.
 */
export const STEP_UP_FRESH_SECONDS = 10 * 60;
/** The JS-readable claim-authorization cookie the SPA's guard reads (spec §5); it carries the session's hash. */
export const CLAIM_AUTH_COOKIE = 'claimAuth';

// Terms the product itself acts on, by id: here, beside the other constants and apart from the schemas (no zod), so
// that a screen which only names a term, like the consent screen fetched after the landing is idle, does not bring
// the validator with it.
/**
 * The optional 알림톡 consent among optTerms (the spec's kakaoNotiCheck): with it, messages go by 알림톡 with SMS/LMS
 * fallback; without it, by SMS/LMS only, never KakaoTalk.
 */
export const KAKAO_NOTI_TERMS_ID = 'SUBS_KAKAO_NOTI';
/**
 * The insurer's consent given on the one consent screen before the insurer is chosen (a required LMHC_SUBS term): the
 * insurer screen applies it to each chosen insurer as that insurer's own INSU_CLAIM term, recorded with its version
 * (docs/decisions/0007-enrolment-walk.md).
 */
export const CHOSEN_INSURER_TERMS_ID = 'SUBS_INSURER_CONSENT';

// The child case (children.ts), here without schemas so that a paediatric landing names them without loading zod.
/** Below this age (만 나이, from the birthday) a guardian may enrol a child; on the birthday the child is an adult. */
export const ADULT_AGE = 19;
/** A 가족관계증명서 or 주민등록등본 counts only when issued within this many months (the operator checks it). */
export const RELATION_DOCUMENT_MAX_AGE_MONTHS = 3;
