import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import type { RecsConfigEntry, RecsStrategy } from '#contract/entities/recs.ts';
import { Modal } from '#src/ui/modal/modal.tsx';
import { FormCheckboxField, FormTextField } from '#src/ui/form/form-field.tsx';
import { ResourceFormModal } from '#src/ui/resource/resource-form-modal.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { availableConfigsQuery, strategyConfigsQuery } from '../api/recs-api.ts';

type Values = { configs: Record<string, string | boolean> };

/**
 * The form of a model's entries: BOOL a checkbox, the others text (lists comma-joined, COMPLEX
 * JSON); a required entry may not be empty. What it saves is only the values that differ from
 * the model's defaults (spec §3), as text.
 */
function configsSchema(entries: readonly RecsConfigEntry[]) {
  const shape: Record<string, z.ZodType<string | boolean>> = {};
  for (const entry of entries)
    shape[entry.name] =
      entry.type === 'BOOL'
        ? z.boolean()
        : entry.required
          ? z.string().trim().min(1)
          : z.string().trim();
  return z
    .object({ configs: z.object(shape) })
    .transform(({ configs }) =>
      Object.fromEntries(
        entries
          .map((entry) => [entry.name, String(configs[entry.name] ?? entry.defaultValue)] as const)
          .filter(([name, value]) => value !== entries.find((e) => e.name === name)?.defaultValue),
      ),
    );
}

const initial = (entry: RecsConfigEntry, value: string | null): string | boolean => {
  const text = value ?? entry.defaultValue;
  return entry.type === 'BOOL' ? text === 'true' : text;
};

/**
 * Edit a strategy's configs: the entries its model accepts (…/availableConfigs) with the values
 * stored now (…/configs), saved in one call; a refused value keeps the dialog open.
 */
export function StrategyConfigsModal({
  siteId,
  strategy,
  save,
  pending,
  onClose,
}: {
  siteId: number;
  strategy: RecsStrategy;
  save: (configs: Record<string, string>) => Promise<unknown>;
  pending: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const available = useQuery(availableConfigsQuery(siteId, strategy.hash));
  const stored = useQuery(strategyConfigsQuery(siteId, strategy.hash));
  const title = t('recs.edit.title', { name: strategy.name });
  if (!available.data || !stored.data)
    return (
      <Modal open mode="VIEW" title={title} onClose={onClose}>
        {available.isError || stored.isError ? (
          <p role="alert">{t('recs.edit.loadFailed')}</p>
        ) : (
          <Spinner label={t('ui.spinner.loading')} />
        )}
      </Modal>
    );
  const entries = available.data;
  const value = (name: string) => stored.data.find((entry) => entry.name === name)?.value ?? null;
  return (
    <ResourceFormModal<Values, Record<string, string>>
      formId="recs-strategy-configs"
      mode="EDIT"
      title={title}
      schema={configsSchema(entries) as unknown as z.ZodType<Record<string, string>, Values>}
      defaultValues={{
        configs: Object.fromEntries(
          entries.map((entry) => [entry.name, initial(entry, value(entry.name))]),
        ),
      }}
      save={save}
      pending={pending}
      onClose={onClose}
    >
      <p className="recs-muted">
        {t('recs.edit.about', {
          model: t(`recs.models.${strategy.modelName}`, { defaultValue: strategy.modelName }),
        })}
      </p>
      {entries.length === 0 && <p>{t('recs.new.noConfigs')}</p>}
      {entries.map((entry) => {
        const label = t(`recs.config.names.${entry.name}`, { defaultValue: entry.name });
        const name = `configs.${entry.name}` as const;
        if (entry.type === 'BOOL')
          return <FormCheckboxField<Values> key={entry.name} name={name} label={label} />;
        return (
          <FormTextField<Values>
            key={entry.name}
            name={name}
            label={label}
            required={entry.required}
            hint={t('recs.config.hint', {
              type: t(`recs.config.types.${entry.type}`, { defaultValue: entry.type }),
              default: entry.defaultValue === '' ? '—' : entry.defaultValue,
            })}
          />
        );
      })}
    </ResourceFormModal>
  );
}
