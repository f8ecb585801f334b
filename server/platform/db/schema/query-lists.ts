import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * The query lists operators keep (white and black lists, synonyms, brands, stemmer and brand
 * exclusions, transliterations, the autocomplete lists): one row per entry, kept per vertical and
 * acting on the sites in `site_ids` (docs/query-lists.md gives each list's meaning).
 */
export const queryListEntries = pgTable(
  'query_list_entries',
  {
    id: serial('id').primaryKey(),
    list: text('list').notNull(),
    /** The vertical the entry belongs to; '' for an entry of no particular vertical. */
    vertical: text('vertical').notNull().default(''),
    term: text('term').notNull(),
    /** The term normalised (lower case, ё as е, single spaces): unique per list and vertical. */
    key: text('key').notNull(),
    /** Synonyms: the other terms; transliteration: the one target; brand: its aliases. */
    variants: text('variants')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mode: text('mode').notNull().default('none'),
    /** The sites the entry is enabled on. */
    siteIds: integer('site_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('query_list_entries_key_idx').on(t.list, t.vertical, t.key),
    index('query_list_entries_sites_idx').using('gin', t.siteIds),
  ],
);
