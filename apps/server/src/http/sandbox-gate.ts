// The sandbox's calls (/sandbox/…: the outbox holding every code and link the sandbox "sent", the clock, a sandbox
// insurer's requests; DESIGN §3) answer only a caller on this machine, and the demo controls also a signed-in admin
// elsewhere; the outbox (config.localOnly) never answers off this machine, not even an admin: its codes and links
// open any patient's account. Anyone else gets the same 404 problem as a path that does not exist, so a sandbox left
// reachable (a demo with HOST=0.0.0.0, a staging host) shows the network nothing. "On this machine" is the TCP peer,
// never a header: loopback, and no proxy header saying the request came from elsewhere (a reverse proxy on the same
// host connects from loopback too).
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { sendProblem } from './problem.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A sandbox call only a caller on this machine may make, whoever is signed in (http/sandbox-gate.ts). */
    localOnly?: boolean;
  }
}

export const SANDBOX_PREFIX = '/sandbox/';
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
/** Any of these says a proxy or CDN stands between (a CDN's own names for the client too). */
const PROXY_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-real-ip',
  'x-forwarded-host',
  'x-client-ip',
  'via',
  'true-client-ip',
  'cf-connecting-ip',
];

/** The caller is on this machine and no proxy stands between. */
export function isLocalCaller(req: FastifyRequest) {
  const peer = req.raw.socket?.remoteAddress ?? '';
  return LOOPBACK.test(peer) && PROXY_HEADERS.every((h) => req.headers[h] === undefined);
}

export function registerSandboxGate(app: FastifyInstance, isAdmin: (req: FastifyRequest) => Promise<boolean>) {
  const gate: onRequestAsyncHookHandler = async (req, reply) => {
    if (isLocalCaller(req)) return;
    if (!req.routeOptions.config?.localOnly && (await isAdmin(req))) return;
    return sendProblem(reply, { status: 404, code: 'NOT_FOUND', detail: '요청한 주소를 찾을 수 없어요.' });
  };
  // On the sandbox's routes only, first of their hooks: the other requests run nothing of it (docs/performance.md,
  // "Per-request work"). The route matched, not the URL as sent: `/%73andbox/…` is the same route, and gated alike;
  // a path under /sandbox that no route has is the router's 404, the same problem.
  app.addHook('onRoute', (route) => {
    if (!(route.url === '/sandbox' || route.url.startsWith(SANDBOX_PREFIX))) return;
    const own = route.onRequest;
    route.onRequest = [gate, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
}
