import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  RANKING_COEFFICIENTS,
  RANKING_MAX,
  RANKING_MIN,
  type RankingCoefficients,
} from '#contract/entities/recs.ts';
import { putCoefficientsRoute } from '#contract/routes/recs.ts';
import { hasAccess } from '#contract/roles.ts';
import { Button } from '#src/ui/button/button.tsx';
import { ReadOnlyNotice } from '#src/ui/read-only/read-only-notice.tsx';
import { useDenied } from '#src/lib/permissions.ts';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { siteQueryOptions } from '#src/lib/site-query.ts';
import { coefficientsQuery, useRecsMutations } from './api/recs-api.ts';
import './recs.css';

/** The first products shoppers get for a query now (the public search, live). */
function usePreview(apiKey: string | undefined, query: string, version: number) {
  const [products, setProducts] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    if (!apiKey || query.trim() === '') return;
    const controller = new AbortController();
    const params = new URLSearchParams({ apiKey, st: query, size: '10', withFacets: 'false' });
    fetch(`/public/search?${params}`, { signal: controller.signal })
      .then((r) => r.json() as Promise<{ products?: { id: string; name: string }[] }>)
      .then((answer) => setProducts(answer.products ?? []))
      .catch(() => undefined);
    return () => controller.abort();
  }, [apiKey, query, version]);
  return products;
}

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
  const preview = usePreview(site.data?.apiKey, query, version);
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
          {preview.map((p) => (
            <li key={p.id}>
              {p.name} <span className="recs-muted">#{p.id}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

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
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, String(v)])),
  );
  const errors = Object.fromEntries(
    RANKING_COEFFICIENTS.map((name) => {
      const value = Number(draft[name]);
      const ok =
        draft[name] !== '' &&
        Number.isFinite(value) &&
        value >= RANKING_MIN &&
        value <= RANKING_MAX;
      return [name, ok ? null : t('recs.ranking.range', { min: RANKING_MIN, max: RANKING_MAX })];
    }),
  );
  const valid = Object.values(errors).every((e) => e === null);
  const save = () => {
    const body = Object.fromEntries(
      RANKING_COEFFICIENTS.map((name) => [name, Number(draft[name])]),
    ) as RankingCoefficients;
    onSave(body);
  };
  return (
    <section className="recs-card recs-form" aria-labelledby="ranking-coefficients">
      <h2 id="ranking-coefficients">{t('recs.ranking.coefficients')}</h2>
      {RANKING_COEFFICIENTS.map((name) => (
        <TextInput
          key={name}
          label={t(`recs.ranking.names.${name}`)}
          hint={t(`recs.ranking.hints.${name}`)}
          value={draft[name] ?? ''}
          onChange={(value) => setDraft({ ...draft, [name]: value })}
          error={errors[name] ?? undefined}
          disabled={!canEdit}
          inputMode="decimal"
        />
      ))}
      {canEdit && (
        <div className="recs-actions">
          <Button variant="primary" disabled={!valid || pending} onClick={save}>
            {t('recs.ranking.save')}
          </Button>
        </div>
      )}
    </section>
  );
}
