/**
 * When a scheduled promotion does not start: why it failed (the visual gate names its state), whether
 * its author may still launch it, and the e-mails that tell the author (in the failing transaction).
 */
import { and, eq } from 'drizzle-orm';
import type { ConfigKind } from '#contract/entities/config.ts';
import type { ScheduleFailure } from '#contract/entities/rollout.ts';
import { CONFIG_ROLES } from '#contract/entities/config-roles.ts';
import { hasAccess, isStaff } from '#contract/roles.ts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { scheduledPromotions, sites, users, userSites } from '../../platform/db/schema.ts';
import { queueMail } from '../../platform/mail/outbox.ts';
import { HttpError, isUniqueViolation } from '../../platform/http/http-error.ts';
import { recordAudit } from '../../platform/audit/repository.ts';
import { SCHEDULER_ACTOR, toScheduledPromotion, type Row } from './scheduled-row.ts';

/** What a failure to fire was, from the error it threw (the visual gate names its state). */
export function failureCode(error: unknown): ScheduleFailure {
  if (isUniqueViolation(error)) return 'busy';
  if (error instanceof HttpError && error.status === 409) {
    const state = (error.details as { gateState?: unknown } | undefined)?.gateState;
    if (state === 'missing') return 'gate-missing';
    if (state === 'changed') return 'gate-changed';
    if (state === 'running') return 'gate-running';
    if (state === 'unavailable') return 'gate-unavailable';
    if (state === 'failed') return 'gate-failed';
  }
  return 'other';
}

/** The author's words for each failure (the e-mail is Russian, as the console by default). */
const FAILURE_TEXT: Record<ScheduleFailure, string> = {
  'gate-missing':
    'визуальная проверка этой версии не была проведена на текущем продакшене (продакшен изменился после планирования). Запустите проверку, примите изменения и запланируйте снова.',
  'gate-changed':
    'визуальная проверка нашла изменения, которые никто не принял. Просмотрите и примите их, затем запланируйте снова.',
  'gate-running': 'визуальная проверка ещё шла в назначенное время. Запланируйте снова.',
  'gate-unavailable':
    'визуальная проверка не может работать на сервере (нет Chromium), а без неё публикация запрещена.',
  'gate-failed':
    'визуальная проверка завершилась ошибкой. Устраните причину, проверьте снова и запланируйте публикацию.',
  busy: 'в назначенное время шла другая генерация или развёртывание сайта.',
  other: 'ошибка сервера.',
};

const ACTION_TEXT = { generate: 'генерация', deploy: 'развёртывание' } as const;

/** E-mails the author of a scheduled promotion that did not start (in the failing transaction). */
export async function mailFailure(tx: Db | Tx, row: Row, code: ScheduleFailure): Promise<void> {
  const [author] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.login, row.createdBy));
  if (!author?.email) return;
  const [site] = await tx.select({ name: sites.name }).from(sites).where(eq(sites.id, row.siteId));
  const siteName = site?.name ?? `сайт ${row.siteId}`;
  await queueMail(tx, {
    siteId: row.siteId,
    kind: 'scheduled-promotion-failed',
    to: [author.email],
    subject: `Vitrina: запланированная ${ACTION_TEXT[row.action]} не запустилась — ${siteName}`,
    body: [
      `Сайт: ${siteName} (id ${row.siteId})`,
      `Конфигурация: ${row.kind}${row.key ? ` ${row.key}` : ''}, версия id ${row.sourceVersionId}`,
      `Назначено на: ${row.runAt.toISOString()}`,
      `Причина: ${FAILURE_TEXT[code]}`,
      '',
      `Подробности сервера: ${row.error ?? ''}`,
      'Продакшен не изменился.',
    ].join('\n'),
  });
}

/**
 * Why the author of a promotion may no longer launch it, or null when they still may: the
 * account is gone, no longer holds the kind's generate role, or is no longer attached to the
 * site (staff see every site). Read when it fires, not when it was scheduled.
 */
export async function authorRefusal(tx: Tx, row: Row): Promise<string | null> {
  const [author] = await tx
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(eq(users.login, row.createdBy));
  if (!author) return `its author ${row.createdBy} no longer exists`;
  if (!hasAccess(author.roles, CONFIG_ROLES[row.kind as ConfigKind].generate))
    return `its author ${row.createdBy} no longer holds the right to promote the ${row.kind} config`;
  if (isStaff(author.roles)) return null;
  const [attached] = await tx
    .select({ siteId: userSites.siteId })
    .from(userSites)
    .where(and(eq(userSites.userId, author.id), eq(userSites.siteId, row.siteId)));
  return attached ? null : `its author ${row.createdBy} is no longer attached to the site`;
}

/** Cancels a due row whose author lost the right to launch it, and tells the author. */
export async function cancelForAuthor(tx: Tx, row: Row, reason: string): Promise<Row> {
  const error = `Cancelled when due: ${reason}`;
  const [cancelled] = await tx
    .update(scheduledPromotions)
    .set({ state: 'cancelled', cancelledBy: SCHEDULER_ACTOR, error, finishedAt: new Date() })
    .where(eq(scheduledPromotions.id, row.id))
    .returning();
  await recordAudit(tx, {
    actor: SCHEDULER_ACTOR,
    action: 'cancel',
    entity: 'scheduled-promotion',
    entityId: row.id,
    siteId: row.siteId,
    before: toScheduledPromotion(row),
    after: toScheduledPromotion(cancelled!),
  });
  const [author] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.login, row.createdBy));
  const [site] = await tx.select({ name: sites.name }).from(sites).where(eq(sites.id, row.siteId));
  await queueMail(tx, {
    siteId: row.siteId,
    kind: 'scheduled-promotion-cancelled',
    to: author?.email ? [author.email] : [],
    subject: `Vitrina: запланированная публикация отменена — ${site?.name ?? `сайт ${row.siteId}`}`,
    body: [
      `Сайт: ${site?.name ?? ''} (id ${row.siteId})`,
      `Публикация: ${row.action === 'deploy' ? 'выкладка' : 'генерация'} конфигурации ${row.kind}${row.key ? ` ${row.key}` : ''}, запланирована на ${row.runAt.toISOString()}`,
      `Причина: у автора (${row.createdBy}) больше нет права на публикацию этой конфигурации на этом сайте.`,
      '',
      `Reason: ${reason}.`,
    ].join('\n'),
  });
  return cancelled!;
}
