/** The public autocomplete (GET /public/autocomplete): products, queries, categories, brands, taps. */
import { sql } from 'drizzle-orm';
import type { AutocompleteParams, AutocompleteResponse } from '#contract/public/autocomplete.ts';
import { wordsOf } from '#contract/text.ts';
import { run } from '../platform/db/sql.ts';
import {
  categoryMap,
  liveImport,
  matchCondition,
  scoreExpression,
  type Matching,
  type QueryDb,
} from './common.ts';
import { checkText } from './limits.ts';
import { regionalProducts } from './regions.ts';
import { searchContent } from './content.ts';
import { search } from './search.ts';
import { loadSettings, rankWeights, suggestionsFor } from './search-config.ts';
import { matchingCut } from './thresholds.ts';
import { suggestionAllowed, understand } from './understanding.ts';

export async function autocomplete(
  db: QueryDb,
  siteId: number,
  params: AutocompleteParams,
): Promise<AutocompleteResponse> {
  checkText(params.st);
  const query = params.st.trim();
  const answer: AutocompleteResponse = {
    query,
    queries: [],
    products: [],
    categories: [],
    brands: [],
    taps: [],
  };
  const importId = await liveImport(db, siteId);
  if (importId === null) return answer;
  // The operators' lists: a black-listed query suggests nothing; see understanding.ts.
  const understood = await understand(db, siteId, importId, query, 'autocomplete');
  if (understood.blocked) return answer;
  const allowed = (text: string) => suggestionAllowed(text, understood.lists);
  const words = understood.words;
  const config = await loadSettings(db, siteId);
  /** Autocomplete content quantity (§5: 1 to 50): suggestions, categories, brands. */
  const quantity = config['api-params'].autocompleteContentQuantity;
  const found = await search(
    db,
    siteId,
    {
      st: query,
      apiKey: params.apiKey,
      strategy: params.strategy,
      fullData: true,
      withCorrection: true,
      withFacets: false,
      treeFacets: false,
      regionId: params.regionId,
      useCategoryPrediction: false,
      size: params.productsSize,
      offset: 0,
      showUnavailable: params.showUnavailable,
      unavailableMultiplier: params.unavailableMultiplier,
      preview: false,
      withSku: params.withSku,
      sort: query ? 'DEFAULT' : 'POPULARITY',
    },
    { understood },
    { surface: 'autocomplete' },
  );
  answer.products = found.products;
  const m: Matching = {
    importId,
    products: await regionalProducts(db, importId, params.regionId),
    st: query,
    words: found.correction ? wordsOf(found.correction) : words,
    showUnavailable: params.showUnavailable,
    multiplier: params.unavailableMultiplier,
    rank: await rankWeights(db, siteId),
    understanding: understood.understanding,
    cut: await matchingCut(db, siteId, config['api-params'].thresholds),
  };
  const base = sql`p.import_id = ${importId} and ${matchCondition(m)} and ${params.showUnavailable ? sql`true` : sql`p.available`}`;

  // Query suggestions: the last word completed from the catalog's words.
  const last = words.at(-1);
  const head = words.slice(0, -1);
  if (last) {
    const { rows } = await run<{ word: string; products: number }>(
      db,
      sql`select word, products from catalog_words where import_id = ${importId}
          and word like ${`${last}%`} and length(word) >= 3 order by products desc, word limit ${quantity}`,
    );
    answer.queries = rows.map((row) => ({
      text: [...head, row.word].join(' '),
      count: head.length ? null : row.products,
    }));
    // The suggestion index of the autocomplete job (shoppers' searches) comes first.
    const built = await suggestionsFor(db, siteId, query, quantity);
    if (built.length)
      answer.queries = [
        ...built,
        ...answer.queries.filter((q) => !built.some((b) => b.text === q.text)),
      ].slice(0, quantity);
    if (found.correction && !answer.queries.some((q) => q.text === found.correction))
      answer.queries.unshift({ text: found.correction, count: found.total });
    // Synonyms of what is typed are suggested too.
    for (const alternative of understood.understanding.synonyms.get(last) ?? [])
      if (!answer.queries.some((q) => q.text === [...head, alternative].join(' ')))
        answer.queries.push({ text: [...head, alternative].join(' '), count: null });
  } else if (params.strategy.includes('zero_queries')) {
    const { rows } = await run<{ word: string; products: number }>(
      db,
      sql`select word, products from catalog_words where import_id = ${importId}
          and length(word) >= 4 and word !~ '[0-9]' order by products desc, word limit ${quantity}`,
    );
    answer.queries = rows.map((row) => ({ text: row.word, count: row.products }));
  }

  const categories = await run<{ id: string; n: number }>(
    db,
    sql`select p.category_id as id, count(*)::int as n from ${m.products!} p where ${base}
        group by p.category_id order by n desc, p.category_id limit ${quantity}`,
  );
  const map = await categoryMap(
    db,
    importId,
    categories.rows.map((row) => row.id),
  );
  answer.categories = categories.rows.flatMap((row) => {
    const category = map.get(row.id);
    return category
      ? [
          {
            id: row.id,
            name: category.name,
            path: category.pathNames.slice(0, -1),
            count: row.n,
            url: category.url,
          },
        ]
      : [];
  });
  const brands = await run<{ v: string; n: number }>(
    db,
    sql`select p.vendor as v, count(*)::int as n from ${m.products!} p where ${base} and p.vendor is not null
        group by p.vendor order by n desc, p.vendor limit ${quantity}`,
  );
  answer.brands = brands.rows.map((row) => ({ name: row.v, count: row.n }));

  if (query) {
    // Taps: frequent words of the matching names the query does not have yet.
    const { rows } = await run<{ name: string }>(
      db,
      sql`select p.name from ${m.products!} p where ${base} order by ${scoreExpression(m)} desc limit 200`,
    );
    const frequency = new Map<string, number>();
    for (const row of rows)
      for (const word of new Set(wordsOf(row.name)))
        if (word.length >= 3 && !m.words.some((w) => word.startsWith(w) || w.startsWith(word)))
          frequency.set(word, (frequency.get(word) ?? 0) + 1);
    answer.taps = [...frequency]
      .filter(([, n]) => n >= 2 && n < rows.length)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'ru'))
      .slice(0, 6)
      .map(([tap]) => ({ tap, query: `${found.correction ?? query} ${tap}` }));
  }
  if (params.withContent) answer.content = await searchContent(db, siteId, query);
  // Query exclusions and the black lists remove suggestions.
  answer.queries = answer.queries.filter((q) => allowed(q.text));
  answer.taps = answer.taps.filter((tap) => allowed(tap.query));
  answer.brands = answer.brands.filter((brand) => allowed(brand.name));
  answer.categories = answer.categories.filter((category) => allowed(category.name));
  return answer;
}
