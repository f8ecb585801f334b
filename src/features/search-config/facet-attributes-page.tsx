/** /anyquery/service/facet-attributes: facets, their tree and suggested changes. */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type FacetAttribute } from '#contract/entities/search-config.ts';
import { catalogAllCategoriesRoute } from '#contract/routes/catalog-lookups.ts';
import {
  facetApplyRoute,
  facetCalculateRoute,
  facetProgressRoute,
  facetResetRoute,
  facetSuggestedRoute,
} from '#contract/routes/search-config.ts';
import { api } from '#src/lib/api.ts';
import { searchConfigKeys } from './api/keys.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { FacetAttributeTable } from './facet-attribute-table.tsx';
import { FacetDiffPanel, useRefreshFacets } from './facet-panels.tsx';
import { FacetTree } from './facet-tree.tsx';
import { JobLine, useJobStatus, useSiteId } from './parts.tsx';

export function FacetAttributesPage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const client = useQueryClient();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const categories = useQuery({
    queryKey: searchConfigKeys.catalogCategories(siteId),
    enabled: siteId !== null,
    queryFn: () =>
      api(
        catalogAllCategoriesRoute,
        { query: { siteId: siteId! } },
        {
          overlay: false,
        },
      ),
  });
  const progress = useJobStatus(facetProgressRoute, 'facets');
  const suggested = useQuery({
    queryKey: searchConfigKeys.facetSuggestedIn(siteId, categoryId),
    enabled: siteId !== null && categoryId !== null,
    queryFn: () =>
      api(
        facetSuggestedRoute,
        { query: { siteId: siteId!, categoryId: categoryId! } },
        {
          overlay: false,
        },
      ),
  });
  const refresh = useRefreshFacets();
  // A finished calculation changes the attribute list, the tree's counts and the diff.
  useEffect(() => {
    if (progress.data?.job?.state === 'done') void refresh();
  }, [progress.data?.job?.state, refresh]);
  const active = progress.data?.job?.state === 'queued' || progress.data?.job?.state === 'running';
  const attributesRef = useRef<HTMLDivElement>(null);
  const category = categories.data?.find((c) => c.id === categoryId) ?? null;
  const parent =
    (category?.parentId && categories.data?.find((c) => c.id === category.parentId)) || null;
  const [edits, setEdits] = useState<Record<string, Partial<FacetAttribute>>>({});
  const decide = async (row: FacetAttribute, mode: 'APPLY' | 'DISABLE') => {
    const edit = { ...row, ...edits[row.attribute] };
    await api(facetApplyRoute, {
      query: { siteId: siteId! },
      body: {
        categoryId: row.categoryId,
        attribute: row.attribute,
        mode,
        dataType: edit.dataType,
        booleanView: edit.booleanView,
        sort: edit.sort,
        position: edit.position,
      },
    });
    await refresh();
  };
  return (
    <div className="page">
      <h1>{t('routes.facetAttributes')}</h1>
      <p className="page__lead">{t('searchConfig.facets.lead')}</p>
      <section className="panel" aria-labelledby="facet-job">
        <h2 id="facet-job">{t('searchConfig.facets.calculate')}</h2>
        <JobLine status={progress.data} label={t('searchConfig.facets.calculate')} />
        <Button
          loading={active}
          disabled={siteId === null || active}
          onClick={async () => {
            const next = await api(facetCalculateRoute, { query: { siteId: siteId! } });
            client.setQueryData(searchConfigKeys.jobStatus('facets', siteId), next);
          }}
        >
          {t('searchConfig.facets.calculate')}
        </Button>
      </section>
      <FacetTree
        selected={categoryId}
        onSelect={(id) => {
          setCategoryId(id);
          attributesRef.current?.scrollIntoView?.({ block: 'start' });
        }}
      />
      <div ref={attributesRef} className="facets__category">
        <Select
          label={t('searchConfig.facets.category')}
          options={(categories.data ?? []).map((c) => ({
            value: c.id,
            label: `${c.path.join(' / ')} (${c.products})`,
          }))}
          value={categoryId}
          onChange={(id) => setCategoryId(id)}
        />
        {categoryId && (
          <div className="search-config__scroll">
            <FacetAttributeTable
              rows={suggested.data ?? []}
              loading={suggested.isPending}
              edits={edits}
              onEdit={(attribute, patch) =>
                setEdits({ ...edits, [attribute]: { ...edits[attribute], ...patch } })
              }
              onDecide={(row, mode) => void decide(row, mode)}
              onReset={async (row) => {
                await api(facetResetRoute, {
                  query: { siteId: siteId!, categoryId: row.categoryId, attribute: row.attribute },
                });
                await refresh();
              }}
            />
          </div>
        )}
      </div>
      <FacetDiffPanel category={category} parent={parent} attributes={suggested.data ?? []} />
    </div>
  );
}
