import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { companyEmailCheck } from '#contract/company-email.ts';
import type { User } from '#contract/entities/user.ts';
import { userUpdate } from '#contract/entities/user.ts';
import { applyServerIssues, reportError } from '#src/lib/api.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { FormCheckboxField, FormTextField } from '#src/ui/form/form-field.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { useUpdateUserMutation } from './api/user-mutations.ts';
import { staffEmailDomainsQueryOptions, usersQueryOptions } from './api/user-queries.ts';
import { useEmailDomainsHint } from './components/email-domains-hint.ts';

const editForm = userUpdate.extend({
  name: z.string().trim().max(200),
  email: z.union([z.email(), z.literal('')]),
  isClient: z.boolean(),
  password: z.union([z.string().min(1).max(200), z.literal('')]),
});
type EditFormIn = z.input<typeof editForm>;

const toForm = (user: User): EditFormIn => ({
  name: user.name,
  email: user.email ?? '',
  isClient: user.isClient,
  password: '',
});

function EditUserForm({ user, domains }: { user: User; domains: string[] }) {
  const { t } = useTranslation();
  const mutation = useUpdateUserMutation();
  const schema = useMemo(() => editForm.superRefine(companyEmailCheck(domains)), [domains]);
  const emailHint = useEmailDomainsHint(domains);
  const form = useZodForm(schema, { defaultValues: toForm(user) });
  useEffect(() => form.reset(toForm(user)), [user, form]);
  return (
    <Form
      form={form}
      aria-label={t('routes.editUser')}
      onSubmit={async ({ password, email, ...values }) => {
        try {
          await mutation.mutateAsync({
            login: user.login,
            body: { ...values, email: email || null, ...(password && { password }) },
          });
        } catch (error) {
          if (!applyServerIssues(error, form.setError)) reportError(error);
        }
      }}
    >
      <div className="form-grid">
        <FormTextField name="name" label={t('users.fields.name')} />
        <FormTextField name="email" type="email" label={t('users.fields.email')} hint={emailHint} />
        <FormTextField
          name="password"
          type="password"
          label={t('users.fields.newPassword')}
          hint={t('users.edit.passwordHint')}
          autoComplete="new-password"
        />
        <FormCheckboxField name="isClient" label={t('users.fields.isClient')} />
      </div>
      <FormRootError />
      <Button type="submit" variant="primary" loading={mutation.isPending}>
        {t('actions.save')}
      </Button>
    </Form>
  );
}

export default function EditUserPage() {
  const { t } = useTranslation();
  const users = useQuery(usersQueryOptions());
  const domains = useQuery(staffEmailDomainsQueryOptions());
  const domainList = domains.data?.domains ?? [];
  const [login, setLogin] = useState<string | null>(null);
  const user = users.data?.find((u) => u.login === login);
  return (
    <div className="page">
      <h1>{t('routes.editUser')}</h1>
      <div className="panel">
        <Select
          label={t('users.edit.pick')}
          options={(users.data ?? []).map((u) => ({
            value: u.login,
            label: u.name ? `${u.login} — ${u.name}` : u.login,
          }))}
          value={login}
          onChange={setLogin}
        />
      </div>
      {user && !domains.isPending && (
        <section className="panel">
          <h2>{user.login}</h2>
          <EditUserForm key={domainList.join()} user={user} domains={domainList} />
        </section>
      )}
    </div>
  );
}
