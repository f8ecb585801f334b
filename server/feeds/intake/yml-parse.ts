import { FeedSax } from './feed-sax.ts';
import { FeedError } from './feed-source.ts';
import * as problems from './problems.ts';
import { offerLink, offerPictures } from './urls.ts';
import {
  categoryPaths,
  currencyTable,
  DEFAULT_FEED_LIMITS,
  feedNumber,
  MAX_PARAMS,
  MAX_PICTURES,
  NO_CATEGORY,
  oneLine,
  sameCurrency,
  type CategoryInfo,
  type CategoryRow,
  type Currencies,
  type FeedLimits,
  type OfferDraft,
  type OfferRegion,
  type RawCategory,
  type YmlHandlers,
  type YmlParseOptions,
} from './yml-model.ts';

export {
  DEFAULT_FEED_LIMITS,
  feedNumber,
  NO_CATEGORY,
  type CategoryInfo,
  type CategoryRow,
  type FeedLimits,
  type OfferRegion,
  type OfferRow,
  type YmlHandlers,
  type YmlParseOptions,
} from './yml-model.ts';

/** Numbers as shops write them (`1 990,50`). */
const number = feedNumber;

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
  /** The `<region>` element the parser is in: its `<param>` children are the region's. */
  let region: OfferRegion | null = null;
  const seenIds = new Set<string>();
  let offers = 0;
  let skipped = 0;
  let changed = 0;
  let currencyRates: Currencies | null = null;
  let noCategory: CategoryInfo | null = null;
  let sawRoot = false;

  const finishCategories = () => {
    if (categories) return;
    categories = categoryPaths(rawCategories, (problem) =>
      handlers.problem(null, parser.line, problem),
    );
    const rows: CategoryRow[] = [];
    for (const [id, category] of rawCategories) rows.push({ ...category, ...categories.get(id)! });
    handlers.categories(rows);
  };

  /** A problem of an offer that is taken all the same, with a change. */
  const change = (draft: OfferDraft, problem: problems.FeedProblemText) => {
    draft.changed = true;
    handlers.problem(draft.id, draft.line, problem);
  };

  /**
   * The offer's categories the feed has, in the feed's order, with the union of their root-first
   * paths (each id once); else the "no category" node.
   */
  const offerCategories = (
    draft: OfferDraft,
  ): { categoryIds: string[]; category: CategoryInfo } => {
    const known = draft.categoryIds.filter((id) => categories!.has(id));
    if (known.length > 0) {
      const pathIds: string[] = [];
      const pathNames: string[] = [];
      for (const id of known) {
        const info = categories!.get(id)!;
        info.pathIds.forEach((pathId, i) => {
          if (pathIds.includes(pathId)) return;
          pathIds.push(pathId);
          pathNames.push(info.pathNames[i]!);
        });
      }
      if (known.length < draft.categoryIds.length)
        change(
          draft,
          problems.unknownCategoryTakenUnder(
            draft.categoryIds.filter((id) => !known.includes(id)).join(', '),
            known.join(', '),
          ),
        );
      return { categoryIds: known, category: { pathIds, pathNames } };
    }
    if (!noCategory) {
      noCategory = { pathIds: [NO_CATEGORY.id], pathNames: [NO_CATEGORY.name] };
      handlers.categories([
        { id: NO_CATEGORY.id, parentId: null, name: NO_CATEGORY.name, url: null, ...noCategory },
      ]);
    }
    change(
      draft,
      draft.categoryIds.length === 0
        ? problems.offerNoCategory(NO_CATEGORY)
        : problems.unknownCategoryNoCategory(draft.categoryIds.join(', '), NO_CATEGORY),
    );
    return { categoryIds: [NO_CATEGORY.id], category: noCategory };
  };

  /** The offer's currency and its rate to the shop's base currency, or why it cannot be used. */
  const priceCurrency = (
    currencyId: string | undefined,
  ): { id: string; rate: number } | { refused: problems.FeedProblemText } => {
    currencyRates ??= currencyTable(currencies);
    const { base, rates } = currencyRates;
    const id = currencyId?.trim().toUpperCase() || base;
    if (sameCurrency(id, base)) return { id: base, rate: 1 };
    const known =
      rates.get(id) ??
      (sameCurrency(id, 'RUB') ? rates.get(id === 'RUB' ? 'RUR' : 'RUB') : undefined);
    if (!known) return { refused: problems.unknownCurrency(id) };
    if (known.rate === null)
      return { refused: problems.currencyRateNotNumber(id, known.text ?? '', base) };
    return { id: base, rate: known.rate };
  };

  const finishOffer = (draft: OfferDraft) => {
    const f = draft.fields;
    const id = draft.id;
    const fail = (problem: problems.FeedProblemText) => {
      skipped += 1;
      handlers.problem(id, draft.line, problem);
    };
    if (!id) return fail(problems.offerNoId());
    if (seenIds.has(id)) return fail(problems.duplicateOfferId(id));
    finishCategories();
    const listedPrice = number(f['price']);
    if (listedPrice === null) return fail(problems.invalidPrice(f['price'] ?? ''));
    // A vendor.model offer has no <name>: typePrefix, vendor and model make it.
    const name =
      oneLine(f['name']) ||
      [f['typePrefix'], f['vendor'], f['model']].map(oneLine).filter(Boolean).join(' ');
    if (!name) return fail(problems.offerNoName());
    const currency = priceCurrency(f['currencyId']);
    if ('refused' in currency) return fail(currency.refused);
    const convert = (value: number | null) =>
      value === null ? null : Math.round(value * currency.rate * 100) / 100;
    const price = convert(listedPrice)!;
    const rawUrl = f['url']?.trim();
    if (!rawUrl) return fail(problems.offerNoUrl());
    const url = offerLink(rawUrl);
    if (url === null) return fail(problems.unsafeLink(rawUrl));
    if (offers >= limits.maxOffers)
      throw new FeedError(
        `The feed has more than ${limits.maxOffers} offers (max offers count exceeded: FEED_MAX_OFFERS)`,
        'too-many-offers',
        { limit: limits.maxOffers },
      );
    seenIds.add(id);
    // Every category of the offer is kept: the offer is found under each.
    const { categoryIds, category } = offerCategories(draft);
    const pictures = offerPictures(draft.pictures);
    if (pictures.dropped) change(draft, problems.droppedPictures(pictures.dropped));
    const oldPrice = convert(number(f['oldprice']));
    const quantity = draft.quantity ?? f['quantity'] ?? f['count'];
    const inStock = quantity === undefined ? null : number(quantity);
    offers += 1;
    if (draft.changed) changed += 1;
    handlers.offer(
      {
        id,
        groupId: draft.groupId,
        productId: draft.groupId ?? id,
        // No `available` attribute: available, unless a stock quantity of zero says otherwise.
        available: draft.available ?? (inStock === null || inStock > 0),
        url,
        price,
        oldPrice: oldPrice !== null && oldPrice > price ? oldPrice : null,
        currencyId: currency.id,
        categoryId: categoryIds[0]!,
        categoryIds,
        quantity: inStock,
        pictures: pictures.kept,
        name,
        vendor: oneLine(f['vendor']) || null,
        vendorCode: f['vendorCode']?.trim() || null,
        description: f['description']?.trim() || null,
        params: draft.params,
        popularity: number(f['popularity']) ?? 0,
      },
      category,
      currency.rate === 1
        ? draft.regions
        : draft.regions.map((region) => ({
            ...region,
            price: convert(region.price),
            oldPrice: convert(region.oldPrice),
          })),
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
        available: attr('available') === null ? null : !['false', '0'].includes(attr('available')!),
        quantity: attr('quantity'),
        categoryIds: [],
        changed: false,
        regions: [],
        fields: {},
        pictures: [],
        params: [],
      };
    } else if (offer && tag.name === 'region' && parent === 'regions') {
      const regionId = attr('id');
      const available = attr('available');
      if (regionId && offer.regions.length < MAX_PARAMS) {
        region = {
          regionId,
          price: number(attr('price') ?? undefined),
          oldPrice: number(attr('oldprice') ?? undefined),
          available: available === null ? null : available !== 'false',
          params: [],
        };
        offer.regions.push(region);
      }
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
      } else if (tag.name === 'region') {
        region = null;
      } else if (tag.name === 'param' && param && region) {
        const value = text.trim();
        if (param.name && value && region.params.length < MAX_PARAMS)
          region.params.push({ name: param.name, value, unit: param.unit });
        param = null;
      } else if (tag.name === 'param' && param) {
        const value = text.trim();
        if (param.name && value) {
          if (offer.params.length < MAX_PARAMS)
            offer.params.push({ name: param.name, value, unit: param.unit });
          else if (offer.params.length === MAX_PARAMS) {
            change(offer, problems.tooManyParams(MAX_PARAMS));
            offer.params.push({ name: param.name, value, unit: param.unit });
          }
        }
        param = null;
      } else if (tag.name === 'picture') {
        if (text.trim() && offer.pictures.length < MAX_PICTURES) offer.pictures.push(text.trim());
      } else if (tag.name === 'categoryId' && parent === 'offer') {
        const categoryId = text.trim();
        if (categoryId && !offer.categoryIds.includes(categoryId))
          offer.categoryIds.push(categoryId);
      } else if (parent === 'offer') {
        offer.fields[tag.name] = text;
      }
    } else if (categoryDraft && parent === 'category') {
      // RetailCRM ICML: <category id=".."><name>..</name><picture>..</picture></category>.
      if (tag.name === 'name') categoryDraft.name = oneLine(text);
    } else if (tag.name === 'category' && categoryDraft) {
      categoryDraft.name ||= oneLine(text);
      if (!categoryDraft.id) handlers.problem(null, parser.line, problems.categoryNoId());
      else if (rawCategories.has(categoryDraft.id))
        handlers.problem(null, parser.line, problems.duplicateCategoryId(categoryDraft.id));
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
      return {
        shop,
        currencies,
        categories: rawCategories.size + (noCategory ? 1 : 0),
        offers,
        skipped,
        /** Offers taken with a change (each has a problem saying what changed). */
        changed,
      };
    },
  };
}
