import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryCount } from '#contract/entities/metric.ts';
import { formatNumber, formatPercent } from '#src/lib/format.ts';
import { Change } from '../components/change.tsx';

export type QuerySort = { by: 'name' | 'count'; desc: boolean };

const collator = new Intl.Collator('ru', { numeric: true, sensitivity: 'base' });

export function sortQueries(list: readonly QueryCount[], sort: QuerySort): QueryCount[] {
  const sign = sort.desc ? -1 : 1;
  return [...list].sort((a, b) =>
    sort.by === 'name'
      ? sign * collator.compare(a.name, b.name)
      : sign * (a.count - b.count) || collator.compare(a.name, b.name),
  );
}

interface QueryListProps {
  title: string;
  /** The zero-query list's title adds the zero share of all queries. */
  share?: number;
  queries: readonly QueryCount[];
  total: number | undefined;
  previousTotal: number | undefined;
  previousQueries: readonly QueryCount[] | undefined;
  comparing: boolean;
}

/** Top queries or top zero-hit queries, with a total and toggles to sort by name or count. */
export function QueryList({
  title,
  share,
  queries,
  total,
  previousTotal,
  previousQueries,
  comparing,
}: QueryListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [sort, setSort] = useState<QuerySort>({ by: 'count', desc: true });
  const sorted = useMemo(() => sortQueries(queries, sort), [queries, sort]);
  const before = useMemo(
    () => new Map(previousQueries?.map((query) => [query.name, query.count])),
    [previousQueries],
  );
  // A click on the active toggle reverses the order; the other toggle starts with its natural one.
  const toggle = (by: QuerySort['by']) =>
    setSort((old) => (old.by === by ? { by, desc: !old.desc } : { by, desc: by === 'count' }));

  return (
    <section className="reports-card reports-queries" aria-labelledby={headingId}>
      <h2 id={headingId} className="reports-card__title">
        {share === undefined ? title : `${title} (${formatPercent(share)})`}
      </h2>
      <p className="reports-queries__total">
        <span>{t('reports.queries.total')}: </span>
        <strong>{total === undefined ? '—' : formatNumber(total)}</strong>
        {comparing && (
          <>
            {' '}
            <Change current={total} previous={previousTotal} />
          </>
        )}
      </p>
      <div className="reports-queries__sort" role="group" aria-label={t('reports.queries.sort')}>
        {(['name', 'count'] as const).map((by) => (
          <button
            key={by}
            type="button"
            className="ui-button ui-button--sm ui-button--ghost"
            aria-pressed={sort.by === by}
            onClick={() => toggle(by)}
          >
            {t(`reports.queries.by.${by}`)}
            {sort.by === by && <span aria-hidden="true">{sort.desc ? ' ▼' : ' ▲'}</span>}
          </button>
        ))}
      </div>
      {sorted.length === 0 ? (
        <p className="reports-empty">{t('reports.empty')}</p>
      ) : (
        <ol className="reports-queries__list" aria-label={title}>
          {sorted.map((query) => (
            <li key={query.name} className="reports-queries__item">
              <span className="reports-queries__name">{query.name}</span>
              <span className="reports-queries__count">{formatNumber(query.count)}</span>
              {comparing && (
                <span className="reports-queries__change">
                  <Change current={query.count} previous={before.get(query.name)} />
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
