import type { CatalogParam, catalogCategories, catalogOffers } from '../db/schema.ts';
import { FeedSax } from './feed-sax.ts';
import { FeedError } from './feed-source.ts';
import { droppedPicturesReason, offerLink, offerPictures, unsafeLinkReason } from './urls.ts';

/** Limits on what one feed may hold (FEED_MAX_FIELD_CHARS, FEED_MAX_OFFERS). */
export interface FeedLimits {
  maxFieldChars: number;
  maxOffers: number;
}

export const DEFAULT_FEED_LIMITS: FeedLimits = { maxFieldChars: 100_000, maxOffers: 2_000_000 };

/** Params and pictures kept per offer; the rest are reported once and dropped. */
const MAX_PARAMS = 1000;
const MAX_PICTURES = 100;

interface RawCategory {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
}

export interface CategoryInfo {
  pathIds: string[];
  pathNames: string[];
}

interface OfferDraft {
  regions: OfferRegion[];
  line: number;
  id: string | null;
  groupId: string | null;
  available: boolean;
  fields: Record<string, string>;
  pictures: string[];
  params: CatalogParam[];
}

export type OfferRow = Omit<typeof catalogOffers.$inferInsert, 'importId'>;
export type CategoryRow = Omit<typeof catalogCategories.$inferInsert, 'importId'>;

const WORD = /[0-9a-zа-яё]+/g;

