/** The public autocomplete (GET /public/autocomplete): products, queries, categories, brands, taps. */
import { sql, type SQL } from 'drizzle-orm';
import type { AutocompleteParams, AutocompleteResponse } from '#contract/public/autocomplete.ts';
import { normaliseTerm, wordsOf } from '#contract/text.ts';
import type { SearchSettings } from '#contract/entities/search-config.ts';
import type { Product } from '#contract/public/product.ts';
import { run } from '../platform/db/sql.ts';
import {
  categoryMap,
  matchCondition,
  PRODUCT_COLUMNS,
  scoreExpression,
  toProducts,
  type Matching,
  type ProductRow,
  type QueryDb,
} from './common.ts';
import { checkText } from './limits.ts';
import { regionalProducts, servedRegion } from './regions.ts';
import { searchContent } from './content.ts';
import { search } from './search.ts';
import { autocompleteCountsOnePass, type AutocompleteCounts } from './autocomplete-counts.ts';
import { autocompleteCountsPerStatement } from './autocomplete-counts-per-statement.ts';
import { readsCatalogMemory, searchPath } from './search-path.ts';
import type { CatalogMemory } from './catalog-memory.ts';
import { completions, frequentWords } from './word-index.ts';
import { rankWeights, shapeAnswer, suggestionsFor } from './search-config.ts';
import { readLiveSearch, type LiveSearch } from './profile.ts';
import { rankingScore } from './ranking.ts';
import { matchingCut } from './thresholds.ts';
import { suggestionAllowed, understandWithLists } from './understanding.ts';

