import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecsStrategy } from '#contract/entities/recs.ts';
import {
  createStrategyRoute,
  modelJobStatusRoute,
  refreshRegionalRoute,
  switchStrategyRoute,
} from '#contract/routes/recs.ts';
import { useDenied } from '#src/lib/permissions.ts';
import { useMayCall, useResource } from '#src/lib/resource.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { ProgressBar } from '#src/ui/progress/progress-bar.tsx';
import { ResourceTable, ResourceToolbar } from '#src/ui/resource/resource-table.tsx';
import { recsKeys } from './api/keys.ts';
import { modelsQuery, recsJobQuery, useRecsMutations } from './api/recs-api.ts';
import { strategies } from './api/resources.ts';
import { NewStrategy } from './components/new-strategy.tsx';
import { StrategyConfigsModal } from './components/strategy-configs.tsx';
import { StrategyDeleteDialog } from './components/strategy-delete.tsx';
import { StrategyRowButtons, strategyColumns } from './strategy-columns.tsx';
import './recs.css';

export type { StepState } from './components/new-strategy.tsx';

/**
 * /recs-configuration/strategy: the site's strategies, their builds and offline quality; each
 * one's configs edited, its table downloaded, rebuilt or deleted (naming the widgets showing it).
 */
export default function StrategiesPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const list = useResource(strategies, siteId ?? 0, null, { enabled: siteId !== null });
  const canCreate = useMayCall(createStrategyRoute);
  const canEdit = useMayCall(switchStrategyRoute);
  const canRefreshRegional = useMayCall(refreshRegionalRoute);
  const denied = useDenied(switchStrategyRoute.roles);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<RecsStrategy | null>(null);
  const [deleting, setDeleting] = useState<RecsStrategy | null>(null);
  const models = useQuery({ ...modelsQuery(siteId ?? 0), enabled: siteId !== null && creating });
  // The model job's state is for those who may see model jobs: asking without the role is a 403.
  const seesJobs = useMayCall(modelJobStatusRoute);
  const job = useQuery({ ...recsJobQuery(siteId ?? 0), enabled: siteId !== null && seesJobs });
  const mutations = useRecsMutations(siteId ?? 0);
  const { startRecs, refreshRegional } = mutations;
  const running = job.data && ['queued', 'running'].includes(job.data.state);
  const finishedAt = job.data?.finishedAt;
  const client = useQueryClient();
  // A build that finishes brings new revisions and quality: read the strategies again.
  useEffect(() => {
    if (finishedAt && siteId !== null)
      void client.invalidateQueries({ queryKey: recsKeys.strategies(siteId) });
  }, [finishedAt, siteId, client]);
  if (siteId === null) return <div className="page">{t('recs.noSite')}</div>;
  return (
    <div className="page recs-page">
      <h1>{t('routes.recsStrategies')}</h1>
      <p className="recs-muted">{t('recs.intro')}</p>
      <ResourceToolbar
        createLabel={t('recs.new.open')}
        onCreate={canCreate && !creating ? () => setCreating(true) : undefined}
      >
        {canEdit && (
          <Button
            disabled={Boolean(running) || startRecs.isPending}
            onClick={() => startRecs.mutate([])}
          >
            {t('recs.list.buildAll')}
          </Button>
        )}
        {canRefreshRegional && (
          <Button
            disabled={Boolean(running) || refreshRegional.isPending}
            title={t('recs.list.regionalHint')}
            onClick={() => refreshRegional.mutate()}
          >
            {t('recs.list.regional')}
          </Button>
        )}
      </ResourceToolbar>
      {running && (
        <ProgressBar percent={job.data?.progress ?? null} label={t('recs.list.building')} />
      )}
      {job.data?.state === 'failed' && <p role="alert">{job.data.error}</p>}
      {creating && models.data && (
        <NewStrategy siteId={siteId} models={models.data} onDone={() => setCreating(false)} />
      )}
      <ResourceTable<RecsStrategy>
        caption={t('recs.list.caption')}
        showCaption
        stackOnNarrow
        className="recs-table"
        columns={strategyColumns({ t, canEdit, ...mutations })}
        rows={list.list.data ?? []}
        rowKey={(strategy) => strategy.hash}
        loading={list.list.isPending}
        emptyText={t('recs.list.empty')}
        actions={{
          name: (strategy) => strategy.name,
          editLabel: t('recs.list.editConfigs'),
          onEdit: list.canUpdate ? setEditing : undefined,
          onDelete: list.canDelete ? setDeleting : undefined,
          extra: (strategy) => (
            <StrategyRowButtons
              siteId={siteId}
              strategy={strategy}
              canEdit={canEdit}
              deniedReason={denied?.reason}
              refreshOne={mutations.refreshOne}
            />
          ),
        }}
      />
      {editing && (
        <StrategyConfigsModal
          siteId={siteId}
          strategy={editing}
          pending={list.save.isPending}
          save={(configs) => list.save.mutateAsync({ id: editing.hash, input: configs })}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <StrategyDeleteDialog
          siteId={siteId}
          strategy={deleting}
          remove={(strategy) => list.remove.mutateAsync(strategy.hash)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
