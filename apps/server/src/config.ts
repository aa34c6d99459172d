// Every environment variable, parsed once (DESIGN §3). Production fails fast on missing secrets. The server's own
// variables are here (coreEnv); each provider kind parses its own (providers/<kind>/index.ts) and makes its part of
// the Config, so Config is what the composed schema gives, never a list kept by hand beside it.
import { availableParallelism } from 'node:os';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { blobConfigOf, blobEnvSchema } from './blobs/config.js';
import { unsetOr, type Need } from './providers/env.js';
import { addressConfig, addressEnv } from './providers/address/index.js';
import { bankCheckConfig, bankCheckEnv } from './providers/bank-check/index.js';
import { deliveryConfig, deliveryEnv } from './providers/delivery/index.js';
import { faxConfig, faxEnv } from './providers/fax/index.js';
import { identityConfig, identityEnv } from './providers/identity/index.js';
import { notificationConfig, notificationEnv } from './providers/notification/index.js';
import { ocrConfig, ocrEnv } from './providers/ocr/index.js';
import { popbillEnv, popbillMember } from './providers/popbill/account.js';
import { rrnCheckConfig, rrnCheckEnv } from './providers/rrn-check/index.js';

/** The server's own variables; each provider kind's are in its index.ts. */
/** The per-address limits of the patient's other steps are set for this many verifications (security/rate-limit.ts). */
export const IDENTITY_STARTS_PER_ADDRESS_DEFAULT = 30;

const coreEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: unsetOr(
    z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://'),
  ),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 32-byte keys as 64 hex characters. */
  FIELD_ENCRYPTION_KEY: unsetOr(z.string().regex(/^[0-9a-f]{64}$/i)),
  /** Keys that only open what they sealed, while security/rekey.ts moves their values to FIELD_ENCRYPTION_KEY. */
  FIELD_ENCRYPTION_OLD_KEYS: unsetOr(
    z.string().regex(/^\s*[0-9a-f]{64}\s*(,\s*[0-9a-f]{64}\s*)*$/i, 'comma-separated keys of 64 hex characters each'),
  ),
  /** The lookup hashes' key (blind indexes); unset: derived from FIELD_ENCRYPTION_KEY. It never rotates. */
  FIELD_LOOKUP_KEY: unsetOr(z.string().regex(/^[0-9a-f]{64}$/i)),
  SESSION_SECRET: unsetOr(z.string().min(32)),
  /** How long after a fax went (and between asks) its outcome is asked of the fax gateway. */
  FAX_OUTCOME_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * The hours (KST, from-until) insurer answers' messages go out (docs/operations.md, "Patient messages"); an answer
   * outside them waits for `from`. 0-24: any hour (browser tests that run at night).
   */
  NOTICE_HOURS_KST: z
    .string()
    .regex(/^(\d{1,2})-(\d{1,2})$/, 'from-until in whole hours, e.g. 8-21')
    .refine((v) => {
      const [from, until] = v.split('-').map(Number) as [number, number];
      return from < until && until <= 24;
    }, 'from before until, until at most 24')
    .default('8-21'),
  /**
   * Identity verifications one client address may start in 10 minutes (its code checks: twice that). A hospital's
   * Wi-Fi puts many patients behind one address: raise it there (docs/operations.md, "Limits and leases").
   */
  IDENTITY_STARTS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(IDENTITY_STARTS_PER_ADDRESS_DEFAULT),
  /** Operator sign-in steps (password, second factor) one address may try in 15 minutes: an office shares one. */
  OPERATOR_SIGN_INS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * Hours an approved admin-account change (a new admin, a promotion, an admin's second factor reset) waits before it
   * applies, every admin told of it meanwhile (docs/security.md, "Insiders: admin accounts").
   */
  ADMIN_CHANGE_HOLD_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 14)
    .default(24),
  /**
   * Days after an account was created, promoted to admin or had its second factor reset in the console during which it
   * approves nobody's change (APPROVER_COOLING_DAYS by default; browser tests set 0, their admins being minutes old).
   */
  ADMIN_APPROVER_COOLING_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  /** Worker threads that make PDFs (documents/workers.ts); unset: one fewer than the cores, at least one. */
  PDF_WORKERS: unsetOr(z.coerce.number().int().min(1).max(64)),
  /** Worker threads that check FHIR bundles (modules/intake/check-thread.ts); 0: on the event loop; unset: cores - 1, at least 1. */
  FHIR_CHECK_WORKERS: unsetOr(z.coerce.number().int().min(0).max(64)),
  /** Creates or updates that operator account at start (password at least 12 characters). */
  OPERATOR_LOGIN_ID: unsetOr(z.string().min(1).max(64)),
  OPERATOR_PASSWORD: unsetOr(z.string().min(12).max(256)),
  /** Where patients reach the app: the origin of links in 알림톡/SMS messages. */
  PUBLIC_URL: unsetOr(z.url()),
  /** all: HTTP and the claim engine's workers (npm start); web: HTTP only; worker: the workers only (docs/operations.md). */
  PROCESS_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  /** The ops listener (/metrics, /healthz, /readyz), never the public port; unset: 9464 in production, off otherwise. */
  METRICS_PORT: unsetOr(z.union([z.literal('off'), z.coerce.number().int().min(1).max(65535)])),
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
});

