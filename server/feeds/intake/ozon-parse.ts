import type { CatalogParam } from '../../platform/db/schema.ts';
import { FeedSax } from './feed-sax.ts';
import { FeedError } from './feed-source.ts';
import {
  droppedPictures,
  duplicateMerchantSku,
  invalidOzonPrice,
  productNoMerchantSku,
  productNoName,
  productNoType,
  unsafeLink,
  type FeedProblemText,
} from './problems.ts';
import { offerLink, offerPictures } from './urls.ts';
import {
  DEFAULT_FEED_LIMITS,
  feedNumber,
  type CategoryRow,
  type FeedLimits,
  type YmlHandlers,
} from './yml-parse.ts';

/**
 * The OZON feed: Ozon's merchant product XML ("Структура Ozon XML", merchant-platform.ozon.ru),
 * one `<Product MerchantSKU ProductTypeID>` per product:
 *
 *   <Product MerchantSKU="…" ProductTypeID="…">
 *     <SKU><Name>…</Name><ManufacturerIdentifier>…</ManufacturerIdentifier>…</SKU>
 *     <Price><SellingPrice>123</SellingPrice><Discount>20</Discount></Price>
 *     <Availability><SellingState>ForSale</SellingState><Qty>…</Qty></Availability>
 *     <Description>…elements that depend on the product type…</Description>
 *   </Product>
 *
 * Mapped to the catalog: MerchantSKU → offer id, SKU/Name → name, Price/SellingPrice → price,
 * SellingState ForSale (and Qty not 0) → available, Qty → the offer's quantity (as YML's
 * `<quantity>`; a Qty that is not a number is left out), ProductTypeID → category (its id is its
 * name: the format carries no category tree), ManufacturerIdentifier → vendor code, every leaf
 * element of Description → a param (Brand also → vendor). Discount is kept as a param, not as an
 * old price (its unit is not stated in the format's description). A `<Url>` element, when present,
 * is the product's link. Same limits and refusals as the YML parser (DOCTYPE with declarations,
 * field length, offer count).
 */
