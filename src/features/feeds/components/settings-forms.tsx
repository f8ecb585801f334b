import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch, type DefaultValues, type FieldValues } from 'react-hook-form';
import * as z from 'zod';
import {
  contentFeedSettings,
  deltaFeedSettings,
  facetsFeedSettings,
  ymlFeedSettings,
  type ContentFeedSettings,
  type DeltaFeedSettings,
  type FacetsFeedSettings,
  type YmlFeedSettings,
} from '#contract/entities/feeds.ts';
import { applyServerIssues, reportError } from '#src/lib/api.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { FormCheckboxField, FormTextField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { saveFeedSettings, useSaveFeedSettingsMutation } from '../api/feed-mutations.ts';
import { HoursAdvice, MinutesAdvice } from './interval-advice.tsx';

/** An empty number field is "not set" (NaN from valueAsNumber). */
const optionalHours = z.preprocess(
  (value) => (typeof value === 'number' && Number.isNaN(value) ? null : value),
  ymlFeedSettings.shape.staleProductDeletionHours,
);
const ymlForm = ymlFeedSettings.extend({ staleProductDeletionHours: optionalHours });

/**
 * The one shell of the four settings forms (YML, delta, facets, content): the form over the
 * contract schema, reset when the saved value changes, the save (which also refreshes the
 * schedules: a YML or delta save sets them, server/feeds/jobs.ts syncSchedule), the server's
 * field errors, the fields disabled without the right, and the save button.
 */
function SettingsForm<TIn extends FieldValues, TOut extends FieldValues>({
  siteId,
  canEdit,
  label,
  schema,
  value,
  save: call,
  children,
  after,
}: {
  siteId: number;
  canEdit: boolean;
  label: string;
  schema: z.ZodType<TOut, TIn>;
  /** The saved settings as the form holds them (keep it stable: a new object resets the form). */
  value: DefaultValues<TIn>;
  save: (siteId: number, body: TOut) => Promise<unknown>;
  children: ReactNode;
  /** Below the fields (the interval advice). */
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useZodForm(schema, { defaultValues: value });
  useEffect(() => form.reset(value), [value, form]);
  const save = useSaveFeedSettingsMutation(siteId, call);
  return (
    <Form
      form={form}
      aria-label={label}
      onSubmit={async (values) => {
        try {
          await save.mutateAsync(values);
        } catch (error) {
          if (!applyServerIssues(error, form.setError)) reportError(error);
        }
      }}
    >
      <fieldset disabled={!canEdit || save.isPending} className="form-grid">
        {children}
      </fieldset>
      {after}
      <FormRootError />
      {canEdit && (
        <div className="form-actions">
          <Button
            type="submit"
            variant="primary"
            loading={save.isPending}
            disabled={!form.formState.isDirty}
          >
            {t('actions.save')}
          </Button>
        </div>
      )}
    </Form>
  );
}

function WatchedHoursAdvice() {
  return <HoursAdvice hours={Number(useWatch({ name: 'updateIntervalHours' }))} />;
}

function WatchedMinutesAdvice() {
  return <MinutesAdvice minutes={Number(useWatch({ name: 'updateIntervalMinutes' }))} />;
}

interface SettingsProps<T> {
  siteId: number;
  value: T;
  canEdit: boolean;
}

export function YmlSettingsForm({ siteId, value, canEdit }: SettingsProps<YmlFeedSettings>) {
  const { t } = useTranslation();
  return (
    <SettingsForm
      siteId={siteId}
      canEdit={canEdit}
      label={t('feeds.settings.yml')}
      schema={ymlForm}
      value={value}
      save={saveFeedSettings.yml}
      after={<WatchedHoursAdvice />}
    >
      <FormSelectField
        name="format"
        label={t('feeds.settings.format')}
        options={[
          { value: 'YML', label: 'YML' },
          { value: 'OZON', label: 'OZON' },
        ]}
      />
      <FormCheckboxField name="scheduled" label={t('feeds.settings.scheduled')} />
      <FormTextField
        name="updateIntervalHours"
        type="number"
        label={t('feeds.settings.updateIntervalHours')}
        hint={t('feeds.settings.updateIntervalHint')}
      />
      <FormTextField
        name="staleProductDeletionHours"
        type="number"
        label={t('feeds.settings.staleHours')}
        hint={t('feeds.settings.staleHint')}
      />
    </SettingsForm>
  );
}

export function DeltaSettingsForm({ siteId, value, canEdit }: SettingsProps<DeltaFeedSettings>) {
  const { t } = useTranslation();
  return (
    <SettingsForm
      siteId={siteId}
      canEdit={canEdit}
      label={t('feeds.settings.delta')}
      schema={deltaFeedSettings}
      value={value}
      save={saveFeedSettings.delta}
      after={<WatchedMinutesAdvice />}
    >
      <FormTextField name="delimiter" label={t('feeds.settings.delimiter')} maxLength={1} />
      <FormTextField name="externalIdColumn" label={t('feeds.settings.externalIdColumn')} />
      <FormTextField name="priceColumn" label={t('feeds.settings.priceColumn')} />
      <FormTextField name="availabilityColumn" label={t('feeds.settings.availabilityColumn')} />
      <FormTextField name="regionExternalIdColumn" label={t('feeds.settings.regionColumn')} />
      <FormTextField
        name="availabilityTrueFormat"
        label={t('feeds.settings.availabilityTrueFormat')}
      />
      <FormTextField
        name="attributeDelimiter"
        label={t('feeds.settings.attributeDelimiter')}
        maxLength={1}
      />
      <FormCheckboxField name="scheduled" label={t('feeds.settings.deltaScheduled')} />
      <FormTextField
        name="updateIntervalMinutes"
        type="number"
        label={t('feeds.settings.updateIntervalMinutes')}
        hint={t('feeds.settings.deltaIntervalHint')}
      />
    </SettingsForm>
  );
}

export function FacetsSettingsForm({ siteId, value, canEdit }: SettingsProps<FacetsFeedSettings>) {
  const { t } = useTranslation();
  return (
    <SettingsForm
      siteId={siteId}
      canEdit={canEdit}
      label={t('feeds.settings.facets')}
      schema={facetsFeedSettings}
      value={value}
      save={saveFeedSettings.facets}
    >
      <FormTextField name="delimiter" label={t('feeds.settings.delimiter')} maxLength={1} />
      <FormTextField name="escapeChar" label={t('feeds.settings.escapeChar')} maxLength={1} />
      <FormTextField name="quoteChar" label={t('feeds.settings.quoteChar')} maxLength={1} />
      <FormSelectField
        name="encoding"
        label={t('feeds.settings.encoding')}
        options={[
          { value: 'UTF8', label: 'UTF-8' },
          { value: 'CP1251', label: 'CP1251' },
        ]}
      />
    </SettingsForm>
  );
}

/** An empty URL field is "no content feed". */
const contentForm = contentFeedSettings.extend({
  url: z.preprocess((v) => (v === '' ? null : v), contentFeedSettings.shape.url),
});

export function ContentSettingsForm({
  siteId,
  value,
  canEdit,
}: SettingsProps<ContentFeedSettings>) {
  const { t } = useTranslation();
  const shown = useMemo(() => ({ url: value.url ?? '' }), [value]);
  return (
    <SettingsForm
      siteId={siteId}
      canEdit={canEdit}
      label={t('feeds.settings.content')}
      schema={contentForm}
      value={shown}
      save={(id, body) => saveFeedSettings.content(id, body as ContentFeedSettings)}
    >
      <FormTextField name="url" type="url" label={t('feeds.settings.contentUrl')} />
    </SettingsForm>
  );
}
