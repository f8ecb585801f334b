import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { login } from '#contract/entities/user.ts';
import { applyServerIssues, reportError } from '#src/lib/api.ts';
import { toast } from '#src/ui/toast/toast-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { useAttachSiteMutation } from '../api/user-mutations.ts';
import { attachableSitesQueryOptions } from '../api/user-queries.ts';

const attachForm = z.object({ login, siteId: z.number().int().positive() });

export function AttachSiteForm() {
  const { t } = useTranslation();
  const mutation = useAttachSiteMutation();
  const sites = useQuery(attachableSitesQueryOptions());
  const form = useZodForm(attachForm, { defaultValues: { login: '' } });
  return (
    <Form
      form={form}
      aria-label={t('users.register.attachTitle')}
      onSubmit={async (values) => {
        try {
          await mutation.mutateAsync(values);
          toast.success(t('ui.toast.successTitle'), t('users.register.attachDone', values));
          form.reset({ login: '' });
        } catch (error) {
          if (!applyServerIssues(error, form.setError)) reportError(error);
        }
      }}
    >
      <div className="form-grid">
        <FormTextField name="login" label={t('users.fields.login')} required />
        <FormSelectField
          name="siteId"
          label={t('users.fields.site')}
          options={(sites.data ?? []).map((site) => ({
            value: site.siteId,
            label: `${site.siteName} (${site.siteId})`,
          }))}
          required
        />
      </div>
      <FormRootError />
      <Button type="submit" variant="primary" loading={mutation.isPending}>
        {t('users.register.attachSubmit')}
      </Button>
    </Form>
  );
}
