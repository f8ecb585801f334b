import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import {
  kbSectionInput,
  type KbLanguage,
  type KbSectionAdmin,
  type KbSectionInput,
} from '#contract/entities/support.ts';
import { applyServerIssues, reportError } from '#src/lib/api.ts';
import { ConfirmDialog } from '#src/ui/confirm-dialog/confirm-dialog.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { SortableList } from '#src/ui/sortable-list/sortable-list.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { supportKeys } from './api/keys.ts';
import {
  useCreateKbSectionMutation,
  useDeleteKbSectionMutation,
  useOrderKbSectionsMutation,
  useRenameKbSectionMutation,
} from './api/support-mutations.ts';
import { kbSectionsQueryOptions } from './api/support-queries.ts';

type Titles = Pick<KbSectionAdmin, 'titleRu' | 'titleEn'>;
const EMPTY_SECTION: KbSectionInput = { slug: '', titleRu: '', titleEn: '' };

/**
 * The knowledge base's sections (staff): add, rename in both languages, put in menu order (drag,
 * keyboard or buttons) and delete the empty ones — the server refuses one holding articles (409),
 * and the dialog says which and why.
 */
export function KbSectionsEditor({
  language,
  onClose,
}: {
  language: KbLanguage;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sections = useQuery(kbSectionsQueryOptions());
  const orderCall = useOrderKbSectionsMutation();
  const renameCall = useRenameKbSectionMutation();
  const deleteCall = useDeleteKbSectionMutation();
  const [drafts, setDrafts] = useState<Record<number, Titles>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleOf = (section: KbSectionAdmin) =>
    language === 'en' ? section.titleEn : section.titleRu;

  const refresh = () => queryClient.invalidateQueries({ queryKey: supportKeys.kb });
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const reorder = (items: KbSectionAdmin[]) =>
    act(async () => {
      queryClient.setQueryData(kbSectionsQueryOptions().queryKey, items);
      await orderCall.mutateAsync(items.map((section) => section.id));
    });

  const rename = (section: KbSectionAdmin, titles: Titles) =>
    act(async () => {
      await renameCall.mutateAsync({ id: section.id, titles });
      setDrafts(({ [section.id]: _, ...rest }) => rest);
    }).catch(() => undefined);

  const [dropping, setDropping] = useState<KbSectionAdmin | null>(null);
  const remove = (section: KbSectionAdmin) =>
    act(async () => {
      try {
        await deleteCall.mutateAsync(section.id);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) return reportError(error);
        setProblem(
          /at least one section/.test(error.message)
            ? t('support.kb.sections.lastSection')
            : t('support.kb.sections.notEmpty', {
                title: titleOf(section),
                count: section.articleCount,
              }),
        );
      }
    });

  return (
    <Modal
      open
      title={t('support.kb.sections.title')}
      onClose={onClose}
      width={880}
      closeOnOutsideClick={dropping === null}
    >
      <div className="kb-sections">
        <p className="kb-sections__lead">{t('support.kb.sections.lead')}</p>
        {problem && (
          <p className="kb-sections__problem" role="alert">
            {problem}
          </p>
        )}
        {sections.data === undefined ? (
          <Spinner label={t('ui.spinner.loading')} />
        ) : (
          <SortableList
            aria-label={t('support.kb.sections.list')}
            className="kb-sections__list"
            items={sections.data}
            itemId={(section) => section.id}
            itemLabel={titleOf}
            disabled={busy}
            onReorder={(items) => void reorder(items)}
            labels={{
              handle: (name) => t('support.kb.sections.sortable.handle', { name }),
              moveUp: (name) => t('support.kb.sections.sortable.moveUp', { name }),
              moveDown: (name) => t('support.kb.sections.sortable.moveDown', { name }),
              instructions: t('support.kb.sections.sortable.instructions'),
              picked: (name) => t('support.kb.sections.sortable.picked', { name }),
              moved: (name, position) =>
                t('support.kb.sections.sortable.moved', { name, position }),
              dropped: (name, position) =>
                t('support.kb.sections.sortable.dropped', { name, position }),
              cancelled: (name) => t('support.kb.sections.sortable.cancelled', { name }),
            }}
            renderItem={(section) => {
              const draft = drafts[section.id] ?? section;
              const changed =
                draft.titleRu.trim() !== section.titleRu ||
                draft.titleEn.trim() !== section.titleEn;
              const valid = draft.titleRu.trim() !== '' && draft.titleEn.trim() !== '';
              const edit = (field: keyof Titles) => (value: string) =>
                setDrafts((all) => ({ ...all, [section.id]: { ...draft, [field]: value } }));
              return (
                <div className="kb-sections__row" data-testid={`kb-section-${section.slug}`}>
                  <TextInput
                    label={t('support.kb.sections.titleRu')}
                    value={draft.titleRu}
                    onChange={edit('titleRu')}
                    maxLength={100}
                  />
                  <TextInput
                    label={t('support.kb.sections.titleEn')}
                    value={draft.titleEn}
                    onChange={edit('titleEn')}
                    maxLength={100}
                  />
                  <span className="kb-sections__meta">
                    <code>{section.slug}</code>
                    <span>
                      {t('support.kb.sections.articles', { count: section.articleCount })}
                    </span>
                  </span>
                  <span className="kb-sections__actions">
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={!changed || !valid || busy}
                      aria-label={t('support.kb.sections.saveOne', { name: titleOf(section) })}
                      onClick={() =>
                        void rename(section, {
                          titleRu: draft.titleRu.trim(),
                          titleEn: draft.titleEn.trim(),
                        })
                      }
                    >
                      {t('support.kb.sections.save')}
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      disabled={busy}
                      aria-label={t('support.kb.sections.deleteOne', { name: titleOf(section) })}
                      onClick={() => setDropping(section)}
                    >
                      {t('support.kb.sections.delete')}
                    </Button>
                  </span>
                </div>
              );
            }}
          />
        )}
        <NewSection onAdded={refresh} />
      </div>
      {dropping && (
        <ConfirmDialog
          title={t('support.kb.sections.deleteTitle', { name: titleOf(dropping) })}
          onClose={() => setDropping(null)}
          onConfirm={() => {
            setDropping(null);
            void remove(dropping);
          }}
        >
          <p>{t('support.kb.sections.deleteText')}</p>
        </ConfirmDialog>
      )}
    </Modal>
  );
}

