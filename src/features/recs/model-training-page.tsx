import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { startModelJobRoute } from '#contract/routes/recs.ts';
import { hasAccess } from '#contract/roles.ts';
import { Button } from '#src/ui/button/button.tsx';
import { ProgressBar } from '#src/ui/progress/progress-bar.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { modelsInfoQuery, recsJobQuery, useRecsMutations } from './api/recs-api.ts';
import { percent } from './strategies-page.tsx';
import './recs.css';

interface RecsJobResult {
  strategies: {
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
  }[];
}

/** /anyquery/search/model-training: the model building jobs, their data and their results. */
export default function ModelTrainingPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const canStart = hasAccess(roles, startModelJobRoute.roles);
  const [emails, setEmails] = useState('');
  const info = useQuery({ ...modelsInfoQuery(siteId ?? 0), enabled: siteId !== null });
  const job = useQuery({ ...recsJobQuery(siteId ?? 0), enabled: siteId !== null });
  const { startRecs } = useRecsMutations(siteId ?? 0);
  if (siteId === null) return <div className="page">{t('recs.noSite')}</div>;
  const running = job.data && ['queued', 'running'].includes(job.data.state);
  const emailList = emails
    .split(/[,;\s]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  const result = job.data?.state === 'done' ? (job.data.result as RecsJobResult | null) : null;
  return (
    <div className="page recs-page">
      <h1>{t('routes.modelTraining')}</h1>
      <section className="recs-card" aria-labelledby="recs-data">
        <h2 id="recs-data">{t('recs.training.datasets')}</h2>
        <ul>
          {(info.data?.datasets ?? []).map((d) => (
            <li key={d.name}>
              {t(`recs.training.dataset.${d.name.replace(/ /g, '_')}`, { defaultValue: d.name })}:{' '}
              {d.rows.toLocaleString('ru-RU')} ({d.from} — {d.to})
            </li>
          ))}
        </ul>
      </section>
      <section className="recs-card" aria-labelledby="recs-job">
        <h2 id="recs-job">RECS</h2>
        <p className="recs-muted">{t('recs.training.recsAbout')}</p>
        <TextInput
          label={t('recs.training.emailList')}
          hint={t('recs.training.emailHint')}
          value={emails}
          onChange={setEmails}
          disabled={!canStart}
        />
        <div className="recs-actions">
          <Button
            variant="primary"
            disabled={!canStart || Boolean(running) || startRecs.isPending}
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
        {result && (
          <table className="recs-table">
            <caption>{t('recs.training.results')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('recs.list.name')}</th>
                <th scope="col">{t('recs.list.served')}</th>
                <th scope="col">{t('recs.training.hitRate')}</th>
                <th scope="col">{t('recs.training.popularity')}</th>
                <th scope="col">{t('recs.training.previous')}</th>
              </tr>
            </thead>
            <tbody>
              {result.strategies.map((s) => (
                <tr key={s.hash}>
                  <th scope="row">
                    {s.name} <span className="recs-muted">{s.modelName}</span>
                  </th>
                  <td>
                    {t('recs.list.revision', {
                      revision: s.revision.revision,
                      rows: s.revision.rows,
                    })}
                  </td>
                  <td>{percent(s.revision.quality.hitRateAt10)}</td>
                  <td>{percent(s.revision.quality.popularityHitRateAt10)}</td>
                  <td>{percent(s.revision.quality.previousHitRateAt10)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="recs-card" aria-labelledby="recs-xgb">
        <h2 id="recs-xgb">XGBVECTORS</h2>
        <p className="recs-muted">{t('recs.training.xgbAbout')}</p>
      </section>
    </div>
  );
}
