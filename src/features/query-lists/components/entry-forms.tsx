/** The add and edit forms of a query list, and the delete confirmation's scope. */
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import {
  LIST_MODES,
  LIST_VARIANTS,
  QUERY_LIST_MODES,
  queryListInput,
  type QueryListEntry,
  type QueryListKind,
} from '#contract/entities/query-lists.ts';
import type { DraftChange } from '#contract/routes/query-lists.ts';
import { applyServerIssues } from '#src/lib/api.ts';
import { Button } from '#src/ui/button/button.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { useAddEntryMutation, useUpdateEntryMutation } from '../api/query-list-mutations.ts';
import { TryQuery } from '../components/try-query.tsx';

const splitTerms = (text: string) =>
  text
    .split(/[;,|]/)
    .map((part) => part.trim())
    .filter(Boolean);

export function DeleteScope({ entry, siteName }: { entry: QueryListEntry; siteName: string }) {
  const { t } = useTranslation();
  const others = entry.siteCount - (entry.enabled ? 1 : 0);
  return (
    <>
      <p>{t('queryLists.deleteText', { term: entry.term })}</p>
      <p>
        {entry.siteCount === 0
          ? t('queryLists.deleteScope.none')
          : entry.enabled
            ? others === 0
              ? t('queryLists.deleteScope.hereOnly', { site: siteName })
              : t('queryLists.deleteScope.here', { site: siteName, count: others })
            : t('queryLists.deleteScope.elsewhere', { site: siteName, count: others })}
      </p>
      {entry.vertical && (
        <p>{t('queryLists.deleteScope.vertical', { vertical: entry.vertical })}</p>
      )}
    </>
  );
}

/**
 * The add and edit forms' fields: the contract's term and vertical; the variants as typed (split
 * into terms by `toBody`, the server checks each) and the mode of the list's modes.
 */
const entryForm = queryListInput.pick({ term: true, vertical: true }).extend({
  variants: z.string().max(2000),
  mode: z.enum(QUERY_LIST_MODES),
});
type EntryFields = z.input<typeof entryForm>;
const EDIT_FORM = 'query-list-edit';

function EntryInputs({ list }: { list: QueryListKind }) {
  const { t } = useTranslation();
  const { register } = useFormContext<EntryFields>();
  const modes = LIST_MODES[list];
  return (
    <>
      <FormTextField<EntryFields>
        name="term"
        label={t(`queryLists.term.${list}`)}
        maxLength={200}
        required
      />
      {LIST_VARIANTS[list] !== 'none' && (
        <FormTextField<EntryFields>
          name="variants"
          label={t(`queryLists.variants.${list}`)}
          hint={LIST_VARIANTS[list] === 'one' ? undefined : t('queryLists.variantsHint')}
          maxLength={2000}
        />
      )}
      {modes.length > 1 && (
        <label className="query-lists__mode">
          <span>{t('queryLists.mode')}</span>
          <select className="ui-input" {...register('mode')}>
            {modes.map((mode) => (
              <option key={mode} value={mode}>
                {t(`queryLists.modes.${mode}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <FormTextField<EntryFields>
        name="vertical"
        label={t('queryLists.vertical')}
        maxLength={100}
      />
    </>
  );
}

const emptyFields = (list: QueryListKind): EntryFields => ({
  term: '',
  variants: '',
  mode: LIST_MODES[list][0]!,
  vertical: '',
});

/** What the add and update calls take of the fields (the form's values, or a watch's). */
const toBody = (list: QueryListKind, fields: Partial<EntryFields>) => ({
  term: fields.term ?? '',
  variants: LIST_VARIANTS[list] === 'none' ? [] : splitTerms(fields.variants ?? ''),
  mode: fields.mode ?? LIST_MODES[list][0]!,
  vertical: fields.vertical ?? '',
});

export function AddForm({
  list,
  siteId,
  onAdded,
  onDraft,
}: {
  list: QueryListKind;
  siteId: number;
  onAdded: () => Promise<void>;
  onDraft: (change: DraftChange | null) => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(entryForm, { defaultValues: emptyFields(list) });
  // The entry as typed is tried in the search preview before it is added.
  useEffect(() => {
    const publish = (fields: Partial<EntryFields>) => {
      const body = toBody(list, fields);
      onDraft(
        body.term.trim()
          ? { op: 'add', term: body.term, variants: body.variants, mode: body.mode }
          : null,
      );
    };
    publish(form.getValues());
    const watching = form.watch((fields) => publish(fields));
    return () => watching.unsubscribe();
  }, [form, list, onDraft]);
  const add = useAddEntryMutation({ list, siteId });
  const empty = !form.watch('term').trim();
  return (
    <Form
      form={form}
      aria-label={t('queryLists.addTitle')}
      onSubmit={async (fields) => {
        try {
          await add.mutateAsync(toBody(list, fields));
        } catch (error) {
          // The call's toast says what went wrong; the server's field issues go on the fields.
          applyServerIssues(error, form.setError);
          return;
        }
        form.reset(emptyFields(list));
        await onAdded();
      }}
    >
      <div className="query-lists__add">
        <EntryInputs list={list} />
        <Button type="submit" variant="primary" loading={add.isPending} disabled={empty}>
          {t('queryLists.add')}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The edit dialog: the entry's fields, and beside the form (it sends its own queries) the search
 * preview of the entry as edited.
 */
export function EditModal({
  list,
  siteId,
  entry,
  onClose,
  onSaved,
}: {
  list: QueryListKind;
  siteId: number;
  entry: QueryListEntry;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(entryForm, {
    defaultValues: {
      term: entry.term,
      variants: entry.variants.join(', '),
      mode: entry.mode,
      vertical: entry.vertical,
    },
  });
  const save = useUpdateEntryMutation({ list, siteId }, entry.id);
  const body = toBody(list, form.watch());
  // The entry as edited against the entry as saved: what the shopper would get with the edit.
  // A disabled entry changes nothing for the shoppers, edited or not.
  const draft: DraftChange | null =
    entry.enabled && body.term.trim()
      ? { op: 'update', id: entry.id, term: body.term, variants: body.variants, mode: body.mode }
      : null;
  return (
    <Modal
      open
      onClose={onClose}
      title={t('queryLists.editTitle')}
      mode="EDIT"
      width={900}
      formId={EDIT_FORM}
      confirmLoading={save.isPending}
    >
      <div className="query-lists__edit">
        <Form
          id={EDIT_FORM}
          form={form}
          onSubmit={async (fields) => {
            try {
              await save.mutateAsync(toBody(list, fields));
            } catch (error) {
              // The call's toast says what went wrong; the server's field issues go on the fields.
              applyServerIssues(error, form.setError);
              return;
            }
            await onSaved();
          }}
        >
          <div className="query-lists__edit">
            <EntryInputs list={list} />
          </div>
        </Form>
        {!entry.enabled && <p className="query-lists__hint">{t('queryLists.try.editDisabled')}</p>}
        <TryQuery
          siteId={siteId}
          list={list}
          draft={draft}
          draftHint={t('queryLists.try.editHint')}
          initialQuery={entry.term}
        />
      </div>
    </Modal>
  );
}
