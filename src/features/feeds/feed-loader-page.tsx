import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasAccess } from '#contract/roles.ts';
import { FEED_SETTINGS_ROLES } from '#contract/routes/feeds.ts';
import { siteQueryOptions } from '#src/lib/site-query.ts';
import { feedResourcesQueryOptions } from './api/feed-queries.ts';
import { ClearFeedStatus } from './components/clear-feed-status.tsx';
import { FeedJobPanel } from './components/feed-job-panel.tsx';
import { FeedUrls } from './components/feed-urls.tsx';
import { MonitoringPanel } from './components/monitoring-panel.tsx';
import { RegionStatus } from './components/region-status.tsx';
import { SchedulesPanel } from './components/schedules-panel.tsx';
import {
  ContentSettingsForm,
  DeltaSettingsForm,
  FacetsSettingsForm,
  YmlSettingsForm,
} from './components/settings-forms.tsx';
import { useSiteStore } from '#src/stores/site-store.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import './feeds.css';

/** /site/feed-loader (spec part 2 §2): loads, last uploads per region, URLs, settings, schedule, e-mails. */
export default function FeedLoaderPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const resources = useQuery({
    ...feedResourcesQueryOptions(siteId ?? 0),
    enabled: siteId !== null,
  });
  const site = useQuery({ ...siteQueryOptions(siteId ?? 0), enabled: siteId !== null });
  if (siteId === null) return <p className="page">{t('feeds.noSite')}</p>;
  if (resources.isError)
    return (
      <p className="page" role="alert">
        {t('feeds.loadFailed')}
      </p>
    );
  if (!resources.data) return <Spinner label={t('ui.spinner.loading')} />;
  const data = resources.data;
  const canEdit = hasAccess(roles, FEED_SETTINGS_ROLES);
  return (
    <div className="page feeds">
      <div className="page__header">
        <h1>{t('feeds.loader.title')}</h1>
      </div>

      <section className="panel" aria-labelledby="feeds-loads">
        <h2 id="feeds-loads">{t('feeds.loader.loads')}</h2>
        <div className="feed-jobs">
          <FeedJobPanel siteId={siteId} kind="feed-update" title={t('feeds.kinds.feed-update')} />
          <FeedJobPanel siteId={siteId} kind="delta-feed" title={t('feeds.kinds.delta-feed')} />
          <FeedJobPanel siteId={siteId} kind="facets-feed" title={t('feeds.kinds.facets-feed')} />
          <FeedJobPanel siteId={siteId} kind="content-feed" title={t('feeds.kinds.content-feed')} />
        </div>
      </section>

      <section className="panel" aria-labelledby="feeds-status">
        <h2 id="feeds-status">{t('feeds.status.title')}</h2>
        <RegionStatus siteId={siteId} resources={data} />
        <div className="feeds__actions">
          <ClearFeedStatus siteId={siteId} />
        </div>
      </section>

      <section className="panel" aria-labelledby="feeds-urls">
        <h2 id="feeds-urls">{t('feeds.urls.title')}</h2>
        <FeedUrls siteId={siteId} />
      </section>

      <section className="panel" aria-labelledby="feeds-settings">
        <h2 id="feeds-settings">{t('feeds.settings.title')}</h2>
        <div className="feed-settings">
          <div>
            <h3>{t('feeds.settings.yml')}</h3>
            <YmlSettingsForm siteId={siteId} value={data.yml} canEdit={canEdit} />
          </div>
          <div>
            <h3>{t('feeds.settings.delta')}</h3>
            <DeltaSettingsForm siteId={siteId} value={data.delta} canEdit={canEdit} />
          </div>
          <div>
            <h3>{t('feeds.settings.facets')}</h3>
            <FacetsSettingsForm siteId={siteId} value={data.facets} canEdit={canEdit} />
          </div>
          <div>
            <h3>{t('feeds.settings.content')}</h3>
            <ContentSettingsForm siteId={siteId} value={data.content} canEdit={canEdit} />
          </div>
        </div>
      </section>

      <SchedulesPanel siteId={siteId} timeZone={site.data?.timeZone ?? 'UTC'} />
      <MonitoringPanel siteId={siteId} />
    </div>
  );
}
