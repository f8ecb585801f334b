/** What the search configuration screens share: a setting's read and writes, its save bar, badges. */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { SettingKey, SettingValue } from '#contract/entities/search-config.ts';
import type { Product } from '#contract/public/product.ts';
import { SETTING_ROUTES } from '#contract/routes/search-config.ts';
import { Button } from '#src/ui/button/button.tsx';
import { useZodForm } from '#src/ui/form/form.tsx';
import { useSettingMutations } from './api/search-config-mutations.ts';
import { settingQueryOptions } from './api/search-config-queries.ts';
import { useCan, useSiteId } from './parts.tsx';

/**
 * One setting: the stored value, whether the user may change it, save and reset. The screens
 * edit it in a form that starts again from `value` whenever the server's value changes.
 */
export function useSetting<K extends SettingKey>(key: K) {
  const siteId = useSiteId();
  const query = useQuery(settingQueryOptions(key, siteId));
  const canWrite = useCan(SETTING_ROUTES[key].save.roles);
  const { save, reset } = useSettingMutations(key, siteId);
  const value = query.data?.value as SettingValue<K> | undefined;
  return { query, value, canWrite, save, reset };
}

/**
 * A form on the contract's schema over a value the server holds: it starts as the value, and
 * starts again whenever the server's value changes (a save, a reset, a refetch).
 */
export function useValueForm<TIn extends FieldValues, TOut extends FieldValues>(
  schema: z.ZodType<TOut, TIn>,
  value: TIn,
): UseFormReturn<TIn, unknown, TOut> {
  const form = useZodForm(schema, { defaultValues: value as never });
  useEffect(() => form.reset(value), [value, form]);
  return form;
}

/** Inside a setting's `Form`: save submits it (the form validates first), reset goes back to the default. */
export function SaveBar({
  canWrite,
  onReset,
  custom,
}: {
  canWrite: boolean;
  onReset: () => void;
  custom: boolean;
}) {
  const { t } = useTranslation();
  if (!canWrite) return null;
  return (
    <div className="search-config__actions">
      <Button type="submit" variant="primary">
        {t('actions.save')}
      </Button>
      {custom && <Button onClick={onReset}>{t('searchConfig.resetDefault')}</Button>}
    </div>
  );
}

export function LiveBadge({ live }: { live: boolean | null | undefined }) {
  const { t } = useTranslation();
  if (live === null || live === undefined) return null;
  return (
    <p className={live ? 'search-config__live' : 'search-config__pending'}>
      {live ? t('searchConfig.live') : t('searchConfig.notLive')}
    </p>
  );
}

export function ProductList({ title, products }: { title: string; products: Product[] }) {
  return (
    <div>
      <h3>{title}</h3>
      <ol className="search-config__preview-list">
        {products.map((p) => (
          <li key={p.id}>
            {p.name}
            {p.brand && <span className="search-config__muted"> · {p.brand}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}
