import type { TFunction } from 'i18next';

/*
 * The journal stores codes ('delete', 'query-list:white-list', 'config:search'); the user reads
 * them in the interface language. A code without a text shows as it is (a new one is noticed by
 * the Russian walk, e2e/console-walk.spec.ts).
 */

/** 'delete' → «Удаление». */
export function actionLabel(t: TFunction, action: string): string {
  return t(`audit.actions.${action}`, { defaultValue: action });
}

/** 'recs-widget' → «Виджет рекомендаций»; 'query-list:brands' → «Список запросов: бренды». */
export function entityLabel(t: TFunction, entity: string): string {
  const [kind = entity, detail] = entity.split(':');
  const base = t(`audit.entities.${kind}`, { defaultValue: kind });
  if (detail === undefined) return base;
  return `${base}: ${t(`audit.details.${detail}`, { defaultValue: detail })}`;
}
