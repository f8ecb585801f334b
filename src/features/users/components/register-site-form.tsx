import { useTranslation } from 'react-i18next';
import { siteInput } from '#contract/entities/site.ts';
import { applyServerIssues, reportError } from '#src/lib/api.ts';
import { toast } from '#src/ui/toast/toast-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { useRegisterSiteMutation } from '../api/user-mutations.ts';

const registerSiteForm = siteInput.pick({ siteName: true, siteUrl: true });

export function RegisterSiteForm() {
  const { t } = useTranslation();
  const mutation = useRegisterSiteMutation();
  const form = useZodForm(registerSiteForm, {
    defaultValues: { siteName: '', siteUrl: 'https://' },
  });
  return (
    <Form
      form={form}
      aria-label={t('users.register.siteTitle')}
      onSubmit={async (values) => {
        try {
          const site = await mutation.mutateAsync(values);
          toast.success(
            t('ui.toast.successTitle'),
            t('users.register.siteDone', { name: site.siteName, id: site.siteId }),
          );
          form.reset();
        } catch (error) {
          if (!applyServerIssues(error, form.setError)) reportError(error);
        }
      }}
    >
      <div className="form-grid">
        <FormTextField name="siteName" label={t('sites.fields.siteName')} required />
        <FormTextField
          name="siteUrl"
          type="url"
          label={t('sites.fields.siteUrl')}
          hint={t('sites.fields.siteUrlHint')}
          required
        />
      </div>
      <FormRootError />
      <Button type="submit" variant="primary" loading={mutation.isPending}>
        {t('users.register.siteSubmit')}
      </Button>
    </Form>
  );
}
