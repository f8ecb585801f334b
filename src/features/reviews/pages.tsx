import { type ReactNode, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Neurocard, Review } from '#contract/entities/reviews.ts';
import {
  replaceReviewsRoute,
  uploadNeurocardsRoute,
  uploadReviewsRoute,
} from '#contract/routes/reviews.ts';
import { reviewKeys } from './api/keys.ts';
import { useDeleteNeurocardsMutation, useDeleteReviewsMutation } from './api/review-mutations.ts';
import { neurocardsList, reviewsList } from './api/resources.ts';
import type { ResourceFamily } from '#src/lib/resource.ts';
import { useResource } from '#src/lib/resource.ts';
import { useDenied } from '#src/lib/permissions.ts';
import { uploadFile } from '#src/lib/upload.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { ResourceTable, type ResourceColumn } from '#src/ui/resource/resource-table.tsx';
import { ReadOnlyNotice } from '#src/ui/read-only/read-only-notice.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { UploadField } from '#src/ui/upload/upload-field.tsx';
import './reviews.css';
import { DeleteByIds } from './components/delete-by-ids.tsx';

/**
 * The four review screens (spec part 2 §2 "Reviews upload and delete, and neurocard upload and
 * delete") on the calls of contract/routes/reviews.ts: uploads through the shared
 * <UploadField> with its per-row report, deletes by product externalIds or neurocard keys.
 */

/** A searchable list under a screen: its family, labels, columns and row id. */
interface ListConfig<Row> {
  family: ResourceFamily<number, string, { total: number; items: Row[] }, never, never>;
  labels: {
    title: 'reviews.list.title' | 'reviews.neurocards.list';
    search: 'reviews.list.search' | 'reviews.neurocards.search';
    empty: 'reviews.list.empty' | 'reviews.neurocards.empty';
  };
  columns: (t: TFunction) => ResourceColumn<Row>[];
  rowId: (row: Row) => string;
}

const REVIEWS_LIST: ListConfig<Review> = {
  family: reviewsList,
  labels: {
    title: 'reviews.list.title',
    search: 'reviews.list.search',
    empty: 'reviews.list.empty',
  },
  columns: (t) => [
    {
      key: 'externalId',
      header: t('reviews.columns.externalId'),
      sortValue: (row) => row.externalId,
      cell: (row) => row.externalId,
    },
    {
      key: 'rating',
      header: t('reviews.columns.rating'),
      numeric: true,
      sortValue: (row) => row.rating,
      cell: (row) => row.rating,
    },
    {
      key: 'reviewCount',
      header: t('reviews.columns.reviewCount'),
      numeric: true,
      sortValue: (row) => row.reviewCount,
      cell: (row) => row.reviewCount,
    },
    {
      key: 'description',
      header: t('reviews.columns.description'),
      sortValue: (row) => row.description ?? '',
      cell: (row) => row.description ?? '',
    },
  ],
  rowId: (row) => row.externalId,
};

const shorten = (value: string) => (value.length > 160 ? `${value.slice(0, 160)}…` : value);

const NEUROCARDS_LIST: ListConfig<Neurocard> = {
  family: neurocardsList,
  labels: {
    title: 'reviews.neurocards.list',
    search: 'reviews.neurocards.search',
    empty: 'reviews.neurocards.empty',
  },
  columns: (t) => [
    {
      key: 'key',
      header: t('reviews.columns.key'),
      sortValue: (row) => row.key,
      cell: (row) => row.key,
    },
    {
      key: 'value',
      header: t('reviews.columns.value'),
      sortValue: (row) => shorten(row.value),
      cell: (row) => shorten(row.value),
    },
  ],
  rowId: (row) => row.key,
};

const ACCEPT = '.csv,.xlsx,.json';

function SearchableList<Row>({ siteId, list }: { siteId: number; list: ListConfig<Row> }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const page = useResource(list.family, siteId, search.trim()).list;
  const columns = useMemo(() => list.columns(t), [list, t]);
  return (
    <section className="reviews-list" aria-label={t(list.labels.title)}>
      <h2>{t(list.labels.title)}</h2>
      <TextInput
        label={t(list.labels.search)}
        value={search}
        onChange={setSearch}
        maxLength={200}
      />
      {page.data ? (
        <>
          <p className="reviews-total">{t('reviews.list.total', { count: page.data.total })}</p>
          <ResourceTable
            caption={t(list.labels.title)}
            columns={columns}
            rows={page.data.items}
            rowKey={list.rowId}
            emptyText={t(list.labels.empty)}
            sortable
          />
        </>
      ) : (
        <Spinner label={t('ui.spinner.loading')} />
      )}
    </section>
  );
}

/**
 * One review screen: the heading and lead, the editor for those who may edit (a note for the
 * rest), and the list it changes. `editor` gets the site and a refresh of the site's review lists.
 */
