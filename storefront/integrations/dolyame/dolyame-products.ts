/**
 * The Dolyame widget and the catalog (contract/public/dolyame.ts): which product a page or a
 * listing card names, and the price the payments are computed from once the site's alternative
 * attributes have their say.
 */
import type { DolyameAttributeMap, DolyameProductFacts } from '#contract/public/dolyame.ts';

/** The widget's price bounds (its settings' productMinPrice and productMaxPrice). */
export interface PriceBounds {
  productMinPrice: number;
  productMaxPrice: number;
}

export const inRange = (price: number, settings: PriceBounds): boolean =>
  price >= settings.productMinPrice && price <= settings.productMaxPrice;

/**
 * The price the payments are computed from, or null when the widget stays hidden. With an
 * `eligible` attribute only a product it marks shows (a page naming no product, or one the catalog
 * has not, shows nothing); with a `price` attribute the product's value replaces the page's price
 * (the page's when it has none). Then the price must lie within the configured bounds.
 */
export function instalmentPrice(
  pagePrice: number | null,
  facts: DolyameProductFacts | null,
  attributes: DolyameAttributeMap,
  bounds: PriceBounds,
): number | null {
  if (attributes.eligible !== undefined && facts?.eligible !== true) return null;
  const price = attributes.price !== undefined && facts?.price != null ? facts.price : pagePrice;
  return price !== null && inRange(price, bounds) ? price : null;
}

/**
 * What the widget knows of the catalog: which fields the site maps, and a product's facts by its
 * id (undefined while they are still being read, null when the catalog has no such product).
 */
export interface DolyameProducts {
  attributes: DolyameAttributeMap;
  facts(id: string): DolyameProductFacts | null | undefined;
}

const PRODUCT_ID = 'data-digi-product-id';
const CARD_PRODUCT = 'data-digi-product';

/** The product a listing card stands for: its own id attribute, else the first inside it. */
export function cardProductId(card: Element): string | null {
  const own = card.getAttribute(PRODUCT_ID) ?? card.getAttribute(CARD_PRODUCT);
  const inner = card.querySelector(`[${PRODUCT_ID}],[${CARD_PRODUCT}]`);
  const id = own ?? inner?.getAttribute(PRODUCT_ID) ?? inner?.getAttribute(CARD_PRODUCT) ?? null;
  return id?.trim() || null;
}

/** The product page's product: the nearest marked ancestor of where the widget goes, else any. */
export function pageProductId(doc: Document, anchor: Element): string | null {
  const marked = anchor.closest(`[${PRODUCT_ID}]`) ?? doc.querySelector(`[${PRODUCT_ID}]`);
  return marked?.getAttribute(PRODUCT_ID)?.trim() || null;
}

/**
 * The price to show for the product `id` (null: hide), noting in `pending` an id whose facts are
 * not read yet. Without alternative attributes the product's id does not matter.
 */
export function priceFor(
  pagePrice: number | null,
  id: string | null,
  s: PriceBounds,
  products: DolyameProducts | undefined,
  pending: Set<string>,
): number | null {
  if (!products || Object.keys(products.attributes).length === 0)
    return pagePrice !== null && inRange(pagePrice, s) ? pagePrice : null;
  const facts = id === null ? null : products.facts(id);
  if (facts === undefined) {
    pending.add(id!);
    return null;
  }
  return instalmentPrice(pagePrice, facts, products.attributes, s);
}
