// A client's address as the rules that use it need it (docs/security.md, "A proxy hides no attacker"):
//   addressKey     what every per-address limit counts by. One subscriber holds a whole IPv6 /64 (an ISP hands out
//                  at least that), so counting the full address would let one client rotate through 2^64 of them:
//                  IPv6 counts by its /64, IPv4 whole, an IPv4-mapped IPv6 address (::ffff:a.b.c.d) as its IPv4.
//   addressHmac    the keyed hash every per-address count and remembered address is stored by: addressKey's, so a
//                  privacy address rotating inside its /64 stays one address (the SMS cap per address, the owner's
//                  trusted address, the operators' known addresses and their sign-in counts).
//   coarseAddress  what an operator sees of another operator's address (the access log): the network, not the host.
import { isIPv4, isIPv6 } from 'node:net';

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The IPv4 address an IPv4-mapped IPv6 one stands for; any other as it is. */
const unmapped = (ip: string) => MAPPED_V4.exec(ip)?.[1] ?? ip;

/** The eight 16-bit groups of an IPv6 address (its zone, `%eth0`, dropped; a dotted IPv4 tail as two groups). */
function groupsOf(ip: string): number[] {
  let text = ip.split('%')[0]!;
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}

const hex = (groups: number[]) => groups.map((g) => g.toString(16)).join(':');

/** The key a per-address limit counts by: IPv4 whole (mapped or not), IPv6 by its /64. */
export function addressKey(ip: string): string {
  const v4 = unmapped(ip);
  if (isIPv4(v4)) return v4;
  if (isIPv6(ip)) return `${hex(groupsOf(ip).slice(0, 4))}::/64`;
  return ip;
}

/**
 * The keyed hash a per-address count or a remembered address is kept by: of addressKey, never of the full address
 * (an IPv6 client rotates through its /64; IPv4 and IPv4-mapped IPv6 are the IPv4 address, as before).
 */
export const addressHmac = (crypto: { hmac(purpose: string, value: string): string }, ip: string) =>
  crypto.hmac('ip', addressKey(ip));

/** Another operator's address as the access log shows it: IPv4 to its /24 (`203.0.113.*`), IPv6 to its /48. */
export function coarseAddress(ip: string): string {
  const v4 = unmapped(ip);
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.*`;
  if (isIPv6(ip)) return `${hex(groupsOf(ip).slice(0, 3))}:*`;
  return '*';
}
