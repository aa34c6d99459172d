// The generic insurer claim API (docs/providers/insurer-api.md), one base URL and shared secret per insurer:
//   POST {base}/claims   the electronic claim and its PDF package as one JSON body, signed (signature.ts), with our
//                        delivery id as Idempotency-Key (a Structured Field String, "delivery-42", as the IETF draft
//                        requires); 2xx { receiptId } → delivered; 408, 409 (the draft's answer while the first
//                        request with that key is still being processed), 429, 5xx, a timeout, a broken connection or
//                        an unreadable answer → retryable, sent again later with the same key and body; any other
//                        status → final.
//   GET  {base}/health   signed, empty body: what check() calls; it sends no claim.
// The engine keeps attempts, backoff and dead letters; this adapter only classifies. Error strings and the failure
// hook carry statuses and the insurer's error code, never the claim's contents. Every call goes through the egress
// guard (../egress.ts), and a base URL the console set is used only on its insurer's allow-list (apiUrlAllowed).
import type { Checkable, ProviderCheck } from '../check.js';
import { EgressRefused, egressFetch, type EgressPolicy } from '../egress.js';
import { mapLimited } from './map-limited.js';
import { signedHeaders } from './signature.js';
import type { DeliveryProvider, DeliveryRequest, DeliveryResult } from './types.js';

export interface InsurerApiSettings {
  insuCompCd: string;
  /**
   * The insurer's base URL, without a trailing slash: {base}/claims and {base}/health. Unset: only the console's
   * (the request's apiUrl) is known.
   */
  url?: string;
  secret: string;
}

export interface InsurerApiOptions {
  insurers: InsurerApiSettings[];
  /** Per call; the engine retries what times out. */
  timeoutMs?: number;
  /** Calls in flight at once within one batch. */
  concurrency?: number;
  /** Where calls may go (INSURER_EGRESS_ALLOW; tests: a resolver stub, their local double's address). */
  egress?: EgressPolicy;
  /** Replaces the guarded fetch (egressFetch): only for tests of the classification. */
  fetch?: typeof fetch;
  /** The clock the signature's timestamp is read from (the insurer compares it with its own). */
  nowMs?: () => number;
  /** Told why a call failed (insurer, status, code), never what the claim says. */
  onFailure?: (failure: { insuCompCd: string; reason: string; retryable: boolean }) => void;
}

/** What we send: the request's documents, JSON as their exact text (their SHA-256 holds), the PDF as base64. */
export function claimBody(r: DeliveryRequest) {
  return JSON.stringify({
    version: 1,
    deliveryId: r.idempotencyKey,
    claimId: r.claimId,
    insuCompCd: r.insuCompCd,
    ...(r.test ? { test: true } : {}),
    documents: r.documents.map((d) => ({
      kind: d.kind,
      ...(d.paper ? { paper: d.paper } : {}),
      contentType: d.contentType,
      sha256: d.sha256,
      encoding: typeof d.body === 'string' ? 'utf8' : 'base64',
      data: typeof d.body === 'string' ? d.body : Buffer.from(d.body).toString('base64'),
    })),
  });
}

/** The insurer's own error code from a problem-style body, if it is a plain token (never free text). */
function errorCode(text: string): string {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === 'string' && /^[A-Za-z0-9_.-]{1,40}$/.test(code) ? ` ${code}` : '';
  } catch {
    return '';
  }
}

/**
 * An API base URL as the WHATWG URL parser reads it (what every later check and the connection see), without a
 * trailing slash: `127.0.0.1.` and `0x7f000001` become 127.0.0.1, a host's case and default port go. Refused (a
 * Korean reason): what is no http(s) URL, and one carrying a user name or password (it would go to the insurer with
 * every claim and hides the host from whoever reads it).
 */
export function normalisedApiUrl(typed: string): { href: string; host: string } | { refused: string } {
  let u: URL;
  try {
    u = new URL(typed.trim());
  } catch {
    return { refused: 'API 주소는 https:// 또는 http://로 시작하는 주소여야 해요.' };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') {
    return { refused: 'API 주소는 https:// 또는 http://로 시작하는 주소여야 해요.' };
  }
  if (u.username || u.password) {
    return { refused: 'API 주소에 아이디나 비밀번호(…@)를 넣을 수 없어요. 서명 키는 서버 환경 변수로만 정해요.' };
  }
  return { href: u.href.replace(/\/+$/, ''), host: u.host };
}

/**
 * The allow-list of an insurer's claim API (docs/security.md, "Insiders: claim destinations"): a base URL set in the
 * console must have the origin (scheme, host, port) of INSURER_<code>_API_URL, which only whoever deploys the server
 * sets; an insurer without one takes no console URL at all.
 */
export function apiUrlAllowed(envUrl: string | undefined, url: string): boolean {
  if (!envUrl) return false;
  try {
    const u = new URL(url);
    return !u.username && !u.password && u.origin === new URL(envUrl).origin;
  } catch {
    return false;
  }
}

/**
 * A value as a Structured Field String (RFC 8941 §3.3.3): in double quotes, `\` and `"` escaped; only printable ASCII.
 * draft-ietf-httpapi-idempotency-key-header-07 §2.1: "Idempotency-Key is an Item Structured Header. Its value MUST be
 * a String"; a bare token is not one.
 */
