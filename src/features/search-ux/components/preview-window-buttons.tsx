import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchConfig } from '#contract/entities/config.ts';
import { Button } from '#src/ui/button/button.tsx';
import { toast } from '#src/ui/toast/toast-store.ts';
import { searchConfigQueryOptions } from '../api/search-ux-queries.ts';
import { autocompletePreviewUrl, notLiveReason, searchPreviewUrl } from '../lib/preview-windows.ts';

export interface PreviewWindowButtonsProps {
  siteId: number;
  apiKey: string;
  /** The config whose parameters the window uses. */
  config: SearchConfig;
  /** Opens the window; `window.open` by default (tests pass a spy). */
  open?: (url: string) => void;
  /**
   * The preview query, when the screen shares it (the studio's preview frame types it too);
   * without it the box keeps its own.
   */
  query?: string;
  onQueryChange?: (query: string) => void;
}

/** 'Preview search' / 'Preview autocomplete': the public endpoints in a new window (spec §4, §7). */
export function PreviewWindowButtons({
  siteId,
  apiKey,
  config,
  open = (url) => window.open(url, '_blank', 'noopener'),
  query: shared,
  onQueryChange,
}: PreviewWindowButtonsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [own, setOwn] = useState('');
  const query = shared ?? own;
  const setQuery = (value: string) => {
    setOwn(value);
    onQueryChange?.(value);
  };
  const [busy, setBusy] = useState(false);

  const preview = async (target: 'search' | 'autocomplete') => {
    setBusy(true);
    try {
      // Spec §4: the production copies decide whether the widget is live.
      const [instantSearch, autocomplete] = await Promise.all([
        queryClient.fetchQuery({
          ...searchConfigQueryOptions(siteId, 'instant-search', false),
          staleTime: 0,
        }),
        queryClient.fetchQuery({
          ...searchConfigQueryOptions(siteId, 'autocomplete', false),
          staleTime: 0,
        }),
      ]);
      const reason = notLiveReason(target, {
        instantSearch: instantSearch.enabled,
        autocomplete: autocomplete.enabled,
      });
      if (reason !== null) {
        toast.error(
          t('ui.toast.errorTitle'),
          t(
            reason === 'both'
              ? 'ux.previewWindows.notLiveBoth'
              : 'ux.previewWindows.notLiveInstantSearch',
          ),
        );
        return;
      }
      const input = { st: query, apiKey, config };
      open(target === 'search' ? searchPreviewUrl(input) : autocompletePreviewUrl(input));
    } catch {
      // api() has shown the failure already.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="search-ux__windows" role="group" aria-label={t('ux.previewWindows.label')}>
      <input
        className="ui-input"
        type="search"
        aria-label={t('ux.previewWindows.query')}
        placeholder={t('ux.previewWindows.query')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <Button size="sm" disabled={busy} onClick={() => void preview('search')}>
        {t('ux.previewWindows.search')}
      </Button>
      <Button size="sm" disabled={busy} onClick={() => void preview('autocomplete')}>
        {t('ux.previewWindows.autocomplete')}
      </Button>
    </div>
  );
}
