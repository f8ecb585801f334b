import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The report catalogue: the charts custom report tabs are built from, edited by
 * administrators (/admin/edit-reports). `platform` null: the chart follows the tab's platform
 * switch; otherwise it always plots that platform. Seeded by migration 0024 with the former list.
 */
export const reportCharts = pgTable('report_charts', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  metrics: text('metrics').array().notNull(),
  platform: text('platform'),
  chartType: text('chart_type').notNull().default('line'),
  position: integer('position').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
