import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  login: text('login').notNull().unique(),
  name: text('name').notNull().default(''),
  email: text('email'),
  passwordHash: text('password_hash').notNull(),
  isClient: boolean('is_client').notNull().default(true),
  roles: text('roles')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  chatToken: text('chat_token').notNull(),
  /** Two-factor sign-in is on (a confirmed TOTP secret in user_two_factor); read with the session. */
  twoFactor: boolean('two_factor').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  apiKey: text('api_key').notNull().unique(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  verticals: text('verticals')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  timeZone: text('time_zone').notNull().default('Europe/Moscow'),
  /** Where the feed-update job downloads the site's YML feed from. */
  feedUrl: text('feed_url'),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userSites = pgTable(
  'user_sites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId] }), index('user_sites_site_idx').on(t.siteId)],
);

export const verticals = pgTable('verticals', {
  name: text('name').primaryKey(),
  createdAt: createdAt(),
});

export const userTabs = pgTable('user_tabs', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  pathName: text('path_name').notNull(),
  chartIds: text('chart_ids')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  enabled: boolean('enabled').notNull().default(true),
});

/** Sessions live in the database so any number of server processes can serve them. */
export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie value; the raw token is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Append-only: who did what, when, with the state before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The site the change belongs to (null: server-wide), for the audit screen's filter. */
    siteId: integer('site_id'),
  },
  (t) => [
    index('audit_entity_idx').on(t.entity, t.entityId),
    index('audit_site_at_idx').on(t.siteId, t.at),
    index('audit_at_idx').on(t.at),
  ],
);

/** Server-wide generated secrets (the chart-token key), shared by every server process. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Failed sign-ins per account: after LOGIN_BACKOFF_FREE failures each next try of
 * the login waits until `blockedUntil`, doubling up to LOGIN_BACKOFF_MAX_MS; a success deletes
 * the row. Keyed by the login as typed (lower case), known or not, so no account is told apart.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  login: text('login').primaryKey(),
  failures: integer('failures').notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
