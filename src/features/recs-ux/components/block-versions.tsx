import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecommendationsBlock } from '#contract/entities/config.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { loadBlockVersion } from '../api/blocks.ts';
import { blockVersionsQueryOptions, consoleCall } from '../api/recs-queries.ts';

/** Both copies' versions, newest first; any version can be restored into the draft. */
export function BlockVersions({
  siteId,
  configId,
  onRestore,
}: {
  siteId: number;
  configId: number;
  onRestore: (block: RecommendationsBlock) => void;
}) {
  const { t, i18n } = useTranslation();
  const integration = useQuery(blockVersionsQueryOptions(siteId, configId, true));
  const production = useQuery(blockVersionsQueryOptions(siteId, configId, false));
  if (!integration.data || !production.data) return <Spinner label={t('ui.spinner.loading')} />;
  const versions = [...integration.data, ...production.data].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  if (versions.length === 0) return <p className="muted">{t('recsUx.versions.empty')}</p>;
  const fromOf = (sourceVersionId: number | null) =>
    integration.data.find((v) => v.versionId === sourceVersionId)?.version;
  return (
    <table className="versions-table">
      <caption>{t('recsUx.versions.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('recsUx.versions.copy')}</th>
          <th scope="col">{t('recsUx.versions.version')}</th>
          <th scope="col">{t('recsUx.versions.author')}</th>
          <th scope="col">{t('recsUx.versions.time')}</th>
          <td />
        </tr>
      </thead>
      <tbody>
        {versions.map((version) => {
          const from = fromOf(version.sourceVersionId);
          return (
            <tr key={version.versionId}>
              <td>
                {t(version.test ? 'recsUx.versions.integration' : 'recsUx.versions.production')}
              </td>
              <td>
                {version.version}
                {from !== undefined && (
                  <span className="muted"> {t('recsUx.versions.from', { version: from })}</span>
                )}
              </td>
              <td>{version.author}</td>
              <td>{new Date(version.createdAt).toLocaleString(i18n.language)}</td>
              <td>
                <Button
                  size="sm"
                  aria-label={t('recsUx.versions.restoreLabel', { version: version.version })}
                  onClick={async () =>
                    onRestore(await loadBlockVersion(consoleCall(), siteId, version.versionId))
                  }
                >
                  {t('recsUx.versions.restore')}
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
