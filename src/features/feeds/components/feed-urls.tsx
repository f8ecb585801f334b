import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { FEED_TYPES, feedUrlInput, type FeedType, type FeedUrl } from '#contract/entities/feeds.ts';
import { reportError, showSaveError } from '#src/lib/api.ts';
import { useResource } from '#src/lib/resource.ts';
import { Button } from '#src/ui/button/button.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { ResourceDeleteDialog } from '#src/ui/resource/resource-delete.tsx';
import { ResourceTable } from '#src/ui/resource/resource-table.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { feedUrls } from '../api/resources.ts';

type UrlFields = z.input<typeof feedUrlInput>;
const EMPTY: UrlFields = { feedType: 'YML', regionId: 'global', url: '' };
const nameOf = (item: FeedUrl) => `${item.feedType} ${item.regionId}`;

/** The /feed-url resource: one URL per feed type and region; add, change, delete. */
export function FeedUrls({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const urls = useResource(feedUrls, siteId, null);
  const [edits, setEdits] = useState<Record<number, string>>({});
  const [deleting, setDeleting] = useState<FeedUrl | null>(null);
  const rows = urls.list.data ?? [];
  const saveRow = (item: FeedUrl) =>
    urls.save
      .mutateAsync({ id: item.id, input: { ...item, url: edits[item.id] ?? item.url } })
      .then(() => setEdits(({ [item.id]: _, ...rest }) => rest))
      // The row has no form to put the failure on: it is the call's toast.
      .catch((error: unknown) => reportError(error));
  return (
    <div className="feed-urls">
      <ResourceTable<FeedUrl>
        caption={t('feeds.urls.title')}
        rows={rows}
        rowKey={(item) => item.id}
        loading={urls.list.isPending}
        emptyText={t('feeds.urls.none')}
        columns={[
          { key: 'feedType', header: t('feeds.status.type'), cell: (item) => item.feedType },
          { key: 'regionId', header: t('feeds.status.region'), cell: (item) => item.regionId },
          {
            key: 'url',
            header: t('feeds.urls.url'),
            className: 'feed-urls__url',
            cell: (item) =>
              urls.canUpdate ? (
                <TextInput
                  aria-label={t('feeds.urls.urlOf', { type: item.feedType, region: item.regionId })}
                  value={edits[item.id] ?? item.url}
                  onChange={(text) => setEdits((current) => ({ ...current, [item.id]: text }))}
                />
              ) : (
                item.url
              ),
          },
        ]}
        actions={
          urls.canEdit
            ? {
                name: nameOf,
                onDelete: urls.canDelete ? setDeleting : undefined,
                extra: (item) =>
                  urls.canUpdate && (
                    <Button
                      size="sm"
                      disabled={(edits[item.id] ?? item.url) === item.url}
                      onClick={() => void saveRow(item)}
                    >
                      {t('actions.save')}
                    </Button>
                  ),
              }
            : undefined
        }
      />
      {urls.canCreate && urls.canUpdate && (
        <AddUrl
          rows={rows}
          save={(id, input) => urls.save.mutateAsync({ id, input })}
          pending={urls.save.isPending}
        />
      )}
      {deleting && (
        <ResourceDeleteDialog
          row={deleting}
          title={t('ui.deleteConfirm.title', { name: nameOf(deleting) })}
          text={t('feeds.urls.deleteText')}
          remove={(item) => urls.remove.mutateAsync(item.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

/**
 * Adds a URL for a feed type and region, or replaces the one they have: the contract's
 * `feedUrlInput`, a refusal on its field.
 */
function AddUrl({
  rows,
  save,
  pending,
}: {
  rows: readonly FeedUrl[];
  save: (id: number | undefined, input: z.output<typeof feedUrlInput>) => Promise<unknown>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const form = useZodForm(feedUrlInput, { defaultValues: EMPTY });
  const [feedType = 'YML', regionId = '', url = ''] = form.watch(['feedType', 'regionId', 'url']);
  const existing = rows.find((item) => item.feedType === feedType && item.regionId === regionId);
  return (
    <Form
      form={form}
      className="feed-urls__add"
      aria-label={t('feeds.urls.add')}
      onSubmit={async (input) => {
        try {
          await save(existing?.id, input);
        } catch (error) {
          showSaveError(error, form.setError);
          return;
        }
        form.resetField('url', { defaultValue: '' });
      }}
    >
      <FormSelectField<UrlFields, FeedType>
        name="feedType"
        label={t('feeds.status.type')}
        searchable={false}
        options={FEED_TYPES.map((type) => ({ value: type, label: type }))}
      />
      <FormTextField<UrlFields> name="regionId" label={t('feeds.status.region')} />
      <FormTextField<UrlFields> name="url" label={t('feeds.urls.url')} type="url" />
      <Button type="submit" variant="primary" loading={pending} disabled={!url.trim()}>
        {existing ? t('feeds.urls.replace') : t('feeds.urls.add')}
      </Button>
      <FormRootError />
    </Form>
  );
}
