/** /anyquery/service/custom-sort: the sort combinations. */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  customSortConfig,
  MAX_SORT_COMBINATIONS,
  sortCombinations,
} from '#contract/entities/search-config.ts';
import {
  getCustomSortRoute,
  getImshopSortRoute,
  saveCustomSortRoute,
  saveImshopSortRoute,
} from '#contract/routes/search-config.ts';
import { api } from '#src/lib/api.ts';
import { searchConfigKeys } from './api/keys.ts';
import { Button } from '#src/ui/button/button.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { SortAttributeTable } from './attribute-tables.tsx';
import { AttributePicker, Issues, issuesOf, useCan, useSiteId } from './parts.tsx';
import { useDraft } from './settings-parts.tsx';

function SortEditor({ kind }: { kind: 'plain' | 'imshop' }) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const client = useQueryClient();
  const getRoute = kind === 'plain' ? getCustomSortRoute : getImshopSortRoute;
  const saveRoute = kind === 'plain' ? saveCustomSortRoute : saveImshopSortRoute;
  const canWrite = useCan(saveRoute.roles);
  const query = useQuery({
    queryKey: searchConfigKeys.customSort(kind, siteId),
    enabled: siteId !== null,
    queryFn: () => api(getRoute, { params: { id: siteId! } }, { overlay: false }),
  });
  const [draft, setDraft] = useDraft(query.data);
  const [regionsDraft, setRegions] = useDraft(query.data?.regions.join(', '));
  const regions = regionsDraft ?? '';
  const [issues, setIssues] = useState<string[]>([]);
  if (!draft) return null;
  const regionList = regions
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const combinations = sortCombinations({ attributes: draft.attributes, regions: regionList });
  return (
    <section className="panel" aria-labelledby={`sort-${kind}`}>
      <h2 id={`sort-${kind}`}>{t(`searchConfig.sort.${kind}`)}</h2>
      <SortAttributeTable
        caption={t(`searchConfig.sort.${kind}`)}
        rows={draft.attributes}
        canWrite={canWrite}
        onChange={(attributes) => setDraft({ ...draft, attributes })}
      />
      {canWrite && (
        <div className="search-config__add">
          <AttributePicker
            label={t('searchConfig.addAttribute')}
            value={null}
            withBuiltins={false}
            onChange={(attribute) =>
              setDraft({
                ...draft,
                attributes: [
                  ...draft.attributes,
                  { attribute, title: attribute, direction: 'ASC' },
                ],
              })
            }
          />
        </div>
      )}
      <div className="form-grid">
        <TextInput
          label={t('searchConfig.sort.regions')}
          hint={t('searchConfig.sort.regionsHint')}
          value={regions}
          onChange={setRegions}
          disabled={!canWrite}
        />
      </div>
      <p
        className={
          combinations > MAX_SORT_COMBINATIONS ? 'search-config__pending' : 'search-config__muted'
        }
      >
        {t('searchConfig.sort.combinations', { count: combinations, max: MAX_SORT_COMBINATIONS })}
      </p>
      <Issues list={issues} />
      {canWrite && (
        <div className="search-config__actions">
          <Button
            variant="primary"
            onClick={async () => {
              const parsed = customSortConfig.safeParse({ ...draft, regions: regionList });
              if (!parsed.success) return setIssues(issuesOf(parsed.error));
              setIssues([]);
              const next = await api(saveRoute, { params: { id: siteId! }, body: parsed.data });
              client.setQueryData(searchConfigKeys.customSort(kind, siteId), next);
            }}
          >
            {t('actions.save')}
          </Button>
        </div>
      )}
    </section>
  );
}

export function CustomSortPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t('routes.customSort')}</h1>
      <p className="page__lead">{t('searchConfig.sort.lead')}</p>
      <SortEditor kind="plain" />
      <SortEditor kind="imshop" />
    </div>
  );
}
