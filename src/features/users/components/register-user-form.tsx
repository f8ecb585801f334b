import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { companyEmailCheck } from '#contract/company-email.ts';
import { passwordNotLogin, userRegistrationFields } from '#contract/entities/user.ts';
import { ROLE_PRESETS, ROLE_PRESET_NAMES } from '#contract/role-presets.ts';
import { applyServerIssues, reportError } from '#src/lib/api.ts';
import { toast } from '#src/ui/toast/toast-store.ts';
import { ApiError } from '#contract/client.ts';
import { errorText } from '#src/lib/error-text.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { FormCheckboxField, FormTextField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { useRegisterUserMutation } from '../api/user-mutations.ts';
import { staffEmailDomainsQueryOptions } from '../api/user-queries.ts';
import { useEmailDomainsHint } from './email-domains-hint.ts';

// zod refuses .omit() on a refined schema: pick from the plain fields, then check again.
const registerForm = userRegistrationFields
  .omit({ roles: true, email: true })
  .extend({
    email: z.union([z.email(), z.literal('')]),
    preset: z.enum(ROLE_PRESET_NAMES),
  })
  .superRefine(passwordNotLogin);

/** Waits for the company's e-mail domains: the form checks a staff address as the server does. */
export function RegisterUserForm({ isAdmin }: { isAdmin: boolean }) {
  const domains = useQuery(staffEmailDomainsQueryOptions());
  if (domains.isPending) return null;
  const list = domains.data?.domains ?? [];
  return <RegisterUserFields key={list.join()} isAdmin={isAdmin} domains={list} />;
}

function RegisterUserFields({ isAdmin, domains }: { isAdmin: boolean; domains: string[] }) {
  const { t } = useTranslation();
  const mutation = useRegisterUserMutation();
  const schema = useMemo(() => registerForm.superRefine(companyEmailCheck(domains)), [domains]);
  const emailHint = useEmailDomainsHint(domains);
  const form = useZodForm(schema, {
    defaultValues: { login: '', password: '', name: '', email: '', isClient: true, preset: 'user' },
  });
  const presets = ROLE_PRESET_NAMES.filter((name) => isAdmin || name !== 'admin');
  return (
    <Form
      form={form}
      aria-label={t('users.register.userTitle')}
      onSubmit={async ({ preset, email, ...values }) => {
        try {
          await mutation.mutateAsync({
            ...values,
            email: email || null,
            roles: [...ROLE_PRESETS[preset]],
          });
          toast.success(
            t('ui.toast.successTitle'),
            t('users.register.userDone', { login: values.login }),
          );
          form.reset();
        } catch (error) {
          if (applyServerIssues(error, form.setError)) return;
          // «User … already exists» belongs on the login field, in the user's language.
          if (error instanceof ApiError && error.status === 409) {
            form.setError('login', { type: 'server', message: errorText(error, t) });
            return;
          }
          reportError(error);
        }
      }}
    >
      <div className="form-grid">
        <FormTextField name="login" label={t('users.fields.login')} autoComplete="off" required />
        <FormTextField
          name="password"
          type="password"
          label={t('users.fields.password')}
          autoComplete="new-password"
          required
        />
        <FormTextField name="name" label={t('users.fields.name')} />
        <FormTextField name="email" type="email" label={t('users.fields.email')} hint={emailHint} />
        <FormSelectField
          name="preset"
          label={t('users.fields.preset')}
          options={presets.map((name) => ({ value: name, label: t(`users.presets.${name}`) }))}
          required
        />
        <FormCheckboxField name="isClient" label={t('users.fields.isClient')} />
      </div>
      <FormRootError />
      <Button type="submit" variant="primary" loading={mutation.isPending}>
        {t('users.register.userSubmit')}
      </Button>
    </Form>
  );
}
