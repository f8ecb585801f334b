import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { JobSchedule } from '#contract/entities/schedule.ts';
import { hasAccess } from '#contract/roles.ts';
import { listSchedulesRoute } from '#contract/routes/schedules.ts';
import { formatFeedTime } from '#src/lib/feed-time.ts';
import { schedulesQueryOptions } from '#src/lib/job-queries.ts';
import { JobScheduleSection } from '#src/lib/job-schedule.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { DataTable } from '#src/ui/data-table/data-table.tsx';

const KINDS = ['feed-update', 'delta-feed', 'facets-feed', 'content-feed', 'feed-check'] as const;
type Kind = (typeof KINDS)[number];
const isFeedKind = (kind: string): kind is Kind => (KINDS as readonly string[]).includes(kind);
const schedule = createColumnHelper<JobSchedule>();

/**
 * The feed jobs' schedules: what runs when (next and last run). The full feed and the delta run
 * on the interval of their settings; the facets and content feeds get a schedule of their own.
 */
export function SchedulesPanel({ siteId, timeZone }: { siteId: number; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const allowed = hasAccess(roles, listSchedulesRoute.roles);
  const schedules = useQuery({ ...schedulesQueryOptions(siteId), enabled: allowed });
  if (!allowed) return null;
  const when = (iso: string | null) => (iso ? formatFeedTime(iso, i18n.language) : '—');
  const kindName = (kind: string) => (isFeedKind(kind) ? t(`feeds.kinds.${kind}`) : kind);
  return (
    <section className="panel" aria-labelledby="feeds-schedules">
      <h2 id="feeds-schedules">{t('feeds.schedules.title')}</h2>
      <p className="muted">{t('feeds.schedules.lead')}</p>
      <DataTable<JobSchedule>
        caption={t('feeds.schedules.title')}
        columns={[
          schedule.accessor((row) => kindName(row.kind), {
            id: 'kind',
            header: t('feeds.schedules.kind'),
          }),
          schedule.accessor('cron', {
            header: t('feeds.schedules.cron'),
            cell: ({ row: { original: row } }) => (
              <>
                <code>{row.cron}</code> ({row.timeZone})
              </>
            ),
          }),
          schedule.accessor(
            (row) => t(row.enabled ? 'feeds.schedules.on' : 'feeds.schedules.off'),
            {
              id: 'state',
              header: t('feeds.schedules.state'),
            },
          ),
          schedule.accessor((row) => (row.enabled ? (row.nextRunAt ?? '') : ''), {
            id: 'next',
            header: t('feeds.schedules.next'),
            cell: ({ row: { original: row } }) => (row.enabled ? when(row.nextRunAt) : '—'),
          }),
          schedule.accessor((row) => row.lastRunAt ?? '', {
            id: 'last',
            header: t('feeds.schedules.last'),
            cell: ({ row: { original: row } }) => when(row.lastRunAt),
          }),
        ]}
        data={schedules.data ?? []}
        loading={schedules.isPending}
        getRowId={(row) => row.kind}
        emptyText={t('feeds.schedules.none')}
      />
      <div className="feed-settings">
        <JobScheduleSection
          siteId={siteId}
          kind="facets-feed"
          title={t('feeds.schedules.of', { kind: t('feeds.kinds.facets-feed') })}
          timeZone={timeZone}
          defaultMode="daily"
        />
        <JobScheduleSection
          siteId={siteId}
          kind="content-feed"
          title={t('feeds.schedules.of', { kind: t('feeds.kinds.content-feed') })}
          timeZone={timeZone}
          defaultMode="daily"
        />
      </div>
    </section>
  );
}
