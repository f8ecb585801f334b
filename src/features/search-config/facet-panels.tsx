/**
 * The facet attributes screen's category tree (GET /autocomplete/facets/children) and a
 * category's difference from its parent (GET /autocomplete/facets/diff), part 2 §7 "children,
 * diff attributes".
 */
import { Fragment, useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import type { CatalogCategory } from '#contract/entities/catalog.ts';
import type { FacetAttribute, FacetDiff } from '#contract/entities/search-config.ts';
import {
  facetApplyRoute,
  facetChildrenRoute,
  facetDiffRoute,
  facetResetRoute,
  facetSuggestedRoute,
} from '#contract/routes/search-config.ts';
import { api } from '#src/lib/api.ts';
import { errorText } from '#src/lib/error-text.ts';
import { Badge } from '#src/ui/badge/badge.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { useCan, useSiteId } from './parts.tsx';

/** After a decision: the attribute list, the tree's counts and the diff all change. */
export function useRefreshFacets() {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['facet-suggested'] }),
        client.invalidateQueries({ queryKey: ['facet-children'] }),
        client.invalidateQueries({ queryKey: ['facet-diff'] }),
      ]),
    [client],
  );
}

/** A failed load, said where the data would be, with a retry. */
function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
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

function useChildren(parentId: string | null) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: ['facet-children', siteId, parentId],
    enabled: siteId !== null,
    queryFn: () =>
      api(
        facetChildrenRoute,
        { query: { siteId: siteId!, ...(parentId !== null && { categoryId: parentId }) } },
        { overlay: false, quiet: true },
      ),
  });
}

const COLUMNS = 5;

function ChildRows({
  parentId,
  depth,
  selected,
  onSelect,
}: {
  parentId: string | null;
  depth: number;
  selected: string | null;
  onSelect: (categoryId: string) => void;
}) {
  const { t } = useTranslation();
  const children = useChildren(parentId);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const indent = { paddingInlineStart: `${0.6 + depth * 1.5}rem` };
  if (children.isPending)
    return (
      <tr>
        <td colSpan={COLUMNS} style={indent}>
          <Spinner size="sm" />
        </td>
      </tr>
    );
  if (children.isError)
    return (
      <tr>
        <td colSpan={COLUMNS} style={indent}>
          <LoadFailed error={children.error} onRetry={() => void children.refetch()} />
        </td>
      </tr>
    );
  if (!children.data.length)
    return (
      <tr>
        <td colSpan={COLUMNS} style={indent} className="search-config__muted">
          {t('searchConfig.facets.noCategories')}
        </td>
      </tr>
    );
  return (
    <>
      {children.data.map((child) => {
        const expanded = open[child.categoryId] === true;
        const current = child.categoryId === selected;
        return (
          <Fragment key={child.categoryId}>
            <tr
              data-category={child.name}
              className={current ? 'facets__current' : undefined}
              aria-current={current || undefined}
            >
              <th scope="row" style={indent}>
                <span className="facets__name">
                  {child.hasChildren ? (
                    <button
                      type="button"
                      className="facets__toggle"
                      aria-expanded={expanded}
                      aria-label={t(
                        expanded ? 'searchConfig.facets.collapse' : 'searchConfig.facets.expand',
                        { name: child.name },
                      )}
                      onClick={() => setOpen({ ...open, [child.categoryId]: !expanded })}
                    >
                      <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
                    </button>
                  ) : (
                    <span className="facets__toggle" aria-hidden="true" />
                  )}
                  <button
                    type="button"
                    className="facets__pick"
                    aria-pressed={current}
                    onClick={() => onSelect(child.categoryId)}
                  >
                    {child.name}
                  </button>
                </span>
              </th>
              <td className="facets__count">{child.products}</td>
              <td className="facets__count">{child.suggested || '—'}</td>
              <td className="facets__count">
                {child.applied ? <Badge tone="success">{child.applied}</Badge> : '—'}
              </td>
              <td className="facets__count">{child.disabled || '—'}</td>
            </tr>
            {expanded && (
              <ChildRows
                parentId={child.categoryId}
                depth={depth + 1}
                selected={selected}
                onSelect={onSelect}
              />
            )}
          </Fragment>
        );
      })}
    </>
  );
}

