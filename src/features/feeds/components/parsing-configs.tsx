import { useQuery } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { feedParsingConfigInput } from '#contract/entities/feeds.ts';
import { showSaveError } from '#src/lib/api.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DeleteButton } from '#src/ui/button/delete-button.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { parsingConfigsQueryOptions } from '../api/feed-queries.ts';
import {
  useDeleteParsingConfigMutation,
  useSaveParsingConfigMutation,
} from '../api/feed-mutations.ts';

const EMPTY = { tags: [{ tag: '', mapTo: '' }] };

/** Feed parsing configs: tag mappings for a non-standard YML (tag → YML element or param:<name>). */
export function ParsingConfigs({ siteId, canEdit }: { siteId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const configs = useQuery(parsingConfigsQueryOptions(siteId));
  const remove = useDeleteParsingConfigMutation(siteId);
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
                  await remove.mutateAsync(config.id);
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
      {canEdit && <ParsingConfigForm siteId={siteId} />}
    </div>
  );
}

/** A new config: rows of tag → target, checked by the contract's schema before the save. */
function ParsingConfigForm({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const form = useZodForm(feedParsingConfigInput, { defaultValues: EMPTY });
  const tags = useFieldArray({ control: form.control, name: 'tags' });
  const save = useSaveParsingConfigMutation(siteId);
  return (
    <Form
      form={form}
      className="feed-urls"
      aria-label={t('feeds.configurator.saveParsing')}
      onSubmit={async (body) => {
        try {
          await save.mutateAsync(body);
        } catch (error) {
          showSaveError(error, form.setError);
          return;
        }
        form.reset(EMPTY);
      }}
    >
      {tags.fields.map((field, index) => (
        <div key={field.id} className="feed-urls__add">
          <FormTextField name={`tags.${index}.tag`} label={t('feeds.configurator.tag')} />
          <FormTextField
            name={`tags.${index}.mapTo`}
            label={t('feeds.configurator.mapTo')}
            placeholder={t('feeds.configurator.mapToExample')}
          />
          {tags.fields.length > 1 && (
            <Button size="sm" onClick={() => tags.remove(index)}>
              {t('feeds.configurator.remove')}
            </Button>
          )}
        </div>
      ))}
      <FormRootError />
      <div className="form-actions">
        <Button onClick={() => tags.append({ tag: '', mapTo: '' })}>
          {t('feeds.configurator.addTag')}
        </Button>
        <Button type="submit" variant="primary" loading={save.isPending}>
          {t('feeds.configurator.saveParsing')}
        </Button>
      </div>
    </Form>
  );
}
