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

/** SMS verification (DESIGN §4): the code's life, the gap between sends and sends per phone per day. */
export const SMS_CODE_TTL_SECONDS = 180;
export const SMS_RESEND_INTERVAL_SECONDS = 60;
export const SMS_SENDS_PER_DAY = 5;
export const SMS_MAX_WRONG_TRIES = 5;

/** Sessions (DESIGN §4): idle timeout and absolute lifetime. */
export const SESSION_IDLE_SECONDS = 15 * 60;
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
/** The JS-readable claim-authorization cookie the SPA's guard reads (spec §5); it carries the session's hash. */
export const CLAIM_AUTH_COOKIE = 'claimAuth';
