// The one HTTP client (spec §7): JSON, 120000 ms timeout, GET/DELETE params as query, others a JSON body.
// A 401 shows the logout alert once (spec §6); a 403 STEP_UP_REQUIRED leads the patient through the SMS verification
// once more and then makes the same call again (README "Identity and sessions"); other errors go to the caller as an
// ApiError.
import { API_TIMEOUT_MS, type Problem } from '@auto-claim/contract';
import { problemDetail, t } from '../i18n/t';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
  ) {
    super(problem?.detail ?? `HTTP ${status}`);
  }
  /** What to show the patient: the server's refusal in her language (i18n/problems.ts), unchanged in Korean. */
  get detail() {
    return (
      (this.problem && problemDetail(this.problem)) ??
      (this.status === 0
        ? t('api.network', '인터넷 연결이 원활하지 않아요. 연결을 확인하고 다시 시도해 주세요.')
        : t('api.failed', '일시적인 문제가 생겼어요. 잠시 후 다시 시도해 주세요.'))
    );
  }
}

type Params = Record<string, string | number | boolean | null | undefined>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let onUnauthorized: (() => void) | undefined;
/** The app registers the logout alert here; the client shows it at most once at a time. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/** The server's answer when the session must verify the same person again before this call (step-up). */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';
let onStepUp: ((detail: string) => Promise<boolean>) | undefined;
/** The app registers the step-up sheet here: it resolves true once the patient verified again, false if they stopped. */
export function setStepUpHandler(handler: (detail: string) => Promise<boolean>) {
  onStepUp = handler;
}
/** A screen that knows beforehand that it needs a verified session asks for step-up itself, saying why. */
export const askStepUp = (detail: string): Promise<boolean> => onStepUp?.(detail) ?? Promise.resolve(false);
/** After a successful step-up the call is made once more; a second refusal goes to the caller. */
const stepUpThenRetry = async (status: number, body: unknown, retried: boolean) =>
  !retried && status === 403 && isProblem(body) && body.code === STEP_UP_REQUIRED && onStepUp
    ? onStepUp(problemDetail(body))
    : false;

function withQuery(path: string, params?: Params) {
  if (!params) return path;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** One fetch with the API's timeout (and the caller's signal); a network failure is ApiError(0). */
async function send(
  method: Method,
  path: string,
  data?: Params | object,
  signal?: AbortSignal,
  headers?: Record<string, string>,
): Promise<Response> {
  const asQuery = method === 'GET' || method === 'DELETE';
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  try {
    return await fetch(asQuery ? withQuery(path, data as Params) : path, {
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
}

export async function request<T>(
  method: Method,
  path: string,
  data?: Params | object,
  signal?: AbortSignal,
  headers?: Record<string, string>,
  /** The session check: its 401 is an answer, not a reason for the logout alert. */
  quiet401 = false,
  retried = false,
): Promise<T> {
  const res = await send(method, path, data, signal, headers);
  const text = await res.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (res.status === 401 && !quiet401) onUnauthorized?.();
  if (await stepUpThenRetry(res.status, body, retried)) {
    return request<T>(method, path, data, signal, headers, quiet401, true);
  }
  if (!res.ok) throw new ApiError(res.status, isProblem(body) ? body : undefined);
  return body as T;
}

async function requestBlob(path: string, body?: object, retried = false): Promise<Blob> {
  const res = await send('POST', path, body, undefined, { Accept: 'application/pdf, application/problem+json' });
  if (res.status === 401) onUnauthorized?.();
  if (!res.ok) {
    const problem: unknown = safeJson(await res.text());
    if (await stepUpThenRetry(res.status, problem, retried)) return requestBlob(path, body, true);
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
  /** `headers`: e.g. the language the answer's words are asked in (Accept-Language). */
  get: <T>(path: string, params?: Params, signal?: AbortSignal, headers?: Record<string, string>) =>
    request<T>('GET', path, params, signal, headers),
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
