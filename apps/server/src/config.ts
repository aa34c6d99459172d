// Every environment variable, parsed once (DESIGN §3). Production fails fast on missing secrets.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { blobConfigOf, blobEnvSchema, type BlobConfig } from './blobs/config.js';
import { isAddressOrCidr, isAllowedLiteral, type EgressPolicy } from './providers/egress.js';
import { PATIENT_TEMPLATES, type PatientTemplate } from './providers/notification/types.js';
import { POPBILL_API_BASE, POPBILL_AUTH_BASE, type PopbillAccount } from './providers/popbill/client.js';

/** An optional variable: unset and empty both mean "not set". */
const unsetOr = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal('').transform(() => undefined));
/** A Korean phone or fax number, kept as digits (hyphens allowed in the variable). */
const phoneDigits = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => /^\d{8,12}$/.test(v), 'must be a phone number, 8-12 digits');
const popbillTemplateVars = Object.fromEntries(
  Object.keys(PATIENT_TEMPLATES).map((t) => [`POPBILL_KAKAO_TEMPLATE_${t}`, unsetOr(z.string().min(1).max(40))]),
) as Record<`POPBILL_KAKAO_TEMPLATE_${PatientTemplate}`, ReturnType<typeof unsetOr<z.ZodString>>>;

/** An insurer code as the reference tables write it (the contract's insuCompCd). */
const INSURER_CODE = /^[A-Z][A-Z0-9_]{1,31}$/;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 32-byte keys as 64 hex characters. */
  FIELD_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Keys that only open what they sealed, while security/rekey.ts moves their values to FIELD_ENCRYPTION_KEY. */
  FIELD_ENCRYPTION_OLD_KEYS: z
    .string()
    .regex(/^\s*[0-9a-f]{64}\s*(,\s*[0-9a-f]{64}\s*)*$/i, 'comma-separated keys of 64 hex characters each')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The lookup hashes' key (blind indexes); unset: derived from FIELD_ENCRYPTION_KEY. It never rotates. */
  FIELD_LOOKUP_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_SECRET: z
    .string()
    .min(32)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** 휴대폰 본인확인 by SMS: codes in the outbox (sandbox) or PortOne V2 identity verification (portone). */
  IDENTITY_PROVIDER: z.enum(['sandbox', 'portone']).default('sandbox'),
  PORTONE_API_SECRET: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PORTONE_STORE_ID: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PORTONE_CHANNEL_KEY: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PORTONE_API_BASE: z.url().default('https://api.portone.io'),
  /** Road-address search: the bundled sample (sandbox) or the 행정안전부 도로명주소 검색 API (juso). */
  ADDRESS_PROVIDER: z.enum(['sandbox', 'juso']).default('sandbox'),
  JUSO_CONFM_KEY: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  JUSO_API_BASE: z.url().default('https://business.juso.go.kr'),
  /** ID-card OCR: none that reads (sandbox) or NAVER CLOVA OCR's ID-card API (clova). */
  OCR_PROVIDER: z.enum(['sandbox', 'clova']).default('sandbox'),
  CLOVA_OCR_SECRET: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CLOVA_OCR_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** 알림톡 with SMS/LMS fallback, fax of claims, 예금주 조회: each the sandbox or Popbill (docs/providers/popbill.md). */
  NOTIFY_PROVIDER: z.enum(['sandbox', 'popbill']).default('sandbox'),
  FAX_PROVIDER: z.enum(['sandbox', 'popbill']).default('sandbox'),
  BANK_CHECK_PROVIDER: z.enum(['sandbox', 'popbill']).default('sandbox'),
  /** Is the typed RRN the verified person's: the sandbox, or none (no vendor publishes one; docs/providers/rrn-check.md). */
  RRN_CHECK_PROVIDER: z.enum(['sandbox', 'none']).default('sandbox'),
  POPBILL_LINK_ID: unsetOr(z.string().min(1).max(100)),
  POPBILL_SECRET_KEY: unsetOr(z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be the base64 secret LinkHub issued')),
  /** The member's 사업자번호. */
  POPBILL_CORP_NUM: unsetOr(
    z
      .string()
      .transform((v) => v.replace(/-/g, ''))
      .refine((v) => /^\d{10}$/.test(v), 'must be a 사업자번호, 10 digits'),
  ),
  POPBILL_USER_ID: unsetOr(z.string().min(1).max(50)),
  /** true: Popbill's test bed (POPBILL_TEST); false: the live service. Required with any Popbill kind. */
  POPBILL_IS_TEST: unsetOr(z.enum(['true', 'false'])),
  POPBILL_API_BASE: unsetOr(z.url()),
  POPBILL_AUTH_BASE: unsetOr(z.url()),
  POPBILL_SENDER_NUMBER: unsetOr(phoneDigits),
  POPBILL_FAX_SENDER_NUMBER: unsetOr(phoneDigits),
  POPBILL_KAKAO_CHANNEL_ID: unsetOr(z.string().min(1).max(100)),
  ...popbillTemplateVars,
  /** Claims to insurers: the sandbox, or for real (insurers) by API or fax (docs/providers/insurer-api.md). */
  DELIVERY_PROVIDER: z.enum(['sandbox', 'insurers']).default('sandbox'),
  /** Insurers (insuCompCd, comma-separated) that take claims by API; every other insurer takes them by fax. */
  DELIVERY_API_INSURERS: z
    .string()
    .default('')
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().regex(INSURER_CODE, 'insurer codes are upper case, e.g. SAMSUNGFIRE,KBINSU'))),
  INSURER_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * Addresses or CIDRs (comma-separated) the insurer APIs may be reached at although private or loopback (an egress
   * proxy on this machine). Unset: only public addresses (providers/egress.ts); there is no other exception.
   */
  INSURER_EGRESS_ALLOW: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isAddressOrCidr, 'addresses or CIDRs, e.g. 127.0.0.1,10.20.0.0/16'))),
  /** How long after a fax went (and between asks) its outcome is asked of the fax gateway. */
  FAX_OUTCOME_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Worker threads that make PDFs (documents/workers.ts); unset: one fewer than the cores, at least one. */
  PDF_WORKERS: unsetOr(z.coerce.number().int().min(1).max(64)),
  /** Creates or updates that operator account at start (password at least 12 characters). */
  OPERATOR_LOGIN_ID: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OPERATOR_PASSWORD: z
    .string()
    .min(12)
    .max(256)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Where patients reach the app: the origin of links in 알림톡/SMS messages. */
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** all: HTTP and the claim engine's workers (npm start); web: HTTP only; worker: the workers only (docs/operations.md). */
  PROCESS_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  /** The ops listener (/metrics, /healthz, /readyz), never the public port; unset: 9464 in production, off otherwise. */
  METRICS_PORT: z
    .union([z.literal('off'), z.coerce.number().int().min(1).max(65535)])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Which proxies' X-Forwarded-For / -Proto / -Host to believe: a hop count or their addresses (trustProxyOf). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, c) => {
      const parsed = trustProxyOf(v);
      if (typeof parsed === 'string') {
        c.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  /** BLOB_STORE and the S3_* variables (blobs/config.ts). */
  ...blobEnvSchema.shape,
});