/** Lower-case words of a text, as the suggestions and corrections know them. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().replace(/ё/g, 'е').match(WORD) ?? [];
}

function number(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text.trim().replace(',', '.').replace(/\s+/g, ''));
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/** Computes root-first paths; a category whose parent is unknown (or in a cycle) becomes a root. */
function categoryPaths(raw: Map<string, RawCategory>, problems: (message: string) => void) {
  const info = new Map<string, CategoryInfo>();
  const resolve = (id: string, seen: Set<string>): CategoryInfo => {
    const known = info.get(id);
    if (known) return known;
    const category = raw.get(id)!;
    let parent: CategoryInfo | null = null;
    if (category.parentId !== null) {
      if (!raw.has(category.parentId)) {
        problems(`Category ${id} names an unknown parent ${category.parentId}: taken as a root`);
      } else if (seen.has(category.parentId)) {
        problems(`Category ${id} is in a parent cycle: taken as a root`);
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

/** An offer's price and availability in one region (`<region id price oldprice available/>`). */
export interface OfferRegion {
  regionId: string;
  price: number | null;
  oldPrice: number | null;
  available: boolean | null;
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
  problem(offerId: string | null, line: number, message: string): void;
}

/**
 * The YML parser: a SAX state machine fed decoded text in pieces (memory stays bounded by the
 * limits whatever the feed's size). Checks each offer; throws FeedError on broken XML, a DOCTYPE
 * with declarations (entity expansion), a field over the length limit or too many offers.
 */
export function createYmlParser(
  handlers: YmlHandlers,
  limits: FeedLimits = DEFAULT_FEED_LIMITS,
  options: YmlParseOptions = {},
) {
  const fieldTooLong = (): FeedError =>
    new FeedError(
      `Line ${parser.line}: <${stack.at(-1) ?? '?'}> holds more than ${limits.maxFieldChars} characters (FEED_MAX_FIELD_CHARS)`,
      'field-too-long',
      { line: parser.line, limit: limits.maxFieldChars, field: stack.at(-1) ?? '' },
    );
  const sax = new FeedSax(limits.maxFieldChars, fieldTooLong);
  const parser = sax.parser;
  const tagMap = options.tagMap ?? new Map<string, string>();
  let fatal: Error | undefined;
  sax.on('error', (error) => {
    fatal ??= error;
  });

  const stack: string[] = [];
  let text = '';
  const shop: Record<string, string> = {};
  const currencies: { id: string; rate: string | null }[] = [];
  const rawCategories = new Map<string, RawCategory>();
  let categoryDraft: RawCategory | null = null;
  let categories: Map<string, CategoryInfo> | null = null;
  let offer: OfferDraft | null = null;
  let param: { name: string; unit: string | null } | null = null;
  const seenIds = new Set<string>();
  let offers = 0;
  let skipped = 0;
  let sawRoot = false;

  const finishCategories = () => {
    if (categories) return;
    categories = categoryPaths(rawCategories, (message) =>
      handlers.problem(null, parser.line, message),
    );
    const rows: CategoryRow[] = [];
    for (const [id, category] of rawCategories) rows.push({ ...category, ...categories.get(id)! });
    handlers.categories(rows);
  };

  const finishOffer = (draft: OfferDraft) => {
    const f = draft.fields;
    const id = draft.id;
    const fail = (message: string) => {
      skipped += 1;
      handlers.problem(id, draft.line, message);
    };
    if (!id) return fail('The offer has no id');
    if (seenIds.has(id)) return fail(`Duplicate offer id ${id}`);
    finishCategories();
    const categoryId = f['categoryId']?.trim();
    if (!categoryId) return fail('The offer has no categoryId');
    const category = categories!.get(categoryId);
    if (!category) return fail(`Unknown category ${categoryId}`);
    const price = number(f['price']);
    if (price === null) return fail(`Missing or invalid price "${f['price'] ?? ''}"`);
    const name =
      f['name']?.trim() ||
      [f['typePrefix'], f['vendor'], f['model']]
        .filter((part) => part?.trim())
        .join(' ')
        .trim();
    if (!name) return fail('The offer has no name');
    const rawUrl = f['url']?.trim();
    if (!rawUrl) return fail('The offer has no url');
    const url = offerLink(rawUrl);
    if (url === null) return fail(unsafeLinkReason(rawUrl));
    if (offers >= limits.maxOffers)
      throw new FeedError(
        `The feed has more than ${limits.maxOffers} offers (max offers count exceeded: FEED_MAX_OFFERS)`,
        'too-many-offers',
        { limit: limits.maxOffers },
      );
    seenIds.add(id);
    const pictures = offerPictures(draft.pictures);
    if (pictures.dropped) handlers.problem(id, draft.line, droppedPicturesReason(pictures.dropped));
    const oldPrice = number(f['oldprice']);
    offers += 1;
    handlers.offer(
      {
        id,
        groupId: draft.groupId,
        productId: draft.groupId ?? id,
        available: draft.available,
        url,
        price,
        oldPrice: oldPrice !== null && oldPrice > price ? oldPrice : null,
        currencyId: f['currencyId']?.trim() || 'RUR',
        categoryId,
        pictures: pictures.kept,
        name,
        vendor: f['vendor']?.trim() || null,
        vendorCode: f['vendorCode']?.trim() || null,
        description: f['description']?.trim() || null,
        params: draft.params,
        popularity: number(f['popularity']) ?? 0,
      },
      category,
      draft.regions,
    );
  };

  sax.on('doctype', (doctype) => {
    // <!DOCTYPE yml_catalog SYSTEM "shops.dtd"> is harmless (nothing is fetched or declared);
    // an internal subset may declare entities (billion laughs, external entities): refused.
    if (doctype.includes('['))
      throw new FeedError(
        'The feed declares a DOCTYPE with declarations: XML entities are not accepted',
        'doctype',
      );
  });
  sax.on('opentag', (original) => {
    const parent = stack.at(-1);
    // The parsing config renames the feed's own elements to YML ones (or to a named param).
    const mapped = tagMap.get(original.name);
    const tag: { name: string; attributes: Record<string, unknown> } = !mapped
      ? original
      : mapped.startsWith('param:')
        ? { name: 'param', attributes: { ...original.attributes, name: mapped.slice(6) } }
        : { name: mapped, attributes: original.attributes };
    stack.push(tag.name);
    text = '';
    const attr = (name: string) => {
      const value = tag.attributes[name];
      return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
    };
    if (stack.length === 1) {
      sawRoot = true;
      if (tag.name !== 'yml_catalog')
        fatal ??= new Error(`The root element is <${tag.name}>, not <yml_catalog>`);
    } else if (tag.name === 'offer' && parent === 'offers') {
      finishCategories();
      offer = {
        line: parser.line,
        id: attr('id'),
        groupId: attr('group_id'),
        available: attr('available') !== 'false',
        regions: [],
        fields: {},
        pictures: [],
        params: [],
      };
    } else if (offer && tag.name === 'region' && parent === 'regions') {
      const regionId = attr('id');
      const available = attr('available');
      if (regionId && offer.regions.length < MAX_PARAMS)
        offer.regions.push({
          regionId,
          price: number(attr('price') ?? undefined),
          oldPrice: number(attr('oldprice') ?? undefined),
          available: available === null ? null : available !== 'false',
        });
    } else if (offer && tag.name === 'param') {
      param = { name: attr('name') ?? '', unit: attr('unit') };
    } else if (tag.name === 'category' && parent === 'categories') {
      categoryDraft = {
        id: attr('id') ?? '',
        parentId: attr('parentId'),
        name: '',
        url: offerLink(attr('url') ?? ''),
      };
    } else if (tag.name === 'currency' && parent === 'currencies') {
      const id = attr('id');
      if (id) currencies.push({ id, rate: attr('rate') });
    }
  });
  const onText = (value: string) => {
    text += value;
    if (text.length > limits.maxFieldChars) throw fieldTooLong();
  };
  sax.on('text', onText);
  sax.on('cdata', onText);
  sax.on('closetag', () => {
    const tag = { name: stack.pop() ?? '' };
    const parent = stack.at(-1);
    if (offer) {
      if (tag.name === 'offer') {
        finishOffer(offer);
        offer = null;
      } else if (tag.name === 'param' && param) {
        const value = text.trim();
        if (param.name && value) {
          if (offer.params.length < MAX_PARAMS)
            offer.params.push({ name: param.name, value, unit: param.unit });
          else if (offer.params.length === MAX_PARAMS) {
            handlers.problem(
              offer.id,
              parser.line,
              `More than ${MAX_PARAMS} params: the rest are dropped`,
            );
            offer.params.push({ name: param.name, value, unit: param.unit });
          }
        }
        param = null;
      } else if (tag.name === 'picture') {
        if (text.trim() && offer.pictures.length < MAX_PICTURES) offer.pictures.push(text.trim());
      } else if (parent === 'offer') {
        offer.fields[tag.name] = text;
      }
    } else if (tag.name === 'category' && categoryDraft) {
      categoryDraft.name = text.trim();
      if (!categoryDraft.id) handlers.problem(null, parser.line, 'A category has no id: skipped');
      else if (rawCategories.has(categoryDraft.id))
        handlers.problem(null, parser.line, `Duplicate category id ${categoryDraft.id}`);
      else rawCategories.set(categoryDraft.id, categoryDraft);
      categoryDraft = null;
    } else if (tag.name === 'categories') {
      finishCategories();
    } else if (parent === 'shop' && !['categories', 'currencies', 'offers'].includes(tag.name)) {
      const value = text.trim();
      if (value && value.length < 1000) shop[tag.name] = value;
    }
    text = '';
  });

  const check = () => {
    if (fatal)
      throw new FeedError(`The feed is not valid XML: ${fatal.message}`, 'invalid-xml', {
        reason: fatal.message,
      });
  };

  return {
    /** Parses the next piece of decoded text. */
    write(piece: string): void {
      sax.write(piece);
      check();
    },
    /** Ends the document; what the feed said besides its offers. */
    close() {
      parser.close();
      check();
      if (!sawRoot) throw new FeedError('The feed is empty', 'empty');
      finishCategories();
      return { shop, currencies, categories: rawCategories.size, offers, skipped };
    },
  };
}
