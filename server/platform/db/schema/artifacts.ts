import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sites } from './accounts.ts';
import { createdAt } from './columns.ts';

/** Built storefront bundles, content-addressed: the same build twice is one row. */
export const artifacts = pgTable(
  'artifacts',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** sha256 of js + css. */
    hash: text('hash').notNull(),
    js: text('js').notNull(),
    css: text('css').notNull(),
    /** Which config versions went in (server/publishing/bundle/types.ts BundleManifest). */
    manifest: jsonb('manifest').notNull(),
    /** The slot it was built for (its boot config says so): rollback only to production builds. */
    builtFor: text('built_for', { enum: ['production', 'preview'] })
      .notNull()
      .default('production'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('artifacts_site_hash_idx').on(t.siteId, t.hash),
    index('artifacts_site_created_idx').on(t.siteId, t.createdAt),
  ],
);

/** What each slot of a site serves under /cdn: production (generate, deploy, rollback) or preview. */
export const artifactPointers = pgTable(
  'artifact_pointers',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    slot: text('slot', { enum: ['production', 'preview'] }).notNull(),
    artifactId: integer('artifact_id')
      .notNull()
      .references(() => artifacts.id, { onDelete: 'cascade' }),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.slot] })],
);
