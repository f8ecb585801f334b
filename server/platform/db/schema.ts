/**
 * The one PostgreSQL schema (PGlite and PostgreSQL alike), one file per area under schema/.
 * A new area gets its own file here; drizzle-kit reads every table through this index.
 */
export * from './schema/accounts.ts';
export * from './schema/jobs.ts';
export * from './schema/configs.ts';
export * from './schema/catalog.ts';
export * from './schema/events.ts';
export * from './schema/artifacts.ts';
export * from './schema/mail.ts';
export * from './schema/search-config.ts';
export * from './schema/recs.ts';
export * from './schema/feeds.ts';
export * from './schema/integrations.ts';
export * from './schema/query-lists.ts';
export * from './schema/merchandising.ts';
export * from './schema/support.ts';
export * from './schema/report-charts.ts';
export * from './schema/visual-gate.ts';
export * from './schema/rollout.ts';
export * from './schema/two-factor.ts';
