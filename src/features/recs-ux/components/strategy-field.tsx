import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasAccess } from '#contract/roles.ts';
import { listStrategiesRoute } from '#contract/routes/recs.ts';
import { TextField } from '#src/config-studio/config-fields.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { strategiesQuery } from '#src/lib/recs-strategies-query.ts';
import type { BlockForm } from './block-form.ts';

/**
 * The block's strategy, picked from the site's strategies (/recs/{site}/strategies) in a
 * combobox: each by name and model, its hash being what the block sends to
 * /public/recommendations. A value that is no strategy of the site (a model name typed before)
 * stays listed as it is. Users who may not read the strategies type the value.
 */
export function StrategyField({ label }: { label: string }) {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const canList = hasAccess(roles, listStrategiesRoute.roles);
  const { control } = useFormContext<BlockForm>();
  const value = useWatch({ control, name: 'strategy' }) as string | undefined;
  const strategies = useQuery({
    ...strategiesQuery(siteId ?? 0),
    enabled: siteId !== null && canList,
  });
  if (!canList || strategies.isError) return <TextField name="strategy" label={label} required />;
  const options = (strategies.data ?? []).map((s) => ({
    value: s.hash,
    label: `${s.name} (${s.modelName}${s.enabled ? '' : `, ${t('recsUx.strategyOff')}`})`,
  }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  return (
    <FormSelectField<BlockForm, string>
      name="strategy"
      label={label}
      required
      options={options}
      placeholder={t('recsUx.strategyPick')}
      hint={t('recsUx.strategyHint')}
    />
  );
}
