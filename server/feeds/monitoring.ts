import { and, asc, eq, sql } from 'drizzle-orm';
import type { MonitoringEmail } from '#contract/entities/mail.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { monitoringEmails } from '../platform/db/schema.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { HttpError } from '../platform/http/http-error.ts';
import { queueMail } from '../platform/mail/outbox.ts';

export function createMonitoringRepository(db: Db) {
  return {
    async list(siteId: number): Promise<MonitoringEmail[]> {
      return db
        .select({ id: monitoringEmails.id, email: monitoringEmails.email })
        .from(monitoringEmails)
        .where(eq(monitoringEmails.siteId, siteId))
        .orderBy(asc(monitoringEmails.email));
    },

    async add(siteId: number, email: string, actor: string): Promise<MonitoringEmail> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(monitoringEmails)
          .values({ siteId, email })
          .onConflictDoNothing()
          .returning({ id: monitoringEmails.id, email: monitoringEmails.email });
        if (!row)
          throw new HttpError(409, `${email} is already on the list`, { code: 'duplicate' });
        await recordAudit(tx, {
          actor,
          action: 'create',
          entity: 'monitoring-email',
          entityId: row.id,
          after: { siteId, email },
        });
        return row;
      });
    },

    async remove(siteId: number, id: number, actor: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(monitoringEmails)
          .where(and(eq(monitoringEmails.siteId, siteId), eq(monitoringEmails.id, id)))
          .returning();
        if (!row) return false;
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'monitoring-email',
          entityId: id,
          before: { siteId, email: row.email },
        });
        return true;
      });
    },
  };
}

export type FeedImportOutcome = 'failed' | 'held' | 'recovered';

const SUBJECTS: Record<FeedImportOutcome, string> = {
  failed: 'Импорт фида не удался',
  held: 'Импорт фида остановлен защитой от удаления товаров',
  recovered: 'Импорт фида снова проходит',
};

/**
 * Tells the site's monitoring list about a scheduled feed import that failed, was held by the
 * deletion guard, or passed again after a failure: queued in the caller's transaction.
 */
export async function notifyFeedImport(
  tx: Db | Tx,
  event: { siteId: number; siteName: string; outcome: FeedImportOutcome; detail: string; at: Date },
): Promise<void> {
  const recipients = await tx
    .select({ email: monitoringEmails.email })
    .from(monitoringEmails)
    .where(eq(monitoringEmails.siteId, event.siteId))
    .orderBy(sql`lower(${monitoringEmails.email})`);
  await queueMail(tx, {
    siteId: event.siteId,
    kind: `feed-import-${event.outcome}`,
    to: recipients.map((row) => row.email),
    subject: `Vitrina: ${SUBJECTS[event.outcome]} — ${event.siteName}`,
    body: [
      `Сайт: ${event.siteName} (id ${event.siteId})`,
      `Время: ${event.at.toISOString()}`,
      '',
      event.detail,
      '',
      'Это письмо отправлено, потому что адрес в списке мониторинга сайта (Загрузка фидов → Рассылка).',
    ].join('\n'),
  });
}
