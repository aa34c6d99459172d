// Every environment variable, parsed once (DESIGN §3). Production fails fast on missing secrets.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
    .optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  PROVIDERS: z.enum(['sandbox']).default('sandbox'),
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
  /** off: this process serves HTTP only and runs no claim-engine workers (another instance does). */
  CLAIM_WORKERS: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

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
  sessionSecret: string;
  providers: 'sandbox';
  trustProxy: boolean;
  operator: { loginId: string; password: string } | undefined;
  publicUrl: string;
  claimWorkers: boolean;
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
  // Sandbox providers send nothing real: in production no SMS code, claim or 알림톡 would ever arrive.
  // Fail at start rather than fail silently; real adapters (NICE, insurers, KakaoTalk) plug in behind the same
  // interfaces and get their own PROVIDERS value.
  if (e.NODE_ENV === 'production' && e.PROVIDERS === 'sandbox') {
    throw new Error('PROVIDERS=sandbox cannot run with NODE_ENV=production: no real provider adapter is configured');
  }
  const dev = e.FIELD_ENCRYPTION_KEY && e.SESSION_SECRET ? undefined : devSecrets(dataDir);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    webDist: path.resolve(e.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    fieldEncryptionKey: e.FIELD_ENCRYPTION_KEY ?? dev!.fieldKey,
    sessionSecret: e.SESSION_SECRET ?? dev!.sessionSecret,
    providers: e.PROVIDERS,
    trustProxy: e.TRUST_PROXY,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    claimWorkers: e.CLAIM_WORKERS === 'on',
    operator:
      e.OPERATOR_LOGIN_ID && e.OPERATOR_PASSWORD
        ? { loginId: e.OPERATOR_LOGIN_ID, password: e.OPERATOR_PASSWORD }
        : undefined,
  };
}
