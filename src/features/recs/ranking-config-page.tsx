import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  RANKING_COEFFICIENTS,
  RANKING_MAX,
  RANKING_MIN,
  rankingCoefficients,
  type RankingCoefficientName,
  type RankingCoefficients,
} from '#contract/entities/recs.ts';
import { putCoefficientsRoute } from '#contract/routes/recs.ts';
import { hasAccess } from '#contract/roles.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Field, describedBy, fieldIds } from '#src/ui/field/field.tsx';
import { useFieldError } from '#src/ui/form/form-field.tsx';
import { Form, useShownField, useZodForm } from '#src/ui/form/form.tsx';
import { ReadOnlyNotice } from '#src/ui/read-only/read-only-notice.tsx';
import { useDenied } from '#src/lib/permissions.ts';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { siteQueryOptions } from '#src/lib/site-query.ts';
import { coefficientsQuery, rankingPreviewQuery, useRecsMutations } from './api/recs-api.ts';
import './recs.css';

/** /site/ranking-config: the coefficients of the public search ranking, applied live. */
export default function RankingConfigPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const canEdit = hasAccess(roles, putCoefficientsRoute.roles);
  const denied = useDenied(putCoefficientsRoute.roles);
  const site = useQuery({ ...siteQueryOptions(siteId ?? 0), enabled: siteId !== null });
  const saved = useQuery({ ...coefficientsQuery(siteId ?? 0), enabled: siteId !== null });
  const { coefficients } = useRecsMutations(siteId ?? 0);
  const [query, setQuery] = useState('платье');
  const [version, setVersion] = useState(0);
  const apiKey = site.data?.apiKey;
  const preview = useQuery({
    ...rankingPreviewQuery(apiKey ?? '', query, version),
    enabled: apiKey !== undefined && query.trim() !== '',
  });
  if (siteId === null) return <div className="page">{t('recs.noSite')}</div>;
  return (
    <div className="page recs-page">
      <h1>{t('routes.rankingConfig')}</h1>
      <p className="recs-muted">{t('recs.ranking.intro')}</p>
      {denied && <ReadOnlyNotice>{denied.note}</ReadOnlyNotice>}
      {saved.data && (
        <CoefficientsForm
          key={JSON.stringify(saved.data)}
          initial={saved.data}
          canEdit={canEdit}
          pending={coefficients.isPending}
          onSave={(body) =>
            coefficients.mutate(body, { onSuccess: () => setVersion((v) => v + 1) })
          }
        />
      )}
      <section className="recs-card" aria-labelledby="ranking-preview">
        <h2 id="ranking-preview">{t('recs.ranking.preview')}</h2>
        <TextInput label={t('recs.ranking.query')} value={query} onChange={setQuery} />
        <ol className="recs-preview" aria-label={t('recs.ranking.preview')}>
          {(preview.data?.products ?? []).map((p) => (
            <li key={p.id}>
              {p.name} <span className="recs-muted">#{p.id}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

const toNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/** The four coefficients on the contract's schema; each out of range says the range. */
function CoefficientsForm({
  initial,
  canEdit,
  pending,
  onSave,
}: {
  initial: RankingCoefficients;
  canEdit: boolean;
  pending: boolean;
  onSave: (body: RankingCoefficients) => void;
}) {
  const { t } = useTranslation();
  // Checked as typed, as before: a wrong number is named before the save is tried.
  const form = useZodForm(rankingCoefficients, { defaultValues: initial, mode: 'onChange' });
  return (
    <section className="recs-card recs-form" aria-labelledby="ranking-coefficients">
      <h2 id="ranking-coefficients">{t('recs.ranking.coefficients')}</h2>
      <Form
        form={form}
        onSubmit={onSave}
        className="recs-form"
        aria-labelledby="ranking-coefficients"
      >
        {RANKING_COEFFICIENTS.map((name) => (
          <CoefficientField key={name} name={name} disabled={!canEdit} />
        ))}
        {canEdit && (
          <div className="recs-actions">
            {/* As before the form kit: a refused number keeps the save from being tried. */}
            <Button
              type="submit"
              variant="primary"
              loading={pending}
              disabled={!form.formState.isValid}
            >
              {t('recs.ranking.save')}
            </Button>
          </div>
        )}
      </Form>
    </section>
  );
}

/**
 * One coefficient typed as text (a decimal keypad on phones): any refusal of the schema, a
 * number out of range or no number at all, reads as the range the number must be in.
 */
function CoefficientField({ name, disabled }: { name: RankingCoefficientName; disabled: boolean }) {
  const { t } = useTranslation();
  const { register } = useFormContext<RankingCoefficients>();
  const ids = fieldIds(useId());
  const refused = useFieldError<RankingCoefficients>(name) !== undefined;
  useShownField(name);
  const error = refused
    ? t('recs.ranking.range', { min: RANKING_MIN, max: RANKING_MAX })
    : undefined;
  const hint = t(`recs.ranking.hints.${name}`);
  return (
    <Field ids={ids} label={t(`recs.ranking.names.${name}`)} hint={hint} error={error}>
      <input
        id={ids.controlId}
        className="ui-input"
        inputMode="decimal"
        disabled={disabled}
        aria-invalid={refused || undefined}
        aria-describedby={describedBy(ids, true, refused)}
        {...register(name, { setValueAs: toNumber })}
      />
    </Field>
  );
}
