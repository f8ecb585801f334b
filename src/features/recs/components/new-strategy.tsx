import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecsModel } from '#contract/entities/recs.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { useRecsMutations } from '../api/recs-api.ts';

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
  const [modelName, setModelName] = useState('');
  const [name, setName] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [step, setStep] = useState(0);
  const model = models.find((m) => m.modelName === modelName);
  const state = (index: number): StepState =>
    index < step
      ? 'PASSED'
      : index === step
        ? 'ACTIVE'
        : index === 1 && !model
          ? 'DISABLED'
          : 'DEFAULT';
  const submit = () => {
    if (!model) return;
    // Only the values that differ from the defaults are sent (spec §3).
    const configs = Object.fromEntries(
      Object.entries(values).filter(
        ([key, value]) => value !== (model.configs.find((c) => c.name === key)?.defaultValue ?? ''),
      ),
    );
    create.mutate({ name, modelName: model.modelName, configs }, { onSuccess: onDone });
  };
  return (
    <section className="recs-card" aria-labelledby="recs-new">
      <h2 id="recs-new">{t('recs.new.title')}</h2>
      <Stepper
        steps={[
          { label: t('recs.new.stepModel'), state: state(0) },
          { label: t('recs.new.stepConfigs'), state: state(1) },
        ]}
      />
      {step === 0 && (
        <div className="recs-form">
          <label className="recs-label">
            {t('recs.new.model')}
            <select
              value={modelName}
              onChange={(event) => {
                setModelName(event.target.value);
                setValues({});
              }}
            >
              <option value="">{t('recs.new.pickModel')}</option>
              {models.map((m) => (
                <option key={m.modelName} value={m.modelName}>
                  {m.modelName} — {t(`recs.models.${m.modelName}`, { defaultValue: m.modelName })}
                </option>
              ))}
            </select>
          </label>
          <TextInput label={t('recs.new.name')} value={name} onChange={setName} required />
          <Button
            variant="primary"
            disabled={!model || name.trim() === ''}
            onClick={() => setStep(1)}
          >
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
              onChange={(value) => setValues({ ...values, [entry.name]: value })}
              disabled={create.isPending}
            />
          ))}
          <div className="recs-actions">
            <Button onClick={() => setStep(0)}>{t('recs.new.back')}</Button>
            <Button variant="primary" onClick={submit} disabled={create.isPending}>
              {t('recs.new.create')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