export function sfString(value: string): string {
  if (!/^[\x20-\x7e]*$/.test(value)) throw new Error('a Structured Field String is printable ASCII only');
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * Statuses worth sending the very same request again later: 408 and 429, any 5xx, and 409, which the Idempotency-Key
 * draft has the server answer (its error scenarios) to a request whose key is still being processed from an earlier
 * try, e.g. our retry after a timeout overtaking the insurer's work: not a verdict on the claim.
 */
const retryStatus = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;

const RECEIPT_ID = /^[\x21-\x7e]{1,200}$/;
const isTimeout = (e: unknown) => e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');

export function insurerApi(opts: InsurerApiOptions): DeliveryProvider & Checkable {
  const call = opts.fetch ?? egressFetch(opts.egress);
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const nowMs = opts.nowMs ?? Date.now;
  const byCode = new Map(opts.insurers.map((i) => [i.insuCompCd, i]));

  const fail = (insuCompCd: string, error: string, retryable: boolean): DeliveryResult => {
    opts.onFailure?.({ insuCompCd, reason: error, retryable });
    return { ok: false, error, retryable };
  };

  async function deliverOne(r: DeliveryRequest): Promise<DeliveryResult> {
    const insurer = byCode.get(r.insuCompCd);
    // The console's base URL wins over the environment's when it is on the allow-list (an approved change cannot be
    // anything else; a row written around the console is refused here); the secret is only ever the environment's.
    if (r.apiUrl && !apiUrlAllowed(insurer?.url, r.apiUrl)) {
      return fail(r.insuCompCd, `보험사 API 주소가 허용 목록에 없어요 (INSURER_${r.insuCompCd}_API_URL)`, false);
    }
    const url = r.apiUrl ?? insurer?.url;
    if (!insurer || !url) {
      return fail(r.insuCompCd, `보험사 API 설정이 없어요 (INSURER_${r.insuCompCd}_API_URL)`, false);
    }
    const body = claimBody(r);
    let status: number;
    let text: string;
    try {
      const signal = AbortSignal.timeout(timeoutMs);
      const res = await call(`${url}/claims`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'idempotency-key': sfString(r.idempotencyKey),
          ...signedHeaders(insurer.secret, body, nowMs()),
        },
        body,
        redirect: 'manual',
        signal,
      });
      status = res.status;
      text = await res.text();
    } catch (e) {
      const why =
        e instanceof EgressRefused
          ? '보험사 API 주소가 내부 주소를 가리켜서 연결하지 않았어요'
          : isTimeout(e)
            ? '보험사 API 시간 초과'
            : '보험사 API에 연결하지 못했어요';
      return fail(r.insuCompCd, why, true);
    }
    if (status >= 200 && status < 300) {
      let receiptId: unknown;
      try {
        receiptId = (JSON.parse(text) as { receiptId?: unknown }).receiptId;
      } catch {
        receiptId = undefined;
      }
      if (typeof receiptId === 'string' && RECEIPT_ID.test(receiptId)) return { ok: true, externalRef: receiptId };
      return fail(r.insuCompCd, `보험사 API 응답을 읽을 수 없어요 (HTTP ${status})`, true);
    }
    if (retryStatus(status)) {
      return fail(r.insuCompCd, `보험사 API ${status}${errorCode(text)}`, true);
    }
    return fail(r.insuCompCd, `보험사 API가 거절했어요 (HTTP ${status}${errorCode(text)})`, false);
  }

  return {
    channelFor: () => 'api',
    wantsPackage: true,
    deliver: (batch) => mapLimited(batch, opts.concurrency ?? 8, deliverOne),

    async check() {
      return Promise.all(
        opts.insurers
          .flatMap((i) => (i.url ? [{ ...i, url: i.url }] : []))
          .map(async (i): Promise<ProviderCheck> => {
            const vendor = `insurer-api:${i.insuCompCd}`;
            try {
              const res = await call(`${i.url}/health`, {
                method: 'GET',
                headers: { accept: 'application/json', ...signedHeaders(i.secret, '', nowMs()) },
                redirect: 'manual',
                signal: AbortSignal.timeout(timeoutMs),
              });
              await res.body?.cancel();
              if (res.ok) {
                return {
                  kind: 'delivery',
                  vendor,
                  ok: true,
                  detail: `signed GET ${i.url}/health answered ${res.status}`,
                };
              }
              const detail =
                res.status === 401 || res.status === 403
                  ? `the insurer refused our signature (HTTP ${res.status}): check INSURER_${i.insuCompCd}_SECRET`
                  : `GET ${i.url}/health answered HTTP ${res.status}`;
              return { kind: 'delivery', vendor, ok: false, detail };
            } catch (e) {
              const why =
                e instanceof EgressRefused
                  ? 'refused: the host is a loopback, private, link-local or metadata address (INSURER_EGRESS_ALLOW)'
                  : isTimeout(e)
                    ? `no answer within ${timeoutMs} ms`
                    : 'could not connect';
              return { kind: 'delivery', vendor, ok: false, detail: `GET ${i.url}/health: ${why}` };
            }
          }),
      );
    },
  };
}
