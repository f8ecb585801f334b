/** Field rules shared by the config shapes (spec §5), their enumerations, and JSON-text reading. */
import * as z from 'zod';
import { isCssSelector } from '#contract/entities/css-selector.ts';

export { isCssSelector };

/** An optional CSS selector: empty, or one that parses. */
export const cssSelector = z
  .string()
  .trim()
  .max(1000)
  .refine((value) => value === '' || isCssSelector(value), {
    params: { i18nKey: 'errors.validation.cssSelector', en: 'Not a valid CSS selector' },
  });

/** JavaScript source kept as text (hooks, insert functions): run by the storefront, never here. */
export const script = z.string().max(100_000);
/** A Handlebars template source; '' means the storefront's default template for the part. */
export const template = z.string().max(200_000);
/** SCSS source, compiled with the design tokens at generate time. */
export const scss = z.string().max(500_000);

export const AC_BLOCKS = [
  'queries',
  'products',
  'categories',
  'history',
  'taps',
  'brands',
] as const;
export const acBlock = z.enum(AC_BLOCKS);
export const WIDTH_MODES = ['FULL_WIDTH', 'INPUT_WIDTH', 'FROM_INPUT_TO_RIGHT_SIDE'] as const;
/**
 * Card types (spec part 1 §3): how the autocomplete shows a product. A small horizontal card is a
 * row with a thumbnail, a big one a row with a large picture and the brand, a vertical one a tile
 * with the picture on top, a legacy one the older templates' line of name and price.
 */
export const CARD_TYPES = [
  'HORIZONTAL_BIG_CARD',
  'HORIZONTAL_SMALL_CARD',
  'VERTICAL',
  'LEGACY',
] as const;
export const POSITIONS = ['TOP', 'BOTTOM'] as const;
export const TEMPLATE_NAMES = ['Simple', 'DIY/Electronics', 'Fashion'] as const;
export const TEMPLATE_VERSIONS = ['1', '2', '3', '3.5'] as const;
export const CONTENT_LANGUAGES = ['rus', 'eng', 'ara', 'kaz'] as const;
export const TOKENS_API_TYPES = ['CDN', 'JSON_BIN'] as const;
export const PAGE_TYPES = [
  'PRODUCT',
  'CATEGORY',
  'SEARCH_PAGE',
  'BRAND_PAGE',
  'CONTENT_PAGE',
  'CART_PAGE',
  'HOME_PAGE',
  'ORDER_SUCCESS_PAGE',
  'ORDER_PAGE',
  'COMMON_PAGE',
] as const;
export const TRIGGER_TYPES = ['PAGE_VIEW', 'CLICK', 'CONDITIONAL_VIEW'] as const;
export const MVT_ACTIONS = [
  'NONE',
  'DISABLE_AUTOCOMPLETE',
  'DISABLE_AQ',
  'DISABLE_AUTOCOMPLETE_AND_AQ',
  'DISABLE_IS',
  'DISABLE_CATEGORY_PREDICTION',
  'RUN_CUSTOM_SCRIPT',
  'IMAGESEARCH_CONFIG',
] as const;
export const COMPONENT_TYPES = [
  'UNDEFINED',
  'PRODUCT',
  'SLIDER',
  'CART_BUTTON',
  'FAVORITE_BUTTON',
] as const;
export const COMPONENT_VIEWS = ['DEFAULT', 'FASHION', 'HORIZONTAL'] as const;
export const WIDGET_TYPES = ['SWIPER', 'INFINITY_LIST'] as const;

/** JSON text → object; a parse failure gives an empty object (spec §8). */
export function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
