import { useTranslation } from 'react-i18next';
import { SingleConfigPage } from '#src/layout/single-config-page.tsx';
import { MvtEntries } from './components/mvt-entries.tsx';
import { mvtForm, mvtFromForm, mvtToForm } from './mvt-form.ts';

export default function MvtPage() {
  const { t } = useTranslation();
  return (
    <SingleConfigPage
      kind="mvt"
      schema={mvtForm}
      defaultValues={{ entries: [] }}
      convert={{ toForm: mvtToForm, fromForm: mvtFromForm }}
      texts={{
        title: t('mvt.title'),
        lead: t('mvt.lead'),
        noSite: t('mvt.noSite'),
        form: t('mvt.entries'),
        versions: t('mvt.versions'),
      }}
    >
      {({ disabled, noticeId }) => <MvtEntries disabled={disabled} describedBy={noticeId} />}
    </SingleConfigPage>
  );
}
