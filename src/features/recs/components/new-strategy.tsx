import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { recsStrategyInput, type RecsModel } from '#contract/entities/recs.ts';
import { applyServerIssues } from '#src/lib/api.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { FormField, FormTextField } from '#src/ui/form/form-field.tsx';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { useRecsMutations } from '../api/recs-api.ts';

type StrategyFields = z.input<typeof recsStrategyInput>;

/** The stepper's step states (spec §3 "Strategy"). */
export type StepState = 'DEFAULT' | 'DISABLED' | 'ACTIVE' | 'PASSED';

function Stepper({ steps }: { steps: { label: string; state: StepState }[] }) {
  return (
    <ol className="recs-stepper">
      {steps.map((step, index) => (
        <li
          key={step.label}
          className={`recs-stepper__step recs-stepper__step--${step.state.toLowerCase()}`}
          aria-current={step.state === 'ACTIVE' ? 'step' : undefined}
          data-state={step.state}
        >
          <span className="recs-stepper__number" aria-hidden="true">
            {step.state === 'PASSED' ? '✓' : index + 1}
          </span>
          {step.label}
        </li>
      ))}
    </ol>
  );
}

/** One config entry's input, by type (lists comma-joined, COMPLEX as JSON text). */
function ConfigInput({
  entry,
  value,
  onChange,
  disabled,
}: {
  entry: RecsModel['configs'][number];
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const label = t(`recs.config.names.${entry.name}`, { defaultValue: entry.name });
  const hint = t('recs.config.hint', {
    type: t(`recs.config.types.${entry.type}`, { defaultValue: entry.type }),
    default: entry.defaultValue === '' ? '—' : entry.defaultValue,
  });
  if (entry.type === 'BOOL')
    return (
      <Checkbox
        label={label}
        checked={value === 'true'}
        disabled={disabled}
        onCheckedChange={(checked) => onChange(checked ? 'true' : 'false')}
      />
    );
  return (
    <TextInput
      label={label}
      hint={hint}
      value={value}
      onChange={onChange}
      disabled={disabled}
      required={entry.required}
      {...((entry.type === 'INT' || entry.type === 'FLOAT') && { inputMode: 'decimal' as const })}
    />
  );
}

/**
 * The new-strategy stepper: a form on the contract's `recsStrategyInput` (model and name, then
 * the model's configs); Enter on the first step goes to the next.
 */
export function NewStrategy({
  siteId,
  models,
  onDone,
}: {
  siteId: number;
  models: RecsModel[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { create } = useRecsMutations(siteId);
  const form = useZodForm(recsStrategyInput, {
    defaultValues: { name: '', modelName: '', configs: {} },
  });
  const [step, setStep] = useState(0);
  const [modelName = '', name = '', values = {}] = form.watch(['modelName', 'name', 'configs']);
  const model = models.find((m) => m.modelName === modelName);
  const state = (index: number): StepState =>
    index < step
      ? 'PASSED'
      : index === step
        ? 'ACTIVE'
        : index === 1 && !model
          ? 'DISABLED'
          : 'DEFAULT';
  const canGoOn = model !== undefined && name.trim() !== '';
  return (
    <section className="recs-card" aria-labelledby="recs-new">
      <h2 id="recs-new">{t('recs.new.title')}</h2>
      <Stepper
        steps={[
          { label: t('recs.new.stepModel'), state: state(0) },
          { label: t('recs.new.stepConfigs'), state: state(1) },
        ]}
      />
      <Form
        form={form}
        onSubmit={async (input) => {
          if (step === 0) {
            if (canGoOn) setStep(1);
            return;
          }
          if (!model) return;
          // Only the values that differ from the defaults are sent (spec §3).
          const configs = Object.fromEntries(
            Object.entries(input.configs).filter(
              ([key, value]) =>
                value !== (model.configs.find((c) => c.name === key)?.defaultValue ?? ''),
            ),
          );
          try {
            await create.mutateAsync({ ...input, configs });
          } catch (error) {
            // The call's toast says what went wrong; the server's field issues go on the fields.
            applyServerIssues(error, form.setError);
            return;
          }
          onDone();
        }}
      >
        {step === 0 && (
          <div className="recs-form">
            <FormField<StrategyFields> name="modelName" label={t('recs.new.model')} required>
              {(control) => (
                <select
                  className="ui-input"
                  {...control}
                  {...form.register('modelName', {
                    // Another model has other configs: the values typed go.
                    onChange: () => form.setValue('configs', {}),
                  })}
                >
                  <option value="">{t('recs.new.pickModel')}</option>
                  {models.map((m) => (
                    <option key={m.modelName} value={m.modelName}>
                      {m.modelName} —{' '}
                      {t(`recs.models.${m.modelName}`, { defaultValue: m.modelName })}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormTextField<StrategyFields> name="name" label={t('recs.new.name')} required />
            <Button variant="primary" disabled={!canGoOn} onClick={() => setStep(1)}>
              {t('recs.new.next')}
            </Button>
          </div>
        )}
        {step === 1 && model && (
          <div className="recs-form">
            {model.configs.length === 0 && <p>{t('recs.new.noConfigs')}</p>}
            {model.configs.map((entry) => (
              <ConfigInput
                key={entry.name}
                entry={entry}
                value={values[entry.name] ?? entry.defaultValue}
                onChange={(value) =>
                  form.setValue(
                    'configs',
                    { ...values, [entry.name]: value },
                    { shouldDirty: true },
                  )
                }
                disabled={create.isPending}
              />
            ))}
            <div className="recs-actions">
              <Button onClick={() => setStep(0)}>{t('recs.new.back')}</Button>
              <Button type="submit" variant="primary" disabled={create.isPending}>
                {t('recs.new.create')}
              </Button>
            </div>
          </div>
        )}
      </Form>
    </section>
  );
}
