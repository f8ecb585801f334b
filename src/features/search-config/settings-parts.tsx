/** What the search configuration screens share: the editable copy of a setting, its save bar, badges. */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type SettingKey } from '#contract/entities/search-config.ts';
import type { Product } from '#contract/public/product.ts';
import { SETTING_ROUTES } from '#contract/routes/search-config.ts';
import { api } from '#src/lib/api.ts';
import { searchConfigKeys } from './api/keys.ts';
import { Button } from '#src/ui/button/button.tsx';
import { useCan, useSiteId } from './parts.tsx';

/**
 * An editable copy of a value the server holds: starts as the value, and starts again whenever
 * the server's value changes (a save, a reset, a refetch).
 */
export function useDraft<T>(source: T | undefined): [T | null, (next: T) => void] {
  const [state, setState] = useState<{ source: T | undefined; draft: T | null }>({
    source,
    draft: source ?? null,
  });
  if (state.source !== source) {
    setState({ source, draft: source ?? null });
    return [source ?? null, (draft) => setState({ source, draft })];
  }
  return [state.draft, (draft) => setState({ source, draft })];
}

/** One setting: the stored value, a draft, save and reset. */
export function useSetting<K extends SettingKey>(key: K) {
  const siteId = useSiteId();
  const client = useQueryClient();
  const routes = SETTING_ROUTES[key];
  const query = useQuery({
    queryKey: searchConfigKeys.setting(key, siteId),
    enabled: siteId !== null,
    queryFn: () => api(routes.get, { query: { siteId: siteId! } }, { overlay: false }),
  });
  const canWrite = useCan(routes.save.roles);
  const save = async (value: unknown) => {
    const next = await api(
      routes.save as never,
      {
        query: { siteId: siteId! },
        body: value,
      } as never,
    );
    client.setQueryData(searchConfigKeys.setting(key, siteId), next);
    void client.invalidateQueries({ queryKey: searchConfigKeys.job('generation') });
  };
  const reset = async () => {
    const next = await api(routes.reset, { query: { siteId: siteId! } });
    client.setQueryData(searchConfigKeys.setting(key, siteId), next);
    void client.invalidateQueries({ queryKey: searchConfigKeys.job('generation') });
  };
  return { query, canWrite, save, reset };
}

export function SaveBar({
  canWrite,
  onSave,
  onReset,
  custom,
}: {
  canWrite: boolean;
  onSave: () => void;
  onReset: () => void;
  custom: boolean;
}) {
  const { t } = useTranslation();
  if (!canWrite) return null;
  return (
    <div className="search-config__actions">
      <Button variant="primary" onClick={onSave}>
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
