import { asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  ReportChart,
  ReportChartCreate,
  ReportChartInput,
} from '#contract/entities/custom-report.ts';
import type { MetricName, ReportPlatform } from '#contract/entities/metric.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { reportCharts, userTabs } from '../platform/db/schema.ts';
import { conflict, HttpError, isUniqueViolation } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';

type ChartRow = typeof reportCharts.$inferSelect;

const toChart = (row: ChartRow): ReportChart => ({
  id: row.id,
  title: row.title,
  metrics: row.metrics as MetricName[],
  platform: row.platform as ReportPlatform | null,
  chartType: row.chartType as ReportChart['chartType'],
  position: row.position,
});

type Parsed<T> = Required<T>;

/**
 * The report catalogue (report_charts): the charts custom report tabs are built
 * from. Writes are audited (`report-chart`) in their transaction; deleting a chart takes it out of
 * every tab that shows it, in the same transaction.
 */
export function createReportChartRepository(db: Db) {
  return {
    async list(): Promise<ReportChart[]> {
      const rows = await db
        .select()
        .from(reportCharts)
        .orderBy(asc(reportCharts.position), asc(reportCharts.id));
      return rows.map(toChart);
    },

    async get(id: string, tx: Db | Tx = db): Promise<ReportChart | undefined> {
      const [row] = await tx.select().from(reportCharts).where(eq(reportCharts.id, id));
      return row && toChart(row);
    },

    /** 400 naming the ids the catalogue does not hold (a tab may only show catalogue charts). */
    async assertKnown(ids: readonly string[], tx: Db | Tx = db): Promise<void> {
      if (ids.length === 0) return;
      const known = new Set(
        (
          await tx
            .select({ id: reportCharts.id })
            .from(reportCharts)
            .where(inArray(reportCharts.id, [...ids]))
        ).map((row) => row.id),
      );
      const unknown = [...new Set(ids)].filter((id) => !known.has(id));
      if (unknown.length > 0)
        throw new HttpError(400, `Unknown chart: ${unknown.join(', ')}`, { unknown });
    },

    async create(input: Parsed<ReportChartCreate>, actor: string): Promise<ReportChart> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(reportCharts)
            .values({
              id: input.id,
              title: input.title,
              metrics: input.metrics,
              platform: input.platform,
              chartType: input.chartType,
              position: input.position,
            })
            .returning();
          const chart = toChart(row!);
          await recordAudit(tx, {
            actor,
            action: 'create',
            entity: 'report-chart',
            entityId: chart.id,
            after: chart,
          });
          return chart;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`Chart ${input.id} already exists`);
        throw error;
      }
    },

    update(
      id: string,
      input: Parsed<ReportChartInput>,
      actor: string,
    ): Promise<ReportChart | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(reportCharts)
          .where(eq(reportCharts.id, id))
          .for('update');
        if (!current) return undefined;
        const [row] = await tx
          .update(reportCharts)
          .set({
            title: input.title,
            metrics: input.metrics,
            platform: input.platform,
            chartType: input.chartType,
            position: input.position,
            updatedAt: new Date(),
          })
          .where(eq(reportCharts.id, id))
          .returning();
        const chart = toChart(row!);
        await recordAudit(tx, {
          actor,
          action: 'update',
          entity: 'report-chart',
          entityId: id,
          before: toChart(current),
          after: chart,
        });
        return chart;
      });
    },

    /** Deletes the chart and drops it from every tab; undefined when there is no such chart. */
    remove(id: string, actor: string): Promise<{ tabsChanged: number } | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx.delete(reportCharts).where(eq(reportCharts.id, id)).returning();
        if (!current) return undefined;
        const changed = await tx
          .update(userTabs)
          .set({ chartIds: sql`array_remove(${userTabs.chartIds}, ${id})` })
          .where(sql`${id} = any(${userTabs.chartIds})`)
          .returning({ id: userTabs.id });
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'report-chart',
          entityId: id,
          before: { ...toChart(current), tabs: changed.map((tab) => tab.id) },
        });
        return { tabsChanged: changed.length };
      });
    },
  };
}
export type ReportChartRepository = ReturnType<typeof createReportChartRepository>;
