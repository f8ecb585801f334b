import { useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import {
  useConfigActor,
  useMachineForm,
  type MachineFormOptions,
} from '#src/config-studio/config-form.ts';
import {
  ConfigDraft,
  ConfigLifecycle,
  ConfigVersions,
  CopySwitch,
  type ConfigCopy,
} from '#src/config-studio/config-studio.tsx';
import { useCopyAccess, usePermissions } from '#src/config-studio/config-permissions.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { ReadOnlyNotice } from '#src/ui/read-only/read-only-notice.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';

/** The site-wide configs edited as one form on their own page (MVT, tracking). */
type PageKind = 'mvt' | 'tracking' | 'global-config';

export interface SingleConfigPageProps<TIn extends FieldValues, TOut extends FieldValues> {
  kind: PageKind;
  schema: z.ZodType<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  /** How the machine's config and the form's values convert (useMachineForm's options). */
  convert?: MachineFormOptions<TIn>;
  /** What the page says, already translated. */
  texts: { title: string; lead: string; noSite: string; form: string; versions: string };
  /**
   * The form's fields; `disabled` when the user may not change this copy, `noticeId` then names
   * the read-only notice above them (for the fields' `aria-describedby`).
   */
  children: (props: { disabled: boolean; noticeId: string | undefined }) => ReactNode;
}

/**
 * The page of one site-wide config: title, the integration/production switch, the lifecycle
 * toolbar, the draft banner, the form on the config machine and the versions (spec §4).
 */
export function SingleConfigPage<TIn extends FieldValues, TOut extends FieldValues>(
  props: SingleConfigPageProps<TIn, TOut>,
) {
  const siteId = useSiteStore((state) => state.siteId);
  const [copy, setCopy] = useState<ConfigCopy>('integration');
  const { texts } = props;
  return (
    <div className="page">
      <div className="page__header">
        <h1>{texts.title}</h1>
        {siteId !== null && <CopySwitch value={copy} onChange={setCopy} />}
      </div>
      <p className="page__lead">{texts.lead}</p>
      {siteId === null ? (
        <p>{texts.noSite}</p>
      ) : (
        <ConfigEditor key={`${siteId}:${copy}`} {...props} siteId={siteId} copy={copy} />
      )}
    </div>
  );
}

/** One copy of the site's config on its lifecycle machine. */
function ConfigEditor<TIn extends FieldValues, TOut extends FieldValues>({
  kind,
  schema,
  defaultValues,
  convert,
  texts,
  children,
  siteId,
  copy,
}: SingleConfigPageProps<TIn, TOut> & { siteId: number; copy: ConfigCopy }) {
  const { t } = useTranslation();
  const actor = useConfigActor({ kind, siteId, test: copy === 'integration' });
  const form = useZodForm<TIn, TOut>(schema, { defaultValues });
  const binding = useMachineForm(actor, form, convert);
  const permissions = usePermissions(kind);
  const { canEdit, denied } = useCopyAccess(kind, copy);
  const versionsId = `${kind}-versions`;
  const noticeId = `${kind}-read-only`;
  return (
    <>
      <ConfigLifecycle actor={actor} kind={kind} copy={copy} onSave={binding.save} />
      {copy === 'integration' && (
        <ConfigDraft
          actor={actor}
          siteId={siteId}
          kind={kind}
          configKey="default"
          onRestore={binding.load}
        />
      )}
      {denied && <ReadOnlyNotice id={noticeId}>{denied.note}</ReadOnlyNotice>}
      {binding.ready ? (
        <Form<TIn, TOut> form={form} aria-label={texts.form} onSubmit={binding.submit}>
          {children({ disabled: !canEdit, noticeId: denied ? noticeId : undefined })}
        </Form>
      ) : (
        <Spinner label={t('ui.spinner.loading')} />
      )}
      <section className="panel" aria-labelledby={versionsId}>
        <h2 id={versionsId}>{texts.versions}</h2>
        <ConfigVersions
          actor={actor}
          siteId={siteId}
          kind={kind}
          canRestore={copy === 'integration' && permissions.canSave}
          onRestore={binding.load}
        />
      </section>
    </>
  );
}
