import { resolve } from 'node:path';
import * as z from 'zod';
import { ROLES } from '#contract/roles.ts';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

/** A comma-separated list: each entry trimmed, empty ones dropped. */
const commaList = z
  .string()
  .default('')
  .transform((list) =>
    list
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

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
  /**
   * How long a process may keep a site it has read (ms), dropped at once on any change to the
   * site or its attached users (notified across processes); 0 reads the database every time.
   */
  SITE_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Sign-in attempts allowed per client address per minute. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Requests per minute to the public event endpoints (events, bulk, widget tracking) per apiKey and client address. */
  EVENT_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** Storefront events a minute per apiKey and client address, counted one by one (a bulk request holds up to 1 000). */
  EVENT_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  /** Storefront events a minute per apiKey from all addresses together. */
  EVENT_KEY_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(120_000),
  /** Storefront events older than this many hours are refused (400): old days cannot be rewritten. */
  EVENT_MAX_AGE_HOURS: z.coerce.number().int().min(1).default(72),
  /** How far ahead of the server's clock a storefront event's time may be, in seconds. */
  EVENT_CLOCK_SKEW_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /**
   * Proxies whose X-Forwarded-For/-Proto/-Host are believed: a comma-separated list of addresses
   * or CIDR ranges (or proxy-addr's names loopback, linklocal, uniquelocal). Unset: none, the
   * client address is the socket's.
   */
  TRUST_PROXY: commaList,
  /** Failed sign-ins of one account allowed before each next try waits (per-account backoff). */
  LOGIN_BACKOFF_FREE: z.coerce.number().int().min(1).max(100).default(5),
  /** The first wait after the free failures (ms); each further failure doubles it. */
  LOGIN_BACKOFF_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(1000),
  /** The longest wait (ms): an account is never held longer than this by failed tries. */
  LOGIN_BACKOFF_MAX_MS: z.coerce.number().int().min(1).max(3_600_000).default(300_000),
  /**
   * Roles whose holders must sign in with a second factor (TOTP): comma-separated ROLE_* names.
   * A holder not yet enrolled can only enrol (in the profile) until done. Empty: optional for all.
   */
  TWO_FACTOR_ROLES: commaList.pipe(
    z.array(
      z.string().refine((role) => (ROLES as string[]).includes(role), {
        message: 'must be ROLE_* names of the role catalogue',
      }),
    ),
  ),
  /**
   * The company's e-mail domains (spec part 1 §5): comma-separated; a staff account (not a client)
   * may only have an address at one of them. Empty: any address.
   */
  STAFF_EMAIL_DOMAINS: commaList.pipe(
    z.array(
      z
        .string()
        .transform((domain) => domain.toLowerCase())
        .pipe(
          z.string().regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
            message: 'must be domain names such as example.com',
          }),
        ),
    ),
  ),
  /**
   * Key (≥ 32 characters) encrypting the TOTP secrets at rest. Unset: a random key generated once
   * and kept in the database (app_secrets), shared by every server process.
   */
  TWO_FACTOR_KEY: z.string().min(32).optional(),
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
  /**
   * How long the statements of one public search, autocomplete or recommendations call may run
   * (ms); past it the call answers 503 (PostgreSQL cancels the statement; the embedded engine
   * answers at once and lets it finish, see PUBLIC_QUERY_RUNAWAY_MS).
   */
  PUBLIC_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /**
   * Embedded database only: a public statement still running this long (ms) after its deadline
   * restarts the engine (statements waiting are carried over; only open transactions fail).
   */
  PUBLIC_QUERY_RUNAWAY_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * Public searches, autocompletes and recommendations one process runs at once (default: 2 on
   * the embedded database, which runs one statement at a time; 6 on PostgreSQL, leaving the pool's
   * other connections to the console and jobs). More wait in line.
   */
  PUBLIC_MAX_CONCURRENT: z.coerce.number().int().min(1).max(1000).optional(),
  /** Public reads that may wait in line; one more answers 503 at once. */
  PUBLIC_MAX_QUEUED: z.coerce.number().int().min(0).max(100_000).default(32),
  /** Public reads a minute per apiKey and client address (then 429). */
  PUBLIC_RATE_LIMIT: z.coerce.number().int().min(1).default(1200),
  /** Public reads a minute per apiKey from all addresses together (then 429). */
  PUBLIC_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(60_000),
  /**
   * Embedded database only: a statement or transaction running longer than this (ms) is taken
   * for a wedged engine, which is restarted on the same data directory.
   */
  DB_WATCHDOG_MS: z.coerce.number().int().min(1000).default(300_000),
  /** Mark cookies Secure (set when served over HTTPS). */
  COOKIE_SECURE: flag.default(false),
  /** Where e-mail goes (`smtp://user:pass@host:587`, `smtps://…`); unset: kept in the outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /**
   * The visual regression gate before generate and deploy (server/publishing/visual-gate/): `on` renders
   * every widget from the candidate and from production in headless Chromium and refuses the
   * promotion until changes are accepted; `off` promotes without it (the console says so).
   */
  VISUAL_GATE: z.enum(['on', 'off']).default('on'),
  /** The Chromium the visual gate runs (unset: CHROMIUM_PATH, else /usr/bin/chromium). */
  CHROMIUM_PATH: z.string().min(1).optional(),
  /**
   * Longest one side of one view may take to render (ms): past it the page's browser context is
   * closed and the run fails (a template hook looping for ever stalls nobody else).
   */
  GATE_VIEW_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Longest a whole visual check may take (ms): past it the browser is closed, the run fails. */
  GATE_RUN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(600_000),
  /** The sender of every e-mail. */
  MAIL_FROM: z.string().min(3).default('Vitrina <no-reply@vitrina.local>'),
  /** How often queued e-mail is looked for (ms), besides right after it is queued. */
  MAIL_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  /** How often promotions under watch are checked for the automatic rollback (ms); 0: never. */
  ROLLOUT_CHECK_MS: z.coerce.number().int().min(0).default(30_000),
  /** Largest file an operator may upload (bytes). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  /** Most data rows one uploaded table may hold. */
  UPLOAD_MAX_ROWS: z.coerce.number().int().min(1).default(100_000),
  /**
   * Host names (`feeds.corp.local`, `*.corp.local`), addresses and CIDR ranges the server may
   * fetch from although they are internal (loopback, private, link-local); comma-separated.
   */
  FETCH_ALLOW_HOSTS: commaList,
  FETCH_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** A fetch that receives nothing for this long fails (a feed that never ends). */
  FETCH_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  FETCH_TOTAL_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(30 * 60_000),
  /** Size cap of a fetched body (after decompression) other than feeds. */
  FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(50 * 1024 * 1024),
  FETCH_MAX_REDIRECTS: z.coerce.number().int().min(0).max(20).default(5),
  /** Size cap of a feed after decompression. */
  FEED_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(2 * 1024 * 1024 * 1024),
  /** Longest text of one feed field (a description, a param value), in characters. */
  FEED_MAX_FIELD_CHARS: z.coerce.number().int().min(100).default(100_000),
  /** Most offers one site's feed may hold. */
  FEED_MAX_OFFERS: z.coerce.number().int().min(1).default(2_000_000),
  /** Most distinct values one attribute may have before the feed checker warns (ops message). */
  FEED_MAX_ATTRIBUTE_VALUES: z.coerce.number().int().min(1).max(20_000).default(10_000),
  /**
   * The help channel client users are shown in the support chat widget (a messenger channel, a
   * help desk): an http(s) or tg: link, one per installation. Unset: the widget shows no link.
   */
  HELP_CHANNEL_URL: z.url({ protocol: /^(https?|tg)$/ }).optional(),
  /**
   * A chat event stream sends a keep-alive this often and re-reads its session then: a sign-out
   * or a role change made by another process ends it within this time (this process: at once).
   */
  CHAT_STREAM_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(25_000),
  /** A chat event stream ends after this long; the browser reconnects and signs in to it again. */
  CHAT_STREAM_MAX_MS: z.coerce.number().int().min(1000).max(86_400_000).default(1_800_000),
  /**
   * Who receives the internal feedback e-mails (comma-separated addresses). Unset: every
   * administrator with an e-mail address.
   */
  FEEDBACK_EMAIL: commaList.pipe(z.array(z.email())),
  /** Largest screenshot attached to internal feedback (bytes; PNG, JPEG or WebP). */
  FEEDBACK_IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(20 * 1024 * 1024)
    .default(2 * 1024 * 1024),
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
