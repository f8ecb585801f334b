import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasAccess } from '#contract/roles.ts';
import { listSchedulesRoute } from '#contract/routes/schedules.ts';
import { formatFeedTime } from '#src/lib/feed-time.ts';
import { schedulesQueryOptions } from '#src/lib/job-queries.ts';
import { JobScheduleSection } from '#src/lib/job-schedule.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';

const KINDS = ['feed-update', 'delta-feed', 'facets-feed', 'content-feed', 'feed-check'] as const;
type Kind = (typeof KINDS)[number];
const isFeedKind = (kind: string): kind is Kind => (KINDS as readonly string[]).includes(kind);

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
      <div className="ui-table-wrap">
        <table className="ui-table">
          <caption className="ui-visually-hidden">{t('feeds.schedules.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('feeds.schedules.kind')}</th>
              <th scope="col">{t('feeds.schedules.cron')}</th>
              <th scope="col">{t('feeds.schedules.state')}</th>
              <th scope="col">{t('feeds.schedules.next')}</th>
              <th scope="col">{t('feeds.schedules.last')}</th>
            </tr>
          </thead>
          <tbody>
            {schedules.data?.length === 0 && (
              <tr>
                <td className="ui-table__empty" colSpan={5}>
                  {t('feeds.schedules.none')}
                </td>
              </tr>
            )}
            {schedules.data?.map((schedule) => (
              <tr key={schedule.kind}>
                <td>{kindName(schedule.kind)}</td>
                <td>
                  <code>{schedule.cron}</code> ({schedule.timeZone})
                </td>
                <td>{t(schedule.enabled ? 'feeds.schedules.on' : 'feeds.schedules.off')}</td>
                <td>{schedule.enabled ? when(schedule.nextRunAt) : '—'}</td>
                <td>{when(schedule.lastRunAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
