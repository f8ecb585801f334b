import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import { hasAccess } from '#contract/roles.ts';
import {
  deleteScheduleRoute,
  scheduleRoles,
  setScheduleRoute,
} from '#contract/routes/schedules.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { ScheduleEditor, type ScheduleValue } from '#src/ui/schedule/schedule-editor.tsx';
import type { ScheduleMode } from '#src/ui/schedule/schedule-cron.ts';
import { api } from './api.ts';
import { formatFeedTime } from './feed-time.ts';
import { jobKeys, schedulesQueryOptions } from './job-queries.ts';

export interface JobScheduleSectionProps {
  siteId: number;
  /** The job kind (a handler name of the server's job runner). */
  kind: string;
  title: ReactNode;
  /** The zone a new schedule is read in: the site's. */
  timeZone: string;
  modes?: readonly ScheduleMode[];
  defaultMode?: ScheduleMode;
  advice?: (intervalMinutes: number | null) => ReactNode;
}

/**
 * A site's recurring job of one kind, read and saved through `/jobs/schedules`: the schedule
 * editor for users with the kind's roles (spec §6), read-only for the others.
 */
export function JobScheduleSection({ siteId, kind, timeZone, ...rest }: JobScheduleSectionProps) {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const schedules = useQuery(schedulesQueryOptions(siteId));
  const saved = schedules.data?.find((schedule) => schedule.kind === kind) ?? null;
  const refresh = () => client.invalidateQueries({ queryKey: jobKeys.schedules(siteId) });
  const save = useMutation({
    mutationFn: (value: ScheduleValue) =>
      api(setScheduleRoute, { query: { siteId }, body: { kind, ...value } }, { quiet: true }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => api(deleteScheduleRoute, { query: { siteId, kind } }),
    onSuccess: refresh,
  });
  if (!schedules.data) return null;
  const when = (iso: string | null | undefined) =>
    iso ? formatFeedTime(iso, i18n.language) : null;
  return (
    <ScheduleEditor
      {...rest}
      key={saved ? `${saved.cron}|${saved.timeZone}|${saved.enabled}` : 'none'}
      value={saved && { cron: saved.cron, timeZone: saved.timeZone, enabled: saved.enabled }}
      defaultTimeZone={timeZone}
      nextRun={when(saved?.nextRunAt)}
      lastRun={when(saved?.lastRunAt)}
      readOnly={!hasAccess(roles, scheduleRoles(kind))}
      saving={save.isPending || remove.isPending}
      error={save.error instanceof ApiError ? save.error.message : undefined}
      onSave={async (value) => {
        await save.mutateAsync(value).catch(() => undefined);
      }}
      onDelete={() => remove.mutateAsync().then(() => undefined)}
    />
  );
}
