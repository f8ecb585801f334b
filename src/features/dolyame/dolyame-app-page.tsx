import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import {
  checkRegionMapText,
  DOLYAME_APP_DEFAULTS,
  type DolyameAppConfig,
} from '#contract/entities/dolyame.ts';
import { describeProblem } from '#contract/json-text.ts';
import { hasAccess } from '#contract/roles.ts';
import { saveDolyameAppRoute } from '#contract/routes/dolyame.ts';
import type { RouteBody } from '#contract/route.ts';
import { applyServerIssues, reportError } from '#src/lib/api.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { FormCheckboxField, FormField, FormTextField } from '#src/ui/form/form-field.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { dolyameAppQueryOptions } from './api/dolyame-queries.ts';
import { useSaveDolyameAppMutation } from './api/dolyame-mutations.ts';
import './dolyame.css';

const wholeNumber = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d{1,9}$/.test(value), {
    params: { i18nKey: 'dolyame.errors.wholeNumber', en: 'A whole number' },
  });

/** The form's fields as text: an empty field means "the default of spec §3". */
const appForm = z.object({
  data: z.string(),
  title: z.string(),
  metaTitle: z.string(),
  domain: z.string(),
  defaultRegionId: z.string(),
  strategy: z.string(),
  primaryColor: z.string(),
  digiPreview: z.string(),
  defaultCategoryLevel: wholeNumber,
  cashbackMaxValue: wholeNumber,
  regionId: z.string(),
  description: z.string(),
  dolyameRegionIdsMap: z.string().superRefine((text, context) => {
    const checked = checkRegionMapText(text);
    if (!checked.ok)
      context.addIssue({ code: 'custom', message: describeProblem(checked.problem) });
  }),
  useCategoryPrediction: z.boolean(),
});
type AppForm = z.infer<typeof appForm>;

function toForm(config: DolyameAppConfig): AppForm {
  return {
    data: config.data,
    title: config.title,
    // shown empty while it follows the title (its default)
    metaTitle: config.metaTitle === config.title ? '' : config.metaTitle,
    domain: config.domain,
    defaultRegionId: config.defaultRegionId,
    strategy: config.strategy,
    primaryColor: config.primaryColor ?? '',
    digiPreview: config.digiPreview ?? '',
    defaultCategoryLevel: config.defaultCategoryLevel?.toString() ?? '',
    cashbackMaxValue: String(config.cashbackMaxValue),
    regionId: config.regionId ?? '',
    description: config.description,
    dolyameRegionIdsMap: config.dolyameRegionIdsMap,
    useCategoryPrediction: config.useCategoryPrediction,
  };
}

function toBody(values: AppForm): RouteBody<typeof saveDolyameAppRoute> {
  const number = (text: string) => (text.trim() === '' ? null : Number(text));
  return {
    ...values,
    defaultCategoryLevel: number(values.defaultCategoryLevel),
    cashbackMaxValue: number(values.cashbackMaxValue),
  };
}

