/** The add, edit and upload forms of a query list, and the delete confirmation's scope. */
import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  LIST_MODES,
  LIST_VARIANTS,
  type QueryListEntry,
  type QueryListKind,
  type QueryListMode,
} from '#contract/entities/query-lists.ts';
import { QUERY_LIST_ROUTES, type DraftChange } from '#contract/routes/query-lists.ts';
import { api } from '#src/lib/api.ts';
import { uploadFile } from '#src/lib/upload.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { UploadField } from '#src/ui/upload/upload-field.tsx';
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

interface EntryFields {
  term: string;
  variants: string;
  mode: QueryListMode;
  vertical: string;
}

function EntryInputs({
  list,
  value,
  onChange,
}: {
  list: QueryListKind;
  value: EntryFields;
  onChange: (value: EntryFields) => void;
}) {
  const { t } = useTranslation();
  const modes = LIST_MODES[list];
  return (
    <>
      <TextInput
        label={t(`queryLists.term.${list}`)}
        value={value.term}
        onChange={(term) => onChange({ ...value, term })}
        maxLength={200}
        required
      />
      {LIST_VARIANTS[list] !== 'none' && (
        <TextInput
          label={t(`queryLists.variants.${list}`)}
          hint={LIST_VARIANTS[list] === 'one' ? undefined : t('queryLists.variantsHint')}
          value={value.variants}
          onChange={(variants) => onChange({ ...value, variants })}
          maxLength={2000}
        />
      )}
      {modes.length > 1 && (
        <label className="query-lists__mode">
          <span>{t('queryLists.mode')}</span>
          <select
            className="ui-input"
            value={value.mode}
            onChange={(event) => onChange({ ...value, mode: event.target.value as QueryListMode })}
          >
            {modes.map((mode) => (
              <option key={mode} value={mode}>
                {t(`queryLists.modes.${mode}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <TextInput
        label={t('queryLists.vertical')}
        value={value.vertical}
        onChange={(vertical) => onChange({ ...value, vertical })}
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

const toBody = (list: QueryListKind, fields: EntryFields) => ({
  term: fields.term,
  variants: LIST_VARIANTS[list] === 'none' ? [] : splitTerms(fields.variants),
  mode: fields.mode,
  vertical: fields.vertical,
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
  const [fields, setFields] = useState(() => emptyFields(list));
  useEffect(() => {
    const body = toBody(list, fields);
    onDraft(
      body.term.trim()
        ? { op: 'add', term: body.term, variants: body.variants, mode: body.mode }
        : null,
    );
  }, [list, fields, onDraft]);
  const add = useMutation({
    mutationFn: () =>
      api(QUERY_LIST_ROUTES[list].add, { query: { siteId }, body: toBody(list, fields) }),
    onSuccess: async () => {
      setFields(emptyFields(list));
      await onAdded();
    },
  });
  return (
    <form
      className="query-lists__add"
      aria-label={t('queryLists.addTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate();
      }}
    >
      <EntryInputs list={list} value={fields} onChange={setFields} />
      <Button
        type="submit"
        variant="primary"
        loading={add.isPending}
        disabled={!fields.term.trim()}
      >
        {t('queryLists.add')}
      </Button>
    </form>
  );
}

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
  const [fields, setFields] = useState<EntryFields>({
    term: entry.term,
    variants: entry.variants.join(', '),
    mode: entry.mode,
    vertical: entry.vertical,
  });
  const route = QUERY_LIST_ROUTES[list].update;
  const body = toBody(list, fields);
  // The entry as edited against the entry as saved: what the shopper would get with the edit.
  // A disabled entry changes nothing for the shoppers, edited or not.
  const draft: DraftChange | null =
    entry.enabled && body.term.trim()
      ? { op: 'update', id: entry.id, term: body.term, variants: body.variants, mode: body.mode }
      : null;
  const save = useMutation({
    mutationFn: () =>
      route
        ? api(route, { query: { siteId }, body: { id: entry.id, ...toBody(list, fields) } })
        : Promise.reject(new Error('not editable')),
    onSuccess: onSaved,
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={t('queryLists.editTitle')}
      mode="EDIT"
      width={900}
      confirmLoading={save.isPending}
      onConfirm={() => save.mutate()}
    >
      <div className="query-lists__edit">
        <EntryInputs list={list} value={fields} onChange={setFields} />
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

export function UploadBox({
  list,
  siteId,
  onUploaded,
}: {
  list: QueryListKind;
  siteId: number;
  onUploaded: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [vertical, setVertical] = useState('');
  const [enable, setEnable] = useState(true);
  const [disableOther, setDisableOther] = useState(false);
  return (
    <section className="query-lists__upload" aria-label={t('queryLists.uploadTitle')}>
      <h2>{t('queryLists.uploadTitle')}</h2>
      <p className="query-lists__hint">{t(`queryLists.uploadColumns.${LIST_VARIANTS[list]}`)}</p>
      <div className="query-lists__upload-options">
        <TextInput label={t('queryLists.vertical')} value={vertical} onChange={setVertical} />
        <Checkbox
          label={t('queryLists.enableOnSite')}
          checked={enable}
          onCheckedChange={setEnable}
        />
        <Checkbox
          label={t('queryLists.disableOther')}
          checked={disableOther}
          onCheckedChange={setDisableOther}
        />
      </div>
      <UploadField
        label={t('queryLists.uploadFile')}
        upload={(file, onProgress, signal) =>
          uploadFile(QUERY_LIST_ROUTES[list].upload, {
            query: { siteId },
            fields: {
              vertical,
              enableOnSiteId: enable ? siteId : 'none',
              disableOther,
            },
            file,
            onProgress,
            signal,
          })
        }
        onUploaded={() => void onUploaded()}
      />
    </section>
  );
}
