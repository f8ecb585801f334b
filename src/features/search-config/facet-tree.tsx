/**
 * The facet attributes screen's category tree (GET /autocomplete/facets/children), part 2 §7
 * "children": each category with its facet attribute counts.
 */
import { useState, type ReactNode } from 'react';
import { useQueries } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { FacetChild } from '#contract/entities/search-config.ts';
import { Badge } from '#src/ui/badge/badge.tsx';
import { DataTable } from '#src/ui/data-table/data-table.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { facetChildrenQueryOptions } from './api/search-config-queries.ts';
import { LoadFailed } from './facet-panels.tsx';
import { useSiteId } from './parts.tsx';

/** A line of the tree: a category, or where a level's children would be (loading, failed, none). */
type TreeRow =
  | { id: string; depth: number; child: FacetChild }
  | { id: string; depth: number; status: ReactNode };

const treeRow = createColumnHelper<TreeRow>();
const indent = (depth: number) => ({ paddingInlineStart: `${depth * 1.5}rem` });
const countOf = (key: 'products' | 'suggested' | 'applied' | 'disabled') => (row: TreeRow) =>
  'child' in row ? row.child[key] : 0;

/**
 * The category tree with each category's facet attribute counts; picking one opens its list.
 * A level's children are read when it is unfolded; folding a category folds its descendants.
 */
export function FacetTree({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (categoryId: string) => void;
}) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const parents = [null, ...open];
  const levels = useQueries({
    queries: parents.map((id) => facetChildrenQueryOptions(siteId, id)),
  });
  const levelOf = new Map(parents.map((id, index) => [id, levels[index]]));

  const fold = (categoryId: string) => {
    const next = new Set(open);
    const drop = (id: string) => {
      next.delete(id);
      for (const child of levelOf.get(id)?.data ?? [])
        if (next.has(child.categoryId)) drop(child.categoryId);
    };
    drop(categoryId);
    setOpen(next);
  };

  const rows: TreeRow[] = [];
  const walk = (parentId: string | null, depth: number) => {
    const level = levelOf.get(parentId);
    const id = `${parentId ?? ''}:status`;
    if (!level || level.isPending) rows.push({ id, depth, status: <Spinner size="sm" /> });
    else if (level.isError)
      rows.push({
        id,
        depth,
        status: <LoadFailed error={level.error} onRetry={() => void level.refetch()} />,
      });
    else if (!level.data.length)
      rows.push({
        id,
        depth,
        status: (
          <span className="search-config__muted">{t('searchConfig.facets.noCategories')}</span>
        ),
      });
    else
      for (const child of level.data) {
        rows.push({ id: child.categoryId, depth, child });
        if (open.has(child.categoryId)) walk(child.categoryId, depth + 1);
      }
  };
  walk(null, 0);

  const name = (child: FacetChild, depth: number) => {
    const expanded = open.has(child.categoryId);
    return (
      <span className="facets__name" style={indent(depth)}>
        {child.hasChildren ? (
          <button
            type="button"
            className="facets__toggle"
            aria-expanded={expanded}
            aria-label={t(
              expanded ? 'searchConfig.facets.collapse' : 'searchConfig.facets.expand',
              { name: child.name },
            )}
            onClick={() =>
              expanded ? fold(child.categoryId) : setOpen(new Set([...open, child.categoryId]))
            }
          >
            <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
          </button>
        ) : (
          <span className="facets__toggle" aria-hidden="true" />
        )}
        <button
          type="button"
          className="facets__pick"
          aria-pressed={child.categoryId === selected}
          onClick={() => onSelect(child.categoryId)}
        >
          {child.name}
        </button>
      </span>
    );
  };
  const dash = (value: number) => value || '—';

  return (
    <section className="panel" aria-labelledby="facet-tree">
      <h2 id="facet-tree">{t('searchConfig.facets.tree')}</h2>
      <p className="page__lead">{t('searchConfig.facets.treeLead')}</p>
      <DataTable<TreeRow>
        caption={t('searchConfig.facets.tree')}
        className="facets__tree"
        sortable={false}
        columns={[
          treeRow.display({
            id: 'category',
            header: t('searchConfig.facets.category'),
            meta: { rowHeader: true },
            cell: ({ row: { original: row } }) => 'child' in row && name(row.child, row.depth),
          }),
          treeRow.accessor(countOf('products'), {
            id: 'products',
            header: t('searchConfig.facets.products'),
            meta: { numeric: true },
          }),
          treeRow.accessor(countOf('suggested'), {
            id: 'suggested',
            header: t('searchConfig.facets.suggestedCount'),
            meta: { numeric: true },
            cell: ({ getValue }) => dash(getValue()),
          }),
          treeRow.accessor(countOf('applied'), {
            id: 'applied',
            header: t('searchConfig.facets.appliedCount'),
            meta: { numeric: true },
            cell: ({ getValue }) => (getValue() ? <Badge tone="success">{getValue()}</Badge> : '—'),
          }),
          treeRow.accessor(countOf('disabled'), {
            id: 'disabled',
            header: t('searchConfig.facets.disabledCount'),
            meta: { numeric: true },
            cell: ({ getValue }) => dash(getValue()),
          }),
        ]}
        data={rows}
        getRowId={(row) => row.id}
        rowProps={(row) => {
          if (!('child' in row)) return {};
          const current = row.child.categoryId === selected;
          return {
            'data-category': row.child.name,
            className: current ? 'facets__current' : undefined,
            'aria-current': current || undefined,
          };
        }}
        fullWidthRow={(row) => 'status' in row && <div style={indent(row.depth)}>{row.status}</div>}
      />
    </section>
  );
}
