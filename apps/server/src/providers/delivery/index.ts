// The delivery kind as config.ts and create-context.ts see it: its variables (with INSURER_<code>_API_URL and
// INSURER_<code>_SECRET, one pair per insurer), its part of the Config, its provider.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { isAddressOrCidr, isAllowedLiteral, type EgressPolicy } from '../egress.js';
import type { Need } from '../env.js';
import type { Outbox } from '../outbox.js';
import { insurerApi } from './insurer-api.js';
import { deliveryRouter } from './router.js';
import { sandboxDelivery } from './sandbox.js';
import type { DeliveryProvider, FaxSender } from './types.js';

/** An insurer code as the reference tables write it (the contract's insuCompCd). */
const INSURER_CODE = /^[A-Z][A-Z0-9_]{1,31}$/;

/** A comma-separated list, trimmed, without empty entries. */
const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Claims to insurers: the sandbox, or for real (insurers) by API or fax (docs/providers/insurer-api.md). */
export const deliveryEnv = z.object({
  DELIVERY_PROVIDER: z.enum(['sandbox', 'insurers']).default('sandbox'),
  /** Insurers (insuCompCd, comma-separated) that take claims by API; every other insurer takes them by fax. */
  DELIVERY_API_INSURERS: z
    .string()
    .default('')
    .transform((v) => [...new Set(list(v))])
    .pipe(z.array(z.string().regex(INSURER_CODE, 'insurer codes are upper case, e.g. SAMSUNGFIRE,KBINSU'))),
  INSURER_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * Addresses or CIDRs (comma-separated) the insurer APIs may be reached at although private or loopback (an egress
   * proxy on this machine). Unset: only public addresses (providers/egress.ts); there is no other exception.
   */
  INSURER_EGRESS_ALLOW: z
    .string()
    .default('')
    .transform(list)
    .pipe(z.array(z.string().refine(isAddressOrCidr, 'addresses or CIDRs, e.g. 127.0.0.1,10.20.0.0/16'))),
});

/**
 * How one insurer is reached when claims go out for real. `api`: INSURER_<code>_API_URL and INSURER_<code>_SECRET.
 * `fax`: its insurer_fax number; a secret, if set, lets it post answers about the claims we faxed.
 */
export interface InsurerLink {
  insuCompCd: string;
  channel: 'api' | 'fax';
  url?: string;
  secret?: string;
  /**
   * INSURER_<code>_FAX_NUMBERS: the only fax numbers (digits) the console may send this insurer's claims to, kept
   * outside the database as the API's origin is (docs/security.md, "Insiders: claim destinations").
   */
  faxNumbers?: string[];
}

/**
 * `env`: every variable, for the per-insurer pairs; `invalid` is told of a variable set wrongly (refused even while
 * DELIVERY_PROVIDER is the sandbox), `need` of one the chosen way of delivery needs.
 */
export function deliveryConfig(
  e: z.output<typeof deliveryEnv>,
  env: Readonly<Record<string, unknown>>,
  o: { production: boolean; need: Need; invalid: (variable: string, message: string) => void },
) {
  const links = insurerLinks(env, e.DELIVERY_API_INSURERS, o.production, e.INSURER_EGRESS_ALLOW, o);
  const missing = (what: string) => void o.need(undefined, what);
  if (e.DELIVERY_PROVIDER === 'sandbox') {
    if (e.DELIVERY_API_INSURERS.length) missing('DELIVERY_PROVIDER=insurers (DELIVERY_API_INSURERS is set)');
    return { kind: 'sandbox' } as const;
  }
  links.missing.forEach(missing);
  // INSURER_EGRESS_ALLOW; tests also pass a resolver stub here. Unset: public addresses only.
  const egress: EgressPolicy | undefined = e.INSURER_EGRESS_ALLOW.length
    ? { allow: e.INSURER_EGRESS_ALLOW }
    : undefined;
  return {
    kind: 'insurers',
    timeoutMs: e.INSURER_API_TIMEOUT_MS,
    insurers: links.links,
    ...(egress ? { egress } : {}),
  } as const;
}
export type DeliveryConfig = ReturnType<typeof deliveryConfig>;

