/** Pieces the search configuration screens share. */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { BUILTIN_ATTRIBUTES, type SearchJobStatus } from '#contract/entities/search-config.ts';
import { hasAccess, type Role } from '#contract/roles.ts';
import { catalogAttributesRoute } from '#contract/routes/catalog-lookups.ts';
import type { RouteDef } from '#contract/route.ts';
import { api } from '#src/lib/api.ts';
import { searchConfigKeys, type SearchJob } from './api/keys.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { ProgressBar } from '#src/ui/progress/progress-bar.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { generationStartRoute, generationStatusRoute } from '#contract/routes/search-config.ts';
import './search-config.css';
import { formatDateTime } from '#src/lib/date-format.ts';

export function useSiteId(): number | null {
  return useSiteStore((state) => state.siteId);
}

export function useCan(roles: readonly Role[]): boolean {
  const mine = useAuthStore((state) => state.me?.roles ?? []);
  return hasAccess(mine, roles);
}

/** The attribute names an operator may pick: the built-in fields and the catalog's params. */
export function useAttributeOptions(withBuiltins: boolean) {
  const siteId = useSiteId();
  const { t } = useTranslation();
  const canView = useCan(catalogAttributesRoute.roles);
  const attributes = useQuery({
    queryKey: searchConfigKeys.catalogAttributes(siteId),
    enabled: siteId !== null && canView,
    queryFn: () =>
      api(
        catalogAttributesRoute,
        { query: { siteId: siteId!, limit: 500 } },
        { overlay: false, quiet: true },
      ),
  });
  return [
    ...(withBuiltins
      ? BUILTIN_ATTRIBUTES.map((name) => ({
          value: name as string,
          label: t(`searchConfig.builtin.${name}`),
        }))
      : []),
    ...(attributes.data ?? []).map((a) => ({
      value: a.name,
      label: `${a.name} (${a.products})`,
    })),
  ];
}

export function AttributePicker({
  label,
  value,
  onChange,
  withBuiltins,
  exclude = [],
  disabled,
  allowNew = false,
}: {
  label: string;
  value: string | null;
  onChange: (name: string) => void;
  withBuiltins: boolean;
  exclude?: string[];
  disabled?: boolean;
  /** A typed name the catalog does not hold yet is offered too (an attribute only regional feeds carry). */
  allowNew?: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const known = useAttributeOptions(withBuiltins);
  const options = known.filter((o) => !exclude.includes(o.value));
  const name = typed.trim();
  const isNew =
    allowNew &&
    name !== '' &&
    ![...known.map((o) => o.value), ...exclude].some((v) => v.toLowerCase() === name.toLowerCase());
  return (
    <Select
      ariaLabel={label}
      options={
        isNew
          ? [{ value: name, label: t('searchConfig.newAttribute', { name }) }, ...options]
          : options
      }
      value={value}
      onChange={(next) => {
        setTyped('');
        onChange(next);
      }}
      {...(allowNew && { onQueryChange: setTyped, queryDebounceMs: 0 })}
      disabled={disabled ?? false}
      {...(value !== null && { selectedLabel: value })}
    />
  );
}

/** zod issues as lines "path: message". */
export function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((issue) =>
    issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
}

export function Issues({ list }: { list: string[] }) {
  if (!list.length) return null;
  return (
    <ul className="search-config__issues" role="alert">
      {list.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** Polls a job status call every second (spec §9) while its job is queued or running. */
export function useJobStatus<R extends RouteDef>(route: R, job: SearchJob) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: searchConfigKeys.jobStatus(job, siteId),
    enabled: siteId !== null,
    queryFn: () =>
      api(route, { query: { siteId: siteId! } } as never, {
        overlay: false,
        quiet: true,
      }) as Promise<SearchJobStatus>,
    refetchInterval: (query) => {
      const state = (query.state.data as SearchJobStatus | undefined)?.job?.state;
      return state === 'queued' || state === 'running' ? 1000 : false;
    },
  });
}

export function JobLine({ status, label }: { status: SearchJobStatus | undefined; label: string }) {
  const { t, i18n } = useTranslation();
  const job = status?.job;
  if (!job) return <p className="page__lead">{t('searchConfig.job.never')}</p>;
  const active = job.state === 'queued' || job.state === 'running';
  return (
    <div className="search-config__job">
      {active ? (
        <ProgressBar percent={job.state === 'queued' ? null : job.progress} label={label} />
      ) : (
        <p>
          {t(`searchConfig.job.state.${job.state}`)}
          {job.finishedAt && ` · ${formatDateTime(job.finishedAt, i18n.language)}`}
          {job.error && ` · ${job.error}`}
        </p>
      )}
    </div>
  );
}

/** The feed generation job: whether index settings wait for a rebuild, and the rebuild itself. */
export function RebuildPanel() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const client = useQueryClient();
  const status = useJobStatus(generationStatusRoute, 'generation');
  const canStart = useCan(generationStartRoute.roles);
  const [starting, setStarting] = useState(false);
  const active = status.data?.job?.state === 'queued' || status.data?.job?.state === 'running';
  useEffect(() => {
    if (status.data?.job?.state === 'done')
      void client.invalidateQueries({ queryKey: searchConfigKeys.settings });
  }, [status.data?.job?.state, client]);
  return (
    <section className="panel" aria-labelledby="rebuild-title">
      <h2 id="rebuild-title">{t('searchConfig.rebuild.title')}</h2>
      <p className="page__lead">
        {status.data?.pending
          ? t('searchConfig.rebuild.pending')
          : t('searchConfig.rebuild.upToDate')}
      </p>
      <JobLine status={status.data} label={t('searchConfig.rebuild.title')} />
      {canStart && (
        <Button
          variant={status.data?.pending ? 'primary' : 'secondary'}
          loading={starting || active}
          disabled={siteId === null || active}
          onClick={async () => {
            setStarting(true);
            try {
              const next = await api(
                generationStartRoute,
                { query: { siteId: siteId! } },
                { overlay: false },
              );
              client.setQueryData(searchConfigKeys.jobStatus('generation', siteId), next);
            } catch {
              // reported by api()
            } finally {
              setStarting(false);
            }
          }}
        >
          {t('searchConfig.rebuild.start')}
        </Button>
      )}
    </section>
  );
}
