import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { ApiError } from '#contract/client.ts';
import { siteInput, siteUrl, type Site, type SiteUpdate } from '#contract/entities/site.ts';
import { hasAccess } from '#contract/roles.ts';
import {
  createVerticalRoute,
  deleteSiteRoute,
  listVerticalsRoute,
  updateSiteRoute,
} from '#contract/routes/sites.ts';
import { applyServerIssues, reportError } from '#src/lib/api.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Badge } from '#src/ui/badge/badge.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { FormField, FormTextField } from '#src/ui/form/form-field.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { siteQueryOptions, verticalsQueryOptions } from './api/site-queries.ts';
import { useUpdateSiteMutation } from './api/site-mutations.ts';
import { ActivationModal } from './components/activation-modal.tsx';
import { DeleteSiteModal } from './components/delete-site-modal.tsx';
import { SiteFeedPanel } from './components/site-feed-panel.tsx';
import { VerticalCreate } from './components/vertical-create.tsx';
import { VerticalList } from './components/vertical-list.tsx';

/**
 * The editable fields only (the record's siteId, apiKey, enabled and version are not the form's).
 * A feed URL must be http(s) unless it is the stored one left untouched: the demo's `file://` feed
 * is accepted by the server under DATA_DIR and must not block every other edit.
 */
export function siteFormSchema(storedFeedUrl: string | null) {
  return siteInput.omit({ feedUrl: true }).extend({
    feedUrl: z.union([
      siteUrl,
      z.literal(''),
      ...(storedFeedUrl ? [z.literal(storedFeedUrl)] : []),
    ] as unknown as [typeof siteUrl, z.ZodLiteral<string>]),
  });
}
export type SiteFormIn = z.input<ReturnType<typeof siteFormSchema>>;
type SiteFormOut = z.output<ReturnType<typeof siteFormSchema>>;

export function toForm(site: Site): SiteFormIn {
  return {
    siteName: site.siteName,
    siteUrl: site.siteUrl,
    verticals: site.verticals,
    timeZone: site.timeZone,
    feedUrl: site.feedUrl ?? '',
  };
}

/** Only what the user changed, with the version the edit was based on (409 when stale). */
export function siteChanges(site: Site, values: SiteFormOut): SiteUpdate {
  const update: SiteUpdate = { version: site.version };
  if (values.siteName !== site.siteName) update.siteName = values.siteName;
  if (values.siteUrl !== site.siteUrl) update.siteUrl = values.siteUrl;
  if (values.timeZone !== site.timeZone) update.timeZone = values.timeZone;
  const feedUrl = values.feedUrl || null;
  if (feedUrl !== site.feedUrl) update.feedUrl = feedUrl;
  if (
    values.verticals.length !== site.verticals.length ||
    values.verticals.some((name) => !site.verticals.includes(name))
  ) {
    update.verticals = values.verticals;
  }
  return update;
}

