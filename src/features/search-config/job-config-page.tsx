/** /anyquery/search/job-config: the autocomplete job. */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  autocompleteJobRoute,
  autocompleteJobStartRoute,
  saveAutocompleteJobRoute,
} from '#contract/routes/search-config.ts';
import { api } from '#src/lib/api.ts';
import { searchConfigKeys } from './api/keys.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { JobLine, RebuildPanel, useCan, useJobStatus, useSiteId } from './parts.tsx';
import { useDraft } from './settings-parts.tsx';

export function JobConfigPage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const client = useQueryClient();
  const status = useJobStatus(autocompleteJobRoute, 'autocomplete');
  const canStart = useCan(autocompleteJobStartRoute.roles);
  const canConfig = useCan(saveAutocompleteJobRoute.roles);
  const [cronDraft, setCron] = useDraft(status.data?.schedule?.cron ?? '0 3 * * *');
  const [enabledDraft, setEnabled] = useDraft(status.data?.schedule?.enabled ?? true);
  const cron = cronDraft ?? '0 3 * * *';
  const enabled = enabledDraft ?? true;
  const active = status.data?.job?.state === 'queued' || status.data?.job?.state === 'running';
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
            onClick={async () => {
              const next = await api(autocompleteJobStartRoute, { query: { siteId: siteId! } });
              client.setQueryData(searchConfigKeys.jobStatus('autocomplete', siteId), next);
            }}
          >
            {t('searchConfig.autocompleteJob.start')}
          </Button>
        )}
        <div className="form-grid">
          <TextInput
            label={t('searchConfig.autocompleteJob.cron')}
            hint={t('searchConfig.autocompleteJob.cronHint')}
            value={cron}
            onChange={setCron}
            disabled={!canConfig}
          />
        </div>
        <Checkbox
          label={t('searchConfig.autocompleteJob.enabled')}
          checked={enabled}
          disabled={!canConfig}
          onChange={(e) => setEnabled(e.target.checked)}
        />
        {canConfig && (
          <div className="search-config__actions">
            <Button
              variant="primary"
              onClick={async () => {
                const next = await api(saveAutocompleteJobRoute, {
                  query: { siteId: siteId! },
                  body: { cron, timeZone: 'UTC', enabled },
                });
                client.setQueryData(searchConfigKeys.jobStatus('autocomplete', siteId), next);
              }}
            >
              {t('actions.save')}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
