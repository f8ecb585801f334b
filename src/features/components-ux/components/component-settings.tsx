import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { COMPONENT_TYPES, COMPONENT_VIEWS } from '#contract/entities/config.ts';
import { FormField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import type { ComponentForm } from './component-form.ts';
import { NumberField, ScriptField, TextField } from '#src/config-studio/config-fields.tsx';

const splitList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * A comma-separated list edited as text: the typed text stays as typed (a trailing comma too)
 * and follows the value only when the value changes from elsewhere (a reload, a restore).
 */
function ListInput({
  value,
  onChange,
  inputRef,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: readonly string[];
  onChange: (value: string[]) => void;
  inputRef: Ref<HTMLInputElement>;
}) {
  const [text, setText] = useState(value.join(', '));
  const joined = value.join('\u0000');
  if (splitList(text).join('\u0000') !== joined) setText(value.join(', '));
  return (
    <input
      className="ui-input"
      {...rest}
      ref={inputRef}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(splitList(event.target.value));
      }}
    />
  );
}

const CART_NUMBERS = [
  'asyncCheckTime',
  'asyncMaxAttempts',
  'initCheckInterval',
  'initCheckAttempts',
] as const;

/** Name, type and view, and the settings of the chosen type (spec §3; cart defaults §9). */
export function ComponentSettings({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<ComponentForm>();
  const type = useWatch({ control, name: 'type' });
  return (
    <fieldset disabled={disabled} className="config-sections">
      <fieldset className="config-section">
        <legend>{t('componentsUx.sections.general')}</legend>
        <div className="form-grid">
          <TextField name="name" label={t('componentsUx.fields.name')} required />
          <FormSelectField<ComponentForm, string>
            name="type"
            label={t('componentsUx.fields.type')}
            options={COMPONENT_TYPES.map((value) => ({
              value,
              label: t(`componentsUx.types.${value}`),
            }))}
          />
          <FormSelectField<ComponentForm, string>
            name="view"
            label={t('componentsUx.fields.view')}
            options={COMPONENT_VIEWS.map((value) => ({
              value,
              label: t(`componentsUx.views.${value}`),
            }))}
          />
        </div>
      </fieldset>

      {type === 'CART_BUTTON' && (
        <fieldset className="config-section">
          <legend>{t('componentsUx.sections.cartButton')}</legend>
          <ScriptField
            name="customSettings.cartStateSource"
            label={t('componentsUx.fields.cartStateSource')}
            hint={t('componentsUx.fields.cartStateSourceHint')}
          />
          <div className="form-grid">
            {CART_NUMBERS.map((name) => (
              <NumberField
                key={name}
                name={`customSettings.${name}`}
                label={t(`componentsUx.fields.${name}`)}
              />
            ))}
          </div>
        </fieldset>
      )}

      {type === 'PRODUCT' && (
        <fieldset className="config-section">
          <legend>{t('componentsUx.sections.product')}</legend>
          <FormField<ComponentForm>
            name="customSettings.pickerParams"
            label={t('componentsUx.fields.pickerParams')}
            hint={t('componentsUx.fields.pickerParamsHint')}
          >
            {(controlProps) => (
              <Controller
                control={control}
                name="customSettings.pickerParams"
                render={({ field }) => (
                  <ListInput
                    {...controlProps}
                    name={field.name}
                    inputRef={field.ref}
                    onBlur={field.onBlur}
                    value={field.value ?? []}
                    onChange={field.onChange}
                  />
                )}
              />
            )}
          </FormField>
        </fieldset>
      )}

      {type === 'SLIDER' && (
        <fieldset className="config-section">
          <legend>{t('componentsUx.sections.slider')}</legend>
          <NumberField name="customSettings.perView" label={t('componentsUx.fields.perView')} />
        </fieldset>
      )}
    </fieldset>
  );
}
