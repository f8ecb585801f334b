import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feedCheckReport, FEED_TYPES, type FeedType } from '#contract/entities/feeds.ts';
import { hasAccess } from '#contract/roles.ts';
import { feedCheckerStartRoute } from '#contract/routes/feeds.ts';
import { JobProgress } from '#src/lib/job-progress.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { feedStatusQueryOptions } from './api/feed-queries.ts';
import { useStartFeedCheckMutation } from './api/feed-mutations.ts';
import { feedKeys } from './api/keys.ts';
import { CheckReport } from './components/check-report.tsx';
import './feeds.css';

/** /site/feed-checker (spec part 2 §2 "Feed checker: start a feed check"): a dry run. */
export default function FeedCheckerPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const client = useQueryClient();
  const [feedType, setFeedType] = useState<FeedType>('YML');
  const [regionId, setRegionId] = useState('global');
  const status = useQuery({
    ...feedStatusQueryOptions(siteId ?? 0, 'feed-check'),
    enabled: siteId !== null,
  });
  const start = useStartFeedCheckMutation(siteId ?? 0);
  if (siteId === null) return <p className="page">{t('feeds.noSite')}</p>;
  const job = status.data;
  const report = job?.state === 'done' ? feedCheckReport.safeParse(job.result) : null;
  const running = job?.state === 'queued' || job?.state === 'running';
  return (
    <div className="page feeds">
      <div className="page__header">
        <h1>{t('feeds.checker.title')}</h1>
      </div>
      <section className="panel" aria-labelledby="feed-check-start">
        <h2 id="feed-check-start" className="ui-visually-hidden">
          {t('feeds.checker.start')}
        </h2>
        <p className="muted">{t('feeds.checker.lead')}</p>
        <form
          className="feed-urls__add"
          onSubmit={(event) => {
            event.preventDefault();
            start.mutate({ feedType, regionId: regionId.trim() || 'global' });
          }}
        >
          <Select<FeedType>
            label={t('feeds.checker.feedType')}
            searchable={false}
            options={FEED_TYPES.map((type) => ({ value: type, label: type }))}
            value={feedType}
            onChange={setFeedType}
          />
          <TextInput label={t('feeds.checker.region')} value={regionId} onChange={setRegionId} />
          {hasAccess(roles, feedCheckerStartRoute.roles) && (
            <Button type="submit" variant="primary" loading={start.isPending} disabled={running}>
              {t('feeds.checker.start')}
            </Button>
          )}
        </form>
        {job ? (
          <JobProgress
            key={job.id}
            siteId={siteId}
            job={job}
            label={t('feeds.kinds.feed-check')}
            onSettled={() =>
              client.invalidateQueries({ queryKey: feedKeys.status(siteId, 'feed-check') })
            }
          />
        ) : (
          status.isSuccess && <p className="muted">{t('feeds.checker.none')}</p>
        )}
      </section>
      {report?.success && <CheckReport report={report.data} />}
    </div>
  );
}
