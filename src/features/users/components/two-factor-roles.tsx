import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setTwoFactorRolesRoute } from '#contract/routes/users.ts';
import { Button } from '#src/ui/button/button.tsx';
import { MultiPicker } from '#src/ui/picker/multi-picker.tsx';
import { formatDateTime } from '#src/lib/date-format.ts';
import { useDenied } from '#src/lib/permissions.ts';
import {
  roleCatalogueQueryOptions,
  twoFactorRolesQueryOptions,
  useSetTwoFactorRolesMutation,
} from '../api/user-queries.ts';

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
  const [draft, setDraft] = useState<string[] | null>(null);
  const roles = draft ?? setting.data?.roles ?? [];
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
  const data = setting.data;
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
      <MultiPicker<string>
        key={catalogue.data ? 'catalogue' : 'loading'}
        label={t('users.twoFactorRoles.roles')}
        hint={roles.length === 0 ? t('users.twoFactorRoles.none') : undefined}
        value={roles}
        onChange={setDraft}
        search={search}
        getKey={(name) => name}
        getLabel={label}
        disabled={Boolean(denied) || !data}
      />
      <div className="form-actions">
        <Button
          disabled={draft === null || Boolean(denied)}
          loading={mutation.isPending}
          onClick={() => mutation.mutate(roles, { onSuccess: () => setDraft(null) })}
        >
          {t('actions.save')}
        </Button>
        <Button variant="ghost" disabled={draft === null} onClick={() => setDraft(null)}>
          {t('actions.cancel')}
        </Button>
      </div>
    </section>
  );
}
