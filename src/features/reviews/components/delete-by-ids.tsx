/** Delete reviews or neurocards by their ids: the list typed or pasted, the outcome per id. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { Button } from '#src/ui/button/button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog/confirm-dialog.tsx';
import { FormField } from '#src/ui/form/form-field.tsx';
import { Form, useZodForm } from '#src/ui/form/form.tsx';

const MAX_IDS = 500;

/**
 * Ids typed one per line, or (product externalIds, which hold no spaces) separated by commas,
 * spaces or semicolons; blanks and repeats dropped. Neurocard keys may hold spaces: by line only.
 */
function parseIds(text: string, byLine = false): string[] {
  return [
    ...new Set(
      text
        .split(byLine ? /\r?\n/ : /[\n,;\s]+/)
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
}

interface DeleteOutcome {
  deleted: number;
  missing: string[];
}

export function DeleteByIds({
  label,
  hint,
  confirm,
  question,
  onDelete,
  onDeleted,
  byLine = false,
}: {
  byLine?: boolean;
  label: string;
  hint: string;
  confirm: 'reviews.delete.submit' | 'reviews.neurocards.submit';
  /** The question asked before the delete runs. */
  question: 'reviews.delete.confirmTitle' | 'reviews.neurocards.confirmTitle';
  onDelete: (ids: string[]) => Promise<DeleteOutcome>;
  /** After a delete, before its outcome shows: the lists are read again. */
  onDeleted: () => Promise<void>;
}) {
  const { t } = useTranslation();
  // At most 500 ids a call: past that the field says so as it is typed, and the button waits.
  const schema = useMemo(
    () =>
      z.object({
        text: z.string().refine((text) => parseIds(text, byLine).length <= MAX_IDS, {
          message: t('reviews.delete.tooMany', { count: MAX_IDS }),
        }),
      }),
    [t, byLine],
  );
  const form = useZodForm(schema, { mode: 'onChange', defaultValues: { text: '' } });
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<DeleteOutcome | null>(null);
  const ids = parseIds(form.watch('text'), byLine);
  const tooMany = ids.length > MAX_IDS;
  const submit = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await onDelete(ids);
      await onDeleted();
      setOutcome(result);
      form.reset({ text: '' });
    } catch {
      // the call's error toast says what went wrong; the ids stay for another try
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} className="reviews-delete" onSubmit={() => setAsking(true)}>
      <FormField<{ text: string }> name="text" label={label} hint={hint}>
        {(control) => (
          <textarea
            className="ui-input reviews-textarea"
            rows={6}
            {...control}
            {...form.register('text')}
          />
        )}
      </FormField>
      <Button type="submit" variant="danger" loading={busy} disabled={ids.length === 0 || tooMany}>
        {t(confirm, { count: ids.length })}
      </Button>
      {asking && (
        <ConfirmDialog
          title={t(question, { count: ids.length })}
          confirmLabel={t(confirm, { count: ids.length })}
          onClose={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void submit();
          }}
        >
          <p>
            {t('reviews.delete.confirmText', {
              ids: ids.slice(0, 10).join(', ') + (ids.length > 10 ? ' …' : ''),
            })}
          </p>
        </ConfirmDialog>
      )}
      {outcome && (
        <div role="status" className="reviews-outcome">
          <p>{t('reviews.delete.deleted', { count: outcome.deleted })}</p>
          {outcome.missing.length > 0 && (
            <p>{t('reviews.delete.missing', { ids: outcome.missing.join(', ') })}</p>
          )}
        </div>
      )}
    </Form>
  );
}

/** /anyreviews/delete: deletes products' reviews by their externalIds. */
