import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isStaff } from '#contract/roles.ts';
import type * as z from 'zod';
import {
  kbArticleInput,
  type KbArticle,
  type KbArticleInput,
  type KbLanguage,
  type KbSection,
} from '#contract/entities/support.ts';
import { applyServerIssues, reportError } from '#src/lib/api.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { ConfirmDialog } from '#src/ui/confirm-dialog/confirm-dialog.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { FormField, FormTextField } from '#src/ui/form/form-field.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { ArticleMarkdown, Snippet } from './markdown.tsx';
import { KbSectionsEditor } from './kb-sections-editor.tsx';
import { supportKeys } from './api/keys.ts';
import { kbArticleQueryOptions, kbListQueryOptions } from './api/support-queries.ts';
import { deleteKbArticle, saveKbArticle } from './api/support-mutations.ts';
import './support.css';
import { formatDay } from '#src/lib/date-format.ts';

const SEARCH_DEBOUNCE_MS = 300;

/** /knowledge-base: the product's guides by section, searched on the server; staff edit them. */
export default function KnowledgeBasePage() {
  const { t, i18n } = useTranslation();
  const language: KbLanguage = i18n.language === 'en' ? 'en' : 'ru';
  const me = useAuthStore((state) => state.me)!;
  const canEdit = !me.isClient && isStaff(me.roles);
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced, setDebounced] = useState(search);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const list = useQuery(kbListQueryOptions(language, debounced));
  const firstSlug = list.data?.[0]?.articles[0]?.slug;
  const slug = params.get('article') ?? firstSlug ?? null;
  const article = useQuery({
    ...kbArticleQueryOptions(slug ?? '', language),
    enabled: slug !== null,
  });
  const [editing, setEditing] = useState<KbArticle | 'new' | null>(null);
  const [editingSections, setEditingSections] = useState(false);
  const open = (next: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('article', next);
      return copy;
    });

  return (
    <div className="page kb">
      <div className="page__header">
        <h1>{t('routes.knowledgeBase')}</h1>
        {canEdit && (
          <div className="page__actions">
            <Button variant="secondary" onClick={() => setEditingSections(true)}>
              {t('support.kb.sections.manage')}
            </Button>
            <Button variant="primary" onClick={() => setEditing('new')}>
              {t('support.kb.create')}
            </Button>
          </div>
        )}
      </div>
      <div className="kb__layout">
        <nav className="kb__nav" aria-label={t('routes.knowledgeBase')}>
          <TextInput
            type="search"
            label={t('support.kb.search')}
            placeholder={t('support.kb.searchPlaceholder')}
            value={search}
            onChange={setSearch}
            maxLength={200}
          />
          {list.data === undefined ? (
            <Spinner label={t('ui.spinner.loading')} />
          ) : list.data.length === 0 ? (
            <p className="kb__empty" role="status">
              {t('support.kb.nothingFound', { query: debounced })}
            </p>
          ) : (
            list.data.map((section) => (
              <section key={section.id} className="kb__section">
                <h2>{section.title}</h2>
                {section.articles.length === 0 && (
                  <p className="kb__empty-section">{t('support.kb.sections.empty')}</p>
                )}
                <ul>
                  {section.articles.map((item) => (
                    <li key={item.id}>
                      <button
                        type="button"
                        className="kb__link"
                        aria-current={item.slug === slug ? 'page' : undefined}
                        onClick={() => open(item.slug)}
                      >
                        {item.title}
                      </button>
                      {item.snippet && <Snippet text={item.snippet} />}
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </nav>
        <article className="kb__article" aria-live="polite">
          {slug === null ? (
            <p>{t('support.kb.choose')}</p>
          ) : article.data ? (
            <>
              <div className="kb__article-header">
                <h2>{article.data.title}</h2>
                {canEdit && (
                  <Button size="sm" variant="secondary" onClick={() => setEditing(article.data)}>
                    {t('support.kb.edit')}
                  </Button>
                )}
              </div>
              {article.data.language !== language && (
                <p className="kb__note">{t('support.kb.fallback')}</p>
              )}
              <ArticleMarkdown text={article.data.body} />
              {article.data.updatedBy && (
                <p className="kb__meta">
                  {t('support.kb.updated', {
                    date: formatDay(article.data.updatedAt, i18n.language),
                    login: article.data.updatedBy,
                  })}
                </p>
              )}
            </>
          ) : (
            <Spinner label={t('ui.spinner.loading')} />
          )}
        </article>
      </div>
      {editingSections && (
        <KbSectionsEditor language={language} onClose={() => setEditingSections(false)} />
      )}
      {editing !== null && list.data && (
        <ArticleEditor
          sections={list.data}
          language={language}
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => open(saved.slug)}
        />
      )}
    </div>
  );
}

const FORM_ID = 'kb-article-form';

/** Create or edit one article (Markdown with a live preview); staff only. */
function ArticleEditor({
  sections,
  language,
  editing,
  onClose,
  onSaved,
}: {
  sections: readonly KbSection[];
  language: KbLanguage;
  editing: KbArticle | null;
  onClose: () => void;
  onSaved: (article: KbArticle) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The contract's schema validates what is typed; its messages come from the zod error map.
  const form = useZodForm<KbArticleInput, z.output<typeof kbArticleInput>>(kbArticleInput, {
    defaultValues: editing
      ? {
          sectionId: editing.sectionId,
          slug: editing.slug,
          language: editing.language,
          title: editing.title,
          body: editing.body,
        }
      : { sectionId: sections[0]?.id, slug: '', language, title: '', body: '' },
  });
  const { isSubmitting } = form.formState;
  const body = useWatch({ control: form.control, name: 'body' });
  const submit = async (values: z.output<typeof kbArticleInput>) => {
    try {
      const saved = await saveKbArticle(values);
      await queryClient.invalidateQueries({ queryKey: supportKeys.kb });
      onSaved(saved);
      onClose();
    } catch (error) {
      if (!applyServerIssues(error, form.setError)) reportError(error, { quiet: true });
    }
  };
  const [asking, setAsking] = useState(false);
  const remove = async () => {
    if (!editing) return;
    await deleteKbArticle(editing.id);
    await queryClient.invalidateQueries({ queryKey: supportKeys.kb });
    onClose();
  };
  return (
    <Modal
      open
      mode={editing ? 'EDIT' : 'CREATE'}
      title={t('support.kb.editTitle')}
      onClose={onClose}
      width={960}
      formId={FORM_ID}
      confirmLoading={isSubmitting}
      closeOnOutsideClick={!asking}
    >
      <Form<KbArticleInput, z.output<typeof kbArticleInput>>
        id={FORM_ID}
        form={form}
        className="kb-editor"
        onSubmit={submit}
      >
        <div className="kb-editor__row">
          <FormField<KbArticleInput> name="sectionId" label={t('support.kb.section')}>
            {(control) => (
              <select
                className="ui-input"
                {...control}
                {...form.register('sectionId', { valueAsNumber: true })}
              >
                {sections.map((section) => (
                  <option key={section.id} value={section.id}>
                    {section.title}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField<KbArticleInput> name="language" label={t('support.kb.language')}>
            {(control) => (
              <select
                className="ui-input"
                disabled={editing !== null}
                {...control}
                {...form.register('language')}
              >
                <option value="ru">{t('support.kb.languages.ru')}</option>
                <option value="en">{t('support.kb.languages.en')}</option>
              </select>
            )}
          </FormField>
          <FormField<KbArticleInput>
            name="slug"
            label={t('support.kb.slug')}
            hint={t('support.kb.slugHint')}
          >
            {(control) => (
              <input
                className="ui-input"
                readOnly={editing !== null}
                {...control}
                {...form.register('slug')}
              />
            )}
          </FormField>
        </div>
        <FormTextField<KbArticleInput> name="title" label={t('support.kb.title')} />
        <div className="kb-editor__panes">
          <FormField<KbArticleInput> name="body" label={t('support.kb.body')}>
            {(control) => (
              <textarea
                className="ui-input kb-editor__body"
                rows={18}
                {...control}
                {...form.register('body')}
              />
            )}
          </FormField>
          <div className="kb-editor__preview" aria-label={t('support.kb.preview')}>
            <ArticleMarkdown text={body} />
          </div>
        </div>
        {editing && (
          <Button variant="danger" size="sm" onClick={() => setAsking(true)}>
            {t('support.kb.delete')}
          </Button>
        )}
      </Form>
      {asking && editing && (
        <ConfirmDialog
          title={t('support.kb.deleteTitle', { title: editing.title })}
          onClose={() => setAsking(false)}
          onConfirm={remove}
        >
          <p>{t('support.kb.deleteText')}</p>
        </ConfirmDialog>
      )}
    </Modal>
  );
}
