// Popbill (팝빌, by LinkHub) over its REST wire protocol, shared by the 알림톡, fax and 예금주 조회 adapters
// (docs/providers/popbill.md says why not the `popbill` npm SDK). Two hosts:
//   auth  POST {auth}/{ServiceID}/Token with x-lh-date, x-lh-version: 2.0 and
//         `Authorization: LINKHUB {LinkID} {base64 HMAC-SHA256}` over "POST\n{base64 sha256(body)}\n{x-lh-date}\n2.0\n
//         /{ServiceID}/Token", keyed with the base64-decoded secret; body {access_id: 사업자번호, scope: [...]}.
//         Answers {session_token, expiration, ...}. GET {auth}/{ServiceID}/Point with the token: the balance.
//   api   every service call with `Authorization: Bearer {session_token}` and x-pb-userid (the Popbill user).
// Both answer a failure with a non-200 status and {code: a negative 8-digit number, message}. The official SDKs read
// that body from any non-200 and never look at the status (node-popbill 1.61.1 lib/BaseService.js _makeRequest;
// popbill.sdk.java BaseServiceImp.parseResponse), so Popbill's code, not the status, says what happened.
// A call never outlives its timeout; a failure says whether trying again later can help; no error string carries
// what was sent (phone numbers, account numbers, names), only the operation and Popbill's code.
import { createHash, createHmac } from 'node:crypto';

export const POPBILL_AUTH_BASE = 'https://auth.linkhub.co.kr';
export const POPBILL_API_BASE = { live: 'https://popbill.linkhub.co.kr', test: 'https://popbill-test.linkhub.co.kr' };
export const LINKHUB_API_VERSION = '2.0';

/**
 * The token scopes each Popbill service asks for, as the official SDKs do (node-popbill 1.61.1 lib/KakaoService.js,
 * FaxService.js, AccountCheckService.js: `this._scopes.push(...)`; popbill.sdk.java KakaoServiceImp.getScopes:
 * 153, 154, 155). A scope the SDKs never ask for is one LinkHub need not grant this partner.
 */
export const POPBILL_SCOPES = {
  kakao: ['member', '153', '154', '155'],
  /** MessageService (SMS, LMS, MMS): node-popbill lib/MessageService.js. */
  message: ['member', '150', '151', '152'],
  fax: ['member', '160', '161'],
  accountCheck: ['member', '182', '183'],
} as const;

/** The Popbill contract: one partner (LinkID + secret) acting for one member (사업자번호). */
export interface PopbillAccount {
  linkId: string;
  /** Base64, as LinkHub issues it. */
  secretKey: string;
  /** The member's 사업자번호, 10 digits. */
  corpNum: string;
  /** The member's Popbill user id (x-pb-userid); optional for most calls. */
  userId?: string | undefined;
  /** Popbill's test bed (POPBILL_TEST) rather than the live service. */
  isTest: boolean;
  /** Service host; the vendor's by default, a local double in tests and staging. */
  apiBase: string;
  /** LinkHub token host; likewise. */
  authBase: string;
}

export const serviceIdOf = (isTest: boolean) => (isTest ? 'POPBILL_TEST' : 'POPBILL');

/** The LinkHub request signature (linkhub@1.8.2 lib/TokenBuilder.js newToken). The double checks it the same way. */
export function linkhubSignature(
  secretKey: string,
  r: { body: string; date: string; path: string; forwardedIp?: string | undefined },
) {
  const bodyDigest = createHash('sha256').update(r.body).digest('base64');
  const target = ['POST', bodyDigest, r.date, ...(r.forwardedIp ? [r.forwardedIp] : []), LINKHUB_API_VERSION, r.path];
  return createHmac('sha256', Buffer.from(secretKey, 'base64')).update(target.join('\n')).digest('base64');
}

export type PopbillFailure = number | 'timeout' | 'network' | 'malformed' | `http ${number}`;

/** A call Popbill did not answer as hoped. `code` is Popbill's (negative) or what went wrong on the way. */
export class PopbillError extends Error {
  constructor(
    readonly op: string,
    readonly code: PopbillFailure,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(`Popbill ${op} failed: ${code}${status ? ` (HTTP ${status})` : ''}`);
    this.name = 'PopbillError';
  }
}

/** Popbill groups its codes: -990… is the point balance (a top-up fixes it), -100… the member and token. */
const POINTS = /^-990\d{5}$/;
/** Token codes (Popbill's common table): generation failed, unreadable token, no token. */
const TOKEN_REFUSED = new Set([-10000032, -10000033, -10000034]);

