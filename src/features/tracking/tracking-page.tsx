import { useTranslation } from 'react-i18next';
import { SingleConfigPage } from '#src/layout/single-config-page.tsx';
import { FormCheckboxField, FormTextField } from '#src/ui/form/form-field.tsx';
import { PageTypePatterns } from './components/page-type-patterns.tsx';
import { TrackingRules } from './components/tracking-rules.tsx';
import { trackingForm, type TrackingFormIn } from './tracking-form.ts';

export default function TrackingPage() {
  const { t } = useTranslation();
  return (
    <SingleConfigPage
      kind="tracking"
      schema={trackingForm}
      defaultValues={trackingForm.parse({})}
      texts={{
        title: t('tracking.title'),
        lead: t('tracking.lead'),
        noSite: t('tracking.noSite'),
        form: t('tracking.settings'),
        versions: t('tracking.versions'),
      }}
    >
      {({ disabled, noticeId }) => (
        <fieldset disabled={disabled} aria-describedby={noticeId} className="config-sections">
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
      )}
    </SingleConfigPage>
  );
}
