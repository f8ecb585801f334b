import type { Product, ProductAttributes, ProductCategory, Sku } from '#contract/public/product.ts';
import { safeUrl } from './escape.ts';
import { discountPercent, toAmount } from './format.ts';
import { compareSizes } from './size-order.ts';

/** Card layouts (global component view values). */
export type CardLayout = 'default' | 'fashion' | 'horizontal';

/**
 * SKU params the picker offers, in this order, when the product's SKUs differ in them. A name
 * matches the attribute of that name in any case (attribute keys are the feed's names in lower
 * case); the picker shows the name as written here.
 */
export const DEFAULT_PICKER_PARAMS: readonly string[] = ['Цвет', 'Размер'];

/** The visitor's picks per param name. */
export type SkuSelection = Readonly<Record<string, string>>;

export interface SkuOptionView {
  value: string;
  selected: boolean;
  /** Some available SKU has this value together with the other picks. */
  available: boolean;
}

export interface SkuPickerView {
  name: string;
  /** A stable, attribute-safe key of the param for ids. */
  key: string;
  options: SkuOptionView[];
}

/**
 * The card's view: the product's own fields under the API's names (so a template written against
 * the public product — `{{name}}`, `{{link_url}}`, `{{image_url}}`, `{{price}}`, `{{oldPrice}}`,
 * `{{lookup attributes "размер"}}` — renders unchanged), the picked SKU's where one is picked,
 * plus the view's own fields (skuId, discount, layout, pickers, position, rating).
 */
export interface CardView {
  id: string;
  name: string;
  /** Absent without a brand. */
  brand?: string;
  /** The product's (or picked SKU's) page, made safe; `""` when unsafe or absent. */
  link_url: string;
  /** The main picture, resolved against the site's base and made safe; `""` without one. */
  image_url: string;
  image_urls: string[];
  /** The decimal string of the API (`"11169.0"`): `{{formatPrice price currency}}` shows it. */
  price: string;
  /** Only when greater than the price. */
  oldPrice?: string;
  currency: string;
  attributes: ProductAttributes;
  categories: ProductCategory[];
  /** The picked SKU, when the picks single one out. */
  skuId: string | null;
  discount: number;
  available: boolean;
  layout: CardLayout;
  pickers: SkuPickerView[];
  position: number;
  /**
   * Uploaded reviews: the average with one decimal ('4,6'), the stars it rounds to ('★★★★★' with
   * '☆' for the rest), their number and the description's snippet; null without.
   */
  rating: { value: string; stars: string; count: number; snippet: string | null } | null;
}

let pictureBase = '';

/** Sets the base URL relative pictures of the feed resolve against (the global config's). */
export function setPictureBase(url: string): void {
  pictureBase = url && !url.endsWith('/') ? `${url}/` : url;
}

/** A picture URL with the site's base applied when it is relative ('img/1.jpg', '/img/1.jpg'). */
export function resolvePicture(url: string): string;
export function resolvePicture(url: string | null): string | null;
export function resolvePicture(url: string | null): string | null {
  if (url === null || url === '' || !pictureBase || /^([a-z][a-z\d+.-]*:|\/\/)/i.test(url))
    return url;
  try {
    return new URL(url.replace(/^\/+/, ''), pictureBase).href;
  } catch {
    return url;
  }
}

/** The SKU's value of a picker param: attribute keys are the param names in lower case. */
const paramValue = (sku: Sku, name: string): string | undefined =>
  sku.attributes[name.toLowerCase()]?.[0];

const isSizeParam = (name: string): boolean => /размер|size/i.test(name);

/** The SKU the picks point at: the first matching all picks (available first). */
export function pickSku(product: Product, selection: SkuSelection): Sku | null {
  const skus = product.skus ?? [];
  const picks = Object.entries(selection);
  if (picks.length === 0) return null;
  const matching = skus.filter((sku) =>
    picks.every(([name, value]) => paramValue(sku, name) === value),
  );
  return matching.find((sku) => sku.available) ?? matching[0] ?? null;
}

export function skuPickers(
  product: Product,
  selection: SkuSelection,
  pickerParams: readonly string[] = DEFAULT_PICKER_PARAMS,
): SkuPickerView[] {
  const skus = product.skus ?? [];
  if (skus.length < 2) return [];
  const pickers: SkuPickerView[] = [];
  for (const name of pickerParams) {
    const values = [
      ...new Set(skus.map((s) => paramValue(s, name)).filter((v) => v !== undefined)),
    ];
    if (values.length < 2) continue;
    if (isSizeParam(name)) values.sort(compareSizes);
    const others = Object.entries(selection).filter(([other]) => other !== name);
    pickers.push({
      name,
      key: `p${pickers.length}`,
      options: values.map((value) => ({
        value,
        selected: selection[name] === value,
        available: skus.some(
          (sku) =>
            sku.available &&
            paramValue(sku, name) === value &&
            others.every(([other, picked]) => paramValue(sku, other) === picked),
        ),
      })),
    });
  }
  return pickers;
}

function ratingView(rating: NonNullable<Product['rating']>): NonNullable<CardView['rating']> {
  const full = Math.min(5, Math.max(0, Math.round(rating.value)));
  return {
    value: rating.value.toFixed(1).replace('.', ','),
    stars: '★'.repeat(full) + '☆'.repeat(5 - full),
    count: rating.count,
    snippet: rating.snippet ?? null,
  };
}

/** A picture of the feed as the card shows it: resolved against the site's base, made safe. */
const cardPicture = (url: string): string => (url ? safeUrl(resolvePicture(url), 'picture') : '');

/** The view model of one product card. Catalog text stays raw: templates escape it. */
export function cardView(
  product: Product,
  options: {
    layout?: CardLayout;
    selection?: SkuSelection;
    position?: number;
    pickerParams?: readonly string[];
  } = {},
): CardView {
  const selection = options.selection ?? {};
  const sku = pickSku(product, selection);
  const price = sku?.price ?? product.price;
  const oldPrice = sku ? sku.oldPrice : product.oldPrice;
  const now = toAmount(price) ?? 0;
  const before = toAmount(oldPrice);
  const pictures = sku && sku.image_urls.length > 0 ? sku.image_urls : product.image_urls;
  const picture = (sku?.image_url || product.image_url || pictures[0]) ?? '';
  return {
    id: product.id,
    name: product.name,
    ...(product.brand !== undefined && { brand: product.brand }),
    link_url: safeUrl(sku?.link_url || product.link_url),
    image_url: cardPicture(picture),
    image_urls: pictures.map(cardPicture).filter(Boolean),
    price,
    ...(oldPrice !== undefined && before !== null && before > now && { oldPrice }),
    currency: product.currency,
    attributes: sku ? { ...product.attributes, ...sku.attributes } : product.attributes,
    categories: product.categories,
    skuId: sku?.id ?? null,
    discount: discountPercent(price, oldPrice),
    available: sku ? sku.available : product.available,
    layout: options.layout ?? 'default',
    pickers: skuPickers(product, selection, options.pickerParams),
    position: options.position ?? 0,
    rating: product.rating ? ratingView(product.rating) : null,
  };
}
