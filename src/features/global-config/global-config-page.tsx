import { useTranslation } from 'react-i18next';
import {
  CONSENT_MODES,
  globalConfig,
  PRICE_CURRENCY_DISPLAYS,
  REGION_DETECTIONS,
  type GlobalConfigIn,
} from '#contract/entities/config.ts';
import { SingleConfigPage } from '#src/layout/single-config-page.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';

/**
 * /site/global-config (ROLE_CONFIG_GLOBAL_CONFIG): the site's storefront-wide
 * settings on the config lifecycle of the other single configs — integration and production
 * copies, versions, preview and generate, which compiles them into the storefront bundle.
 */
export default function GlobalConfigPage() {
  const { t } = useTranslation();
  return (
    <SingleConfigPage
      kind="global-config"
      schema={globalConfig}
      defaultValues={globalConfig.parse({})}
      texts={{
        title: t('routes.globalConfig'),
        lead: t('globalConfig.lead'),
        noSite: t('globalConfig.noSite'),
        form: t('globalConfig.form'),
        versions: t('globalConfig.versions'),
      }}
    >
      {({ disabled, noticeId }) => (
        <fieldset disabled={disabled} aria-describedby={noticeId} className="config-sections">
          <fieldset className="config-section">
            <legend>{t('globalConfig.prices')}</legend>
            <div className="form-grid">
              <FormTextField<GlobalConfigIn>
                name="currency"
                label={t('globalConfig.fields.currency')}
                hint={t('globalConfig.hints.currency')}
              />
              <FormTextField<GlobalConfigIn>
                name="locale"
                label={t('globalConfig.fields.locale')}
                hint={t('globalConfig.hints.locale')}
              />
              <FormTextField<GlobalConfigIn>
                name="priceDecimals"
                type="number"
                label={t('globalConfig.fields.priceDecimals')}
              />
              <FormSelectField<GlobalConfigIn, (typeof PRICE_CURRENCY_DISPLAYS)[number]>
                name="currencyDisplay"
                label={t('globalConfig.fields.currencyDisplay')}
                options={PRICE_CURRENCY_DISPLAYS.map((value) => ({
                  value,
                  label: t(`globalConfig.currencyDisplays.${value}`),
                }))}
              />
            </div>
          </fieldset>
          <fieldset className="config-section">
            <legend>{t('globalConfig.pictures')}</legend>
            <FormTextField<GlobalConfigIn>
              name="pictureBaseUrl"
              label={t('globalConfig.fields.pictureBaseUrl')}
              hint={t('globalConfig.hints.pictureBaseUrl')}
            />
          </fieldset>
          <fieldset className="config-section">
            <legend>{t('globalConfig.region')}</legend>
            <div className="form-grid">
              <FormSelectField<GlobalConfigIn, (typeof REGION_DETECTIONS)[number]>
                name="regionDetection"
                label={t('globalConfig.fields.regionDetection')}
                options={REGION_DETECTIONS.map((value) => ({
                  value,
                  label: t(`globalConfig.regionDetections.${value}`),
                }))}
              />
              <FormTextField<GlobalConfigIn>
                name="regionSource"
                label={t('globalConfig.fields.regionSource')}
                hint={t('globalConfig.hints.regionSource')}
              />
            </div>
          </fieldset>
          <fieldset className="config-section">
            <legend>{t('globalConfig.consent')}</legend>
            <div className="form-grid">
              <FormSelectField<GlobalConfigIn, (typeof CONSENT_MODES)[number]>
                name="cookieConsentMode"
                label={t('globalConfig.fields.cookieConsentMode')}
                options={CONSENT_MODES.map((value) => ({
                  value,
                  label: t(`globalConfig.consentModes.${value}`),
                }))}
              />
              <FormTextField<GlobalConfigIn>
                name="consentCookie"
                label={t('globalConfig.fields.consentCookie')}
                hint={t('globalConfig.hints.consentCookie')}
              />
            </div>
          </fieldset>
        </fieldset>
      )}
    </SingleConfigPage>
  );
}
