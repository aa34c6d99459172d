// Where a call to an outside party may go (docs/security.md, "Insiders: claim destinations"): never to this machine,
// the private network, link-local or cloud metadata addresses. A host is resolved and every address it answers is
// checked when an operator sets it, and again when a connection is made: the connection goes to the address that was
// checked (the socket's lookup is this check), so a name that answers a public address first and 127.0.0.1 later
// (DNS rebinding) is refused at connect time. An address the operator lists in INSURER_EGRESS_ALLOW (an egress proxy
// on this machine, or a test's local double) is the only exception; there is none by NODE_ENV.
import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

export interface EgressPolicy {
  /** Addresses or CIDRs that may be reached although private (INSURER_EGRESS_ALLOW). */
  allow?: readonly string[];
  /** How a name becomes addresses (tests pass a stub); default: the system resolver, every address. */
  resolve?: Resolve;
}

/** A call refused because its target is not a public address; its message names no address. */
export class EgressRefused extends Error {
  override name = 'EgressRefused';
}

const DENIED: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network", unspecified
  ['10.0.0.0', 8, 'ipv4'], // RFC 1918
  ['100.64.0.0', 10, 'ipv4'], // CGNAT
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local, 169.254.169.254 metadata
  ['172.16.0.0', 12, 'ipv4'], // RFC 1918
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['192.168.0.0', 16, 'ipv4'], // RFC 1918
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 96, 'ipv6'], // unspecified, loopback and IPv4-compatible (::a.b.c.d, deprecated): would carry any IPv4 address
  ['64:ff9b::', 96, 'ipv6'], // NAT64: would carry any IPv4 address
  ['64:ff9b:1::', 48, 'ipv6'], // local-use NAT64 (RFC 8215): would carry any IPv4 address
  ['100::', 64, 'ipv6'], // discard
  ['2001::', 32, 'ipv6'], // Teredo
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['2002::', 16, 'ipv6'], // 6to4: would carry any IPv4 address
  ['fc00::', 7, 'ipv6'], // ULA, fd00:ec2::254 metadata
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8, 'ipv6'], // multicast
];
const denied = new BlockList();
for (const [net, prefix, type] of DENIED) denied.addSubnet(net, prefix, type);
/**
 * IPv4-mapped addresses (::ffff:0:0/96), denied as IPv6 whatever IPv4 address they carry: no insurer answers with one.
 * Kept apart from `denied` because Node's BlockList matches every IPv4 address against an IPv6 rule of this range.
 */
const mapped = new BlockList();
mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d, or ::ffff:7f00:1 as URL parsing writes it) as its IPv4 address. */
function unmapped(ip: string): string {
  const m = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(ip);
  if (!m) return ip;
  if (m[1]) return m[1];
  const hi = parseInt(m[2]!, 16);
  const lo = parseInt(m[3]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

function allowListOf(allow: readonly string[] = []): BlockList {
  const list = new BlockList();
  for (const entry of allow) {
    const [net, prefix] = entry.split('/');
    const type = isIP(net ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(net!, type);
    else list.addSubnet(net!, Number(prefix), type);
  }
  return list;
}

/** Whether `entry` is an address or CIDR INSURER_EGRESS_ALLOW can hold. */
export function isAddressOrCidr(entry: string): boolean {
  const [net, prefix, more] = entry.split('/');
  const v = isIP(net ?? '');
  if (!v || more !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (v === 4 ? 32 : 128));
}

/** Whether a call may go to this address: public, or listed in `allow`. */
export function isReachable(address: string, allow: BlockList): boolean {
  const raw = address.replace(/^\[|\]$/g, '').toLowerCase();
  const ip = unmapped(raw);
  if (!isIP(ip)) return false;
  const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (allow.check(ip, type)) return true;
  if (isIP(raw) === 6 && mapped.check(raw, 'ipv6')) return false;
  return !denied.check(ip, type);
}

/** Whether a URL's host is an address literal `allow` lists (INSURER_EGRESS_ALLOW: an egress proxy there). */
export function isAllowedLiteral(url: string, allow: readonly string[]): boolean {
  let ip: string;
  try {
    ip = unmapped(new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase());
  } catch {
    return false;
  }
  return isIP(ip) !== 0 && allowListOf(allow).check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
}

const systemResolve: Resolve = (host) => dns.lookup(host, { all: true, verbatim: true });

/**
 * The addresses a host may be reached at: every address it resolves to must be public (or allowed), else
 * EgressRefused. An address literal is checked as it is.
 */
export async function checkedAddresses(host: string, policy: EgressPolicy = {}) {
  const allow = allowListOf(policy.allow);
  const bare = host.replace(/^\[|\]$/g, '');
  const found = isIP(bare)
    ? [{ address: bare, family: isIP(bare) }]
    : await (policy.resolve ?? systemResolve)(bare).catch(() => {
        throw new EgressRefused('the host does not resolve');
      });
  if (found.length === 0) throw new EgressRefused('the host does not resolve');
  if (found.some((a) => !isReachable(a.address, allow))) {
    throw new EgressRefused('the host resolves to a loopback, private, link-local or metadata address');
  }
  return found;
}

/** The socket's lookup: the checked addresses, so what was checked is what is connected to. */
function checkedLookup(policy: EgressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const cb = callback as (err: Error | null, address: unknown, family?: number) => void;
    checkedAddresses(hostname, policy).then(
      (found) => (options.all ? cb(null, found) : cb(null, found[0]!.address, found[0]!.family)),
      (e: Error) => cb(e, options.all ? [] : '', 0),
    );
  };
}

/** The most of an answer's body that is read (an insurer answers a receipt id). */
const MAX_ANSWER_BYTES = 1024 * 1024;
const NULL_BODY = new Set([204, 205, 304]);

/**
 * fetch, for the calls of an adapter whose target an operator can set: through node:http(s) with the checked lookup,
 * no redirects followed, the answer's body read up to 1 MiB. Takes what the adapters pass: method, headers, a string
 * body and a signal.
 */
export function egressFetch(policy: EgressPolicy = {}): typeof fetch {
  const lookup = checkedLookup(policy);
  // Connections are kept for the next call (a claim is one TLS handshake less): each was made to a checked address.
  const agents = {
    http: new http.Agent({ keepAlive: true, lookup }),
    https: new https.Agent({ keepAlive: true, lookup }),
  };
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined;
    if (!client) throw new EgressRefused('only http and https are called');
    // A literal address never reaches the lookup: it is checked here (it cannot change between check and connect).
    if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) await checkedAddresses(url.hostname, policy);
    if (init.body != null && typeof init.body !== 'string') throw new TypeError('egressFetch sends string bodies');
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    return new Promise<Response>((resolve, reject) => {
      const req = client.request(
        url,
        {
          method: init.method ?? 'GET',
          headers,
          signal: init.signal ?? undefined,
          agent: client === https ? agents.https : agents.http,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > MAX_ANSWER_BYTES) res.destroy(new Error('the answer is too large'));
            else chunks.push(c);
          });
          res.on('error', reject);
          res.on('aborted', () => reject(new Error('the answer was cut off')));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const out = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, String(v));
            try {
              resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers: out }));
            } catch (e) {
              reject(e instanceof Error ? e : new Error(String(e)));
            }
          });
        },
      );
      req.on('error', reject);
      req.end(init.body ?? undefined);
    });
  }) as typeof fetch;
}
