import {
  boolean,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sites } from './accounts.ts';
import { createdAt } from './columns.ts';

/** Ids of recommendation blocks and global components (configId / componentId), unique everywhere. */
export const configKeySeq = pgSequence('config_key_seq');

/**
 * UX configs, append-only: every save of a copy (test = integration, else production) adds a
 * version. `key` is the configId / componentId, 0 for the one-per-site kinds. A delete appends a
 * `deleted` tombstone, so the history stays. `data` holds the parsed config object.
 */
export const configVersions = pgTable(
  'config_versions',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: integer('key').notNull().default(0),
    test: boolean('test').notNull(),
    version: integer('version').notNull(),
    data: jsonb('data').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    author: text('author').notNull(),
    createdAt: createdAt(),
    /** Production versions made by generate / deploy: the integration version they copy. */
    sourceVersionId: integer('source_version_id'),
  },
  (t) => [
    // Two saves on one base both try the same next version: the second fails and answers 409.
    uniqueIndex('config_versions_copy_version_idx').on(t.siteId, t.kind, t.key, t.test, t.version),
  ],
);
