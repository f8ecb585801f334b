import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import { FEED_TYPES, type FeedType, type FeedUrl } from '#contract/entities/feeds.ts';
import {
  createFeedUrlRoute,
  deleteFeedUrlRoute,
  updateFeedUrlRoute,
} from '#contract/routes/feeds.ts';
import { api } from '#src/lib/api.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DeleteButton } from '#src/ui/button/delete-button.tsx';
import { DataTable, actionsColumn } from '#src/ui/data-table/data-table.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { feedKeys } from '../api/keys.ts';

const feedUrl = createColumnHelper<FeedUrl>();

/** The /feed-url resource: one URL per feed type and region; add, change, delete. */
export function FeedUrls({
  siteId,
  urls,
  canEdit,
}: {
  siteId: number;
  urls: FeedUrl[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [feedType, setFeedType] = useState<FeedType>('YML');
  const [regionId, setRegionId] = useState('global');
  const [url, setUrl] = useState('');
  const [edits, setEdits] = useState<Record<number, string>>({});
  const refresh = () => client.invalidateQueries({ queryKey: feedKeys.all(siteId) });
  const existing = urls.find((item) => item.feedType === feedType && item.regionId === regionId);
  const save = useMutation({
    mutationFn: () =>
      existing
        ? api(
            updateFeedUrlRoute,
            { query: { siteId }, body: { id: existing.id, url } },
            { quiet: true },
          )
        : api(
            createFeedUrlRoute,
            { query: { siteId }, body: { feedType, regionId, url } },
            { quiet: true },
          ),
    onSuccess: async () => {
      setUrl('');
      await refresh();
    },
  });
  const update = useMutation({
    mutationFn: (item: { id: number; url: string }) =>
      api(updateFeedUrlRoute, { query: { siteId }, body: item }),
    onSuccess: refresh,
  });
  const serverError =
    save.error instanceof ApiError
      ? (save.error.issues[0]?.message ?? save.error.message)
      : undefined;
  return (
    <div className="feed-urls">
      <DataTable<FeedUrl>
        caption={t('feeds.urls.title')}
        columns={[
          feedUrl.accessor('feedType', { header: t('feeds.status.type') }),
          feedUrl.accessor('regionId', { header: t('feeds.status.region') }),
          feedUrl.accessor('url', {
            header: t('feeds.urls.url'),
            meta: { className: 'feed-urls__url' },
            cell: ({ row: { original: item } }) =>
              canEdit ? (
                <TextInput
                  aria-label={t('feeds.urls.urlOf', { type: item.feedType, region: item.regionId })}
                  value={edits[item.id] ?? item.url}
                  onChange={(text) => setEdits((current) => ({ ...current, [item.id]: text }))}
                />
              ) : (
                item.url
              ),
          }),
          ...(canEdit
            ? [
                actionsColumn<FeedUrl>(
                  (item) => (
                    <div className="feed-urls__actions">
                      <Button
                        size="sm"
                        disabled={(edits[item.id] ?? item.url) === item.url}
                        onClick={() =>
                          update.mutate({ id: item.id, url: edits[item.id] ?? item.url })
                        }
                      >
                        {t('actions.save')}
                      </Button>
                      <DeleteButton
                        name={`${item.feedType} ${item.regionId}`}
                        onDelete={async () => {
                          await api(deleteFeedUrlRoute, { query: { siteId, id: item.id } });
                          await refresh();
                        }}
                      />
                    </div>
                  ),
                  t('feeds.urls.actions'),
                ),
              ]
            : []),
        ]}
        data={urls}
        getRowId={(item) => String(item.id)}
        emptyText={t('feeds.urls.none')}
      />
      {canEdit && (
        <form
          className="feed-urls__add"
          aria-label={t('feeds.urls.add')}
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <Select<FeedType>
            label={t('feeds.status.type')}
            searchable={false}
            options={FEED_TYPES.map((type) => ({ value: type, label: type }))}
            value={feedType}
            onChange={setFeedType}
          />
          <TextInput label={t('feeds.status.region')} value={regionId} onChange={setRegionId} />
          <TextInput
            label={t('feeds.urls.url')}
            type="url"
            value={url}
            onChange={setUrl}
            error={serverError}
            errorDelayMs={0}
          />
          <Button type="submit" variant="primary" loading={save.isPending} disabled={!url.trim()}>
            {existing ? t('feeds.urls.replace') : t('feeds.urls.add')}
          </Button>
        </form>
      )}
    </div>
  );
}
