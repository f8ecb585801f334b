/**
 * The facet attributes screen's shared parts and a category's difference from its parent
 * (GET /autocomplete/facets/diff), part 2 §7 "diff attributes"; the tree is facet-tree.tsx.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import type { CatalogCategory } from '#contract/entities/catalog.ts';
import type { FacetAttribute, FacetDiff } from '#contract/entities/search-config.ts';
import { facetApplyRoute, facetResetRoute } from '#contract/routes/search-config.ts';
import { useFacetMutations } from './api/search-config-mutations.ts';
import { facetDiffQueryOptions, facetSuggestedQueryOptions } from './api/search-config-queries.ts';
import { errorText } from '#src/lib/error-text.ts';
import { Badge } from '#src/ui/badge/badge.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { DataTable } from '#src/ui/data-table/data-table.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { useCan, useSiteId } from './parts.tsx';

/** A failed load, said where the data would be, with a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const reason =
    error instanceof ApiError
      ? `${error.status} · ${errorText(error, t)}`
      : error instanceof Error
        ? error.message
        : '';
  return (
    <div className="facets__failed" role="alert">
      <span>{t('searchConfig.facets.loadFailed', { reason })}</span>
      <Button size="sm" onClick={onRetry}>
        {t('searchConfig.facets.retry')}
      </Button>
    </div>
  );
}

const percent = (value: number | null) => (value === null ? null : `${Math.round(value * 100)} %`);

function Side({ state, coverage }: { state: FacetDiff['state']; coverage: number | null }) {
  const { t } = useTranslation();
  if (state === null) return <span className="search-config__muted">—</span>;
  return (
    <>
      {t(`searchConfig.facets.states.${state}`)}
      {coverage !== null && <span className="search-config__muted"> · {percent(coverage)}</span>}
    </>
  );
}

const diffRow = createColumnHelper<FacetDiff>();

const CHANGE_TONE = {
  ONLY_HERE: 'accent',
  ONLY_PARENT: 'warning',
  STATE: 'danger',
  COVERAGE: 'neutral',
} as const;

/**
 * What the category has that its parent has not, and back: an attribute only the parent has can
 * be added here with the parent's settings, one suggested only here applied, a different state
 * brought back to the parent's.
 */
