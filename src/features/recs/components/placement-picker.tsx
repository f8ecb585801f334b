import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecsPlacement } from '#contract/entities/recs.ts';
import { MultiPicker } from '#src/ui/picker/multi-picker.tsx';
import { placementsQuery } from '../api/recs-api.ts';

type Option = RecsPlacement & { isNew?: boolean };

const plain = (placement: string): Option => ({ placement, widgetIds: [], pages: [] });

/**
 * A widget's placements picked from the site's (GET /recs/{site}/widgetsPlacements): the places
 * of its recommendation blocks and those other widgets name, each with its blocks and the
 * widgets claiming it. A name no block has yet (one the merchant's own calls send) is typed and
 * offered as a new place.
 */
export function PlacementPicker({
  siteId,
  widgetId,
  value,
  onChange,
}: {
  siteId: number;
  /** The widget edited: its own claim is not shown as another's. */
  widgetId: string;
  value: readonly string[];
  onChange: (placements: string[]) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const search = useCallback(
    async (query: string): Promise<Option[]> => {
      // Read once per form (a save invalidates it), not at each keystroke.
      const known = await client.fetchQuery({ ...placementsQuery(siteId), staleTime: 60_000 });
      const needle = query.trim().toLowerCase();
      const found: Option[] = known.filter(
        (p) =>
          !needle ||
          p.placement.toLowerCase().includes(needle) ||
          p.pages.some((page) => page.block.toLowerCase().includes(needle)),
      );
      const typed = query.trim();
      if (typed && !known.some((p) => p.placement === typed))
        found.unshift({ ...plain(typed), isNew: true });
      return found;
    },
    [client, siteId],
  );
  const label = (option: Option) => {
    if (option.isNew) return t('recs.widgets.newPlacement', { name: option.placement });
    const parts = [option.placement];
    if (option.pages.length > 0)
      parts.push(
        option.pages.map((page) => t('recs.widgets.placementBlock', { ...page })).join(', '),
      );
    const others = option.widgetIds.filter((id) => id !== widgetId);
    if (others.length > 0)
      parts.push(t('recs.widgets.placementClaimed', { widgets: others.join(', ') }));
    return parts.join(' — ');
  };
  const known = client.getQueryData(placementsQuery(siteId).queryKey) ?? [];
  return (
    <MultiPicker<Option>
      label={t('recs.widgets.placements')}
      hint={t('recs.widgets.placementsHint')}
      value={value.map((name) => known.find((p) => p.placement === name) ?? plain(name))}
      onChange={(chosen) => onChange(chosen.map((option) => option.placement))}
      search={search}
      getKey={(option) => option.placement}
      getLabel={label}
      max={50}
    />
  );
}
