import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigActor, useMachineForm } from '#src/lib/config-form.ts';
import {
  ConfigDraft,
  ConfigLifecycle,
  ConfigVersions,
  CopySwitch,
  usePermissions,
  type ConfigCopy,
} from '#src/lib/config-studio.tsx';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { MvtEntries } from './components/mvt-entries.tsx';
import { mvtForm, mvtFromForm, mvtToForm, type MvtFormIn, type MvtFormOut } from './mvt-form.ts';

/** One copy of the site's MVT config on its lifecycle machine. */
function MvtEditor({ siteId, copy }: { siteId: number; copy: ConfigCopy }) {
  const { t } = useTranslation();
  const actor = useConfigActor({ kind: 'mvt', siteId, test: copy === 'integration' });
  const form = useZodForm<MvtFormIn, MvtFormOut>(mvtForm, { defaultValues: { entries: [] } });
  const binding = useMachineForm(actor, form, { toForm: mvtToForm, fromForm: mvtFromForm });
  const permissions = usePermissions('mvt');
  const canEdit = copy === 'integration' ? permissions.canSave : permissions.canSaveToProd;
  return (
    <>
      <ConfigLifecycle actor={actor} kind="mvt" copy={copy} onSave={binding.save} />
      {copy === 'integration' && (
        <ConfigDraft
          actor={actor}
          siteId={siteId}
          kind="mvt"
          configKey="default"
          onRestore={binding.load}
        />
      )}
      {binding.ready ? (
        <Form<MvtFormIn, MvtFormOut>
          form={form}
          aria-label={t('mvt.entries')}
          onSubmit={binding.submit}
        >
          <MvtEntries disabled={!canEdit} />
        </Form>
      ) : (
        <Spinner label={t('ui.spinner.loading')} />
      )}
      <section className="panel" aria-labelledby="mvt-versions">
        <h2 id="mvt-versions">{t('mvt.versions')}</h2>
        <ConfigVersions
          actor={actor}
          siteId={siteId}
          kind="mvt"
          canRestore={copy === 'integration' && permissions.canSave}
          onRestore={binding.load}
        />
      </section>
    </>
  );
}

export default function MvtPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const [copy, setCopy] = useState<ConfigCopy>('integration');
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t('mvt.title')}</h1>
        {siteId !== null && <CopySwitch value={copy} onChange={setCopy} />}
      </div>
      <p className="page__lead">{t('mvt.lead')}</p>
      {siteId === null ? (
        <p>{t('mvt.noSite')}</p>
      ) : (
        <MvtEditor key={`${siteId}:${copy}`} siteId={siteId} copy={copy} />
      )}
    </div>
  );
}