/** The parts' shapes as one type, so that each variable keeps its own parsed type in Config. */
type Shapes<T extends readonly z.ZodObject[]> = T extends readonly [
  infer First extends z.ZodObject,
  ...infer Rest extends readonly z.ZodObject[],
]
  ? First['shape'] & Shapes<Rest>
  : object;

type Composed<T extends readonly z.ZodObject[]> = z.ZodObject<Extract<Shapes<T>, z.core.$ZodShape>, z.core.$loose>;

/**
 * One schema of every part's variables. A name in two parts would be parsed twice, two ways: refused here, at start.
 * Loose: the variables no part names (INSURER_<code>_SECRET, the rest of the process's) stay for whoever reads them.
 */
export function composeEnv<const T extends readonly z.ZodObject[]>(...parts: T): Composed<T> {
  const shape: Record<string, z.ZodType> = {};
  for (const part of parts) {
    for (const [name, schema] of Object.entries(part.shape)) {
      if (name in shape) throw new Error(`${name} is parsed by two parts of the configuration; keep it in one`);
      shape[name] = schema;
    }
  }
  return z.looseObject(shape) as Composed<T>;
}

/** To add a part (a new provider kind, a store): its schema here, and its part of the Config in toConfig. */
const envSchema = composeEnv(
  coreEnv,
  identityEnv,
  addressEnv,
  ocrEnv,
  popbillEnv,
  notificationEnv,
  faxEnv,
  bankCheckEnv,
  rrnCheckEnv,
  deliveryEnv,
  /** BLOB_STORE and the S3_* variables (blobs/config.ts). */
  blobEnvSchema,
);
type Env = z.output<typeof envSchema>;

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

/**
 * The parsed variables as the Config, or a refusal: an issue without a path is a whole sentence (loadConfig throws it
 * as it is), one with a path names a variable set wrongly. Refusals come one at a time, in the order checked here.
 */
