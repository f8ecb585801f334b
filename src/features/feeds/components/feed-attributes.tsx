import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '#src/ui/button/delete-button.tsx';
import { UploadField } from '#src/ui/upload/upload-field.tsx';
import { feedAttributesQueryOptions } from '../api/feed-queries.ts';
import {
  deleteFeedAttribute,
  deleteFeedAttributesFromFile,
  uploadFeedAttributes,
} from '../api/feed-mutations.ts';
import { feedKeys } from '../api/keys.ts';

/** Feed attributes (the params the import keeps): list, delete, upload and delete from a file. */
export function FeedAttributes({ siteId, canEdit }: { siteId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const attributes = useQuery(feedAttributesQueryOptions(siteId));
  const refresh = () => client.invalidateQueries({ queryKey: feedKeys.attributes(siteId) });
  return (
    <div className="feed-urls">
      {attributes.data?.length === 0 ? (
        <p className="muted">{t('feeds.configurator.noAttributes')}</p>
      ) : (
        <ul className="feed-emails" aria-label={t('feeds.configurator.attributes')}>
          {attributes.data?.map((attribute) => (
            <li key={attribute.id}>
              <span>{attribute.id}</span>
              {canEdit && (
                <DeleteButton
                  name={attribute.id}
                  onDelete={async () => {
                    await deleteFeedAttribute(siteId, attribute.id);
                    await refresh();
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <div className="feed-settings">
          <UploadField
            label={t('feeds.configurator.upload')}
            hint={t('feeds.configurator.fileHint')}
            upload={(file, onProgress, signal) =>
              uploadFeedAttributes(siteId, file, onProgress, signal)
            }
            onUploaded={() => void refresh()}
          />
          <UploadField
            label={t('feeds.configurator.deleteFromFile')}
            hint={t('feeds.configurator.fileHint')}
            upload={(file, onProgress, signal) =>
              deleteFeedAttributesFromFile(siteId, file, onProgress, signal)
            }
            onUploaded={() => void refresh()}
          />
        </div>
      )}
    </div>
  );
}
