import { useTranslation } from 'react-i18next';
import type { FeedLoaderResources } from '#contract/entities/feeds.ts';
import { formatFeedTime } from '#src/lib/feed-time.ts';

/** The raw feed last fetched for a region and feed type (GET /config/feed-loader/download). */
export const downloadHref = (siteId: number, regionId: string, feedType: string) =>
  `/api/config/feed-loader/download?${new URLSearchParams({
    siteId: String(siteId),
    regionId,
    feedType,
  }).toString()}`;

/** Per region and feed type: the last upload ('MMM Do YYYY, H:mm:ss') and its raw feed. */
export function RegionStatus({
  siteId,
  resources,
}: {
  siteId: number;
  resources: FeedLoaderResources;
}) {
  const { t, i18n } = useTranslation();
  const rows = resources.status;
  return (
    <div className="ui-table-wrap">
      <table className="ui-table">
        <caption className="ui-visually-hidden">{t('feeds.status.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('feeds.status.region')}</th>
            <th scope="col">{t('feeds.status.type')}</th>
            <th scope="col">{t('feeds.status.lastUpload')}</th>
            <th scope="col">{t('feeds.status.offers')}</th>
            <th scope="col">{t('feeds.status.download')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td className="ui-table__empty" colSpan={5}>
                {t('feeds.status.none')}
              </td>
            </tr>
          )}
          {rows.map((row) => {
            const type = row.feedType;
            return (
              <tr key={`${row.regionId}:${type}`}>
                <td>{row.regionId === 'global' ? t('feeds.status.global') : row.regionId}</td>
                <td>{type}</td>
                <td>{row.lastUpload ? formatFeedTime(row.lastUpload, i18n.language) : '—'}</td>
                <td>{row.offers ?? '—'}</td>
                <td>
                  <a href={downloadHref(siteId, row.regionId, type)} download>
                    {t('feeds.status.downloadLink', { region: row.regionId, type })}
                  </a>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
