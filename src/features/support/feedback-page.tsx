import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import {
  FEEDBACK_AREAS,
  FEEDBACK_STATUSES,
  FEEDBACK_TEXT_MAX,
  feedbackInput,
  type Feedback,
  type FeedbackStatus,
} from '#contract/entities/support.ts';
import { applyServerIssues, reportError } from '#src/lib/api.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Badge } from '#src/ui/badge/badge.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { DataTable } from '#src/ui/data-table/data-table.tsx';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { FormField } from '#src/ui/form/form-field.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { toast } from '#src/ui/toast/toast-store.ts';
import { supportKeys } from './api/keys.ts';
import { feedbackQueryOptions } from './api/support-queries.ts';
import { feedbackScreenshot, sendFeedback, setFeedbackStatus } from './api/support-mutations.ts';
import './support.css';
import { formatDateTime } from '#src/lib/date-format.ts';

/** The server's default cap (FEEDBACK_IMAGE_MAX_BYTES); the server checks the real one. */
const SCREENSHOT_HINT_MB = 2;
const STATUS_TONE = { new: 'accent', in_progress: 'warning', done: 'success' } as const;

/** The contract's feedback fields, and the screenshot the multipart form sends beside them. */
const feedbackForm = feedbackInput.extend({ file: z.custom<FileList | null>() });
type FormValues = z.input<typeof feedbackForm>;

/** /internal-feedback (staff only): send feedback on the console, and follow it by status. */
export default function FeedbackPage() {
  const { t, i18n } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const queryClient = useQueryClient();
  const list = useQuery({ ...feedbackQueryOptions(siteId ?? 0), enabled: siteId !== null });
  const [shown, setShown] = useState<{ id: number; src: string } | null>(null);
  const form = useZodForm(feedbackForm, {
    defaultValues: { area: 'other', text: '', file: null },
  });
  const { isSubmitting } = form.formState;
  const chosen = useWatch({ control: form.control, name: 'file' });

  const submit = async (values: z.output<typeof feedbackForm>) => {
    if (siteId === null) return;
    const file = values.file?.[0];
    try {
      await sendFeedback(siteId, { area: values.area, text: values.text }, file);
      toast.success(t('ui.toast.successTitle'), t('support.feedback.sent'));
      form.reset({ area: values.area, text: '', file: null });
      await queryClient.invalidateQueries({ queryKey: supportKeys.feedback(siteId) });
    } catch (error) {
      if (!applyServerIssues(error, form.setError)) reportError(error);
    }
  };

  const setStatus = async (row: Feedback, status: FeedbackStatus) => {
    if (siteId === null) return;
    await setFeedbackStatus(siteId, row.id, status);
    await queryClient.invalidateQueries({ queryKey: supportKeys.feedback(siteId) });
  };
  const showScreenshot = async (row: Feedback) => {
    if (siteId === null) return;
    const shot = await feedbackScreenshot(siteId, row.id);
    setShown({ id: row.id, src: `data:${shot.mediaType};base64,${shot.data}` });
  };

  const columns = useMemo<ColumnDef<Feedback, never>[]>(
    () => [
      { accessorKey: 'id', header: '№' },
      {
        accessorKey: 'createdAt',
        header: t('support.feedback.created'),
        cell: ({ row }) => formatDateTime(row.original.createdAt, i18n.language),
      },
      { accessorKey: 'authorLogin', header: t('support.feedback.author') },
      {
        accessorKey: 'area',
        header: t('support.feedback.area'),
        cell: ({ row }) => t(`support.feedback.areas.${row.original.area}`),
      },
      {
        accessorKey: 'text',
        header: t('support.feedback.text'),
        cell: ({ row }) => <span className="feedback__text">{row.original.text}</span>,
      },
      {
        accessorKey: 'status',
        header: t('support.feedback.status'),
        cell: ({ row }) => (
          <div className="feedback__status">
            <Badge tone={STATUS_TONE[row.original.status]}>
              {t(`support.feedback.statuses.${row.original.status}`)}
            </Badge>
            <select
              className="ui-input"
              aria-label={`${t('support.feedback.status')} №${row.original.id}`}
              value={row.original.status}
              onChange={(event) =>
                void setStatus(row.original, event.target.value as FeedbackStatus)
              }
            >
              {FEEDBACK_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`support.feedback.statuses.${status}`)}
                </option>
              ))}
            </select>
          </div>
        ),
      },
      {
        id: 'screenshot',
        header: t('support.feedback.show'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.hasScreenshot ? (
            <Button size="sm" variant="ghost" onClick={() => void showScreenshot(row.original)}>
              {t('support.feedback.showScreenshot')}
            </Button>
          ) : null,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, siteId],
  );

  if (siteId === null) return <p className="page">{t('support.feedback.noSite')}</p>;
  return (
    <div className="page feedback">
      <div className="page__header">
        <h1>{t('routes.internalFeedback')}</h1>
      </div>
      <p className="page__lead">{t('support.feedback.lead')}</p>
      <Form<FormValues, z.output<typeof feedbackForm>>
        form={form}
        className="feedback__form"
        onSubmit={submit}
      >
        <h2>{t('support.feedback.formTitle')}</h2>
        <FormField<FormValues> name="area" label={t('support.feedback.area')}>
          {(control) => (
            <select className="ui-input" {...control} {...form.register('area')}>
              {FEEDBACK_AREAS.map((area) => (
                <option key={area} value={area}>
                  {t(`support.feedback.areas.${area}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField<FormValues>
          name="text"
          label={t('support.feedback.text')}
          hint={t('support.feedback.textHint')}
        >
          {(control) => (
            <textarea
              className="ui-input feedback__textarea"
              rows={5}
              maxLength={FEEDBACK_TEXT_MAX}
              {...control}
              {...form.register('text')}
            />
          )}
        </FormField>
        <label className="ui-field">
          <span className="ui-field__label">{t('support.feedback.screenshot')}</span>
          {/* The native picker speaks the browser's language: a button of ours instead. */}
          <input
            type="file"
            className="ui-visually-hidden"
            accept="image/png,image/jpeg,image/webp"
            {...form.register('file')}
          />
          <span className="feedback__file" aria-hidden="true">
            <span className="ui-button ui-button--secondary ui-button--sm">
              {t('support.feedback.chooseFile')}
            </span>
            <span>{chosen?.[0]?.name ?? t('support.feedback.noFile')}</span>
          </span>
          <span className="ui-field__hint">
            {t('support.feedback.screenshotHint', {
              size: t('support.feedback.megabytes', { count: SCREENSHOT_HINT_MB }),
            })}
          </span>
        </label>
        <div>
          <Button type="submit" variant="primary" loading={isSubmitting}>
            {t('support.feedback.send')}
          </Button>
        </div>
      </Form>
      <h2>{t('support.feedback.listTitle')}</h2>
      {list.data ? (
        <DataTable
          caption={t('support.feedback.listTitle')}
          columns={columns}
          data={list.data}
          getRowId={(row) => String(row.id)}
          emptyText={t('support.feedback.empty')}
        />
      ) : (
        <Spinner label={t('ui.spinner.loading')} />
      )}
      {shown && (
        <Modal
          open
          title={t('support.feedback.screenshotTitle', { id: shown.id })}
          width={960}
          onClose={() => setShown(null)}
        >
          <img className="feedback__shot" src={shown.src} alt="" />
        </Modal>
      )}
    </div>
  );
}
