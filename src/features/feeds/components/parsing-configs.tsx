import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import type { TagMapping } from '#contract/entities/feeds.ts';
import {
  deleteFeedParsingConfigRoute,
  saveFeedParsingConfigRoute,
} from '#contract/routes/feeds.ts';
import { api } from '#src/lib/api.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DeleteButton } from '#src/ui/button/delete-button.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { parsingConfigsQueryOptions } from '../api/feed-queries.ts';
import { feedKeys } from '../api/keys.ts';

/** Feed parsing configs: tag mappings for a non-standard YML (tag → YML element or param:<name>). */
export function ParsingConfigs({ siteId, canEdit }: { siteId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const configs = useQuery(parsingConfigsQueryOptions(siteId));
  const [tags, setTags] = useState<TagMapping[]>([{ tag: '', mapTo: '' }]);
  const refresh = () => client.invalidateQueries({ queryKey: feedKeys.parsing(siteId) });
  const save = useMutation({
    mutationFn: () =>
      api(saveFeedParsingConfigRoute, { query: { siteId }, body: { tags } }, { quiet: true }),
    onSuccess: async () => {
      setTags([{ tag: '', mapTo: '' }]);
      await refresh();
    },
  });
  const error =
    save.error instanceof ApiError
      ? save.error.issues
          .map((issue) => `${issue.path.slice(1).join('.')}: ${issue.message}`)
          .join('; ') || save.error.message
      : null;
  return (
    <div className="feed-urls">
      {configs.data?.length === 0 && <p className="muted">{t('feeds.configurator.noParsing')}</p>}
      {configs.data?.map((config) => (
        <div key={config.id} className="feed-job">
          <div className="feed-job__head">
            <h3>{t('feeds.configurator.config', { id: config.id })}</h3>
            {canEdit && (
              <DeleteButton
                name={t('feeds.configurator.config', { id: config.id })}
                onDelete={async () => {
                  await api(deleteFeedParsingConfigRoute, { query: { siteId, id: config.id } });
                  await refresh();
                }}
              />
            )}
          </div>
          <ul className="feed-report__problems">
            {config.tags.map((tag) => (
              <li key={tag.tag}>
                <code>{tag.tag}</code> → <code>{tag.mapTo}</code>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {canEdit && (
        <form
          className="feed-urls"
          aria-label={t('feeds.configurator.saveParsing')}
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          {tags.map((tag, index) => (
            <div key={index} className="feed-urls__add">
              <TextInput
                label={t('feeds.configurator.tag')}
                value={tag.tag}
                onChange={(text) =>
                  setTags(tags.map((item, i) => (i === index ? { ...item, tag: text } : item)))
                }
              />
              <TextInput
                label={t('feeds.configurator.mapTo')}
                placeholder={t('feeds.configurator.mapToExample')}
                value={tag.mapTo}
                onChange={(text) =>
                  setTags(tags.map((item, i) => (i === index ? { ...item, mapTo: text } : item)))
                }
              />
              {tags.length > 1 && (
                <Button size="sm" onClick={() => setTags(tags.filter((_, i) => i !== index))}>
                  {t('feeds.configurator.remove')}
                </Button>
              )}
            </div>
          ))}
          {error && (
            <p className="feed-advice feed-advice--danger" role="alert">
              {error}
            </p>
          )}
          <div className="form-actions">
            <Button onClick={() => setTags([...tags, { tag: '', mapTo: '' }])}>
              {t('feeds.configurator.addTag')}
            </Button>
            <Button type="submit" variant="primary" loading={save.isPending}>
              {t('feeds.configurator.saveParsing')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