/** The SDKs' own catch-all code ("팝빌 API 서버 접속 실패"): it says nothing of the request, so the status decides. */
const NO_VERDICT = -99999999;

/**
 * Whether a failure is worth trying again: outages, throttling, timeouts, garbled answers and an empty balance. A
 * refusal with Popbill's own code is final at any status (Popbill answers refusals with 4xx and 5xx alike).
 */
export function retryableFailure(status: number | undefined, code: PopbillFailure) {
  if (typeof code !== 'number') return true;
  if (status === 429) return true;
  if (code === NO_VERDICT) return status === undefined || status >= 500;
  return POINTS.test(String(code));
}

export interface PopbillCall {
  method?: 'GET' | 'POST';
  path: string;
  host?: 'api' | 'auth';
  json?: unknown;
  form?: FormData;
  timeoutMs?: number;
}

export interface PopbillClient {
  readonly account: PopbillAccount;
  readonly serviceId: string;
  /** One call with a valid token; a token Popbill no longer reads is renewed once. */
  call(op: string, c: PopbillCall): Promise<unknown>;
  /** The token alone: proves the credentials and scopes (check()). */
  token(): Promise<string>;
  /** The member's remaining points. */
  balance(): Promise<number>;
}

export interface PopbillClientOptions {
  account: PopbillAccount;
  scopes: readonly string[];
  /** Every call's limit unless the call sets its own (default: 5 s for the token, 10 s for the rest). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The clock a token's expiration is judged by (tests move it). */
  now?: () => number;
}

/** Renew a token this long before LinkHub's expiration, so a call never goes out with one about to lapse. */
const TOKEN_MARGIN_MS = 60_000;

