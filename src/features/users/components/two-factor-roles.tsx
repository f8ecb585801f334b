import { useId, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { twoFactorRolesInput, type TwoFactorRolesInput } from '#contract/entities/user.ts';
import { setTwoFactorRolesRoute } from '#contract/routes/users.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Form, useShownField, useZodForm } from '#src/ui/form/form.tsx';
import { useFieldError } from '#src/ui/form/form-field.tsx';
import { MultiPicker } from '#src/ui/picker/multi-picker.tsx';
import { formatDateTime } from '#src/lib/date-format.ts';
import { useDenied } from '#src/lib/permissions.ts';
import { useSetTwoFactorRolesMutation } from '../api/user-mutations.ts';
import { roleCatalogueQueryOptions, twoFactorRolesQueryOptions } from '../api/user-queries.ts';
import './two-factor-roles.css';

/**
 * Which roles must sign in with a second factor: the server's TWO_FACTOR_ROLES until an
 * administrator saves a list here (PUT /user/two-factor-roles, audited); holders not yet enrolled
 * can then only enrol, at their next call.
 */
export function TwoFactorRolesSection() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const setting = useQuery(twoFactorRolesQueryOptions());
  const catalogue = useQuery(roleCatalogueQueryOptions());
  const mutation = useSetTwoFactorRolesMutation();
  const denied = useDenied(setTwoFactorRolesRoute.roles);
  const data = setting.data;
  // The saved list until the administrator changes it; a save reads it again and starts over.
  const saved = useMemo(() => ({ roles: data?.roles ?? [] }), [data]);
  const form = useZodForm(twoFactorRolesInput, { values: saved });
  const changed = form.formState.isDirty;
  const describe = (name: string) => {
    const fallback = catalogue.data?.roles.find((role) => role.name === name)?.description ?? '';
    return t(`users.roleText.${name}`, { defaultValue: fallback });
  };
  const label = (name: string) => `${name} — ${describe(name)}`;
  const search = async (query: string) => {
    const text = query.trim().toLowerCase();
    return (catalogue.data?.roles ?? [])
      .map((role) => role.name)
      .filter((name) => !text || label(name).toLowerCase().includes(text));
  };
  return (
    <section className="two-factor-roles" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('users.twoFactorRoles.title')}</h2>
      <p className="muted">{t('users.twoFactorRoles.lead')}</p>
      {data && (
        <p data-testid="two-factor-roles-source">
          {data.source === 'env' || !data.updatedAt
            ? t('users.twoFactorRoles.fromStart')
            : t('users.twoFactorRoles.setBy', {
                login: data.updatedBy,
                at: formatDateTime(data.updatedAt, i18n.language),
              })}
        </p>
      )}
      {denied && <p className="muted">{denied.note}</p>}
      <Form
        form={form}
        className="two-factor-roles__form"
        aria-labelledby={headingId}
        onSubmit={({ roles }) => mutation.mutateAsync(roles).catch(() => undefined)}
      >
        <RolesField
          key={catalogue.data ? 'catalogue' : 'loading'}
          label={t('users.twoFactorRoles.roles')}
          emptyHint={t('users.twoFactorRoles.none')}
          search={search}
          getLabel={label}
          disabled={Boolean(denied) || !data}
        />
        <div className="form-actions">
          <Button type="submit" disabled={!changed || Boolean(denied)} loading={mutation.isPending}>
            {t('actions.save')}
          </Button>
          <Button variant="ghost" disabled={!changed} onClick={() => form.reset(saved)}>
            {t('actions.cancel')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** The list of roles as the form holds it, picked from the catalogue. */
function RolesField({
  label,
  emptyHint,
  search,
  getLabel,
  disabled,
}: {
  label: string;
  emptyHint: string;
  search: (query: string) => Promise<string[]>;
  getLabel: (name: string) => string;
  disabled: boolean;
}) {
  const { control } = useFormContext<TwoFactorRolesInput>();
  const { field } = useController({ control, name: 'roles' });
  const error = useFieldError<TwoFactorRolesInput>('roles');
  useShownField('roles');
  return (
    <MultiPicker<string>
      label={label}
      hint={field.value.length === 0 ? emptyHint : undefined}
      error={error}
      value={field.value}
      onChange={field.onChange}
      search={search}
      getKey={(name) => name}
      getLabel={getLabel}
      disabled={disabled}
    />
  );
}
