import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { MVT_ACTIONS, mvtTotalShare, type MvtEntry } from '#contract/entities/config.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DeleteButton } from '#src/ui/button/delete-button.tsx';
import {
  FormCheckboxField,
  FormField,
  FormTextField,
  useFieldError,
} from '#src/ui/form/form-field.tsx';
import { useShownField } from '#src/ui/form/form.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import type { MvtFormIn } from '../mvt-form.ts';

function EntryScript({ index }: { index: number }) {
  const { t } = useTranslation();
  const { register, control } = useFormContext<MvtFormIn>();
  const action = useWatch({ control, name: `entries.${index}.action` });
  if (action !== 'RUN_CUSTOM_SCRIPT') return null;
  return (
    <FormField<MvtFormIn> name={`entries.${index}.script`} label={t('mvt.fields.script')}>
      {(control) => (
        <textarea
          className="ui-input code-field__input"
          rows={4}
          spellCheck={false}
          {...control}
          {...register(`entries.${index}.script`)}
        />
      )}
    </FormField>
  );
}

/** The experiment's groups (spec §3 MVT config: name, enabled; plus action, share and script). */
export function MvtEntries({
  disabled,
  describedBy,
}: {
  disabled: boolean;
  /** The read-only notice's id, when the fields are disabled for the user's roles. */
  describedBy?: string | undefined;
}) {
  const { t } = useTranslation();
  const { control } = useFormContext<MvtFormIn>();
  const { fields, append, remove } = useFieldArray({ control, name: 'entries' });
  const entries = (useWatch({ control, name: 'entries' }) ?? []) as Partial<MvtEntry>[];
  const total = mvtTotalShare(entries);
  // The list's own error (the shares' total) is shown on the total line below, not in the summary.
  const totalError = useFieldError<MvtFormIn>('entries');
  useShownField('entries');
  return (
    <fieldset disabled={disabled} aria-describedby={describedBy} className="config-sections">
      <legend className="ui-visually-hidden">{t('mvt.entries')}</legend>
      {fields.length === 0 && <p className="muted">{t('mvt.empty')}</p>}
      {fields.map((field, index) => (
        <fieldset key={field.id} className="config-section">
          <legend>{t('mvt.entry', { number: index + 1 })}</legend>
          <div className="form-grid">
            <FormTextField<MvtFormIn>
              name={`entries.${index}.name`}
              label={t('mvt.fields.name')}
              required
            />
            <FormSelectField<MvtFormIn, string>
              name={`entries.${index}.action`}
              label={t('mvt.fields.action')}
              options={MVT_ACTIONS.map((value) => ({ value, label: t(`mvt.actions.${value}`) }))}
            />
            <FormTextField<MvtFormIn>
              name={`entries.${index}.share`}
              type="number"
              label={t('mvt.fields.share')}
            />
          </div>
          <FormCheckboxField<MvtFormIn>
            name={`entries.${index}.enabled`}
            label={t('mvt.fields.enabled')}
          />
          <EntryScript index={index} />
          <div>
            <DeleteButton
              name={entries[index]?.name || t('mvt.entry', { number: index + 1 })}
              onDelete={() => remove(index)}
              aria-label={t('mvt.remove', {
                name: entries[index]?.name || t('mvt.entry', { number: index + 1 }),
              })}
            />
          </div>
        </fieldset>
      ))}
      {totalError ? (
        <p className="ui-field__error" role="alert">
          {totalError}
        </p>
      ) : (
        <p className={total > 100 ? 'warning-text' : 'muted'} role="status">
          {t(total > 100 ? 'mvt.overTotal' : 'mvt.total', { total })}
        </p>
      )}
      <div>
        <Button
          onClick={() =>
            append({ name: '', enabled: false, action: 'NONE', share: 50, script: '' })
          }
        >
          {t('mvt.add')}
        </Button>
      </div>
    </fieldset>
  );
}
