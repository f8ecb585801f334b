import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { roleList, type User } from '#contract/entities/user.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { useSetRolesMutation } from '../api/user-mutations.ts';
import { roleCatalogueQueryOptions } from '../api/user-queries.ts';
import './roles-editor.css';

/** The form holds the list PUT /user/roles/{login} sends (the contract's `roleList`, as a list). */
const rolesForm = z.strictObject({ roles: roleList.pipe(z.array(z.string())) });

/** Roles of one user: apply a preset, or tick roles one by one; saved with PUT /user/roles/{login}. */
export function RolesEditor({ user, onSaved }: { user: User; onSaved?: () => void }) {
  const { t } = useTranslation();
  const catalogue = useQuery(roleCatalogueQueryOptions());
  const mutation = useSetRolesMutation();
  const form = useZodForm(rolesForm, { defaultValues: { roles: user.roles } });
  const { field } = useController({ control: form.control, name: 'roles' });
  const roles = Array.isArray(field.value) ? field.value : [field.value];
  const setRoles = (next: string[]) => field.onChange(next);
  const [filter, setFilter] = useState('');
  const presets = catalogue.data?.presets ?? [];
  const matching = presets.find(
    (p) => p.roles.length === roles.length && p.roles.every((r) => roles.includes(r)),
  );
  // The catalogue's descriptions are the server's English; the console shows its own texts.
  const describe = (name: string, fallback: string) =>
    t(`users.roleText.${name}`, { defaultValue: fallback });
  const shown = (catalogue.data?.roles ?? []).filter(
    (role) =>
      !filter ||
      `${role.name} ${describe(role.name, role.description)}`
        .toLowerCase()
        .includes(filter.toLowerCase()),
  );

  return (
    <Form
      form={form}
      className="roles-editor"
      onSubmit={(values) =>
        mutation
          .mutateAsync({ login: user.login, roles: values.roles })
          .then(() => onSaved?.())
          .catch(() => undefined)
      }
    >
      <div className="roles-editor__bar">
        <Select
          label={t('users.roles.preset')}
          options={presets.map((preset) => ({
            value: preset.name,
            label: t(`users.presets.${preset.name}`, { defaultValue: preset.name }),
          }))}
          value={matching?.name ?? null}
          placeholder={t('users.roles.custom')}
          onChange={(name) => setRoles([...(presets.find((p) => p.name === name)?.roles ?? [])])}
        />
        <input
          type="search"
          className="ui-input"
          aria-label={t('users.roles.filter')}
          placeholder={t('users.roles.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          // Enter filters, it does not save.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        />
      </div>
      <p>{t('users.roles.count', { count: roles.length })}</p>
      <div className="roles-editor__list" role="group" aria-label={t('users.roles.list')}>
        {shown.map((role) => (
          <Checkbox
            key={role.name}
            label={
              <span>
                <code>{role.name}</code>{' '}
                <span className="muted">{describe(role.name, role.description)}</span>
              </span>
            }
            checked={roles.includes(role.name)}
            onChange={(e) =>
              setRoles(
                e.target.checked ? [...roles, role.name] : roles.filter((r) => r !== role.name),
              )
            }
          />
        ))}
      </div>
      <div className="form-actions">
        <Button type="submit" loading={mutation.isPending}>
          {t('actions.save')}
        </Button>
        <Button variant="ghost" onClick={() => form.reset({ roles: user.roles })}>
          {t('actions.cancel')}
        </Button>
      </div>
    </Form>
  );
}
