/** /anyquery/service/facet-attributes: facets, their tree and suggested changes. */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type FacetAttribute } from '#contract/entities/search-config.ts';
import { isActive } from '#src/lib/job-queries.ts';
import {
  useFacetMutations,
  useRefreshFacets,
  useStartJobMutation,
} from './api/search-config-mutations.ts';
import {
  catalogCategoriesQueryOptions,
  facetSuggestedQueryOptions,
} from './api/search-config-queries.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { FacetAttributeTable } from './facet-attribute-table.tsx';
import { FacetDiffPanel } from './facet-panels.tsx';
import { FacetTree } from './facet-tree.tsx';
import { JobLine, useJobStatus, useSiteId } from './parts.tsx';

export function FacetAttributesPage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const categories = useQuery(catalogCategoriesQueryOptions(siteId));
  const progress = useJobStatus('facets');
  const calculate = useStartJobMutation('facets', siteId);
  const suggested = useQuery(facetSuggestedQueryOptions(siteId, categoryId));
  const refresh = useRefreshFacets();
  const facets = useFacetMutations(siteId);
  // A finished calculation changes the attribute list, the tree's counts and the diff.
  useEffect(() => {
    if (progress.data?.job?.state === 'done') void refresh();
  }, [progress.data?.job?.state, refresh]);
  const active = isActive(progress.data?.job);
  const attributesRef = useRef<HTMLDivElement>(null);
  const category = categories.data?.find((c) => c.id === categoryId) ?? null;
  const parent =
    (category?.parentId && categories.data?.find((c) => c.id === category.parentId)) || null;
  const [edits, setEdits] = useState<Record<string, Partial<FacetAttribute>>>({});
  // A refused decision is reported by api().
  const decide = (row: FacetAttribute, mode: 'APPLY' | 'DISABLE') => {
    const edit = { ...row, ...edits[row.attribute] };
    facets.apply.mutate({
      categoryId: row.categoryId,
      attribute: row.attribute,
      mode,
      dataType: edit.dataType,
      booleanView: edit.booleanView,
      sort: edit.sort,
      position: edit.position,
    });
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
          onClick={() => calculate.mutate()}
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
              onDecide={decide}
              onReset={(row) =>
                facets.reset.mutate({ categoryId: row.categoryId, attribute: row.attribute })
              }
            />
          </div>
        )}
      </div>
      <FacetDiffPanel category={category} parent={parent} attributes={suggested.data ?? []} />
    </div>
  );
}
