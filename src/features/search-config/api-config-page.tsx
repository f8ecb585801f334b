/** /site/api-config: the public search API parameters of the site. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  apiParams,
  CONTENT_QUANTITY,
  THRESHOLD_RANGES,
  type ApiParams,
} from '#contract/entities/search-config.ts';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { Issues, issuesOf } from './parts.tsx';
import { useDraft, useSetting, SaveBar } from './settings-parts.tsx';

export function ApiConfigPage() {
  const { t } = useTranslation();
  const { query, canWrite, save, reset } = useSetting('api-params');
  const [draft, setDraft] = useDraft(query.data?.value as ApiParams | undefined);
  const [issues, setIssues] = useState<string[]>([]);
  if (!draft) return <div className="page" />;
  const number = (
    label: string,
    value: number,
    range: { min: number; max: number },
    step: number,
    set: (n: number) => void,
  ) => (
    <label className="search-config__field">
      <span>
        {label}{' '}
        <span className="search-config__muted">
          ({range.min} – {range.max})
        </span>
      </span>
      <input
        type="number"
        min={range.min}
        max={range.max}
        step={step}
        value={Number.isNaN(value) ? '' : value}
        disabled={!canWrite}
        onChange={(e) => set(e.target.value === '' ? Number.NaN : Number(e.target.value))}
      />
    </label>
  );
  const flags = [
    'showUnavailable',
    'withCorrection',
    'useCategoryPrediction',
    'treeFacets',
    'withSku',
  ] as const;
  return (
    <div className="page">
      <h1>{t('routes.apiConfig')}</h1>
      <p className="page__lead">{t('searchConfig.api.lead')}</p>
      <section className="panel" aria-labelledby="api-defaults">
        <h2 id="api-defaults">{t('searchConfig.api.defaults')}</h2>
        <div className="form-grid">
          {number(t('searchConfig.api.size'), draft.size, { min: 1, max: 200 }, 1, (size) =>
            setDraft({ ...draft, size }),
          )}
          {number(
            t('searchConfig.api.unavailableMultiplier'),
            draft.unavailableMultiplier,
            { min: 0, max: 1 },
            0.05,
            (unavailableMultiplier) => setDraft({ ...draft, unavailableMultiplier }),
          )}
          {number(
            t('searchConfig.api.contentQuantity'),
            draft.autocompleteContentQuantity,
            CONTENT_QUANTITY,
            1,
            (autocompleteContentQuantity) => setDraft({ ...draft, autocompleteContentQuantity }),
          )}
        </div>
        <div className="search-config__flags">
          {flags.map((flag) => (
            <Checkbox
              key={flag}
              label={t(`searchConfig.api.${flag}`)}
              checked={draft[flag]}
              disabled={!canWrite}
              onChange={(e) => setDraft({ ...draft, [flag]: e.target.checked })}
            />
          ))}
        </div>
      </section>
      <section className="panel" aria-labelledby="api-thresholds">
        <h2 id="api-thresholds">{t('searchConfig.api.thresholds')}</h2>
        <div className="form-grid">
          {(Object.keys(THRESHOLD_RANGES) as (keyof typeof THRESHOLD_RANGES)[]).map((name) =>
            number(
              t(`searchConfig.api.threshold.${name}`),
              draft.thresholds[name],
              THRESHOLD_RANGES[name],
              0.01,
              (value) => setDraft({ ...draft, thresholds: { ...draft.thresholds, [name]: value } }),
            ),
          )}
        </div>
      </section>
      <Issues list={issues} />
      <SaveBar
        canWrite={canWrite}
        custom={query.data?.custom ?? false}
        onSave={() => {
          const parsed = apiParams.safeParse(draft);
          if (!parsed.success) return setIssues(issuesOf(parsed.error));
          setIssues([]);
          void save(parsed.data).catch(() => {});
        }}
        onReset={() => void reset().catch(() => {})}
      />
    </div>
  );
}
