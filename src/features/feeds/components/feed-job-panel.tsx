import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasAccess, type Role } from '#contract/roles.ts';
import { FEED_START_ROLES } from '#contract/routes/feeds.ts';
import { JOB_START_ROLES } from '#contract/routes/jobs.ts';
import { JobProgress } from '#src/lib/job-progress.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { feedStatusQueryOptions } from '../api/feed-queries.ts';
import { FEED_CANCEL, useStartFeedJobMutation, type StartKind } from '../api/feed-mutations.ts';
import { feedKeys } from '../api/keys.ts';

/** Who may cancel: the spec's cancel calls take the start role; the generic one the kind's roles. */
const cancelRoles = (kind: StartKind): readonly Role[] =>
  FEED_CANCEL[kind] ? FEED_START_ROLES : (JOB_START_ROLES[kind] ?? ['ROLE_ADMIN']);

/** One feed job: its start button and its latest run with progress (and cancel while it runs). */
export function FeedJobPanel({
  siteId,
  kind,
  title,
  children,
}: {
  siteId: number;
  kind: StartKind;
  title: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const status = useQuery(feedStatusQueryOptions(siteId, kind));
  const start = useStartFeedJobMutation(siteId, kind);
  const running = status.data?.state === 'queued' || status.data?.state === 'running';
  const cancel = FEED_CANCEL[kind];
  return (
    <div className="feed-job">
      <div className="feed-job__head">
        <h3>{title}</h3>
        {hasAccess(roles, FEED_START_ROLES) && (
          <Button
            variant="primary"
            size="sm"
            loading={start.isPending}
            disabled={running}
            onClick={() => start.mutate()}
          >
            {t('feeds.jobs.start')}
          </Button>
        )}
      </div>
      {children}
      {status.data ? (
        <JobProgress
          key={status.data.id}
          siteId={siteId}
          job={status.data}
          label={title}
          canCancel={hasAccess(roles, cancelRoles(kind))}
          {...(cancel && { cancel: () => cancel(siteId) })}
          onSettled={() => client.invalidateQueries({ queryKey: feedKeys.all(siteId) })}
        />
      ) : (
        status.isSuccess && <p className="muted">{t('jobs.none')}</p>
      )}
    </div>
  );
}
