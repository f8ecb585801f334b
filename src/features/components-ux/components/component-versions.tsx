import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GlobalComponent } from '#contract/entities/config.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { loadComponentVersion } from '../api/components.ts';
import { componentVersionsQueryOptions, consoleCall } from '../api/components-queries.ts';

/** Both copies' versions, newest first; any version can be restored into the draft. */
export function ComponentVersions({
  siteId,
  componentId,
  onRestore,
}: {
  siteId: number;
  componentId: number;
  onRestore: (component: GlobalComponent) => void;
}) {
  const { t, i18n } = useTranslation();
  const integration = useQuery(componentVersionsQueryOptions(siteId, componentId, true));
  const production = useQuery(componentVersionsQueryOptions(siteId, componentId, false));
  if (!integration.data || !production.data) return <Spinner label={t('ui.spinner.loading')} />;
  const versions = [...integration.data, ...production.data].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  if (versions.length === 0) return <p className="muted">{t('componentsUx.versions.empty')}</p>;
  const fromOf = (sourceVersionId: number | null) =>
    integration.data.find((v) => v.versionId === sourceVersionId)?.version;
  return (
    <table className="versions-table">
      <caption>{t('componentsUx.versions.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('componentsUx.versions.copy')}</th>
          <th scope="col">{t('componentsUx.versions.version')}</th>
          <th scope="col">{t('componentsUx.versions.author')}</th>
          <th scope="col">{t('componentsUx.versions.time')}</th>
          <td />
        </tr>
      </thead>
      <tbody>
        {versions.map((version) => {
          const from = fromOf(version.sourceVersionId);
          return (
            <tr key={version.versionId}>
              <td>
                {t(
                  version.test
                    ? 'componentsUx.versions.integration'
                    : 'componentsUx.versions.production',
                )}
              </td>
              <td>
                {version.version}
                {from !== undefined && (
                  <span className="muted">
                    {' '}
                    {t('componentsUx.versions.from', { version: from })}
                  </span>
                )}
              </td>
              <td>{version.author}</td>
              <td>{new Date(version.createdAt).toLocaleString(i18n.language)}</td>
              <td>
                <Button
                  size="sm"
                  aria-label={t('componentsUx.versions.restoreLabel', { version: version.version })}
                  onClick={async () =>
                    onRestore(await loadComponentVersion(consoleCall(), siteId, version.versionId))
                  }
                >
                  {t('componentsUx.versions.restore')}
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
