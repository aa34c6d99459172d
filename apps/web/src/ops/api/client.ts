// The console's one HTTP client: JSON both ways, the operator session's cookie, the CSRF token on every call that
// changes something, problems thrown with their Korean detail. A 401 sends the operator to the sign-in screen.
import type { Problem } from '@auto-claim/contract';
import { BACKGROUND_HEADER } from '@auto-claim/contract/ops';
import type { z } from 'zod';

export class OpsError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
  ) {
    super(
      problem?.detail ??
        (status === 0
          ? '서버에 연결할 수 없어요. 연결을 확인해 주세요.'
          : `일시적인 문제가 생겼어요 (HTTP ${status}).`),
    );
  }
  get code() {
    return this.problem?.code;
  }
  /** A field's message from a validation refusal. */
  fieldMessage(field: string) {
    return this.problem?.errors?.find((e) => e.field === field)?.message;
  }
}

/**
 * A form's body checked with the contract's schema before it is sent: a refusal is the server's own shape (a 400
 * naming each field in the schema's Korean), so a form shows it the way it shows the server's.
 */
export function checked<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));
  throw new OpsError(400, {
    status: 400,
    title: 'Bad Request',
    code: 'VALIDATION_FAILED',
    detail: errors.length === 1 ? errors[0]!.message : '입력한 내용을 확인해 주세요.',
    errors,
  });
}

/** The session's CSRF token, given by the sign-in calls and GET /api/admin/me; sent back on every change. */
let csrfToken: string | undefined;
export const setCsrfToken = (token: string | undefined) => void (csrfToken = token);

let onUnauthorized: (() => void) | undefined;
export const setOpsUnauthorizedHandler = (handler: () => void) => void (onUnauthorized = handler);

/**
 * When the server last restarted the session's idle clock as far as this page knows: the answer to a call of the
 * operator's own (not a background poll, which does not restart it). auth/IdleWarning.tsx counts from it.
 */
let touchedAt = Date.now();
const touchListeners = new Set<(at: number) => void>();
export const lastTouched = () => touchedAt;
export function sessionTouched(at = Date.now()) {
  touchedAt = Math.max(touchedAt, at);
  for (const listener of touchListeners) listener(touchedAt);
}
export function onSessionTouched(listener: (at: number) => void) {
  touchListeners.add(listener);
  return () => void touchListeners.delete(listener);
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export function withQuery(path: string, query?: Query) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

async function request(
  method: string,
  path: string,
  body: unknown,
  accept: string,
  timeoutMs = 60_000,
  background = false,
): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: accept,
        ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
        ...(method !== 'GET' && csrfToken ? { 'x-csrf-token': csrfToken } : {}),
        ...(background ? { [BACKGROUND_HEADER]: '1' } : {}),
      },
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new OpsError(0, undefined);
  }
  if (!background && res.status !== 401) sessionTouched();
  if (!res.ok) {
    const text = await res.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (res.status === 401) onUnauthorized?.();
    throw new OpsError(res.status, data && typeof data === 'object' && 'code' in data ? (data as Problem) : undefined);
  }
  return res;
}

async function send<T>(method: string, path: string, body?: unknown, background = false): Promise<T> {
  const text = await (await request(method, path, body, 'application/json', undefined, background)).text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const opsGet = <T>(path: string, query?: Query) => send<T>('GET', withQuery(path, query));
/** A poll the console makes by itself (a banner asked again every minute): it does not keep the session alive. */
export const opsPoll = <T>(path: string) => send<T>('GET', path, undefined, true);
export const opsSend = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  send<T>(method, path, body);

/** Saves a blob as a file through a short-lived object URL, so that nothing about the request rides in a link. */
function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/**
 * A file answered to a POST (the claim package, asked for with a reason): saved under `filename` through a
 * short-lived object URL, so that nothing about the request rides in a link.
 */
export async function opsDownload(path: string, body: unknown, filename: string) {
  save(await (await request('POST', path, body, 'application/pdf')).blob(), filename);
}

/** The file name an answer gives (RFC 6266: the UTF-8 `filename*` first, else `filename`). */
export function attachmentName(header: string | null, fallback: string) {
  const star = header?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      // A malformed name: the plain one, or ours.
    }
  }
  return header?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/**
 * A list's export (README "Operator console", "Exports"): POST with the list's filter in the body (it may name a
 * person, so never in the URL), the CSV saved under the name the server gave it.
 */
export async function opsExport(path: string, filter: unknown, fallbackName: string) {
  // The whole file is read within the call: a long list takes longer than a minute.
  const res = await request('POST', path, filter, 'text/csv', 30 * 60_000);
  const name = attachmentName(res.headers.get('content-disposition'), fallbackName);
  save(await res.blob(), name);
  return name;
}