function AppConfigForm({
  siteId,
  config,
  canEdit,
}: {
  siteId: number;
  config: DolyameAppConfig;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const initial = useMemo(() => toForm(config), [config]);
  const form = useZodForm(appForm, { defaultValues: initial });
  const mutation = useSaveDolyameAppMutation(siteId);
  useEffect(() => form.reset(initial), [initial, form]);
  const title = form.watch('title');

  return (
    <Form
      form={form}
      aria-label={t('dolyame.app.title')}
      onSubmit={async (values) => {
        try {
          await mutation.mutateAsync(toBody(values));
        } catch (error) {
          if (applyServerIssues(error, form.setError)) return;
          reportError(error);
        }
      }}
    >
      <fieldset disabled={!canEdit || mutation.isPending} className="form-grid dolyame-form">
        <FormTextField<AppForm> name="title" label={t('dolyame.app.fields.title')} />
        <FormTextField<AppForm>
          name="metaTitle"
          label={t('dolyame.app.fields.metaTitle')}
          placeholder={title}
          hint={t('dolyame.app.hints.metaTitle')}
        />
        <FormTextField<AppForm>
          name="domain"
          type="url"
          label={t('dolyame.app.fields.domain')}
          hint={t('dolyame.app.hints.domain')}
        />
        <div className="dolyame-fixed">
          <span>{t('dolyame.app.fields.apiKey')}</span>
          <code>{config.apiKey}</code>
          <span>{t('dolyame.app.fields.cashback')}</span>
          <code>{DOLYAME_APP_DEFAULTS.cashback}</code>
          <span>{t('dolyame.app.fields.source')}</span>
          <code>{DOLYAME_APP_DEFAULTS.source}</code>
        </div>
        <FormTextField<AppForm>
          name="defaultRegionId"
          label={t('dolyame.app.fields.defaultRegionId')}
          placeholder={DOLYAME_APP_DEFAULTS.defaultRegionId}
        />
        <FormTextField<AppForm> name="regionId" label={t('dolyame.app.fields.regionId')} />
        <FormTextField<AppForm>
          name="strategy"
          label={t('dolyame.app.fields.strategy')}
          placeholder={DOLYAME_APP_DEFAULTS.strategy}
        />
        <FormTextField<AppForm>
          name="cashbackMaxValue"
          label={t('dolyame.app.fields.cashbackMaxValue')}
          placeholder={String(DOLYAME_APP_DEFAULTS.cashbackMaxValue)}
        />
        <FormTextField<AppForm>
          name="defaultCategoryLevel"
          label={t('dolyame.app.fields.defaultCategoryLevel')}
          hint={t('dolyame.app.hints.defaultCategoryLevel')}
        />
        <FormTextField<AppForm>
          name="primaryColor"
          label={t('dolyame.app.fields.primaryColor')}
          placeholder="#1f1f1f"
        />
        <FormTextField<AppForm> name="digiPreview" label={t('dolyame.app.fields.digiPreview')} />
        <FormField<AppForm> name="description" label={t('dolyame.app.fields.description')}>
          {(control) => (
            <textarea
              className="ui-input"
              rows={3}
              {...control}
              {...form.register('description')}
            />
          )}
        </FormField>
        <FormField<AppForm> name="data" label={t('dolyame.app.fields.data')}>
          {(control) => (
            <textarea className="ui-input" rows={3} {...control} {...form.register('data')} />
          )}
        </FormField>
        <FormField<AppForm>
          name="dolyameRegionIdsMap"
          label={t('dolyame.app.fields.dolyameRegionIdsMap')}
          hint={t('dolyame.app.hints.dolyameRegionIdsMap')}
        >
          {(control) => (
            <textarea
              className="ui-input dolyame-json"
              rows={6}
              spellCheck={false}
              {...control}
              {...form.register('dolyameRegionIdsMap')}
            />
          )}
        </FormField>
        <FormCheckboxField<AppForm>
          name="useCategoryPrediction"
          label={t('dolyame.app.fields.useCategoryPrediction')}
        />
      </fieldset>
      <FormRootError />
      {canEdit && (
        <div className="form-actions">
          <Button
            type="submit"
            variant="primary"
            loading={mutation.isPending}
            disabled={!form.formState.isDirty}
          >
            {t('actions.save')}
          </Button>
          <Button type="button" variant="ghost" onClick={() => form.reset(initial)}>
            {t('actions.cancel')}
          </Button>
        </div>
      )}
    </Form>
  );
}

/** /dolyame/config/app: the instalment app's settings (spec part 2 §3 "Instalment app config"). */
export default function DolyameAppPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const config = useQuery({ ...dolyameAppQueryOptions(siteId ?? 0), enabled: siteId !== null });
  if (siteId === null) return <p className="page">{t('dolyame.noSite')}</p>;
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t('routes.dolyameApp')}</h1>
      </div>
      <p className="page__lead">{t('dolyame.app.lead')}</p>
      {config.data ? (
        <AppConfigForm
          siteId={siteId}
          config={config.data}
          canEdit={hasAccess(roles, saveDolyameAppRoute.roles)}
        />
      ) : (
        <Spinner label={t('ui.spinner.loading')} />
      )}
    </div>
  );
}
