/** A query list's file upload with its options (the vertical it replaces, where it is enabled). */
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import {
  LIST_VARIANTS,
  queryListUploadOptions,
  type QueryListKind,
} from '#contract/entities/query-lists.ts';
import { QUERY_LIST_ROUTES } from '#contract/routes/query-lists.ts';
import { uploadFile } from '#src/lib/upload.ts';
import { FormCheckboxField, FormTextField } from '#src/ui/form/form-field.tsx';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { UploadField } from '#src/ui/upload/upload-field.tsx';

/** The upload's options: the contract's vertical, and two switches sent as its form fields. */
const uploadOptionsForm = queryListUploadOptions.pick({ vertical: true }).extend({
  enableOnSite: z.boolean(),
  disableOther: z.boolean(),
});
type UploadOptions = z.input<typeof uploadOptionsForm>;

export function UploadBox({
  list,
  siteId,
  onUploaded,
}: {
  list: QueryListKind;
  siteId: number;
  onUploaded: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(uploadOptionsForm, {
    defaultValues: { vertical: '', enableOnSite: true, disableOther: false },
  });
  return (
    <section className="query-lists__upload" aria-label={t('queryLists.uploadTitle')}>
      <h2>{t('queryLists.uploadTitle')}</h2>
      <p className="query-lists__hint">{t(`queryLists.uploadColumns.${LIST_VARIANTS[list]}`)}</p>
      {/* The file is the submit: choosing one sends it with these options as they are. */}
      <Form form={form} onSubmit={() => undefined}>
        <div className="query-lists__upload-options">
          <FormTextField<UploadOptions>
            name="vertical"
            label={t('queryLists.vertical')}
            maxLength={100}
          />
          <FormCheckboxField<UploadOptions>
            name="enableOnSite"
            label={t('queryLists.enableOnSite')}
          />
          <FormCheckboxField<UploadOptions>
            name="disableOther"
            label={t('queryLists.disableOther')}
          />
        </div>
        <UploadField
          label={t('queryLists.uploadFile')}
          upload={(file, onProgress, signal) => {
            const options = uploadOptionsForm.parse(form.getValues());
            return uploadFile(QUERY_LIST_ROUTES[list].upload, {
              query: { siteId },
              fields: {
                vertical: options.vertical ?? '',
                enableOnSiteId: options.enableOnSite ? siteId : 'none',
                disableOther: options.disableOther,
              },
              file,
              onProgress,
              signal,
            });
          }}
          onUploaded={() => void onUploaded()}
        />
      </Form>
    </section>
  );
}