/** The category tree with each category's facet attribute counts; picking one opens its list. */
export function FacetTree({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (categoryId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="panel" aria-labelledby="facet-tree">
      <h2 id="facet-tree">{t('searchConfig.facets.tree')}</h2>
      <p className="page__lead">{t('searchConfig.facets.treeLead')}</p>
      <div className="facets__tree">
        <table className="search-config__table">
          <caption className="ui-visually-hidden">{t('searchConfig.facets.tree')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('searchConfig.facets.category')}</th>
              <th scope="col" className="facets__count">
                {t('searchConfig.facets.products')}
              </th>
              <th scope="col" className="facets__count">
                {t('searchConfig.facets.suggestedCount')}
              </th>
              <th scope="col" className="facets__count">
                {t('searchConfig.facets.appliedCount')}
              </th>
              <th scope="col" className="facets__count">
                {t('searchConfig.facets.disabledCount')}
              </th>
            </tr>
          </thead>
          <tbody>
            <ChildRows parentId={null} depth={0} selected={selected} onSelect={onSelect} />
          </tbody>
        </table>
      </div>
    </section>
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
  const refresh = useRefreshFacets();
  const canApply = useCan(facetApplyRoute.roles);
  const canReset = useCan(facetResetRoute.roles);
  const [busy, setBusy] = useState<string | null>(null);
  const categoryId = category?.id ?? null;
  const diff = useQuery({
    queryKey: ['facet-diff', siteId, categoryId],
    enabled: siteId !== null && categoryId !== null,
    queryFn: () =>
      api(
        facetDiffRoute,
        { query: { siteId: siteId!, categoryId: categoryId! } },
        { overlay: false, quiet: true },
      ),
  });
  if (!category) return null;

  const settingsOf = (row: FacetAttribute | undefined) => ({
    dataType: row?.dataType ?? 'DISTINCT',
    booleanView: row?.booleanView ?? 'DEFAULT',
    sort: row?.sort ?? 'POPULARITY',
    position: row?.position ?? 0,
  });
  const act = async (attribute: string, work: () => Promise<unknown>) => {
    setBusy(attribute);
    try {
      await work();
      await refresh();
    } catch {
      // reported by api()
    } finally {
      setBusy(null);
    }
  };
  const apply = (attribute: string, mode: 'APPLY' | 'DISABLE', from: FacetAttribute | undefined) =>
    api(facetApplyRoute, {
      query: { siteId: siteId! },
      body: { categoryId: category.id, attribute, mode, ...settingsOf(from) },
    });
  /** Only the parent has it: added here as the parent holds it (its type, sort, position). */
  const addFromParent = async (attribute: string) => {
    const parentRows = parent
      ? await client.fetchQuery({
          queryKey: ['facet-suggested', siteId, parent.id],
          queryFn: () =>
            api(
              facetSuggestedRoute,
              { query: { siteId: siteId!, categoryId: parent.id } },
              { overlay: false },
            ),
        })
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
                ? api(facetResetRoute, {
                    query: { siteId: siteId!, categoryId: category.id, attribute: row.attribute },
                  })
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
          <table className="search-config__table">
            <caption className="ui-visually-hidden">
              {parent
                ? t('searchConfig.facets.diffTitle', { parent: parent.name })
                : t('searchConfig.facets.diffRootTitle')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('searchConfig.attribute')}</th>
                <th scope="col">{t('searchConfig.facets.change')}</th>
                <th scope="col">{t('searchConfig.facets.here', { name: category.name })}</th>
                <th scope="col">{t('searchConfig.facets.inParent')}</th>
                <th scope="col">{t('searchConfig.facets.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {diff.data.map((row) => (
                <tr key={row.attribute} data-diff={row.attribute}>
                  <th scope="row">{row.attribute}</th>
                  <td>
                    <Badge tone={CHANGE_TONE[row.change]}>
                      {t(`searchConfig.facets.changes.${row.change}`)}
                    </Badge>
                  </td>
                  <td>
                    <Side state={row.state} coverage={row.coverage} />
                  </td>
                  <td>
                    <Side state={row.parentState} coverage={row.parentCoverage} />
                  </td>
                  <td>{action(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
