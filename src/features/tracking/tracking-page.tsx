import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigActor, useMachineForm } from '#src/lib/config-form.ts';
import {
  ConfigDraft,
  ConfigLifecycle,
  ConfigVersions,
  CopySwitch,
  usePermissions,
  type ConfigCopy,
} from '#src/lib/config-studio.tsx';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { PageTypePatterns } from './components/page-type-patterns.tsx';
import { TrackingRules } from './components/tracking-rules.tsx';
import { FormCheckboxField, FormTextField } from '#src/ui/form/form-field.tsx';
import { trackingForm, type TrackingFormIn, type TrackingFormOut } from './tracking-form.ts';

/** One copy of the site's tracking config on its lifecycle machine. */
function TrackingEditor({ siteId, copy }: { siteId: number; copy: ConfigCopy }) {
  const { t } = useTranslation();
  const actor = useConfigActor({ kind: 'tracking', siteId, test: copy === 'integration' });
  const form = useZodForm<TrackingFormIn, TrackingFormOut>(trackingForm, {
    defaultValues: trackingForm.parse({}),
  });
  const binding = useMachineForm(actor, form);
  const permissions = usePermissions('tracking');
  const canEdit = copy === 'integration' ? permissions.canSave : permissions.canSaveToProd;
  return (
    <>
      <ConfigLifecycle actor={actor} kind="tracking" copy={copy} onSave={binding.save} />
      {copy === 'integration' && (
        <ConfigDraft
          actor={actor}
          siteId={siteId}
          kind="tracking"
          configKey="default"
          onRestore={binding.load}
        />
      )}
      {binding.ready ? (
        <Form<TrackingFormIn, TrackingFormOut>
          form={form}
          aria-label={t('tracking.settings')}
          onSubmit={binding.submit}
        >
          <fieldset disabled={!canEdit} className="config-sections">
            <fieldset className="config-section">
              <legend>{t('tracking.general')}</legend>
              <FormCheckboxField<TrackingFormIn>
                name="enabled"
                label={t('tracking.fields.enabled')}
              />
              <div className="form-grid">
                <FormTextField<TrackingFormIn>
                  name="sessionCookieMinutes"
                  type="number"
                  label={t('tracking.fields.sessionCookieMinutes')}
                />
                <FormTextField<TrackingFormIn>
                  name="userCookieDays"
                  type="number"
                  label={t('tracking.fields.userCookieDays')}
                />
              </div>
            </fieldset>
            <PageTypePatterns />
            <TrackingRules />
          </fieldset>
        </Form>
      ) : (
        <Spinner label={t('ui.spinner.loading')} />
      )}
      <section className="panel" aria-labelledby="tracking-versions">
        <h2 id="tracking-versions">{t('tracking.versions')}</h2>
        <ConfigVersions
          actor={actor}
          siteId={siteId}
          kind="tracking"
          canRestore={copy === 'integration' && permissions.canSave}
          onRestore={binding.load}
        />
      </section>
    </>
  );
}

export default function TrackingPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const [copy, setCopy] = useState<ConfigCopy>('integration');
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t('tracking.title')}</h1>
        {siteId !== null && <CopySwitch value={copy} onChange={setCopy} />}
      </div>
      <p className="page__lead">{t('tracking.lead')}</p>
      {siteId === null ? (
        <p>{t('tracking.noSite')}</p>
      ) : (
        <TrackingEditor key={`${siteId}:${copy}`} siteId={siteId} copy={copy} />
      )}
    </div>
  );
}
