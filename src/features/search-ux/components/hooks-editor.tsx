import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SearchConfigInput } from '#contract/entities/config.ts';
import { Button, IconButton } from '#src/ui/button/button.tsx';
import { FormCheckboxField } from '#src/ui/form/form-field.tsx';

/** hookConfig: the silent flag and named hooks (name → JavaScript source). */
export function HooksEditor({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<SearchConfigInput>();
  const { field } = useController({ control, name: 'hookConfig.hooks' });
  const hooks = (field.value ?? {}) as Record<string, string>;
  const [name, setName] = useState('');
  const trimmed = name.trim();
  const duplicate = trimmed !== '' && trimmed in hooks;

  return (
    <div className="search-ux__hooks">
      <FormCheckboxField<SearchConfigInput>
        name="hookConfig.silent"
        label={t('ux.fields.hookConfig.silent')}
        disabled={disabled}
      />
      {Object.keys(hooks).length === 0 && <p>{t('ux.fields.hookConfig.empty')}</p>}
      {Object.entries(hooks).map(([hook, source]) => (
        <div key={hook} className="search-ux__hook">
          <label className="ui-field__label" htmlFor={`hook-${hook}`}>
            {t('ux.fields.hookConfig.source', { name: hook })}
          </label>
          <textarea
            id={`hook-${hook}`}
            className="ui-input search-ux__code"
            rows={4}
            spellCheck={false}
            disabled={disabled}
            value={source}
            onChange={(event) => field.onChange({ ...hooks, [hook]: event.target.value })}
          />
          <IconButton
            label={t('ux.fields.hookConfig.remove', { name: hook })}
            disabled={disabled}
            onClick={() => {
              const next = { ...hooks };
              delete next[hook];
              field.onChange(next);
            }}
          >
            ✕
          </IconButton>
        </div>
      ))}
      <div className="search-ux__hook-add">
        <input
          className="ui-input"
          aria-label={t('ux.fields.hookConfig.name')}
          placeholder={t('ux.fields.hookConfig.name')}
          value={name}
          disabled={disabled}
          maxLength={100}
          aria-invalid={duplicate || undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <Button
          size="sm"
          disabled={disabled || trimmed === '' || duplicate}
          onClick={() => {
            field.onChange({ ...hooks, [trimmed]: '' });
            setName('');
          }}
        >
          {t('ux.fields.hookConfig.add')}
        </Button>
        {duplicate && <span role="alert">{t('ux.fields.hookConfig.duplicate')}</span>}
      </div>
    </div>
  );
}
