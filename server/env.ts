import { resolve } from 'node:path';
import * as z from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

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
  /**
   * How long a process may keep a site it has read (ms), dropped at once on any change to the
   * site or its attached users (notified across processes); 0 reads the database every time.
   */
  SITE_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Sign-in attempts allowed per client address per minute. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Key (≥ 32 characters) signing the custom-report chart tokens. Unset: a random key generated
   * once and stored in the database, so every server process on it verifies the same tokens.
   */
  REPORT_JWT_SECRET: z.string().min(32).optional(),
  /**
   * How long the statements of one public search, autocomplete or recommendations call may run
   * (ms); past it the call answers 503 (PostgreSQL cancels it; the embedded engine is restarted).
   */
  PUBLIC_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /**
   * Embedded database only: a statement or transaction running longer than this (ms) is taken
   * for a wedged engine, which is restarted on the same data directory.
   */
  DB_WATCHDOG_MS: z.coerce.number().int().min(1000).default(300_000),
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