export function createOzonParser(handlers: YmlHandlers, limits: FeedLimits = DEFAULT_FEED_LIMITS) {
  const fieldTooLong = (): FeedError =>
    new FeedError(
      `Line ${parser.line}: <${stack.at(-1) ?? '?'}> holds more than ${limits.maxFieldChars} characters (FEED_MAX_FIELD_CHARS)`,
      'field-too-long',
      { line: parser.line, limit: limits.maxFieldChars, field: stack.at(-1) ?? '' },
    );
  const sax = new FeedSax(limits.maxFieldChars, fieldTooLong);
  const parser = sax.parser;
  let fatal: Error | undefined;
  sax.on('error', (error) => {
    fatal ??= error;
  });
  const stack: string[] = [];
  let text = '';
  let sawRoot = false;
  let offers = 0;
  let skipped = 0;
  const seen = new Set<string>();
  const categories = new Map<string, CategoryRow>();
  let product: {
    line: number;
    id: string | null;
    type: string | null;
    fields: Record<string, string>;
    params: CatalogParam[];
    pictures: string[];
    depth: number;
  } | null = null;

  sax.on('doctype', (doctype) => {
    if (doctype.includes('['))
      throw new FeedError(
        'The feed declares a DOCTYPE with declarations: XML entities are not accepted',
        'doctype',
      );
  });
  sax.on('opentag', (tag) => {
    stack.push(tag.name);
    text = '';
    sawRoot = true;
    if (tag.name === 'Product' && !product) {
      const attr = (name: string) => {
        const value = tag.attributes[name];
        return typeof value === 'string' && value.trim() ? value.trim() : null;
      };
      product = {
        line: parser.line,
        id: attr('MerchantSKU'),
        type: attr('ProductTypeID'),
        fields: {},
        params: [],
        pictures: [],
        depth: stack.length,
      };
    }
  });
  const onText = (value: string) => {
    text += value;
    if (text.length > limits.maxFieldChars) throw fieldTooLong();
  };
  sax.on('text', onText);
  sax.on('cdata', onText);
  sax.on('closetag', (tag) => {
    const path = stack.slice(product?.depth ?? 0);
    stack.pop();
    const value = text.trim();
    text = '';
    if (!product) return;
    if (tag.name === 'Product' && stack.length === product.depth - 1) {
      finish(product);
      product = null;
      return;
    }
    // path: the elements below <Product>, ending with this one.
    const [section] = path;
    if (!value) return;
    if (section === 'Description' && path.length >= 2) {
      if (product.params.length < 1000) product.params.push({ name: tag.name, value, unit: null });
    } else if (section === 'Description') {
      product.fields['description'] = value;
    } else if (tag.name === 'Image' || tag.name === 'Picture') {
      if (product.pictures.length < 100) product.pictures.push(value);
    } else {
      product.fields[path.join('/')] = value;
    }
  });

  function finish(draft: NonNullable<typeof product>) {
    const fail = (problem: FeedProblemText) => {
      skipped += 1;
      handlers.problem(draft.id, draft.line, problem);
    };
    const f = draft.fields;
    if (!draft.id) return fail(productNoMerchantSku());
    if (seen.has(draft.id)) return fail(duplicateMerchantSku(draft.id));
    if (!draft.type) return fail(productNoType());
    const name = f['SKU/Name'];
    if (!name) return fail(productNoName());
    const priceText = f['Price/SellingPrice'];
    const price = priceText ? Number(priceText.replace(',', '.').replace(/\s+/g, '')) : NaN;
    if (!Number.isFinite(price) || price < 0) return fail(invalidOzonPrice(priceText ?? ''));
    const rawUrl = (f['Url'] ?? f['URL'] ?? '').trim();
    const url = rawUrl === '' ? '' : offerLink(rawUrl);
    if (url === null) return fail(unsafeLink(rawUrl));
    if (offers >= limits.maxOffers)
      throw new FeedError(
        `The feed has more than ${limits.maxOffers} offers (max offers count exceeded: FEED_MAX_OFFERS)`,
        'too-many-offers',
        { limit: limits.maxOffers },
      );
    seen.add(draft.id);
    offers += 1;
    const pictures = offerPictures(draft.pictures);
    if (pictures.dropped) handlers.problem(draft.id, draft.line, droppedPictures(pictures.dropped));
    if (!categories.has(draft.type))
      categories.set(draft.type, {
        id: draft.type,
        parentId: null,
        name: draft.type,
        url: null,
        pathIds: [draft.type],
        pathNames: [draft.type],
      });
    const state = f['Availability/SellingState'];
    const quantity = feedNumber(f['Availability/Qty']);
    const params = [...draft.params];
    if (f['Price/Discount'])
      params.push({ name: 'Discount', value: f['Price/Discount'], unit: null });
    const brand = draft.params.find((param) => param.name.toLowerCase() === 'brand')?.value;
    handlers.offer(
      {
        id: draft.id,
        groupId: null,
        productId: draft.id,
        available: state === 'ForSale' && quantity !== 0,
        url,
        price,
        oldPrice: null,
        currencyId: 'RUR',
        categoryId: draft.type,
        quantity,
        pictures: pictures.kept,
        name,
        vendor: brand ?? null,
        vendorCode: f['SKU/ManufacturerIdentifier'] ?? null,
        description: f['description'] ?? null,
        params,
        popularity: 0,
      },
      { pathIds: [draft.type], pathNames: [draft.type] },
      [],
    );
  }

  const check = () => {
    if (fatal)
      throw new FeedError(`The feed is not valid XML: ${fatal.message}`, 'invalid-xml', {
        reason: fatal.message,
      });
  };
  return {
    write(piece: string): void {
      sax.write(piece);
      check();
    },
    close() {
      parser.close();
      check();
      if (!sawRoot) throw new FeedError('The feed is empty', 'empty');
      handlers.categories([...categories.values()]);
      return {
        shop: {} as Record<string, string>,
        currencies: [] as { id: string; rate: string | null }[],
        categories: categories.size,
        offers,
        skipped,
        changed: 0,
      };
    },
  };
}
