import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecsModel, RecsStrategy } from '#contract/entities/recs.ts';
import {
  createStrategyRoute,
  modelJobStatusRoute,
  switchStrategyRoute,
} from '#contract/routes/recs.ts';
import { hasAccess } from '#contract/roles.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { DataTable } from '#src/ui/data-table/data-table.tsx';
import { ProgressBar } from '#src/ui/progress/progress-bar.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { useDenied } from '#src/lib/permissions.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { recsKeys } from './api/keys.ts';
import { modelsQuery, recsJobQuery, strategiesQuery, useRecsMutations } from './api/recs-api.ts';
import { strategyColumns } from './strategy-columns.tsx';
import './recs.css';

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

function NewStrategy({
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

/** /recs-configuration/strategy: the site's strategies, their builds and offline quality. */
export default function StrategiesPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const canCreate = hasAccess(roles, createStrategyRoute.roles);
  const canEdit = hasAccess(roles, switchStrategyRoute.roles);
  const denied = useDenied(switchStrategyRoute.roles);
  const [creating, setCreating] = useState(false);
  const models = useQuery({ ...modelsQuery(siteId ?? 0), enabled: siteId !== null });
  const strategies = useQuery({ ...strategiesQuery(siteId ?? 0), enabled: siteId !== null });
  // The model job's state is for those who may see model jobs: asking without the role is a 403.
  const seesJobs = hasAccess(roles, modelJobStatusRoute.roles);
  const job = useQuery({ ...recsJobQuery(siteId ?? 0), enabled: siteId !== null && seesJobs });
  const { startRecs, toggle, revision, refreshOne } = useRecsMutations(siteId ?? 0);
  const running = job.data && ['queued', 'running'].includes(job.data.state);
  const finishedAt = job.data?.finishedAt;
  const client = useQueryClient();
  // A build that finishes brings new revisions and quality: read the strategies again.
  useEffect(() => {
    if (finishedAt && siteId !== null)
      void client.invalidateQueries({ queryKey: recsKeys.strategies(siteId) });
  }, [finishedAt, siteId, client]);
  const list = useMemo(() => strategies.data ?? [], [strategies.data]);
  if (siteId === null) return <div className="page">{t('recs.noSite')}</div>;
  return (
    <div className="page recs-page">
      <h1>{t('routes.recsStrategies')}</h1>
      <p className="recs-muted">{t('recs.intro')}</p>
      <div className="recs-actions">
        {canCreate && !creating && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t('recs.new.open')}
          </Button>
        )}
        {canEdit && (
          <Button
            disabled={Boolean(running) || startRecs.isPending}
            onClick={() => startRecs.mutate([])}
          >
            {t('recs.list.buildAll')}
          </Button>
        )}
      </div>
      {running && (
        <ProgressBar percent={job.data?.progress ?? null} label={t('recs.list.building')} />
      )}
      {job.data?.state === 'failed' && <p role="alert">{job.data.error}</p>}
      {creating && models.data && (
        <NewStrategy siteId={siteId} models={models.data} onDone={() => setCreating(false)} />
      )}
      <DataTable<RecsStrategy>
        caption={t('recs.list.caption')}
        showCaption
        stackOnNarrow
        className="recs-table"
        columns={strategyColumns({
          t,
          canEdit,
          deniedReason: denied?.reason,
          toggle,
          revision,
          refreshOne,
        })}
        data={list}
        getRowId={(strategy) => strategy.hash}
        emptyText={t('recs.list.empty')}
      />
    </div>
  );
}
