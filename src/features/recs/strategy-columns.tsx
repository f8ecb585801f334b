import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecsQuality, RecsStrategy } from '#contract/entities/recs.ts';
import { Badge } from '#src/ui/badge/badge.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import type { ResourceColumn } from '#src/ui/resource/resource-table.tsx';
import { downloadRecsFile, type useRecsMutations } from './api/recs-api.ts';

export const percent = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : `${(value * 100).toFixed(1)} %`;

/** A mean reciprocal rank, 0 to 1. */
const ratio = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : value.toFixed(3);

/** A build whose offline hit rate is below what plain popularity scores on the same cases. */
const worseThanPopularity = (quality: RecsQuality): boolean =>
  quality.hitRateAt10 !== null &&
  quality.popularityHitRateAt10 !== null &&
  quality.hitRateAt10 < quality.popularityHitRateAt10;

/** The quality of the latest build (else the served one), against popularity and the last. */
function quality(strategy: RecsStrategy, t: TFunction): ReactNode {
  const latest = strategy.revisions[0];
  const served = strategy.revisions.find((r) => r.revision === strategy.revision);
  const shown = (latest ?? served)?.quality;
  if (!shown || shown.cases === 0)
    return <span className="recs-muted">{latest ? t('recs.list.fewSessions') : '—'}</span>;
  return (
    <>
      <strong>{percent(shown.hitRateAt10)}</strong>
      {worseThanPopularity(shown) && (
        <p className="recs-quality__warning" role="note">
          <Badge tone="warning">{t('recs.list.worseBadge')}</Badge>{' '}
          {t('recs.list.worseThanPopularity', {
            value: percent(shown.hitRateAt10),
            popularity: percent(shown.popularityHitRateAt10),
          })}
        </p>
      )}
      <div className="recs-muted">
        {t('recs.list.vsPopularity', { value: percent(shown.popularityHitRateAt10) })}
        <br />
        {t('recs.list.vsPrevious', { value: percent(shown.previousHitRateAt10) })}
        <br />
        {t('recs.list.at20', { hit: percent(shown.hitRateAt20), mrr: ratio(shown.mrrAt20) })}
        <br />
        {t('recs.list.cases', { count: shown.cases })}
      </div>
    </>
  );
}

type Mutations = ReturnType<typeof useRecsMutations>;

/**
 * The strategies table's columns: name, switch, served build, offline quality. A row's controls
 * wait only for that row's own call (the mutation's variables name its strategy).
 */
export function strategyColumns({
  t,
  canEdit,
  toggle,
  revision,
}: {
  t: TFunction;
  canEdit: boolean;
} & Pick<Mutations, 'toggle' | 'revision'>): ResourceColumn<RecsStrategy>[] {
  return [
    {
      key: 'name',
      header: t('recs.list.name'),
      rowHeader: true,
      cell: (s) => (
        <>
          {s.name}
          {/* The model's code name and the strategy's hash are identifiers, not words. */}
          <div className="recs-muted" translate="no">
            {s.modelName} · {s.hash}
          </div>
        </>
      ),
    },
    {
      key: 'enabled',
      header: t('recs.list.enabled'),
      cell: (s) => (
        <Checkbox
          label={t('recs.list.enabled')}
          checked={s.enabled}
          disabled={!canEdit || (toggle.isPending && toggle.variables.hash === s.hash)}
          onCheckedChange={(enabled) => toggle.mutate({ hash: s.hash, enabled })}
        />
      ),
    },
    {
      key: 'served',
      header: t('recs.list.served'),
      cell: (s) =>
        s.revisions.length > 0 ? (
          <select
            aria-label={t('recs.list.revisionOf', { name: s.name })}
            value={s.revision}
            disabled={!canEdit || (revision.isPending && revision.variables.hash === s.hash)}
            onChange={(event) =>
              revision.mutate({ hash: s.hash, revision: Number(event.target.value) })
            }
          >
            {s.revision === 0 && <option value={0}>—</option>}
            {s.revisions.map((r) => (
              <option key={r.revision} value={r.revision}>
                {t('recs.list.revision', { revision: r.revision, rows: r.rows })}
              </option>
            ))}
          </select>
        ) : (
          <Badge>{t('recs.list.notBuilt')}</Badge>
        ),
    },
    {
      key: 'quality',
      header: t('recs.list.quality'),
      className: 'recs-quality',
      cell: (s) => quality(s, t),
    },
  ];
}

/**
 * A row's own buttons beside edit and delete: rebuild it (disabled, saying why, for who may not)
 * and download its current table (a built strategy only).
 */
export function StrategyRowButtons({
  siteId,
  strategy,
  canEdit,
  deniedReason,
  refreshOne,
}: {
  siteId: number;
  strategy: RecsStrategy;
  canEdit: boolean;
  /** Why the user may not change strategies (their roles), on the disabled button. */
  deniedReason: string | undefined;
  refreshOne: Mutations['refreshOne'];
}) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  return (
    <>
      <Button
        size="sm"
        disabled={!canEdit || (refreshOne.isPending && refreshOne.variables === strategy.hash)}
        disabledReason={canEdit ? undefined : deniedReason}
        onClick={() => refreshOne.mutate(strategy.hash)}
      >
        {t('recs.list.refresh')}
      </Button>
      {strategy.revision > 0 && (
        <Button
          size="sm"
          loading={downloading}
          aria-label={t('recs.list.downloadOf', { name: strategy.name })}
          onClick={() => {
            setDownloading(true);
            void downloadRecsFile(siteId, strategy.hash).finally(() => setDownloading(false));
          }}
        >
          {t('recs.list.download')}
        </Button>
      )}
    </>
  );
}