function toConfig(e: Env, ctx: z.RefinementCtx<Env>) {
  const refuse = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (e.NODE_ENV === 'production' && (!e.FIELD_ENCRYPTION_KEY || !e.SESSION_SECRET)) {
    return refuse('FIELD_ENCRYPTION_KEY and SESSION_SECRET are required when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && e.TRUST_PROXY === true) {
    return refuse(
      'TRUST_PROXY=true believes every X-Forwarded-For hop, so any client could choose its own address and escape ' +
        'the per-address limits. Write the number of proxies in front of this server (TRUST_PROXY=1 for one load ' +
        'balancer or reverse proxy) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1); docs/operations.md §3',
    );
  }
  if (e.NODE_ENV === 'production' && (e.ADMIN_CHANGE_HOLD_HOURS < 1 || e.ADMIN_APPROVER_COOLING_DAYS < 1)) {
    return refuse(
      'ADMIN_CHANGE_HOLD_HOURS and ADMIN_APPROVER_COOLING_DAYS must be at least 1 when NODE_ENV=production: they are ' +
        'what makes an admin account one admin made herself useless for approving her own changes (docs/security.md)',
    );
  }
  // Each kind's part, in the order the missing variables are named.
  const missing: string[] = [];
  const need: Need = <T>(value: T | undefined, what: string) => {
    if (value === undefined) missing.push(what);
    return value as T;
  };
  let invalid = false;
  const onInvalid = (variable: string, message: string) => {
    ctx.addIssue({ code: 'custom', path: [variable], message });
    invalid = true;
  };
  const identity = identityConfig(e, need);
  const address = addressConfig(e, need);
  const ocr = ocrConfig(e, need);
  const popbill = popbillMember(
    e,
    [e.NOTIFY_PROVIDER, e.FAX_PROVIDER, e.BANK_CHECK_PROVIDER].includes('popbill'),
    need,
  );
  const notification = notificationConfig(e, popbill, e.PUBLIC_URL, need);
  const fax = faxConfig(e, popbill, need);
  const bankCheck = bankCheckConfig(e, popbill);
  const rrnCheck = rrnCheckConfig(e);
  const production = e.NODE_ENV === 'production';
  const delivery = deliveryConfig(e, e, { production, need, invalid: onInvalid });
  if (invalid) return z.NEVER;
  if (missing.length) return refuse(`The chosen providers need: ${missing.join(', ')}`);
  // Old keys mean a rotation: the lookup hashes must keep the key they were made with, named outright
  // (docs/providers/key-rotation.md); the database's fingerprint then confirms it at start.
  if (e.FIELD_ENCRYPTION_OLD_KEYS && !e.FIELD_LOOKUP_KEY) {
    return refuse(
      'FIELD_ENCRYPTION_OLD_KEYS needs FIELD_LOOKUP_KEY: set it to the key the lookup hashes were made with ' +
        '(the first FIELD_ENCRYPTION_KEY, or the FIELD_LOOKUP_KEY already set)',
    );
  }
  // Separate web and worker processes share one database: the embedded one lives inside a single process.
  if (e.PROCESS_ROLE !== 'all' && !e.DATABASE_URL) {
    return refuse(`PROCESS_ROLE=${e.PROCESS_ROLE} needs DATABASE_URL: web and worker processes share one PostgreSQL`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const dev = e.FIELD_ENCRYPTION_KEY && e.SESSION_SECRET ? undefined : devSecrets(dataDir);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    /** Set: real PostgreSQL. Unset: embedded PGlite in dataDir. */
    databaseUrl: e.DATABASE_URL,
    webDist: path.resolve(e.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    fieldEncryptionKey: e.FIELD_ENCRYPTION_KEY ?? dev!.fieldKey,
    /** Keys that only decrypt (FIELD_ENCRYPTION_OLD_KEYS), newest first as listed; empty when none. */
    fieldEncryptionOldKeys: (e.FIELD_ENCRYPTION_OLD_KEYS ?? '')
      .split(',')
      .map((k) => k.trim().toLowerCase())
      .filter(Boolean),
    /** The lookup hashes' key, when it is not the one derived from fieldEncryptionKey. */
    fieldLookupKey: e.FIELD_LOOKUP_KEY?.toLowerCase(),
    sessionSecret: e.SESSION_SECRET ?? dev!.sessionSecret,
    identity,
    /** The road-address provider. */
    address,
    ocr,
    /** 알림톡 with SMS/LMS fallback. */
    notification,
    /** The fax gateway claims to fax-only insurers go through. */
    fax,
    bankCheck,
    /** Whether a typed RRN is the verified person's (docs/providers/rrn-check.md). */
    rrnCheck,
    delivery,
    /** How often a fax the gateway accepted is asked about until its outcome is known. */
    faxOutcomePollMs: e.FAX_OUTCOME_POLL_SECONDS * 1000,
    /** The hours (KST) insurer answers' messages go out: from ≤ hour < until. */
    noticeHours: (([from, until]) => ({ from: from!, until: until! }))(e.NOTICE_HOURS_KST.split('-').map(Number)),
    /** Identity verifications one address may start in 10 minutes (IDENTITY_STARTS_PER_ADDRESS). */
    identityStartsPerAddress: e.IDENTITY_STARTS_PER_ADDRESS,
    /** Operator sign-in steps one address may try in 15 minutes (OPERATOR_SIGN_INS_PER_ADDRESS). */
    operatorSignInsPerAddress: e.OPERATOR_SIGN_INS_PER_ADDRESS,
    /** Hours an approved admin-account change waits before it applies (ADMIN_CHANGE_HOLD_HOURS). */
    adminChangeHoldHours: e.ADMIN_CHANGE_HOLD_HOURS,
    /** Days a console-made or -changed account approves nothing (ADMIN_APPROVER_COOLING_DAYS). */
    adminApproverCoolingDays: e.ADMIN_APPROVER_COOLING_DAYS,
    /** Worker threads that make PDFs; undefined: the default (cores - 1, at least 1). */
    pdfWorkers: e.PDF_WORKERS,
    /** Worker threads that check FHIR bundles (FHIR_CHECK_WORKERS); unset: cores - 1, at least 1. A bare test config
     * leaves it undefined: bundles are checked on the event loop. */
    fhirCheckWorkers: e.FHIR_CHECK_WORKERS ?? Math.max(1, availableParallelism() - 1),
    /**
     * Fastify's trustProxy: false (no forwarded header is believed), a hop count, or the proxies' addresses and
     * CIDRs. true (every hop) only outside production.
     */
    trustProxy: e.TRUST_PROXY,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    /** What this process runs: HTTP (web), the claim engine's workers (worker), or both (all). */
    role: e.PROCESS_ROLE,
    /** The ops listener's address, or undefined for none. */
    metrics: metricsListener(e),
    /** Where files go: under DATA_DIR or in S3-compatible storage (blobs/config.ts). */
    blobs: blobConfigOf(e, { production: e.NODE_ENV === 'production', dataDir }),
    operator:
      e.OPERATOR_LOGIN_ID && e.OPERATOR_PASSWORD
        ? { loginId: e.OPERATOR_LOGIN_ID, password: e.OPERATOR_PASSWORD }
        : undefined,
  };
}

const configSchema = envSchema.transform(toConfig);
export type Config = z.output<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const refusal = parsed.error.issues.find((i) => i.path.length === 0);
    if (refusal) throw new Error(refusal.message);
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
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

function metricsListener(e: Env): { port: number; host: string } | undefined {
  if (e.METRICS_PORT === 'off') return undefined;
  const port = e.METRICS_PORT ?? (e.NODE_ENV === 'production' ? 9464 : undefined);
  return port === undefined ? undefined : { port, host: e.METRICS_HOST };
}