function SiteForm({ site, canEdit }: { site: Site; canEdit: boolean }) {
  const { t } = useTranslation();
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const schema = useMemo(() => siteFormSchema(site.feedUrl), [site.feedUrl]);
  const form = useZodForm(schema, { defaultValues: toForm(site) });
  const mutation = useUpdateSiteMutation(site.siteId);
  const verticals = useQuery({
    ...verticalsQueryOptions(),
    enabled: hasAccess(roles, listVerticalsRoute.roles),
  });
  useEffect(() => form.reset(toForm(site)), [site, form]);

  return (
    <Form
      form={form}
      aria-label={t('routes.siteEdit')}
      onSubmit={async (values) => {
        try {
          await mutation.mutateAsync(siteChanges(site, values));
        } catch (error) {
          if (applyServerIssues(error, form.setError)) return;
          if (error instanceof ApiError && error.status === 409) {
            form.setError('root.server', { type: 'server', message: t('sites.edit.conflict') });
            return;
          }
          reportError(error);
        }
      }}
    >
      <fieldset disabled={!canEdit || mutation.isPending} className="form-grid">
        <FormTextField name="siteName" label={t('sites.fields.siteName')} required />
        <FormTextField
          name="siteUrl"
          type="url"
          label={t('sites.fields.siteUrl')}
          hint={t('sites.fields.siteUrlHint')}
          required
        />
        <FormTextField
          name="feedUrl"
          type="url"
          label={t('sites.fields.feedUrl')}
          hint={t('sites.fields.feedUrlHint')}
        />
        <FormTextField
          name="timeZone"
          label={t('sites.fields.timeZone')}
          hint={t('sites.fields.timeZoneHint')}
          required
        />
        <FormField<SiteFormIn> name="verticals" label={t('sites.fields.verticals')}>
          {(control) => (
            <div {...control} role="group" className="checkbox-list">
              {(verticals.data ?? site.verticals.map((name) => ({ name, siteCount: 0 }))).map(
                (vertical) => {
                  const selected = form.watch('verticals') ?? [];
                  return (
                    <Checkbox
                      key={vertical.name}
                      label={<span translate="no">{vertical.name}</span>}
                      checked={selected.includes(vertical.name)}
                      onChange={(e) =>
                        form.setValue(
                          'verticals',
                          e.target.checked
                            ? [...selected, vertical.name]
                            : selected.filter((v) => v !== vertical.name),
                          { shouldDirty: true },
                        )
                      }
                    />
                  );
                },
              )}
            </div>
          )}
        </FormField>
      </fieldset>
      <FormRootError />
      {canEdit && (
        <div className="form-actions">
          <Button
            type="submit"
            variant="primary"
            loading={mutation.isPending}
            disabled={!form.formState.isDirty}
          >
            {t('actions.save')}
          </Button>
          <Button type="button" variant="ghost" onClick={() => form.reset(toForm(site))}>
            {t('actions.cancel')}
          </Button>
        </div>
      )}
    </Form>
  );
}

export default function SiteEditPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const [activating, setActivating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const selectSite = useSiteStore((state) => state.selectSite);
  const site = useQuery({ ...siteQueryOptions(siteId ?? 0), enabled: siteId !== null });

  if (siteId === null) return <p className="page">{t('sites.edit.noSite')}</p>;
  if (!site.data) return <Spinner label={t('ui.spinner.loading')} />;
  return (
    <div className="page">
      <div className="page__header">
        <h1>
          {site.data.siteName}{' '}
          <Badge tone={site.data.enabled ? 'success' : 'danger'}>
            {t(site.data.enabled ? 'shell.site.enabled' : 'shell.site.disabled')}
          </Badge>
        </h1>
        {roles.includes('ROLE_ADMIN') && (
          <div className="page__actions">
            <Button
              variant={site.data.enabled ? 'danger' : 'primary'}
              onClick={() => setActivating(true)}
            >
              {t(site.data.enabled ? 'sites.activation.deactivate' : 'sites.activation.activate')}
            </Button>
            {hasAccess(roles, deleteSiteRoute.roles) && (
              <Button variant="danger" onClick={() => setDeleting(true)}>
                {t('sites.delete.button')}
              </Button>
            )}
          </div>
        )}
      </div>
      <SiteForm site={site.data} canEdit={hasAccess(roles, updateSiteRoute.roles)} />
      <SiteFeedPanel siteId={site.data.siteId} />
      {hasAccess(roles, listVerticalsRoute.roles) && (
        <section className="panel">
          <h2>{t('sites.verticals.title')}</h2>
          <VerticalList />
          {hasAccess(roles, createVerticalRoute.roles) && <VerticalCreate />}
        </section>
      )}
      {activating && <ActivationModal site={site.data} onClose={() => setActivating(false)} />}
      {deleting && (
        <DeleteSiteModal
          site={site.data}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            selectSite(null);
            navigate('/');
          }}
        />
      )}
    </div>
  );
}
