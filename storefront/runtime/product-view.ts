import type { Product, Sku } from '#contract/public/product.ts';
import { safeUrl } from './escape.ts';
import { discountPercent } from './format.ts';
import { compareSizes } from './size-order.ts';

/** Card layouts (global component view values). */
export type CardLayout = 'default' | 'fashion' | 'horizontal';

/** SKU params the picker offers, in this order, when the product's SKUs differ in them. */
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

export interface CardView {
  id: string;
  /** The picked SKU, when the picks single one out. */
  skuId: string | null;
  name: string;
  brand: string | null;
  url: string;
  picture: string | null;
  price: number;
  oldPrice: number | null;
  currency: string;
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
export function resolvePicture(url: string | null): string | null {
  if (url === null || !pictureBase || /^([a-z][a-z\d+.-]*:|\/\/)/i.test(url)) return url;
  try {
    return new URL(url.replace(/^\/+/, ''), pictureBase).href;
  } catch {
    return url;
  }
}

const paramValue = (sku: Sku, name: string): string | undefined =>
  sku.params.find((p) => p.name === name)?.value;

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
  const picture = resolvePicture(sku?.pictures[0] ?? product.pictures[0] ?? null);
  return {
    id: product.id,
    skuId: sku?.id ?? null,
    name: product.name,
    brand: product.brand,
    url: safeUrl(sku?.url ?? product.url),
    picture: picture === null ? null : safeUrl(picture, 'picture'),
    price,
    oldPrice: oldPrice !== null && oldPrice > price ? oldPrice : null,
    currency: product.currency,
    discount: discountPercent(price, oldPrice),
    available: sku ? sku.available : product.available,
    layout: options.layout ?? 'default',
    pickers: skuPickers(product, selection, options.pickerParams),
    position: options.position ?? 0,
    rating: product.rating ? ratingView(product.rating) : null,
  };
}