/** INSURER_<code>_API_URL and INSURER_<code>_SECRET: per insurer, so each secret is one variable of its own. */
function insurerLinks(
  env: Readonly<Record<string, unknown>>,
  apiInsurers: string[],
  production: boolean,
  egressAllow: string[],
  o: { invalid: (variable: string, message: string) => void },
) {
  const missing: string[] = [];
  const value = (name: string) => (typeof env[name] === 'string' ? env[name].trim() || undefined : undefined);
  const withSecret = Object.keys(env).flatMap((k) => {
    const code = /^INSURER_(.+)_(?:SECRET|FAX_NUMBERS)$/.exec(k)?.[1];
    return code && INSURER_CODE.test(code) && value(k) ? [code] : [];
  });
  const links: InsurerLink[] = [];
  for (const insuCompCd of [...new Set([...apiInsurers, ...withSecret])].sort()) {
    const faxVar = `INSURER_${insuCompCd}_FAX_NUMBERS`;
    const faxNumbers = value(faxVar) === undefined ? undefined : list(value(faxVar)!).map((n) => n.replace(/-/g, ''));
    if (faxNumbers?.some((n) => !/^0\d{8,11}$/.test(n))) {
      o.invalid(faxVar, 'fax numbers (comma-separated), e.g. 02-1234-5678,0505-000-0001');
    }
    const api = apiInsurers.includes(insuCompCd);
    const urlVar = `INSURER_${insuCompCd}_API_URL`;
    const secretVar = `INSURER_${insuCompCd}_SECRET`;
    const url = value(urlVar)?.replace(/\/+$/, '');
    const secret = value(secretVar);
    if (api && !url) missing.push(`${urlVar} (the insurer's claim API base URL)`);
    if (api && !secret) missing.push(`${secretVar} (the shared signing secret)`);
    // Claims leave encrypted: plain http in production only to an address INSURER_EGRESS_ALLOW names (a
    // TLS-terminating egress proxy), never to a name.
    const proxied = url !== undefined && isAllowedLiteral(url, egressAllow);
    if (url && !z.url({ protocol: production && !proxied ? /^https$/ : /^https?$/ }).safeParse(url).success) {
      o.invalid(
        urlVar,
        `must be an ${production ? 'https URL (http only to an address in INSURER_EGRESS_ALLOW)' : 'http(s) URL'}`,
      );
    }
    if (secret && secret.length < 32) o.invalid(secretVar, 'at least 32 characters');
    links.push({
      insuCompCd,
      channel: api ? 'api' : 'fax',
      ...(url ? { url } : {}),
      ...(secret ? { secret } : {}),
      ...(faxNumbers ? { faxNumbers } : {}),
    });
  }
  return { links, missing };
}

type DeliveryFailure = { insuCompCd: string; reason: string; retryable: boolean };

/**
 * The provider the config names; unset is the sandbox. `faxFor`: the fax gateway, bound to the caller's outbox;
 * `failing`: the insurers the sandbox fails deliveries to (the sandbox's delivery routes set them).
 */
export function deliveryProvider(
  config: DeliveryConfig | undefined,
  deps: {
    log: FastifyBaseLogger;
    now: () => Date;
    failing: ReadonlySet<string>;
    faxFor: (outbox: Outbox) => FaxSender;
  },
): DeliveryProvider {
  if (config?.kind !== 'insurers') return sandboxDelivery({ now: deps.now, failing: deps.failing });
  const onFailure = (f: DeliveryFailure) => deps.log.warn({ vendor: 'insurer', ...f }, 'a claim delivery failed');
  return deliveryRouter({
    apiInsurers: new Set(config.insurers.filter((i) => i.channel === 'api').map((i) => i.insuCompCd)),
    api: insurerApi({
      // Every insurer with a secret: the console may send one by API with a base URL of its own.
      insurers: config.insurers.flatMap((i) =>
        i.secret ? [{ insuCompCd: i.insuCompCd, ...(i.url ? { url: i.url } : {}), secret: i.secret }] : [],
      ),
      timeoutMs: config.timeoutMs,
      ...(config.egress ? { egress: config.egress } : {}),
      onFailure,
    }),
    faxFor: deps.faxFor,
    onFailure,
  });
}
