// Sends the queue's bundles to POST /hospital/fhir/r4/Bundle (HOSPITAL_API.fhirBundle) with the hospital's key.
// Retries what may succeed later — no answer, a timeout, 429 and 5xx — with exponential backoff and full jitter,
// waiting what Retry-After asks for; a 4xx other than 429 is the server's verdict on the bundle and is never retried.
// A retry after an unknown outcome (the answer lost, the process killed) is safe: the server takes the same bundle
// again as the same one (idempotent on Bundle.identifier, answered 200).
import type { KeyObject } from 'node:crypto';
import type { Bundle, OperationOutcome } from '@medplum/fhirtypes';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import { signBundle } from '@auto-claim/kr-silson-claim';
import type { Pending, Queue } from './queue.js';

export const FHIR_JSON = 'application/fhir+json';

export type Attempt =
  | { kind: 'accepted'; status: number; outcome?: OperationOutcome }
  | { kind: 'refused'; status: number; outcome?: OperationOutcome }
  | { kind: 'unauthorized'; status: number; outcome?: OperationOutcome }
  | { kind: 'retry'; status?: number; retryAfterMs?: number; error?: string };

export interface SendOptions {
  server: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Attempts per bundle in one run before it is left in pending/ for the next run. */
  maxAttempts?: number;
  /** Backoff: the first wait's ceiling and the largest, in ms. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The longest Retry-After honoured as asked (a longer one is cut to this). */
  maxRetryAfterMs?: number;
  /** One attempt's limit: after it the outcome is unknown and the bundle is sent again. */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /**
   * The hospital's Ed25519 signing key (`keygen`, fhir/ig/README.md "Signing"): each bundle is signed as it goes, so
   * the queue keeps the EMR's bundle as made and a resend after a restart carries a fresh signature of the same text.
   */
  signingKey?: KeyObject;
  /** The signing time (tests): now by default. */
  now?: () => Date;
  /** Each wait before a retry, as decided (tests, and the printed progress). */
  onRetry?: (p: Pending, attempt: number, waitMs: number, why: string) => void;
}

/** Retry-After as ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The wait before attempt `attempt + 1` (0-based): full jitter over an exponential ceiling (AWS Architecture Blog). */
export function backoffMs(attempt: number, o: { baseDelayMs: number; maxDelayMs: number; random: () => number }) {
  return Math.floor(o.random() * Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** attempt));
}

async function outcomeOf(res: Response): Promise<OperationOutcome | undefined> {
  try {
    const body = (await res.json()) as { resourceType?: string };
    return body?.resourceType === 'OperationOutcome' ? (body as OperationOutcome) : undefined;
  } catch {
    return undefined;
  }
}

/** The 요양기관기호 that issued the receipt: the last segment of the receipt number's system (`…/receipt/{krnpi}`). */
const issuerOf = (b: Bundle) => b.identifier?.system?.split('/').at(-1) ?? '';

/** The bundle as it goes: signed when the kit holds the hospital's key. */
export const outgoing = (b: Bundle, o: Pick<SendOptions, 'signingKey' | 'now'>): Bundle =>
  o.signingKey
    ? signBundle(b, o.signingKey, { hospitalCd: issuerOf(b), when: (o.now ?? (() => new Date()))().toISOString() })
    : b;

/** One POST of one bundle, classified. */
export async function attempt(p: Pending, o: SendOptions): Promise<Attempt> {
  const url = new URL(HOSPITAL_API.fhirBundle, o.server).toString();
  let res: Response;
  try {
    res = await (o.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': FHIR_JSON, accept: FHIR_JSON, [HOSPITAL_KEY_HEADER]: o.apiKey },
      body: JSON.stringify(outgoing(p.bundle, o)),
      signal: AbortSignal.timeout(o.timeoutMs ?? 30_000),
    });
  } catch (err) {
    return { kind: 'retry', error: (err as Error).name === 'TimeoutError' ? '시간 초과' : '연결 실패' };
  }
  const status = res.status;
  if (status === 200 || status === 201) return { kind: 'accepted', status, outcome: await outcomeOf(res) };
  if (status === 429 || status >= 500) {
    await res.body?.cancel();
    const after = retryAfterMs(res.headers.get('retry-after'));
    return { kind: 'retry', status, ...(after === undefined ? {} : { retryAfterMs: after }) };
  }
  if (status === 401) return { kind: 'unauthorized', status, outcome: await outcomeOf(res) };
  return { kind: 'refused', status, outcome: await outcomeOf(res) };
}

export type Delivery =
  | { kind: 'accepted'; pending: Pending; status: number; outcome?: OperationOutcome }
  | { kind: 'refused'; pending: Pending; status: number; outcome?: OperationOutcome }
  | { kind: 'deferred'; pending: Pending; why: string }
  | { kind: 'unauthorized'; pending: Pending; status: number };

/** Sends one queued bundle until it is settled or out of attempts, and records the outcome in the queue. */
export async function deliver(queue: Queue, p: Pending, o: SendOptions): Promise<Delivery> {
  const max = o.maxAttempts ?? 8;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const policy = {
    baseDelayMs: o.baseDelayMs ?? 1000,
    maxDelayMs: o.maxDelayMs ?? 60_000,
    random: o.random ?? Math.random,
  };
  let why = '';
  for (let n = 0; n < max; n++) {
    const a = await attempt(p, o);
    if (a.kind === 'accepted' || a.kind === 'refused') {
      queue.settle(p, a.kind === 'accepted' ? 'sent' : 'refused', a.status, a.outcome);
      const settled = { pending: p, status: a.status, ...(a.outcome ? { outcome: a.outcome } : {}) };
      return a.kind === 'accepted' ? { kind: 'accepted', ...settled } : { kind: 'refused', ...settled };
    }
    // A wrong key is wrong for every bundle: nothing is settled, the run stops (the key file is to be fixed).
    if (a.kind === 'unauthorized') return { kind: 'unauthorized', pending: p, status: a.status };
    why = a.status ? `HTTP ${a.status}` : (a.error ?? '응답 없음');
    if (n + 1 === max) break;
    const wait =
      a.retryAfterMs !== undefined ? Math.min(a.retryAfterMs, o.maxRetryAfterMs ?? 600_000) : backoffMs(n, policy);
    o.onRetry?.(p, n + 1, wait, why);
    await sleep(wait);
  }
  return { kind: 'deferred', pending: p, why };
}
