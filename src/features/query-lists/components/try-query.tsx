import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QueryListKind } from '#contract/entities/query-lists.ts';
import { hasAccess } from '#contract/roles.ts';
import { explainQueryRoute } from '#contract/routes/query-lists.ts';
import { api } from '#src/lib/api.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';

type StepName =
  | 'normalise'
  | 'transliteration'
  | 'black list'
  | 'white list'
  | 'brands'
  | 'synonyms'
  | 'stemming';

const AUTOCOMPLETE_LISTS: readonly QueryListKind[] = [
  'autocomplete-synonyms',
  'query-exclusions',
  'autocomplete-black-list',
];

/** "Try a query": each step of the pipeline for a query, and what the site's search finds. */
export function TryQuery({ siteId, list }: { siteId: number; list: QueryListKind }) {
  const { t } = useTranslation();
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const [text, setText] = useState('');
  const channel = AUTOCOMPLETE_LISTS.includes(list) ? 'autocomplete' : 'search';
  const explain = useMutation({
    mutationFn: (st: string) =>
      api(explainQueryRoute, { query: { siteId, st, channel } }, { overlay: false }),
  });
  if (!hasAccess(roles, explainQueryRoute.roles)) return null;
  const result = explain.data;
  return (
    <section className="query-lists__try" aria-labelledby="try-query-title">
      <h2 id="try-query-title">{t('queryLists.try.title')}</h2>
      <form
        className="query-lists__try-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) explain.mutate(text);
        }}
      >
        <TextInput
          label={t('queryLists.try.query')}
          value={text}
          onChange={setText}
          maxLength={200}
        />
        <Button type="submit" loading={explain.isPending} disabled={!text.trim()}>
          {t('queryLists.try.run')}
        </Button>
      </form>
      {result && (
        <div className="query-lists__try-result" data-testid="explain">
          <p>
            <strong>{t('queryLists.try.rewritten')}:</strong>{' '}
            {result.blocked ? t('queryLists.try.blocked') : <code>{result.rewritten || '—'}</code>}
          </p>
          <ol className="query-lists__steps">
            {result.steps.map((step) => (
              <li key={step.step}>
                <span className="query-lists__step-name">
                  {t(`queryLists.steps.${step.step as StepName}`)}
                </span>{' '}
                <code>{step.output || '∅'}</code>
                {step.note && <span className="query-lists__step-note"> — {step.note}</span>}
              </li>
            ))}
          </ol>
          <p>{t('queryLists.try.found', { count: result.total })}</p>
          {result.products.length > 0 && (
            <ul className="query-lists__products">
              {result.products.map((product) => (
                <li key={product.id}>
                  {product.name}
                  {product.brand && <span className="query-lists__brand"> · {product.brand}</span>}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
