import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RankingModel } from '#contract/entities/recs.ts';
import { activateRankingModelRoute, startModelJobRoute } from '#contract/routes/recs.ts';
import { hasAccess } from '#contract/roles.ts';
import { Button } from '#src/ui/button/button.tsx';
import { ReadOnlyNotice } from '#src/ui/read-only/read-only-notice.tsx';
import { useDenied } from '#src/lib/permissions.ts';
import { DataTable } from '#src/ui/data-table/data-table.tsx';
import { ProgressBar } from '#src/ui/progress/progress-bar.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { JobScheduleSection } from '#src/lib/job-schedule.tsx';
import { siteQueryOptions } from '#src/lib/site-query.ts';
import {
  modelsInfoQuery,
  rankingModelsQuery,
  recsJobQuery,
  useRecsMutations,
  xgbJobQuery,
} from './api/recs-api.ts';
import { builtColumns, rankingModelColumns, type BuiltStrategy } from './training-columns.tsx';
import './recs.css';
import { formatDay } from '#src/lib/date-format.ts';

interface RecsJobResult {
  strategies: BuiltStrategy[];
}

/** /anyquery/search/model-training: the model building jobs, their data and their results. */
export default function ModelTrainingPage() {
  const { t, i18n } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const canStart = hasAccess(roles, startModelJobRoute.roles);
  const denied = useDenied(startModelJobRoute.roles);
  const activateDenied = useDenied(activateRankingModelRoute.roles);
  const [emails, setEmails] = useState('');
  const info = useQuery({ ...modelsInfoQuery(siteId ?? 0), enabled: siteId !== null });
  const job = useQuery({ ...recsJobQuery(siteId ?? 0), enabled: siteId !== null });
  const xgb = useQuery({ ...xgbJobQuery(siteId ?? 0), enabled: siteId !== null });
  const rankingModels = useQuery({ ...rankingModelsQuery(siteId ?? 0), enabled: siteId !== null });
  const site = useQuery({ ...siteQueryOptions(siteId ?? 0), enabled: siteId !== null });
  const canActivate = hasAccess(roles, activateRankingModelRoute.roles);
  const { startRecs, startXgb, activateModel } = useRecsMutations(siteId ?? 0);
  if (siteId === null) return <div className="page">{t('recs.noSite')}</div>;
  const timeZone = site.data?.timeZone ?? 'UTC';
  const running = job.data && ['queued', 'running'].includes(job.data.state);
  const xgbRunning = xgb.data && ['queued', 'running'].includes(xgb.data.state);
  const emailList = emails
    .split(/[,;\s]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  const result = job.data?.state === 'done' ? (job.data.result as RecsJobResult | null) : null;
  return (
    <div className="page recs-page">
      <h1>{t('routes.modelTraining')}</h1>
      {denied && <ReadOnlyNotice>{denied.note}</ReadOnlyNotice>}
      <section className="recs-card" aria-labelledby="recs-data">
        <h2 id="recs-data">{t('recs.training.datasets')}</h2>
        <ul>
          {(info.data?.datasets ?? []).map((d) => (
            <li key={d.name}>
              {t(`recs.training.dataset.${d.name.replace(/ /g, '_')}`, { defaultValue: d.name })}:{' '}
              {d.rows.toLocaleString('ru-RU')} ({d.from ? formatDay(d.from, i18n.language) : '—'} —{' '}
              {d.to ? formatDay(d.to, i18n.language) : '—'})
            </li>
          ))}
        </ul>
      </section>
      <section className="recs-card" aria-labelledby="recs-mail">
        <h2 id="recs-mail">{t('recs.training.notify')}</h2>
        <TextInput
          label={t('recs.training.emailList')}
          hint={t('recs.training.emailHint')}
          value={emails}
          onChange={setEmails}
          disabled={!canStart}
        />
      </section>
      <section className="recs-card" aria-labelledby="recs-job">
        <h2 id="recs-job">RECS</h2>
        <p className="recs-muted">{t('recs.training.recsAbout')}</p>
        <div className="recs-actions">
          <Button
            variant="primary"
            disabled={!canStart || Boolean(running) || startRecs.isPending}
            disabledReason={denied?.reason}
            onClick={() => startRecs.mutate(emailList)}
          >
            {t('recs.training.start')}
          </Button>
        </div>
        {running && (
          <ProgressBar percent={job.data?.progress ?? null} label={t('recs.list.building')} />
        )}
        {job.data && (
          <p>
            {t('recs.training.status', { state: t(`recs.training.state.${job.data.state}`) })}
            {job.data.error && <span role="alert"> {job.data.error}</span>}
          </p>
        )}
        <JobScheduleSection
          siteId={siteId}
          kind="recs-build"
          title={t('recs.training.schedule', { job: 'RECS' })}
          timeZone={timeZone}
        />
        {result && (
          <DataTable<BuiltStrategy>
            caption={t('recs.training.results')}
            showCaption
            stackOnNarrow
            className="recs-table"
            columns={builtColumns(t)}
            data={result.strategies}
            getRowId={(s) => s.hash}
          />
        )}
      </section>
      <section className="recs-card" aria-labelledby="recs-xgb">
        <h2 id="recs-xgb">XGBVECTORS</h2>
        <p className="recs-muted">{t('recs.training.xgbAbout')}</p>
        <div className="recs-actions">
          <Button
            variant="primary"
            disabled={!canStart || Boolean(xgbRunning) || startXgb.isPending}
            disabledReason={denied?.reason}
            onClick={() => startXgb.mutate(emailList)}
          >
            {t('recs.training.startXgb')}
          </Button>
        </div>
        {xgbRunning && (
          <ProgressBar percent={xgb.data?.progress ?? null} label={t('recs.training.training')} />
        )}
        {xgb.data && (
          <p>
            {t('recs.training.status', { state: t(`recs.training.state.${xgb.data.state}`) })}
            {xgb.data.error && <span role="alert"> {xgb.data.error}</span>}
          </p>
        )}
        <JobScheduleSection
          siteId={siteId}
          kind="ranking-build"
          title={t('recs.training.schedule', { job: 'XGBVECTORS' })}
          timeZone={timeZone}
        />
        <DataTable<RankingModel>
          caption={t('recs.training.models')}
          showCaption
          stackOnNarrow
          className="recs-table"
          columns={rankingModelColumns({
            t,
            canActivate,
            activateDeniedReason: activateDenied?.reason,
            activateModel,
          })}
          data={rankingModels.data ?? []}
          getRowId={(m) => String(m.version)}
          emptyText={t('recs.training.noModels')}
        />
      </section>
    </div>
  );
}