export async function autocomplete(
  db: QueryDb,
  siteId: number,
  params: AutocompleteParams,
  /** The site's live import and search profile, when the caller read them (profile.ts). */
  read?: LiveSearch,
): Promise<AutocompleteResponse> {
  checkText(params.st);
  const query = params.st.trim();
  const answer: AutocompleteResponse = {
    query,
    sts: [],
    taps: [],
    products: [],
    categories: [],
    brands: [],
    contents: [],
  };
  const live = read ?? (await readLiveSearch(db, siteId));
  const { importId, profile } = live;
  // What the process keeps of the live catalog, where this path reads it (catalog-memory.ts).
  const memory = readsCatalogMemory() ? live.memory : undefined;
  if (importId === null) return answer;
  // The operators' lists: a black-listed query suggests nothing; see understanding.ts.
  const understood = await understandWithLists(
    db,
    importId,
    query,
    'autocomplete',
    profile.lists,
    memory,
  );
  if (understood.blocked) return answer;
  const allowed = (text: string) => suggestionAllowed(text, understood.lists);
  const words = understood.words;
  const config = profile.settings;
  /** Autocomplete content quantity (§5: 1 to 50): suggestions, categories, brands. */
  const quantity = config['api-params'].autocompleteContentQuantity;
  // The search's first pass counts the suggestions' parts when it holds (first-pass.ts).
  const suggestions = {
    quantity,
    names: query !== '',
    counted: null as AutocompleteCounts | null,
  };
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
      platform: params.platform,
      useCategoryPrediction: false,
      size: params.productsSize,
      offset: 0,
      showUnavailable: params.showUnavailable,
      unavailableMultiplier: params.unavailableMultiplier,
      preview: false,
      withSku: params.withSku,
      sort: query ? 'DEFAULT' : 'POPULARITY',
    },
    { live, understood, suggestions },
    { surface: 'autocomplete' },
  );
  const products = await regionalProducts(
    db,
    importId,
    servedRegion(profile.imshopRegions, params),
  );
  const articles = await byArticle(db, importId, products, query, params, config, memory);
  const first = new Set(articles.map((product) => product.id));
  answer.products = [
    ...articles,
    ...found.products.filter((product) => !first.has(product.id)),
  ].slice(0, params.productsSize);
  const corrected = found.correction !== normaliseTerm(query) ? found.correction : null;
  const m: Matching = {
    importId,
    products,
    st: query,
    words: corrected ? wordsOf(corrected) : words,
    showUnavailable: params.showUnavailable,
    multiplier: params.unavailableMultiplier,
    rank: rankWeights(profile.applied),
    understanding: understood.understanding,
    cut: matchingCut(config['api-params'].thresholds, rankingScore(siteId, profile.coefficients)),
    names: memory && live.names,
    memory,
  };
  const base = sql`p.import_id = ${importId} and ${matchCondition(m)} and ${params.showUnavailable ? sql`true` : sql`p.available`}`;

  // Query suggestions: the last word completed from the catalog's words.
  const last = words.at(-1);
  const head = words.slice(0, -1);
  if (last) {
    const rows =
      (memory && completions(memory.words, last, quantity)) ??
      (
        await run<{ word: string; products: number }>(
          db,
          sql`select word, products from catalog_words where import_id = ${importId}
              and word like ${`${last}%`} and length(word) >= 3 order by products desc, word limit ${quantity}`,
        )
      ).rows;
    answer.sts = rows.map((row) => ({
      st: [...head, row.word].join(' '),
      amount: head.length ? 0 : row.products,
    }));
    // The suggestion index of the autocomplete job (shoppers' searches) comes first.
    const built = await suggestionsFor(db, siteId, query, quantity);
    if (built.length)
      answer.sts = [...built, ...answer.sts.filter((q) => !built.some((b) => b.st === q.st))].slice(
        0,
        quantity,
      );
    if (corrected && !answer.sts.some((q) => q.st === corrected))
      answer.sts.unshift({ st: corrected, amount: found.totalHits });
    // Synonyms of what is typed are suggested too.
    for (const alternative of understood.understanding.synonyms.get(last) ?? [])
      if (!answer.sts.some((q) => q.st === [...head, alternative].join(' ')))
        answer.sts.push({ st: [...head, alternative].join(' '), amount: 0 });
  } else if (params.strategy.includes('zero_queries')) {
    const rows = memory
      ? frequentWords(memory.words, quantity)
      : (
          await run<{ word: string; products: number }>(
            db,
            sql`select word, products from catalog_words where import_id = ${importId}
                and length(word) >= 4 and word !~ '[0-9]' order by products desc, word limit ${quantity}`,
          )
        ).rows;
    answer.sts = rows.map((row) => ({ st: row.word, amount: row.products }));
  }

  const countsQuery = {
    from: m.products!,
    base,
    quantity,
    score: query ? scoreExpression(m) : null,
  };
  const counts =
    suggestions.counted && !corrected
      ? suggestions.counted
      : searchPath() === 'per-statement'
        ? await autocompleteCountsPerStatement(db, countsQuery)
        : await autocompleteCountsOnePass(db, countsQuery);
  const map = await categoryMap(
    db,
    importId,
    counts.categories.map((row) => row.id),
    memory,
  );
  answer.categories = counts.categories.flatMap((row) => {
    const category = map.get(row.id);
    return category
      ? [
          {
            id: row.id,
            name: category.name,
            direct: false,
            link_url: category.url ?? '',
            image_url: '',
            path: category.pathNames.slice(0, -1),
            count: row.n,
          },
        ]
      : [];
  });
  answer.brands = counts.brands.map((row) => ({ id: row.v, name: row.v, url: '', count: row.n }));

  if (query) {
    // Taps: frequent words of the matching names the query does not have yet.
    const names = counts.names;
    const frequency = new Map<string, number>();
    for (const name of names)
      for (const word of new Set(wordsOf(name)))
        if (word.length >= 3 && !m.words.some((w) => word.startsWith(w) || w.startsWith(word)))
          frequency.set(word, (frequency.get(word) ?? 0) + 1);
    answer.taps = [...frequency]
      .filter(([, n]) => n >= 2 && n < names.length)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'ru'))
      .slice(0, 6)
      .map(([tap]) => ({ tap, relatedSearch: `${corrected ?? query} ${tap}` }));
  }
  if (params.withContent)
    answer.contents = await searchContent(db, siteId, query, params.contentsSize);
  // Query exclusions and the black lists remove suggestions.
  answer.sts = answer.sts.filter((q) => allowed(q.st));
  answer.taps = answer.taps.filter((tap) => allowed(tap.relatedSearch));
  answer.brands = answer.brands.filter((brand) => allowed(brand.name));
  answer.categories = answer.categories.filter((category) => allowed(category.name));
  return answer;
}

/** One word without spaces: what an article number (an offer id or a vendorCode) looks like. */
const ARTICLE = /^\S{1,100}$/;

/**
 * The products a full article number typed into the box names: the offer with that id (its
 * product), the product with that id, or the products with that vendorCode (any case). Scripts in
 * the field look products up by article through autocomplete, so these come first.
 */
async function byArticle(
  db: QueryDb,
  importId: number,
  products: SQL,
  query: string,
  params: AutocompleteParams,
  config: SearchSettings,
  memory: CatalogMemory | undefined,
): Promise<Product[]> {
  if (!ARTICLE.test(query) || params.productsSize === 0) return [];
  const { rows } = await run<ProductRow>(
    db,
    sql`select ${PRODUCT_COLUMNS} from ${products} p
        where p.import_id = ${importId}
          and ${params.showUnavailable ? sql`true` : sql`p.available`}
          and p.id in (
            select ${query}::text
            union all
            select o.product_id from catalog_offers o where o.import_id = ${importId} and o.id = ${query}
            union all
            select v.id from catalog_products v
              where v.import_id = ${importId} and lower(v.vendor_code) = lower(${query}))
        order by p.id = ${query} desc, p.id
        limit ${params.productsSize}`,
  );
  const found = await toProducts(db, importId, rows, {
    withSku: params.withSku,
    regionId: params.regionId,
    memory,
  });
  return shapeAnswer(found, config, rows);
}
