/**
 * What the YML parser (yml-parse.ts) reads into and hands out: the limits, the rows and category
 * paths, the offer draft it fills; and the readers of values as shops write them (numbers,
 * one-line text, currencies, the category tree).
 */
import type { CatalogParam, catalogCategories, catalogOffers } from '../../platform/db/schema.ts';
import { categoryParentCycle, categoryUnknownParent, type FeedProblemText } from './problems.ts';

/** Limits on what one feed may hold (FEED_MAX_FIELD_CHARS, FEED_MAX_OFFERS). */
export interface FeedLimits {
  maxFieldChars: number;
  maxOffers: number;
}

export const DEFAULT_FEED_LIMITS: FeedLimits = { maxFieldChars: 100_000, maxOffers: 2_000_000 };

/** Params and pictures kept per offer; the rest are reported once and dropped. */
export const MAX_PARAMS = 1000;
export const MAX_PICTURES = 100;

export interface RawCategory {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
}

/**
 * Where an offer goes whose categoryId names no category of the feed (or that has none): a root
 * category of its own, so the offer stays searchable and the operator sees the node in the tree.
 * The `~` keeps it apart from the shops' own ids.
 */
export const NO_CATEGORY = { id: '~no-category', name: 'Без категории' } as const;

export interface CategoryInfo {
  pathIds: string[];
  pathNames: string[];
}

export interface OfferDraft {
  regions: OfferRegion[];
  line: number;
  id: string | null;
  groupId: string | null;
  /** The `available` attribute; null when the offer has none. */
  available: boolean | null;
  /** The `quantity` attribute (RetailCRM ICML), when given. */
  quantity: string | null;
  categoryIds: string[];
  /** True once a problem says the offer was taken with a change (a dropped param …). */
  changed: boolean;
  fields: Record<string, string>;
  pictures: string[];
  params: CatalogParam[];
}

export type OfferRow = Omit<typeof catalogOffers.$inferInsert, 'importId'>;
export type CategoryRow = Omit<typeof catalogCategories.$inferInsert, 'importId'>;

/**
 * A non-negative number as shops write it: `1990`, `1990.50`, `3,85` (a decimal comma),
 * `1 990,50` or `1\u00a0990` (grouping spaces), `1,990.50` (grouping commas).
 */
export function feedNumber(text: string | null | undefined): number | null {
  if (text === undefined || text === null) return null;
  let value = text.replace(/[\s\u00a0\u202f]+/g, '');
  if (value === '') return null;
  value = value.includes('.') ? value.replace(/,/g, '') : value.replace(',', '.');
  if (!/^[+]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(value)) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** Runs of spaces, tabs and line breaks in a one-line field (a name, a vendor) become one space. */
export const oneLine = (text: string | undefined): string =>
  (text ?? '').replace(/\s+/g, ' ').trim();

/** RUR is the old code of RUB; YML feeds use both. */
export const sameCurrency = (a: string, b: string) =>
  a === b || (['RUR', 'RUB'].includes(a) && ['RUR', 'RUB'].includes(b));

export interface Currencies {
  /** The shop's base currency: the one with rate 1, else RUB. */
  base: string;
  /** Rates to the base currency; null for a rate that is not a number (`CBRF`, `NBU` …). */
  rates: Map<string, { rate: number | null; text: string | null }>;
}

export function currencyTable(list: { id: string; rate: string | null }[]): Currencies {
  const rates = new Map<string, { rate: number | null; text: string | null }>();
  for (const { id, rate } of list) {
    const value = feedNumber(rate);
    rates.set(id.toUpperCase(), { rate: value !== null && value > 0 ? value : null, text: rate });
  }
  const base = [...rates].find(([, r]) => r.rate === 1)?.[0] ?? 'RUB';
  return { base, rates };
}

/** Computes root-first paths; a category whose parent is unknown (or in a cycle) becomes a root. */
export function categoryPaths(
  raw: Map<string, RawCategory>,
  problems: (problem: FeedProblemText) => void,
) {
  const info = new Map<string, CategoryInfo>();
  const resolve = (id: string, seen: Set<string>): CategoryInfo => {
    const known = info.get(id);
    if (known) return known;
    const category = raw.get(id)!;
    let parent: CategoryInfo | null = null;
    if (category.parentId !== null) {
      if (!raw.has(category.parentId)) {
        problems(categoryUnknownParent(id, category.parentId));
      } else if (seen.has(category.parentId)) {
        problems(categoryParentCycle(id));
      } else {
        parent = resolve(category.parentId, new Set([...seen, id]));
      }
    }
    const result = {
      pathIds: [...(parent?.pathIds ?? []), id],
      pathNames: [...(parent?.pathNames ?? []), category.name],
    };
    info.set(id, result);
    return result;
  };
  for (const id of raw.keys()) resolve(id, new Set([id]));
  return info;
}

/**
 * An offer's price, availability and attribute values in one region
 * (`<region id price oldprice available>` with `<param>` children).
 */
export interface OfferRegion {
  regionId: string;
  price: number | null;
  oldPrice: number | null;
  available: boolean | null;
  params: CatalogParam[];
}

export interface YmlParseOptions {
  /** The feed parsing config: the feed's element name → a YML element or `param:<name>`. */
  tagMap?: ReadonlyMap<string, string>;
}

export interface YmlHandlers {
  /** A valid offer, with its category's names (for the search words) and its regional data. */
  offer(row: OfferRow, category: CategoryInfo, regions: OfferRegion[]): void;
  /** The category tree, once, when the first offer or the end of <categories> comes. */
  categories(rows: CategoryRow[]): void;
  problem(offerId: string | null, line: number, problem: FeedProblemText): void;
}