export function popbillClient(opts: PopbillClientOptions): PopbillClient {
  const { account } = opts;
  const send = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const serviceId = serviceIdOf(account.isTest);
  const base = (host: 'api' | 'auth') => (host === 'api' ? account.apiBase : account.authBase).replace(/\/$/, '');
  let cached: { token: string; until: number } | undefined;
  let pending: Promise<string> | undefined;

  async function exchange(op: string, url: string, init: RequestInit, timeoutMs: number): Promise<unknown> {
    let res: Response;
    let text: string;
    try {
      res = await send(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      text = await res.text();
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new PopbillError(op, timedOut ? 'timeout' : 'network', true);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new PopbillError(op, res.ok ? 'malformed' : `http ${res.status}`, true, res.status);
    }
    // Every answer we read is an object or a list; anything else is as garbled as HTML.
    if (res.ok && (body === null || typeof body !== 'object'))
      throw new PopbillError(op, 'malformed', true, res.status);
    if (res.ok) return body;
    const code = (body as { code?: unknown } | null)?.code;
    const failure: PopbillFailure = typeof code === 'number' && code < 0 ? code : `http ${res.status}`;
    throw new PopbillError(op, failure, retryableFailure(res.status, failure), res.status);
  }

  async function freshToken(): Promise<string> {
    const path = `/${serviceId}/Token`;
    const body = JSON.stringify({ access_id: account.corpNum, scope: opts.scopes });
    // LinkHub compares this with its own clock: always the wall clock.
    const date = new Date().toISOString();
    const answer = await exchange(
      'token',
      `${base('auth')}${path}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-lh-date': date,
          'x-lh-version': LINKHUB_API_VERSION,
          authorization: `LINKHUB ${account.linkId} ${linkhubSignature(account.secretKey, { body, date, path })}`,
        },
        body,
      },
      opts.timeoutMs ?? 5_000,
    );
    const t = answer as { session_token?: unknown; expiration?: unknown };
    const until = typeof t.expiration === 'string' ? Date.parse(t.expiration) : NaN;
    if (typeof t.session_token !== 'string' || !t.session_token || Number.isNaN(until)) {
      throw new PopbillError('token', 'malformed', true);
    }
    cached = { token: t.session_token, until: until - TOKEN_MARGIN_MS };
    return t.session_token;
  }

  function token(): Promise<string> {
    if (cached && cached.until > now()) return Promise.resolve(cached.token);
    // Calls that start together share one token request.
    pending ??= freshToken().finally(() => (pending = undefined));
    return pending;
  }

  async function call(op: string, c: PopbillCall, renewed = false): Promise<unknown> {
    const bearer = await token();
    const headers: Record<string, string> = { authorization: `Bearer ${bearer}` };
    if (account.userId) headers['x-pb-userid'] = account.userId;
    const method = c.method ?? 'GET';
    // FormData sets its own multipart content type with the boundary. Every other request, an empty-body POST
    // (예금주 조회) included, says JSON as the official SDKs do (node-popbill lib/BaseService.js _executeAction sets
    // `application/json;charset=utf-8` on every request that is not multipart, whether or not it has a body).
    if (!c.form && (c.json !== undefined || method === 'POST'))
      headers['content-type'] = 'application/json;charset=utf-8';
    const body = c.form ?? (c.json !== undefined ? JSON.stringify(c.json) : method === 'POST' ? '' : undefined);
    try {
      return await exchange(
        op,
        `${base(c.host ?? 'api')}${c.path}`,
        { method, headers, body },
        c.timeoutMs ?? opts.timeoutMs ?? 10_000,
      );
    } catch (e) {
      if (!renewed && e instanceof PopbillError && (e.status === 401 || TOKEN_REFUSED.has(e.code as number))) {
        cached = undefined;
        return call(op, c, true);
      }
      throw e;
    }
  }

  return {
    account,
    serviceId,
    call: (op, c) => call(op, c),
    token,
    async balance() {
      const answer = (await call('balance', { path: `/${serviceId}/Point`, host: 'auth' })) as {
        remainPoint?: unknown;
      };
      const points = Number(answer.remainPoint);
      if (answer.remainPoint === undefined || Number.isNaN(points))
        throw new PopbillError('balance', 'malformed', true);
      return points;
    },
  };
}

/**
 * Whether Popbill approved a registered sender number: CheckSenderNumber answers {code: 1} only for an approved one
 * (Popbill reference, 발신번호 등록여부 확인) and refuses any other with its error JSON.
 */
export async function senderApproved(client: PopbillClient, path: string) {
  try {
    return ((await client.call('sender number', { path })) as { code?: unknown }).code === 1;
  } catch (e) {
    if (e instanceof PopbillError && !e.retryable) return false;
    throw e;
  }
}

/** A string field of a Popbill answer, or '' when it is missing or not a string. */
export const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Digits only: Popbill takes numbers without hyphens. */
export const digits = (s: string) => s.replace(/\D/g, '');

/** What a failed check says: the operation and code, never a secret. */
export const failureDetail = (e: unknown) =>
  e instanceof PopbillError ? `${e.op}: ${e.code}${e.status ? ` (HTTP ${e.status})` : ''}` : 'unexpected error';

/** One line of a check() report, added by the kind that checks. */
type AddCheck = (ok: boolean, detail: string) => void;

/**
 * What every Popbill kind's check() starts with: the LinkHub token for its scopes, then the balance and the unit cost
 * of its service. Answers false when the token was refused (nothing else can be asked then).
 */
export async function checkAccount(
  client: PopbillClient,
  add: AddCheck,
  o: { scopes: string; unitCostPath: string; service: string },
): Promise<boolean> {
  try {
    await client.token();
    add(true, `LinkHub accepted the credentials (${client.serviceId}, ${o.scopes} scopes)`);
  } catch (e) {
    add(
      false,
      `LinkHub refused the token: ${failureDetail(e)}; check POPBILL_LINK_ID, POPBILL_SECRET_KEY, POPBILL_CORP_NUM`,
    );
    return false;
  }
  try {
    const [points, cost] = await Promise.all([
      client.balance(),
      client.call('unit cost', { path: o.unitCostPath }) as Promise<{ unitCost?: unknown }>,
    ]);
    add(true, `balance ${points} points, ${o.service} unit cost ${str(cost.unitCost) || '?'}`);
  } catch (e) {
    add(false, `balance or unit cost unreadable: ${failureDetail(e)}`);
  }
  return true;
}

/** A sender number registered with Popbill (listed at `listPath`) and approved (asked at `checkPath`). */
export async function checkSender(
  client: PopbillClient,
  add: AddCheck,
  o: { sender: string; listPath: string; checkPath: string; what: string; named: string },
) {
  try {
    const list = (await client.call('sender numbers', { path: o.listPath })) as { number?: unknown }[];
    const listed = Array.isArray(list) && list.some((n) => digits(str(n.number)) === o.sender);
    const approved = listed && (await senderApproved(client, o.checkPath));
    add(
      approved,
      approved
        ? `${o.what} registered and approved`
        : `${o.named} is ${listed ? 'registered but not approved' : 'not registered'} with Popbill`,
    );
  } catch (e) {
    add(false, `${o.what} not confirmed: ${failureDetail(e)}`);
  }
}