export function FacetDiffPanel({
  category,
  parent,
  attributes,
}: {
  category: CatalogCategory | null;
  parent: CatalogCategory | null;
  /** The category's own facet attributes (their settings travel with a decision). */
  attributes: FacetAttribute[];
}) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const client = useQueryClient();
  const facets = useFacetMutations(siteId);
  const canApply = useCan(facetApplyRoute.roles);
  const canReset = useCan(facetResetRoute.roles);
  const [busy, setBusy] = useState<string | null>(null);
  const categoryId = category?.id ?? null;
  const diff = useQuery(facetDiffQueryOptions(siteId, categoryId));
  if (!category) return null;

  const settingsOf = (row: FacetAttribute | undefined) => ({
    dataType: row?.dataType ?? 'DISTINCT',
    booleanView: row?.booleanView ?? 'DEFAULT',
    sort: row?.sort ?? 'POPULARITY',
    position: row?.position ?? 0,
  });
  /** Each decision refreshes the lists when it is done (useFacetMutations). */
  const act = async (attribute: string, work: () => Promise<unknown>) => {
    setBusy(attribute);
    try {
      await work();
    } catch {
      // reported by api()
    } finally {
      setBusy(null);
    }
  };
  const apply = (attribute: string, mode: 'APPLY' | 'DISABLE', from: FacetAttribute | undefined) =>
    facets.apply.mutateAsync({ categoryId: category.id, attribute, mode, ...settingsOf(from) });
  /** Only the parent has it: added here as the parent holds it (its type, sort, position). */
  const addFromParent = async (attribute: string) => {
    const parentRows = parent
      ? await client.fetchQuery(facetSuggestedQueryOptions(siteId, parent.id))
      : [];
    await apply(
      attribute,
      'APPLY',
      parentRows.find((row) => row.attribute === attribute),
    );
  };
  const own = (attribute: string) => attributes.find((row) => row.attribute === attribute);

  const action = (row: FacetDiff) => {
    const loading = busy === row.attribute;
    if (row.change === 'ONLY_PARENT' && row.parentState !== 'DISABLE' && canApply)
      return (
        <Button
          size="sm"
          variant="primary"
          loading={loading}
          onClick={() => void act(row.attribute, () => addFromParent(row.attribute))}
        >
          {t('searchConfig.facets.addHere')}
        </Button>
      );
    if (row.change === 'ONLY_HERE' && row.state === 'SUGGESTED' && canApply)
      return (
        <Button
          size="sm"
          variant="primary"
          loading={loading}
          onClick={() =>
            void act(row.attribute, () => apply(row.attribute, 'APPLY', own(row.attribute)))
          }
        >
          {t('searchConfig.facets.apply')}
        </Button>
      );
    if (row.change === 'STATE' && row.parentState !== null) {
      const target = row.parentState;
      if (target === 'SUGGESTED' ? !canReset : !canApply) return null;
      return (
        <Button
          size="sm"
          loading={loading}
          onClick={() =>
            void act(row.attribute, () =>
              target === 'SUGGESTED'
                ? facets.reset.mutateAsync({ categoryId: category.id, attribute: row.attribute })
                : apply(row.attribute, target, own(row.attribute)),
            )
          }
        >
          {t('searchConfig.facets.likeParent')}
        </Button>
      );
    }
    return null;
  };

  return (
    <section className="panel" aria-labelledby="facet-diff">
      <h2 id="facet-diff">
        {parent
          ? t('searchConfig.facets.diffTitle', { parent: parent.name })
          : t('searchConfig.facets.diffRootTitle')}
      </h2>
      <p className="page__lead">
        {parent ? t('searchConfig.facets.diffLead') : t('searchConfig.facets.diffRootLead')}
      </p>
      {diff.isPending ? (
        <Spinner size="sm" />
      ) : diff.isError ? (
        <LoadFailed error={diff.error} onRetry={() => void diff.refetch()} />
      ) : !diff.data.length ? (
        <p className="search-config__muted">{t('searchConfig.facets.noDiff')}</p>
      ) : (
        <div className="search-config__scroll">
          <DataTable<FacetDiff>
            caption={
              parent
                ? t('searchConfig.facets.diffTitle', { parent: parent.name })
                : t('searchConfig.facets.diffRootTitle')
            }
            sortable={false}
            columns={[
              diffRow.accessor('attribute', {
                header: t('searchConfig.attribute'),
                meta: { rowHeader: true },
              }),
              diffRow.accessor('change', {
                header: t('searchConfig.facets.change'),
                cell: ({ row: { original: row } }) => (
                  <Badge tone={CHANGE_TONE[row.change]}>
                    {t(`searchConfig.facets.changes.${row.change}`)}
                  </Badge>
                ),
              }),
              diffRow.accessor('state', {
                header: t('searchConfig.facets.here', { name: category.name }),
                cell: ({ row: { original: row } }) => (
                  <Side state={row.state} coverage={row.coverage} />
                ),
              }),
              diffRow.accessor('parentState', {
                header: t('searchConfig.facets.inParent'),
                cell: ({ row: { original: row } }) => (
                  <Side state={row.parentState} coverage={row.parentCoverage} />
                ),
              }),
              diffRow.display({
                id: 'actions',
                header: t('searchConfig.facets.actions'),
                cell: ({ row }) => action(row.original),
              }),
            ]}
            data={diff.data}
            getRowId={(row) => row.attribute}
            rowProps={(row) => ({ 'data-diff': row.attribute })}
          />
        </div>
      )}
    </section>
  );
}