/** The form of a new section (it goes to the end of the menu), on the contract's `kbSectionInput`. */
function NewSection({ onAdded }: { onAdded: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const form = useZodForm(kbSectionInput, { defaultValues: EMPTY_SECTION });
  const createCall = useCreateKbSectionMutation();
  const [saving, setSaving] = useState(false);
  return (
    <Form
      form={form}
      className="kb-sections__new"
      aria-label={t('support.kb.sections.add')}
      onSubmit={async (body) => {
        setSaving(true);
        try {
          await createCall.mutateAsync(body);
          form.reset(EMPTY_SECTION);
          await onAdded();
        } catch (error) {
          if (error instanceof ApiError && error.status === 409)
            form.setError('slug', {
              message: t('support.kb.sections.slugTaken', { slug: body.slug }),
            });
          else if (!applyServerIssues(error, form.setError)) reportError(error);
        } finally {
          setSaving(false);
        }
      }}
    >
      <h3>{t('support.kb.sections.add')}</h3>
      <div className="kb-sections__new-fields">
        <FormTextField<KbSectionInput>
          name="slug"
          label={t('support.kb.sections.slug')}
          hint={t('support.kb.sections.slugHint')}
          maxLength={100}
        />
        <FormTextField<KbSectionInput>
          name="titleRu"
          label={t('support.kb.sections.titleRu')}
          maxLength={100}
        />
        <FormTextField<KbSectionInput>
          name="titleEn"
          label={t('support.kb.sections.titleEn')}
          maxLength={100}
        />
        <Button type="submit" variant="primary" disabled={!form.formState.isValid} loading={saving}>
          {t('support.kb.sections.addButton')}
        </Button>
      </div>
    </Form>
  );
}
