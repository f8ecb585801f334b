import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
import {
  editDeltaSettingsRoute,
  editYmlSettingsRoute,
  saveContentRoute,
  saveFacetsFeedRoute,
} from '#contract/routes/feeds.ts';
import { api, applyServerIssues, reportError } from '#src/lib/api.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { FormCheckboxField, FormTextField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { jobKeys } from '#src/lib/job-queries.ts';
import { feedKeys } from '../api/keys.ts';
import { HoursAdvice, MinutesAdvice } from './interval-advice.tsx';

/** An empty number field is "not set" (NaN from valueAsNumber). */
const optionalHours = z.preprocess(
  (value) => (typeof value === 'number' && Number.isNaN(value) ? null : value),
  ymlFeedSettings.shape.staleProductDeletionHours,
);
const ymlForm = ymlFeedSettings.extend({ staleProductDeletionHours: optionalHours });

function useSave<B>(siteId: number, call: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    // A YML or delta save also sets the schedule (server/feeds/jobs.ts syncSchedule).
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: feedKeys.all(siteId) }),
        client.invalidateQueries({ queryKey: jobKeys.all(siteId) }),
      ]),
  });
}

function Actions({ pending, dirty }: { pending: boolean; dirty: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <Button type="submit" variant="primary" loading={pending} disabled={!dirty}>
        {t('actions.save')}
      </Button>
    </div>
  );
}

export function YmlSettingsForm({
  siteId,
  value,
  canEdit,
}: {
  siteId: number;
  value: YmlFeedSettings;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const form = useZodForm(ymlForm, { defaultValues: value });
  useEffect(() => form.reset(value), [value, form]);
  const save = useSave(siteId, (body: YmlFeedSettings) =>
    api(editYmlSettingsRoute, { query: { siteId }, body }, { quiet: true }),
  );
  const hours = form.watch('updateIntervalHours');
  return (
    <Form
      form={form}
      aria-label={t('feeds.settings.yml')}
      onSubmit={async (values) => {
        try {
          await save.mutateAsync(values);
        } catch (error) {
          if (!applyServerIssues(error, form.setError)) reportError(error);
        }
      }}
    >
      <fieldset disabled={!canEdit || save.isPending} className="form-grid">
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
      </fieldset>
      <HoursAdvice hours={Number(hours)} />
      <FormRootError />
      {canEdit && <Actions pending={save.isPending} dirty={form.formState.isDirty} />}
    </Form>
  );
}

export function DeltaSettingsForm({
  siteId,
  value,
  canEdit,
}: {
  siteId: number;
  value: DeltaFeedSettings;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const form = useZodForm(deltaFeedSettings, { defaultValues: value });
  useEffect(() => form.reset(value), [value, form]);
  const save = useSave(siteId, (body: DeltaFeedSettings) =>
    api(editDeltaSettingsRoute, { query: { siteId }, body }, { quiet: true }),
  );
  const minutes = form.watch('updateIntervalMinutes');
  return (
    <Form
      form={form}
      aria-label={t('feeds.settings.delta')}
      onSubmit={async (values) => {
        try {
          await save.mutateAsync(values);
        } catch (error) {
          if (!applyServerIssues(error, form.setError)) reportError(error);
        }
      }}
    >
      <fieldset disabled={!canEdit || save.isPending} className="form-grid">
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
      </fieldset>
      <MinutesAdvice minutes={Number(minutes)} />
      <FormRootError />
      {canEdit && <Actions pending={save.isPending} dirty={form.formState.isDirty} />}
    </Form>
  );
}

export function FacetsSettingsForm({
  siteId,
  value,
  canEdit,
}: {
  siteId: number;
  value: FacetsFeedSettings;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const form = useZodForm(facetsFeedSettings, { defaultValues: value });
  useEffect(() => form.reset(value), [value, form]);
  const save = useSave(siteId, (body: FacetsFeedSettings) =>
    api(saveFacetsFeedRoute, { query: { siteId }, body }, { quiet: true }),
  );
  return (
    <Form
      form={form}
      aria-label={t('feeds.settings.facets')}
      onSubmit={async (values) => {
        try {
          await save.mutateAsync(values);
        } catch (error) {
          if (!applyServerIssues(error, form.setError)) reportError(error);
        }
      }}
    >
      <fieldset disabled={!canEdit || save.isPending} className="form-grid">
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
      </fieldset>
      <FormRootError />
      {canEdit && <Actions pending={save.isPending} dirty={form.formState.isDirty} />}
    </Form>
  );
}

export function ContentSettingsForm({
  siteId,
  value,
  canEdit,
}: {
  siteId: number;
  value: ContentFeedSettings;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const schema = contentFeedSettings.extend({
    url: z.preprocess((v) => (v === '' ? null : v), contentFeedSettings.shape.url),
  });
  const form = useZodForm(schema, { defaultValues: { url: value.url ?? '' } });
  useEffect(() => form.reset({ url: value.url ?? '' }), [value, form]);
  const save = useSave(siteId, (body: ContentFeedSettings) =>
    api(saveContentRoute, { query: { siteId }, body }, { quiet: true }),
  );
  return (
    <Form
      form={form}
      aria-label={t('feeds.settings.content')}
      onSubmit={async (values) => {
        try {
          await save.mutateAsync(values as ContentFeedSettings);
        } catch (error) {
          if (!applyServerIssues(error, form.setError)) reportError(error);
        }
      }}
    >
      <fieldset disabled={!canEdit || save.isPending} className="form-grid">
        <FormTextField name="url" type="url" label={t('feeds.settings.contentUrl')} />
      </fieldset>
      <FormRootError />
      {canEdit && <Actions pending={save.isPending} dirty={form.formState.isDirty} />}
    </Form>
  );
}
