import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sites, users } from './accounts.ts';
import { createdAt } from './columns.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Knowledge-base sections: one row per section, titled in both console languages. */
export const kbSections = pgTable('kb_sections', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull().default(0),
  titleRu: text('title_ru').notNull(),
  titleEn: text('title_en').notNull(),
});

/**
 * Knowledge-base articles: Markdown, one row per article and language (`slug` + `language`),
 * searched through `search` (Russian or English stemming by the row's language, title weighted A).
 */
export const kbArticles = pgTable(
  'kb_articles',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => kbSections.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    language: text('language', { enum: ['ru', 'en'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    position: integer('position').notNull().default(0),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      sql`CASE WHEN language = 'en' THEN setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, body), 'B') ELSE setweight(to_tsvector('russian'::regconfig, title), 'A') || setweight(to_tsvector('russian'::regconfig, body), 'B') END`,
    ),
  },
  (t) => [
    uniqueIndex('kb_articles_slug_language').on(t.slug, t.language),
    index('kb_articles_search').using('gin', t.search),
    index('kb_articles_section').on(t.sectionId),
  ],
);

/** Staff feedback on the console, per site, with an optional screenshot. */
export const internalFeedback = pgTable(
  'internal_feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorLogin: text('author_login').notNull(),
    area: text('area').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['new', 'in_progress', 'done'] })
      .notNull()
      .default('new'),
    screenshot: bytea('screenshot'),
    screenshotType: text('screenshot_type'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('internal_feedback_created').on(t.createdAt)],
);

/**
 * The support chat: one conversation per client user and site (`userId`, `siteId`:
 * the site the client had chosen), messages from the client or from staff (`fromStaff`).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    fromStaff: boolean('from_staff').notNull(),
    authorLogin: text('author_login').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_user').on(t.userId, t.siteId, t.id),
    index('chat_messages_site').on(t.siteId, t.id),
  ],
);

/**
 * What has been read of each conversation (one per client user and site), per side: staff read
 * per conversation, not per staff member (any staff member opening or answering it reads it for
 * the desk; docs/support-chat.md); the client reads their own.
 */
export const chatReads = pgTable(
  'chat_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    staffReadId: bigint('staff_read_id', { mode: 'number' }).notNull().default(0),
    staffReadBy: text('staff_read_by'),
    staffReadAt: timestamp('staff_read_at', { withTimezone: true }),
    clientReadId: bigint('client_read_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId] })],
);
