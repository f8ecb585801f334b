import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasAccess } from '#contract/roles.ts';
import { JOB_START_ROLES } from '#contract/routes/jobs.ts';
import { recentJobsRoute } from '#contract/routes/schedules.ts';
import { JobProgress } from '#src/lib/job-progress.tsx';
import { recentJobsQueryOptions } from '#src/lib/job-queries.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';

/** The site's feeds in short: the way to the feed loader and the latest feed update job. */
export function SiteFeedPanel({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const jobs = useQuery({
    ...recentJobsQueryOptions(siteId, 'feed-update', 1),
    enabled: hasAccess(roles, recentJobsRoute.roles),
  });
  const last = jobs.data?.[0];
  return (
    <section className="panel" aria-labelledby="site-feeds-title">
      <h2 id="site-feeds-title">{t('sites.feeds.title')}</h2>
      <p>
        {t('sites.feeds.loaderText')} <Link to="/site/feed-loader">{t('sites.feeds.loader')}</Link>
      </p>
      {last && (
        <JobProgress
          key={last.id}
          siteId={siteId}
          job={last}
          label={t('sites.feeds.lastJob')}
          canCancel={hasAccess(roles, JOB_START_ROLES['feed-update'] ?? [])}
        />
      )}
    </section>
  );
}