/**
 * Config.trustProxy as Fastify's option. A hop count becomes a function of the hop: Fastify itself now trusts nothing
 * for a bare number (a client that reaches the server directly could otherwise name itself), so a hop count is only
 * for a server no client reaches except through those proxies (docs/operations.md §3); addresses are the safer choice.
 */
export function trustProxyOption(
  t: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof t === 'number' ? (_address, hop) => hop < t : t;
}

/** The names proxy-addr knows for address ranges (Fastify's trustProxy list takes them). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify's trustProxy takes it, or why it cannot be: `false` (or `0`, unset) believes no forwarded
 * header; a number N believes the N proxies nearest to the server (the client is the address the Nth one saw);
 * a comma-separated list believes only proxies at those addresses or CIDR ranges (or loopback, linklocal,
 * uniquelocal). `true` believes every hop, so any client names its own address in X-Forwarded-For: loadConfig
 * refuses it in production.
 */
export function trustProxyOf(raw: string): boolean | number | string[] | string {
  const v = raw.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  const refused = (what: string) =>
    `must be false, a hop count (1 to 10, e.g. 1) or proxy addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1); not ${what}`;
  if (/^\d+$/.test(v)) return Number(v) <= 10 ? Number(v) : refused(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((entry) => {
    if (PROXY_RANGE_NAMES.has(entry)) return false;
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family || rest.length) return true;
    if (prefix === undefined) return false;
    return !/^\d+$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128);
  });
  return bad.length || !list.length ? refused(bad.join(', ') || v) : list;
}

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  /** Set: real PostgreSQL. Unset: embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  webDist: string;
  logLevel: string;
  fieldEncryptionKey: string;
  /** Keys that only decrypt (FIELD_ENCRYPTION_OLD_KEYS), newest first as listed; empty when none. */
  fieldEncryptionOldKeys: string[];
  /** The lookup hashes' key, when it is not the one derived from fieldEncryptionKey. */
  fieldLookupKey: string | undefined;
  sessionSecret: string;
  identity:
    { kind: 'sandbox' } | { kind: 'portone'; apiSecret: string; storeId: string; channelKey: string; baseUrl: string };
  /** The road-address provider. */
  address: { kind: 'sandbox' } | { kind: 'juso'; confmKey: string; baseUrl: string };
  ocr: { kind: 'sandbox' } | { kind: 'clova'; invokeUrl: string; secret: string };
  /** 알림톡 with SMS/LMS fallback. */
  notification:
    | { kind: 'sandbox' }
    | {
        kind: 'popbill';
        account: PopbillAccount;
        senderNumber: string;
        channelId: string;
        /** Our template name → the code Popbill gave the approved template. */
        templates: Record<PatientTemplate, string>;
      };
  /** The fax gateway claims to fax-only insurers go through. */
  fax: { kind: 'sandbox' } | { kind: 'popbill'; account: PopbillAccount; senderNumber: string };
  bankCheck: { kind: 'sandbox' } | { kind: 'popbill'; account: PopbillAccount };
  /** Whether a typed RRN is the verified person's (docs/providers/rrn-check.md). */
  rrnCheck: { kind: 'sandbox' } | { kind: 'none' };
  delivery:
    | { kind: 'sandbox' }
    | {
        kind: 'insurers';
        timeoutMs: number;
        insurers: InsurerLink[];
        /** INSURER_EGRESS_ALLOW; tests also pass a resolver stub here. Unset: public addresses only. */
        egress?: EgressPolicy;
      };
  /** How often a fax the gateway accepted is asked about until its outcome is known. */
  faxOutcomePollMs: number;
  /** Worker threads that make PDFs; undefined: the default (cores - 1, at least 1). */
  pdfWorkers: number | undefined;
  /**
   * Fastify's trustProxy: false (no forwarded header is believed), a hop count, or the proxies' addresses and CIDRs.
   * true (every hop) only outside production.
   */
  trustProxy: boolean | number | string[];
  operator: { loginId: string; password: string } | undefined;
  publicUrl: string;
  /** What this process runs: HTTP (web), the claim engine's workers (worker), or both (all). */
  role: 'all' | 'web' | 'worker';
  /** The ops listener's address, or undefined for none. */
  metrics: { port: number; host: string } | undefined;
  /** Where files go: under DATA_DIR or in S3-compatible storage (blobs/config.ts). */
  blobs: BlobConfig;
}

