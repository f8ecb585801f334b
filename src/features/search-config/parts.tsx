/** Pieces the search configuration screens share. */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BUILTIN_ATTRIBUTES, type SearchJobStatus } from '#contract/entities/search-config.ts';
import { hasAccess, type Role } from '#contract/roles.ts';
import { catalogAttributesRoute } from '#contract/routes/catalog-lookups.ts';
import { generationStartRoute } from '#contract/routes/search-config.ts';
import { formatDateTime } from '#src/lib/date-format.ts';
import { isActive } from '#src/lib/job-queries.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { useShownField } from '#src/ui/form/form.tsx';
import { ProgressBar } from '#src/ui/progress/progress-bar.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { searchConfigKeys, type SearchJob } from './api/keys.ts';
import { useStartJobMutation } from './api/search-config-mutations.ts';
import {
  catalogAttributesQueryOptions,
  jobStatusQueryOptions,
} from './api/search-config-queries.ts';
import './search-config.css';

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
  const attributes = useQuery(catalogAttributesQueryOptions(siteId, canView));
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

interface AttributePickerProps {
  label: string;
  value: string | null;
  onChange: (name: string) => void;
  withBuiltins: boolean;
  exclude?: string[];
  disabled?: boolean;
  /** A typed name the catalog does not hold yet is offered too (an attribute only regional feeds carry). */
  allowNew?: boolean;
  /** The form's refusal of the picked name, said under the picker. */
  error?: string | undefined;
}

export function AttributePicker({
  label,
  value,
  onChange,
  withBuiltins,
  exclude = [],
  disabled,
  allowNew = false,
  error,
}: AttributePickerProps) {
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
      error={error}
    />
  );
}

/** An `AttributePicker` bound to a form value, its refusal said under it. */
export function FormAttributeField<T extends FieldValues>({
  name,
  ...picker
}: { name: FieldPath<T> } & Omit<AttributePickerProps, 'value' | 'onChange' | 'error'>) {
  const { field, fieldState } = useController<T>({ name });
  useShownField(name);
  return (
    <AttributePicker
      {...picker}
      value={(field.value as string | null) ?? null}
      onChange={field.onChange}
      error={fieldState.error?.message}
    />
  );
}

/** Polls a job's status call every second (spec §9) while its job is queued or running. */
export function useJobStatus(job: SearchJob) {
  return useQuery(jobStatusQueryOptions(job, useSiteId()));
}

export function JobLine({ status, label }: { status: SearchJobStatus | undefined; label: string }) {
  const { t, i18n } = useTranslation();
  const job = status?.job;
  if (!job) return <p className="page__lead">{t('searchConfig.job.never')}</p>;
  const active = isActive(job);
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
  const status = useJobStatus('generation');
  const canStart = useCan(generationStartRoute.roles);
  const start = useStartJobMutation('generation', siteId);
  const active = isActive(status.data?.job);
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
          loading={start.isPending || active}
          disabled={siteId === null || active}
          // A refusal is reported by api().
          onClick={() => start.mutate()}
        >
          {t('searchConfig.rebuild.start')}
        </Button>
      )}
    </section>
  );
}
