import { createColumnHelper } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { RANKING_COEFFICIENTS, type RankingModel } from '#contract/entities/recs.ts';
import { Button } from '#src/ui/button/button.tsx';
import type { useRecsMutations } from './api/recs-api.ts';
import { percent } from './strategy-columns.tsx';

/** One strategy's build in the RECS job's result. */
export interface BuiltStrategy {
  hash: string;
  name: string;
  modelName: string;
  revision: {
    revision: number;
    rows: number;
    quality: {
      hitRateAt10: number | null;
      popularityHitRateAt10: number | null;
      previousHitRateAt10: number | null;
    };
  };
}

const built = createColumnHelper<BuiltStrategy>();

/** The RECS job's results: per strategy its new build and the build's offline hit rate. */
export function builtColumns(t: TFunction) {
  return [
    built.accessor('name', {
      header: t('recs.list.name'),
      meta: { rowHeader: true },
      cell: ({ row: { original: s } }) => (
        <>
          {s.name} <span className="recs-muted">{s.modelName}</span>
        </>
      ),
    }),
    built.accessor('revision.revision', {
      header: t('recs.list.served'),
      cell: ({ row: { original: s } }) =>
        t('recs.list.revision', { revision: s.revision.revision, rows: s.revision.rows }),
    }),
    built.accessor('revision.quality.hitRateAt10', {
      header: t('recs.training.hitRate'),
      cell: ({ getValue }) => percent(getValue()),
    }),
    built.accessor('revision.quality.popularityHitRateAt10', {
      header: t('recs.training.popularity'),
      cell: ({ getValue }) => percent(getValue()),
    }),
    built.accessor('revision.quality.previousHitRateAt10', {
      header: t('recs.training.previous'),
      cell: ({ getValue }) => percent(getValue()),
    }),
  ];
}

const ndcg = (value: number | null) => (value === null ? '—' : value.toFixed(3));
const model = createColumnHelper<RankingModel>();

/** The learned ranking models: their NDCG@10 against the alternatives, weights, activation. */
export function rankingModelColumns({
  t,
  canActivate,
  activateDeniedReason,
  activateModel,
}: {
  t: TFunction;
  canActivate: boolean;
  /** Why the user may not activate a model (their roles), on the disabled button. */
  activateDeniedReason: string | undefined;
  activateModel: ReturnType<typeof useRecsMutations>['activateModel'];
}) {
  return [
    model.accessor('version', {
      header: t('recs.training.model'),
      meta: { rowHeader: true },
      cell: ({ row: { original: m } }) => (
        <>
          {t('recs.training.modelVersion', { version: m.version })}{' '}
          <span className="recs-muted">
            {t('recs.training.modelData', {
              queries: m.queries,
              groups: m.groups,
              cases: m.quality.cases,
            })}
          </span>
        </>
      ),
    }),
    model.accessor('quality.ndcgAt10', {
      header: 'NDCG@10',
      cell: ({ getValue }) => ndcg(getValue()),
    }),
    model.accessor('quality.currentNdcgAt10', {
      header: t('recs.training.current'),
      cell: ({ getValue }) => ndcg(getValue()),
    }),
    model.accessor('quality.previousNdcgAt10', {
      header: t('recs.training.previous'),
      cell: ({ getValue }) => ndcg(getValue()),
    }),
    model.accessor('quality.popularityNdcgAt10', {
      header: t('recs.training.popularity'),
      cell: ({ getValue }) => ndcg(getValue()),
    }),
    model.display({
      id: 'weights',
      header: t('recs.training.weights'),
      cell: ({ row: { original: m } }) =>
        RANKING_COEFFICIENTS.map(
          (name) => `${t(`recs.ranking.names.${name}`)} ${m.weights[name]}`,
        ).join('; '),
    }),
    model.display({
      id: 'serving',
      header: t('recs.training.serving'),
      cell: ({ row: { original: m } }) =>
        m.activatedAt ? (
          <span>{t('recs.training.activated', { login: m.activatedBy ?? '' })}</span>
        ) : (
          <Button
            variant="secondary"
            disabled={!canActivate || activateModel.isPending}
            disabledReason={activateDeniedReason}
            onClick={() => activateModel.mutate(m.version)}
          >
            {t('recs.training.activate')}
          </Button>
        ),
    }),
  ];
}