function ReviewScreen<Row>({
  title,
  lead,
  list,
  editor,
}: {
  title:
    | 'routes.reviewsUpload'
    | 'routes.reviewsDelete'
    | 'routes.neurocardUpload'
    | 'routes.neurocardDelete';
  lead:
    | 'reviews.upload.lead'
    | 'reviews.delete.lead'
    | 'reviews.neurocards.lead'
    | 'reviews.neurocards.deleteLead';
  list: ListConfig<Row>;
  editor: (siteId: number, refresh: () => Promise<void>) => ReactNode;
}) {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const denied = useDenied(uploadReviewsRoute.roles);
  const client = useQueryClient();
  if (siteId === null) return <p className="page">{t('reviews.noSite')}</p>;
  const refresh = () => client.invalidateQueries({ queryKey: reviewKeys.all(siteId) });
  return (
    <div className="page reviews-page">
      <h1>{t(title)}</h1>
      <p className="page__lead">{t(lead)}</p>
      {denied ? (
        <ReadOnlyNotice>
          {t('reviews.readOnly')} <span>{denied.who}</span>
        </ReadOnlyNotice>
      ) : (
        editor(siteId, refresh)
      )}
      <SearchableList siteId={siteId} list={list} />
    </div>
  );
}

function ReviewsUpload({ siteId, onUploaded }: { siteId: number; onUploaded: () => unknown }) {
  const { t } = useTranslation();
  const [replace, setReplace] = useState(false);
  return (
    <div className="reviews-upload">
      <Checkbox
        label={t('reviews.upload.replace')}
        checked={replace}
        onCheckedChange={setReplace}
      />
      <UploadField
        label={t('reviews.upload.file')}
        hint={t('reviews.upload.hint')}
        accept={ACCEPT}
        upload={(file, onProgress, signal) =>
          uploadFile(replace ? replaceReviewsRoute : uploadReviewsRoute, {
            query: { siteId },
            file,
            onProgress,
            signal,
          })
        }
        onUploaded={onUploaded}
      />
    </div>
  );
}

/** /anyreviews/upload: reviews by product externalId from CSV, XLSX or JSON (add, or replace all). */
export function ReviewsUploadPage() {
  return (
    <ReviewScreen
      title="routes.reviewsUpload"
      lead="reviews.upload.lead"
      list={REVIEWS_LIST}
      editor={(siteId, refresh) => <ReviewsUpload siteId={siteId} onUploaded={refresh} />}
    />
  );
}

export function ReviewsDeletePage() {
  const { t } = useTranslation();
  const deleteReviews = useDeleteReviewsMutation();
  return (
    <ReviewScreen
      title="routes.reviewsDelete"
      lead="reviews.delete.lead"
      list={REVIEWS_LIST}
      editor={(siteId, refresh) => (
        <DeleteByIds
          label={t('reviews.delete.ids')}
          hint={t('reviews.delete.idsHint')}
          confirm="reviews.delete.submit"
          question="reviews.delete.confirmTitle"
          onDelete={(externalId) => deleteReviews.mutateAsync({ siteId, externalId })}
          onDeleted={refresh}
        />
      )}
    />
  );
}

/** /anyreviews/neurocard-upload: neurocards (key → value) from CSV, XLSX or JSON. */
export function NeurocardUploadPage() {
  const { t } = useTranslation();
  return (
    <ReviewScreen
      title="routes.neurocardUpload"
      lead="reviews.neurocards.lead"
      list={NEUROCARDS_LIST}
      editor={(siteId, refresh) => (
        <UploadField
          label={t('reviews.neurocards.file')}
          hint={t('reviews.neurocards.hint')}
          accept={ACCEPT}
          upload={(file, onProgress, signal) =>
            uploadFile(uploadNeurocardsRoute, { query: { siteId }, file, onProgress, signal })
          }
          onUploaded={refresh}
        />
      )}
    />
  );
}

/** /anyreviews/neurocard-delete: deletes neurocards by their keys. */
export function NeurocardDeletePage() {
  const { t } = useTranslation();
  const deleteNeurocards = useDeleteNeurocardsMutation();
  return (
    <ReviewScreen
      title="routes.neurocardDelete"
      lead="reviews.neurocards.deleteLead"
      list={NEUROCARDS_LIST}
      editor={(siteId, refresh) => (
        <DeleteByIds
          label={t('reviews.neurocards.keys')}
          hint={t('reviews.neurocards.keysHint')}
          confirm="reviews.neurocards.submit"
          question="reviews.neurocards.confirmTitle"
          byLine
          onDelete={(keys) => deleteNeurocards.mutateAsync({ siteId, keys })}
          onDeleted={refresh}
        />
      )}
    />
  );
}
