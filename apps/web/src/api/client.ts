// The one HTTP client (spec §7): JSON, 120000 ms timeout, GET/DELETE params as query, others a JSON body.
// A 401 shows the logout alert once (spec §6); other errors go to the caller as an ApiError.
import { API_TIMEOUT_MS, type Problem } from '@auto-claim/contract';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
  ) {
    super(problem?.detail ?? `HTTP ${status}`);
  }
  /** What to show the patient. */
  get detail() {
    return (
      this.problem?.detail ??
      (this.status === 0 ? NETWORK_MESSAGE : '일시적인 문제가 생겼어요. 잠시 후 다시 시도해 주세요.')
    );
  }
}

const NETWORK_MESSAGE = '인터넷 연결이 원활하지 않아요. 연결을 확인하고 다시 시도해 주세요.';

type Params = Record<string, string | number | boolean | null | undefined>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let onUnauthorized: (() => void) | undefined;
/** The app registers the logout alert here; the client shows it at most once at a time. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

function withQuery(path: string, params?: Params) {
  if (!params) return path;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export async function request<T>(
  method: Method,
  path: string,
  data?: Params | object,
  signal?: AbortSignal,
  headers?: Record<string, string>,
  /** The session check: its 401 is an answer, not a reason for the logout alert. */
  quiet401 = false,
): Promise<T> {
  const asQuery = method === 'GET' || method === 'DELETE';
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(asQuery ? withQuery(path, data as Params) : path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(asQuery ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: asQuery ? undefined : JSON.stringify(data ?? {}),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError(0, undefined);
  }
  const text = await res.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (res.status === 401 && !quiet401) onUnauthorized?.();
  if (!res.ok) throw new ApiError(res.status, isProblem(body) ? body : undefined);
  return body as T;
}

async function requestBlob(path: string, body?: object): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/pdf, application/problem+json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (res.status === 401) onUnauthorized?.();
  if (!res.ok) {
    const problem: unknown = safeJson(await res.text());
    throw new ApiError(res.status, isProblem(problem) ? problem : undefined);
  }
  return res.blob();
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isProblem = (b: unknown): b is Problem =>
  typeof b === 'object' && b !== null && 'status' in b && 'detail' in b && 'code' in b;

export const api = {
  get: <T>(path: string, params?: Params, signal?: AbortSignal) => request<T>('GET', path, params, signal),
  /** A GET whose 401 is an answer (is there a live session?), so it never shows the logout alert. */
  probe: <T>(path: string) => request<T>('GET', path, undefined, undefined, undefined, true),
  delete: <T>(path: string, params?: Params) => request<T>('DELETE', path, params),
  /** `headers`: e.g. the idempotency key of the subscription POSTs. */
  post: <T>(path: string, body?: object, headers?: Record<string, string>) =>
    request<T>('POST', path, body, undefined, headers),
  /** A POST answered with a file (the documents' PDFs): the body as a Blob, errors as ApiError. */
  postForBlob: (path: string, body?: object) => requestBlob(path, body),
  put: <T>(path: string, body?: object) => request<T>('PUT', path, body),
};
