import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExplainResult, QueryListKind } from '#contract/entities/query-lists.ts';
import { hasAccess } from '#contract/roles.ts';
import { explainQueryRoute, type DraftChange } from '#contract/routes/query-lists.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { useExplainQueryMutation } from '../api/query-list-mutations.ts';

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

function ExplainView({ result, testId }: { result: ExplainResult; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="query-lists__try-result" data-testid={testId}>
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
  );
}

/**
 * "Try a query": each step of the pipeline for a query, and what the site's search finds. With an
 * unsaved change of the list (`draft`: the add form being filled in, or an entry being edited in
 * its dialog), what the shopper gets now and with that change, side by side; nothing is written.
 * A comparison shown goes when the change does (it would no longer be the change's).
 */
export function TryQuery({
  siteId,
  list,
  draft = null,
  draftHint,
  initialQuery = '',
}: {
  siteId: number;
  list: QueryListKind;
  draft?: DraftChange | null;
  /** What the comparison is with (the add form's text by default). */
  draftHint?: string;
  initialQuery?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const [text, setText] = useState(initialQuery);
  const channel = AUTOCOMPLETE_LISTS.includes(list) ? 'autocomplete' : 'search';
  const explain = useExplainQueryMutation(siteId, list, channel, draft);
  const draftKey = JSON.stringify(draft);
  const { reset } = explain;
  useEffect(() => reset(), [draftKey, reset]);
  if (!hasAccess(roles, explainQueryRoute.roles)) return null;
  const result = explain.data;
  return (
    <section className="query-lists__try" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('queryLists.try.title')}</h2>
      {draft && (
        <p className="query-lists__try-draft">{draftHint ?? t('queryLists.try.draftHint')}</p>
      )}
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
          {draft ? t('queryLists.try.compare') : t('queryLists.try.run')}
        </Button>
      </form>
      {result && !result.before && <ExplainView result={result.after} testId="explain" />}
      {result?.before && (
        <div className="query-lists__compare">
          <section aria-label={t('queryLists.try.now')}>
            <h3>{t('queryLists.try.now')}</h3>
            <ExplainView result={result.before} testId="explain-before" />
          </section>
          <section aria-label={t('queryLists.try.withChange')}>
            <h3>{t('queryLists.try.withChange')}</h3>
            <ExplainView result={result.after} testId="explain-after" />
          </section>
        </div>
      )}
    </section>
  );
}
