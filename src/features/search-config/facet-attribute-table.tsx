import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import {
  BOOLEAN_VIEWS,
  FACET_DATA_TYPES,
  FACET_SORTS,
  type FacetAttribute,
} from '#contract/entities/search-config.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DataTable, actionsColumn } from '#src/ui/data-table/data-table.tsx';

const attribute = createColumnHelper<FacetAttribute>();
type Settings = Pick<FacetAttribute, 'dataType' | 'sort' | 'booleanView'>;

/**
 * A category's facet attributes: what the calculation found (state, coverage, values) and the
 * settings an operator edits before applying or disabling one. Edits stay here until a decision
 * sends them; the server's order (best candidates first) is kept.
 */
export function FacetAttributeTable({
  rows,
  loading,
  edits,
  onEdit,
  onDecide,
  onReset,
}: {
  rows: FacetAttribute[];
  loading: boolean;
  edits: Record<string, Partial<FacetAttribute>>;
  onEdit: (attribute: string, patch: Partial<FacetAttribute>) => void;
  onDecide: (row: FacetAttribute, mode: 'APPLY' | 'DISABLE') => void;
  onReset: (row: FacetAttribute) => void;
}) {
  const { t } = useTranslation();
  const edited = (row: FacetAttribute): Settings => ({ ...row, ...edits[row.attribute] });
  const choice = <K extends keyof Settings>(
    key: K,
    label: (name: string) => string,
    options: readonly Settings[K][],
    disabled?: (row: FacetAttribute) => boolean,
  ) =>
    attribute.display({
      id: key,
      header: t(`searchConfig.facets.${key}`),
      cell: ({ row: { original: row } }) => (
        <select
          aria-label={label(row.attribute)}
          value={edited(row)[key]}
          disabled={disabled?.(row)}
          onChange={(e) => onEdit(row.attribute, { [key]: e.target.value as Settings[K] })}
        >
          {options.map((v) => (
            <option key={v}>{v}</option>
          ))}
        </select>
      ),
    });
  return (
    <DataTable<FacetAttribute>
      caption={t('searchConfig.facets.table')}
      sortable={false}
      columns={[
        attribute.accessor('attribute', {
          header: t('searchConfig.attribute'),
          meta: { rowHeader: true },
        }),
        attribute.accessor('state', {
          header: t('searchConfig.facets.state'),
          cell: ({ row }) => t(`searchConfig.facets.states.${row.original.state}`),
        }),
        attribute.accessor('coverage', {
          header: t('searchConfig.facets.coverage'),
          cell: ({ row: { original: row } }) => (
            <>
              {Math.round(row.coverage * 100)} %
              {row.parentCoverage !== null && (
                <span className="search-config__muted">
                  {' '}
                  ({t('searchConfig.facets.parent')} {Math.round(row.parentCoverage * 100)} %)
                </span>
              )}
            </>
          ),
        }),
        attribute.accessor('distinctValues', {
          header: t('searchConfig.facets.values'),
          cell: ({ row: { original: row } }) => (
            <span title={row.topValues.map((v) => `${v.value} (${v.count})`).join(', ')}>
              {row.distinctValues}:{' '}
              {row.topValues
                .slice(0, 3)
                .map((v) => v.value)
                .join(', ')}
            </span>
          ),
        }),
        choice(
          'dataType',
          (name) => t('searchConfig.facets.dataTypeOf', { name }),
          FACET_DATA_TYPES,
        ),
        choice('sort', (name) => t('searchConfig.facets.sortOf', { name }), FACET_SORTS),
        choice(
          'booleanView',
          (name) => t('searchConfig.facets.booleanViewOf', { name }),
          BOOLEAN_VIEWS,
          (row) => edited(row).dataType !== 'BOOLEAN',
        ),
        actionsColumn<FacetAttribute>(
          (row) => (
            <div className="search-config__row-actions">
              <Button size="sm" variant="primary" onClick={() => onDecide(row, 'APPLY')}>
                {t('searchConfig.facets.apply')}
              </Button>
              <Button size="sm" onClick={() => onDecide(row, 'DISABLE')}>
                {t('searchConfig.facets.disable')}
              </Button>
              {row.state !== 'SUGGESTED' && (
                <Button size="sm" variant="ghost" onClick={() => onReset(row)}>
                  {t('searchConfig.facets.reset')}
                </Button>
              )}
            </div>
          ),
          t('searchConfig.facets.actions'),
        ),
      ]}
      data={rows}
      loading={loading}
      getRowId={(row) => row.attribute}
      rowProps={(row) => ({ 'data-attribute': row.attribute })}
      emptyText="There are no options available or your filter query is too specific"
    />
  );
}