/**
 * How one insurer is reached when claims go out for real. `api`: INSURER_<code>_API_URL and INSURER_<code>_SECRET.
 * `fax`: its insurer_fax number; a secret, if set, lets it post answers about the claims we faxed.
 */
export interface InsurerLink {
  insuCompCd: string;
  channel: 'api' | 'fax';
  url?: string;
  secret?: string;
}

/** INSURER_<code>_API_URL and INSURER_<code>_SECRET: per insurer, so each secret is one variable of its own. */
function insurerLinks(env: NodeJS.ProcessEnv, apiInsurers: string[], production: boolean, egressAllow: string[]) {
  const missing: string[] = [];
  const invalid: string[] = [];
  const value = (name: string) => env[name]?.trim() || undefined;
  const withSecret = Object.keys(env).flatMap((k) => {
    const code = /^INSURER_(.+)_SECRET$/.exec(k)?.[1];
    return code && INSURER_CODE.test(code) && value(k) ? [code] : [];
  });
  const links: InsurerLink[] = [];
  for (const insuCompCd of [...new Set([...apiInsurers, ...withSecret])].sort()) {
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
      invalid.push(
        `${urlVar}: must be an ${production ? 'https URL (http only to an address in INSURER_EGRESS_ALLOW)' : 'http(s) URL'}`,
      );
    }
    if (secret && secret.length < 32) invalid.push(`${secretVar}: at least 32 characters`);
    links.push({ insuCompCd, channel: api ? 'api' : 'fax', ...(url ? { url } : {}), ...(secret ? { secret } : {}) });
  }
  return { links, missing, invalid };
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Secrets for development live in DATA_DIR/secrets.json, made on first start; production must set them. */
function devSecrets(dataDir: string) {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { fieldKey: string; sessionSecret: string };
  const secrets = { fieldKey: randomBytes(32).toString('hex'), sessionSecret: randomBytes(32).toString('hex') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && (!e.FIELD_ENCRYPTION_KEY || !e.SESSION_SECRET)) {
    throw new Error('FIELD_ENCRYPTION_KEY and SESSION_SECRET are required when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && e.TRUST_PROXY === true) {
    throw new Error(
      'TRUST_PROXY=true believes every X-Forwarded-For hop, so any client could choose its own address and escape ' +
        'the per-address limits. Write the number of proxies in front of this server (TRUST_PROXY=1 for one load ' +
        'balancer or reverse proxy) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1); docs/operations.md §3',
    );
  }
  const popbillKinds = [e.NOTIFY_PROVIDER, e.FAX_PROVIDER, e.BANK_CHECK_PROVIDER].includes('popbill');
  const templateVars = Object.keys(PATIENT_TEMPLATES).map(
    (t) => `POPBILL_KAKAO_TEMPLATE_${t as PatientTemplate}` as const,
  );
  const insurers = insurerLinks(env, e.DELIVERY_API_INSURERS, e.NODE_ENV === 'production', e.INSURER_EGRESS_ALLOW);
  if (insurers.invalid.length) throw new Error(`Invalid environment:\n  ${insurers.invalid.join('\n  ')}`);
  const missing = [
    ...(e.IDENTITY_PROVIDER === 'portone' && !e.PORTONE_API_SECRET ? ['PORTONE_API_SECRET (the V2 API secret)'] : []),
    ...(e.IDENTITY_PROVIDER === 'portone' && !e.PORTONE_STORE_ID ? ['PORTONE_STORE_ID'] : []),
    ...(e.IDENTITY_PROVIDER === 'portone' && !e.PORTONE_CHANNEL_KEY
      ? ['PORTONE_CHANNEL_KEY (the identity-verification channel)']
      : []),
    ...(e.ADDRESS_PROVIDER === 'juso' && !e.JUSO_CONFM_KEY ? ['JUSO_CONFM_KEY (the 도로명주소 API approval key)'] : []),
    ...(e.OCR_PROVIDER === 'clova' && !e.CLOVA_OCR_URL ? ['CLOVA_OCR_URL (the ID-card domain invoke URL)'] : []),
    ...(e.OCR_PROVIDER === 'clova' && !e.CLOVA_OCR_SECRET ? ['CLOVA_OCR_SECRET'] : []),
    ...(popbillKinds && !e.POPBILL_LINK_ID ? ['POPBILL_LINK_ID'] : []),
    ...(popbillKinds && !e.POPBILL_SECRET_KEY ? ['POPBILL_SECRET_KEY'] : []),
    ...(popbillKinds && !e.POPBILL_CORP_NUM ? ['POPBILL_CORP_NUM (the member’s 사업자번호)'] : []),
    ...(popbillKinds && !e.POPBILL_IS_TEST ? ['POPBILL_IS_TEST (true: Popbill’s test bed, false: live)'] : []),
    ...(e.NOTIFY_PROVIDER === 'popbill' && !e.POPBILL_SENDER_NUMBER ? ['POPBILL_SENDER_NUMBER'] : []),
    ...(e.NOTIFY_PROVIDER === 'popbill' && !e.POPBILL_KAKAO_CHANNEL_ID ? ['POPBILL_KAKAO_CHANNEL_ID'] : []),
    ...(e.NOTIFY_PROVIDER === 'popbill' ? templateVars.filter((v) => !e[v]) : []),
    ...(e.NOTIFY_PROVIDER === 'popbill' && !e.PUBLIC_URL ? ['PUBLIC_URL (the origin of links in 알림톡/SMS)'] : []),
    ...(e.FAX_PROVIDER === 'popbill' && !e.POPBILL_FAX_SENDER_NUMBER && !e.POPBILL_SENDER_NUMBER
      ? ['POPBILL_FAX_SENDER_NUMBER (or POPBILL_SENDER_NUMBER)']
      : []),
    ...(e.DELIVERY_PROVIDER === 'sandbox' && e.DELIVERY_API_INSURERS.length
      ? ['DELIVERY_PROVIDER=insurers (DELIVERY_API_INSURERS is set)']
      : []),
    ...(e.DELIVERY_PROVIDER === 'insurers' ? insurers.missing : []),
  ];
  if (missing.length) throw new Error(`The chosen providers need: ${missing.join(', ')}`);
  // Old keys mean a rotation: the lookup hashes must keep the key they were made with, named outright
  // (docs/providers/key-rotation.md); the database's fingerprint then confirms it at start.
  if (e.FIELD_ENCRYPTION_OLD_KEYS && !e.FIELD_LOOKUP_KEY) {
    throw new Error(
      'FIELD_ENCRYPTION_OLD_KEYS needs FIELD_LOOKUP_KEY: set it to the key the lookup hashes were made with ' +
        '(the first FIELD_ENCRYPTION_KEY, or the FIELD_LOOKUP_KEY already set)',
    );
  }
  // Separate web and worker processes share one database: the embedded one lives inside a single process.
  if (e.PROCESS_ROLE !== 'all' && !e.DATABASE_URL) {
    throw new Error(`PROCESS_ROLE=${e.PROCESS_ROLE} needs DATABASE_URL: web and worker processes share one PostgreSQL`);
  }
  const popbill: PopbillAccount | undefined = popbillKinds
    ? {
        linkId: e.POPBILL_LINK_ID!,
        secretKey: e.POPBILL_SECRET_KEY!,
        corpNum: e.POPBILL_CORP_NUM!,
        userId: e.POPBILL_USER_ID,
        isTest: e.POPBILL_IS_TEST === 'true',
        apiBase: e.POPBILL_API_BASE ?? POPBILL_API_BASE[e.POPBILL_IS_TEST === 'true' ? 'test' : 'live'],
        authBase: e.POPBILL_AUTH_BASE ?? POPBILL_AUTH_BASE,
      }
    : undefined;
  const dev = e.FIELD_ENCRYPTION_KEY && e.SESSION_SECRET ? undefined : devSecrets(dataDir);
  const config: Config = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    webDist: path.resolve(e.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    fieldEncryptionKey: e.FIELD_ENCRYPTION_KEY ?? dev!.fieldKey,
    fieldEncryptionOldKeys: (e.FIELD_ENCRYPTION_OLD_KEYS ?? '')
      .split(',')
      .map((k) => k.trim().toLowerCase())
      .filter(Boolean),
    fieldLookupKey: e.FIELD_LOOKUP_KEY?.toLowerCase(),
    sessionSecret: e.SESSION_SECRET ?? dev!.sessionSecret,
    identity:
      e.IDENTITY_PROVIDER === 'portone'
        ? {
            kind: 'portone',
            apiSecret: e.PORTONE_API_SECRET!,
            storeId: e.PORTONE_STORE_ID!,
            channelKey: e.PORTONE_CHANNEL_KEY!,
            baseUrl: e.PORTONE_API_BASE,
          }
        : { kind: 'sandbox' },
    address:
      e.ADDRESS_PROVIDER === 'juso'
        ? { kind: 'juso', confmKey: e.JUSO_CONFM_KEY!, baseUrl: e.JUSO_API_BASE }
        : { kind: 'sandbox' },
    ocr:
      e.OCR_PROVIDER === 'clova'
        ? { kind: 'clova', invokeUrl: e.CLOVA_OCR_URL!, secret: e.CLOVA_OCR_SECRET! }
        : { kind: 'sandbox' },
    notification:
      e.NOTIFY_PROVIDER === 'popbill'
        ? {
            kind: 'popbill',
            account: popbill!,
            senderNumber: e.POPBILL_SENDER_NUMBER!,
            channelId: e.POPBILL_KAKAO_CHANNEL_ID!,
            templates: Object.fromEntries(
              Object.keys(PATIENT_TEMPLATES).map((t) => [t, e[`POPBILL_KAKAO_TEMPLATE_${t as PatientTemplate}`]!]),
            ) as Record<PatientTemplate, string>,
          }
        : { kind: 'sandbox' },
    fax:
      e.FAX_PROVIDER === 'popbill'
        ? {
            kind: 'popbill',
            account: popbill!,
            senderNumber: (e.POPBILL_FAX_SENDER_NUMBER ?? e.POPBILL_SENDER_NUMBER)!,
          }
        : { kind: 'sandbox' },
    bankCheck: e.BANK_CHECK_PROVIDER === 'popbill' ? { kind: 'popbill', account: popbill! } : { kind: 'sandbox' },
    rrnCheck: { kind: e.RRN_CHECK_PROVIDER },
    delivery:
      e.DELIVERY_PROVIDER === 'insurers'
        ? {
            kind: 'insurers',
            timeoutMs: e.INSURER_API_TIMEOUT_MS,
            insurers: insurers.links,
            ...(e.INSURER_EGRESS_ALLOW.length ? { egress: { allow: e.INSURER_EGRESS_ALLOW } } : {}),
          }
        : { kind: 'sandbox' },
    faxOutcomePollMs: e.FAX_OUTCOME_POLL_SECONDS * 1000,
    pdfWorkers: e.PDF_WORKERS,
    trustProxy: e.TRUST_PROXY,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    role: e.PROCESS_ROLE,
    metrics: metricsListener(e),
    blobs: blobConfigOf(e, { production: e.NODE_ENV === 'production', dataDir }),
    operator:
      e.OPERATOR_LOGIN_ID && e.OPERATOR_PASSWORD
        ? { loginId: e.OPERATOR_LOGIN_ID, password: e.OPERATOR_PASSWORD }
        : undefined,
  };
  // A sandbox sends nothing real: in production no SMS code, claim or 알림톡 would ever arrive. Fail at start, naming
  // every kind still on it and the variable that chooses it.
  const sandboxed = Object.entries(providerKinds(config)).filter(([, vendor]) => vendor === 'sandbox');
  if (config.nodeEnv === 'production' && sandboxed.length) {
    const named = sandboxed.map(
      ([kind]) => `${kind} (${KIND_VARIABLES[kind as ProviderKind]}${KIND_HINTS[kind] ?? ''})`,
    );
    throw new Error(
      `NODE_ENV=production needs a real provider of every kind; still on the sandbox: ${named.join(', ')}`,
    );
  }
  return config;
}

/** The variable that chooses each provider kind (docs/operations.md, "Variables"). */
export const KIND_VARIABLES = {
  identity: 'IDENTITY_PROVIDER',
  notification: 'NOTIFY_PROVIDER',
  fax: 'FAX_PROVIDER',
  bankCheck: 'BANK_CHECK_PROVIDER',
  ocr: 'OCR_PROVIDER',
  address: 'ADDRESS_PROVIDER',
  delivery: 'DELIVERY_PROVIDER',
  rrnCheck: 'RRN_CHECK_PROVIDER',
} as const;

/** What to do about a kind that has no real vendor adapter yet. */
const KIND_HINTS: Partial<Record<string, string>> = {
  rrnCheck:
    ': no vendor publishes a real-name check protocol, so none is built; RRN_CHECK_PROVIDER=none holds records ' +
    'matched only by RRN for the patient to confirm (docs/providers/rrn-check.md)',
};
export type ProviderKind = keyof typeof KIND_VARIABLES;

/** The vendor each provider kind uses; 'sandbox' sends nothing real. */
export function providerKinds(c: Partial<Pick<Config, ProviderKind>>): Record<ProviderKind, string> {
  return {
    identity: c.identity?.kind ?? 'sandbox',
    notification: c.notification?.kind ?? 'sandbox',
    fax: c.fax?.kind ?? 'sandbox',
    bankCheck: c.bankCheck?.kind ?? 'sandbox',
    ocr: c.ocr?.kind ?? 'sandbox',
    address: c.address?.kind ?? 'sandbox',
    delivery: c.delivery?.kind ?? 'sandbox',
    rrnCheck: c.rrnCheck?.kind ?? 'sandbox',
  };
}

function metricsListener(e: z.infer<typeof envSchema>): Config['metrics'] {
  if (e.METRICS_PORT === 'off') return undefined;
  const port = e.METRICS_PORT ?? (e.NODE_ENV === 'production' ? 9464 : undefined);
  return port === undefined ? undefined : { port, host: e.METRICS_HOST };
}
