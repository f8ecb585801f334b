/** /anyquery/search/job-config: the autocomplete job. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { jobScheduleInput } from '#contract/entities/search-config.ts';
import {
  autocompleteJobStartRoute,
  saveAutocompleteJobRoute,
} from '#contract/routes/search-config.ts';
import { isActive } from '#src/lib/job-queries.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Form } from '#src/ui/form/form.tsx';
import { FormCheckboxField, FormTextField } from '#src/ui/form/form-field.tsx';
import {
  useSaveAutocompleteScheduleMutation,
  useStartJobMutation,
} from './api/search-config-mutations.ts';
import { JobLine, RebuildPanel, useCan, useJobStatus, useSiteId } from './parts.tsx';
import { useValueForm } from './settings-parts.tsx';

/** The schedule's time zone is not asked: the job runs on UTC. */
const TIME_ZONE = 'UTC';
/** The schedule a site has before anyone sets one: every night at 03:00. */
const DEFAULT_CRON = '0 3 * * *';

function ScheduleForm({ cron, enabled }: { cron: string; enabled: boolean }) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const canConfig = useCan(saveAutocompleteJobRoute.roles);
  const save = useSaveAutocompleteScheduleMutation(siteId);
  const value = useMemo(() => ({ cron, timeZone: TIME_ZONE, enabled }), [cron, enabled]);
  const form = useValueForm(jobScheduleInput, value);
  return (
    <Form className="search-config__form" form={form} onSubmit={(body) => save.mutate(body)}>
      <div className="form-grid">
        <FormTextField
          name="cron"
          label={t('searchConfig.autocompleteJob.cron')}
          hint={t('searchConfig.autocompleteJob.cronHint')}
          disabled={!canConfig}
        />
      </div>
      <FormCheckboxField
        name="enabled"
        label={t('searchConfig.autocompleteJob.enabled')}
        disabled={!canConfig}
      />
      {canConfig && (
        <div className="search-config__actions">
          <Button type="submit" variant="primary">
            {t('actions.save')}
          </Button>
        </div>
      )}
    </Form>
  );
}

export function JobConfigPage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const status = useJobStatus('autocomplete');
  const canStart = useCan(autocompleteJobStartRoute.roles);
  const start = useStartJobMutation('autocomplete', siteId);
  const active = isActive(status.data?.job);
  return (
    <div className="page">
      <h1>{t('routes.jobConfig')}</h1>
      <RebuildPanel />
      <section className="panel" aria-labelledby="ac-job">
        <h2 id="ac-job">{t('searchConfig.autocompleteJob.title')}</h2>
        <p className="page__lead">{t('searchConfig.autocompleteJob.lead')}</p>
        <JobLine status={status.data} label={t('searchConfig.autocompleteJob.title')} />
        {canStart && (
          <Button
            loading={active}
            disabled={siteId === null || active}
            onClick={() => start.mutate()}
          >
            {t('searchConfig.autocompleteJob.start')}
          </Button>
        )}
        <ScheduleForm
          cron={status.data?.schedule?.cron ?? DEFAULT_CRON}
          enabled={status.data?.schedule?.enabled ?? true}
        />
      </section>
    </div>
  );
}
