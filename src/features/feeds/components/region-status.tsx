import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { FeedLoaderResources } from '#contract/entities/feeds.ts';
import { formatFeedTime } from '#src/lib/feed-time.ts';
import { DataTable } from '#src/ui/data-table/data-table.tsx';

type Upload = FeedLoaderResources['status'][number];
const upload = createColumnHelper<Upload>();

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
  return (
    <DataTable<Upload>
      caption={t('feeds.status.title')}
      columns={[
        upload.accessor('regionId', {
          header: t('feeds.status.region'),
          cell: ({ getValue }) => (getValue() === 'global' ? t('feeds.status.global') : getValue()),
        }),
        upload.accessor('feedType', { header: t('feeds.status.type') }),
        upload.accessor('lastUpload', {
          header: t('feeds.status.lastUpload'),
          cell: ({ getValue }) => {
            const at = getValue();
            return at ? formatFeedTime(at, i18n.language) : '—';
          },
        }),
        upload.accessor('offers', {
          header: t('feeds.status.offers'),
          cell: ({ getValue }) => getValue() ?? '—',
        }),
        upload.display({
          id: 'download',
          header: t('feeds.status.download'),
          cell: ({ row: { original: row } }) => (
            <a href={downloadHref(siteId, row.regionId, row.feedType)} download>
              {t('feeds.status.downloadLink', { region: row.regionId, type: row.feedType })}
            </a>
          ),
        }),
      ]}
      data={resources.status}
      getRowId={(row) => `${row.regionId}:${row.feedType}`}
      emptyText={t('feeds.status.none')}
    />
  );
}
