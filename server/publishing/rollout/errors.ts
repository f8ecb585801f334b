import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { storefrontErrors } from '../../platform/db/schema.ts';

/**
 * Counts one widget render error the storefront runtime reported: one row per site, minute and
 * widget (bounded whatever the traffic), holding the count and the latest message.
 */
export async function countWidgetError(
  db: Db,
  siteId: number,
  report: { widget: string; message: string },
  at: Date = new Date(),
): Promise<void> {
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  await db
    .insert(storefrontErrors)
    .values({ siteId, minute, widget: report.widget, count: 1, message: report.message })
    .onConflictDoUpdate({
      target: [storefrontErrors.siteId, storefrontErrors.minute, storefrontErrors.widget],
      set: { count: sql`${storefrontErrors.count} + 1`, message: report.message },
    });
}
