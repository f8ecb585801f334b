import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  WEIGHT_RANGE,
  type CustomSortConfig,
  type SearchAttributes,
} from '#contract/entities/search-config.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DataTable } from '#src/ui/data-table/data-table.tsx';

/**
 * The last column of an attribute list: its delete button (for those who may write), under a
 * header only screen readers read.
 */
function deleteColumn<T>(
  t: TFunction,
  canWrite: boolean,
  onDelete: (index: number) => void,
): ColumnDef<T, never> {
  return {
    id: 'delete',
    header: () => <span className="ui-visually-hidden">{t('actions.delete')}</span>,
    meta: { actions: true },
    cell: ({ row }) =>
      canWrite && (
        <Button size="sm" variant="ghost" onClick={() => onDelete(row.index)}>
          {t('actions.delete')}
        </Button>
      ),
  };
}

type Weighted = SearchAttributes['attributes'][number];
const weighted = createColumnHelper<Weighted>();

/** The attributes search reads, each with its weight; in the order the operator built. */
export function SearchAttributeTable({
  caption,
  rows,
  canWrite,
  onChange,
}: {
  caption: string;
  rows: Weighted[];
  canWrite: boolean;
  onChange: (rows: Weighted[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <DataTable<Weighted>
      caption={caption}
      sortable={false}
      columns={[
        weighted.accessor('name', {
          header: t('searchConfig.attribute'),
          cell: ({ getValue }) =>
            t(`searchConfig.builtin.${getValue()}`, { defaultValue: getValue() }),
        }),
        weighted.accessor('weight', {
          header: t('searchConfig.weight'),
          cell: ({ row: { original: row, index } }) => (
            <input
              type="number"
              className="search-config__number"
              aria-label={t('searchConfig.weightOf', { name: row.name })}
              min={WEIGHT_RANGE.min}
              max={WEIGHT_RANGE.max}
              step={1}
              value={row.weight}
              disabled={!canWrite}
              onChange={(e) =>
                onChange(
                  rows.map((r, i) => (i === index ? { ...r, weight: Number(e.target.value) } : r)),
                )
              }
            />
          ),
        }),
        deleteColumn<Weighted>(t, canWrite, (index) =>
          onChange(rows.filter((_, i) => i !== index)),
        ),
      ]}
      data={rows}
      getRowId={(row, index) => `${row.name}-${index}`}
    />
  );
}

type Sorted = CustomSortConfig['attributes'][number];
const sorted = createColumnHelper<Sorted>();

/** A custom sort's attributes in their order of priority: a title and a direction each. */
export function SortAttributeTable({
  caption,
  rows,
  canWrite,
  onChange,
}: {
  caption: string;
  rows: Sorted[];
  canWrite: boolean;
  onChange: (rows: Sorted[]) => void;
}) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<Sorted>) =>
    onChange(rows.map((a, i) => (i === index ? { ...a, ...patch } : a)));
  return (
    <DataTable<Sorted>
      caption={caption}
      sortable={false}
      columns={[
        sorted.accessor('attribute', { header: t('searchConfig.attribute') }),
        sorted.accessor('title', {
          header: t('searchConfig.sort.titleColumn'),
          cell: ({ row: { original: row, index } }) => (
            <input
              aria-label={t('searchConfig.sort.titleOf', { name: row.attribute })}
              value={row.title}
              disabled={!canWrite}
              onChange={(e) => set(index, { title: e.target.value })}
            />
          ),
        }),
        sorted.accessor('direction', {
          header: t('searchConfig.sort.direction'),
          cell: ({ row: { original: row, index } }) => (
            <select
              aria-label={t('searchConfig.sort.directionOf', { name: row.attribute })}
              value={row.direction}
              disabled={!canWrite}
              onChange={(e) => set(index, { direction: e.target.value as Sorted['direction'] })}
            >
              <option value="ASC">{t('searchConfig.sort.asc')}</option>
              <option value="DESC">{t('searchConfig.sort.desc')}</option>
            </select>
          ),
        }),
        deleteColumn<Sorted>(t, canWrite, (index) => onChange(rows.filter((_, i) => i !== index))),
      ]}
      data={rows}
      getRowId={(row, index) => `${row.attribute}-${index}`}
    />
  );
}
