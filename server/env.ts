import { resolve } from 'node:path';
import * as z from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const origin = z.url({ protocol: /^https?$/ }).transform((value) => new URL(value).origin);

/** The server's settings, validated once at start-up (README "Settings"). */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z
    .string()
    .default('./data')
    .transform((dir) => resolve(dir)),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Seed an empty database with demo data; default on for the embedded database only. */
  SEED_DEMO: flag.optional(),
  /** Session length in seconds. */
  SESSION_LENGTH: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400 * 30)
    .default(3600),
  /** How long a process may reuse a session it has read (ms); 0 reads the database on every call. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Sign-in attempts allowed per client address per minute. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * Proxies whose X-Forwarded-For/-Proto/-Host are believed: a comma-separated list of addresses
   * or CIDR ranges (or proxy-addr's names loopback, linklocal, uniquelocal). Unset: none, the
   * client address is the socket's.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  /** Failed sign-ins of one account allowed before each next try waits (per-account backoff). */
  LOGIN_BACKOFF_FREE: z.coerce.number().int().min(1).max(100).default(5),
  /** The first wait after the free failures (ms); each further failure doubles it. */
  LOGIN_BACKOFF_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(1000),
  /** The longest wait (ms): an account is never held longer than this by failed tries. */
  LOGIN_BACKOFF_MAX_MS: z.coerce.number().int().min(1).max(3_600_000).default(300_000),
  /**
   * Where the console is served (`https://console.example.com`): the origin written into links
   * and loaders instead of the request's Host/X-Forwarded-Host. Unset: the request's own.
   */
  PUBLIC_ORIGIN: origin.optional(),
  /**
   * A separate, cookie-less origin serving /cdn (DESIGN.md: production serves bundles apart from
   * the console). Loaders and bundle URLs point there; unset: the console's origin.
   */
  CDN_ORIGIN: origin.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Key (≥ 32 characters) signing the custom-report chart tokens. Unset: a random key generated
   * once and stored in the database, so every server process on it verifies the same tokens.
   */
  REPORT_JWT_SECRET: z.string().min(32).optional(),
  /** Mark cookies Secure (set when served over HTTPS). */
  COOKIE_SECURE: flag.default(false),
});
export type Env = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function shouldSeed(env: Env): boolean {
  return env.SEED_DEMO ?? !env.DATABASE_URL;
}
