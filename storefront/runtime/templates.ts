import Handlebars from 'handlebars/runtime';
import { escapeHtml, safeUrl } from './escape.ts';
import { discountPercent, formatPrice, pluralRu } from './format.ts';
import { highlight } from './highlight.ts';
import { partialSpecs } from './partials.templates.ts';

/**
 * A template precompiled by `Handlebars.precompile` (at build time: see
 * storefront/build/precompile-templates.ts), or an already bound template function.
 */
export type TemplateSpec = object;
export type TemplateFn = (context: unknown) => string;
export type PartTemplates = Readonly<Record<string, TemplateSpec | TemplateFn>>;

type HelperOptions = { hash: Record<string, unknown> };
const isOptions = (value: unknown): value is HelperOptions =>
  typeof value === 'object' && value !== null && 'hash' in value;

/** The runtime's Handlebars environment: runtime only, no compiler. */
const env = Handlebars.create();

const isPrice = (value: unknown): value is number | string =>
  typeof value === 'number' || typeof value === 'string';

// Prices come as the API's decimal strings ("11169.0") or as numbers: both format alike.
env.registerHelper('formatPrice', (value: unknown, currency: unknown) =>
  isPrice(value) ? formatPrice(value, typeof currency === 'string' ? currency : 'RUB') : '',
);
env.registerHelper('discountPercent', (price: unknown, oldPrice: unknown) =>
  isPrice(price) && isPrice(oldPrice) ? discountPercent(price, oldPrice) : 0,
);
env.registerHelper(
  'highlight',
  (text: unknown, query: unknown) =>
    new env.SafeString(
      highlight(typeof text === 'string' ? text : '', typeof query === 'string' ? query : ''),
    ),
);
env.registerHelper('safeUrl', (value: unknown) => safeUrl(value));
env.registerHelper('eq', (a: unknown, b: unknown) => a === b);
env.registerHelper('not', (a: unknown) => !a);
env.registerHelper('gt', (a: unknown, b: unknown) => Number(a) > Number(b));
env.registerHelper('plural', (count: unknown, one: unknown, few: unknown, many: unknown) =>
  pluralRu(Number(count), String(one), String(few), String(many)),
);
env.registerHelper('json', (value: unknown) => escapeHtml(JSON.stringify(value ?? null)));
env.registerHelper('concat', (...args: unknown[]) => args.filter((a) => !isOptions(a)).join(''));

for (const [name, spec] of Object.entries(partialSpecs)) {
  env.registerPartial(name, env.template(spec as never));
}

const bound = new WeakMap<object, TemplateFn>();

/** Binds a precompiled template to the runtime environment (cached per spec object). */
export function bindTemplate(template: TemplateSpec | TemplateFn): TemplateFn {
  if (typeof template === 'function') return template as TemplateFn;
  let fn = bound.get(template);
  if (fn === undefined) {
    const compiled = env.template(template as never) as unknown as TemplateFn;
    fn = (context) => compiled(context);
    bound.set(template, fn);
  }
  return fn;
}

export type { HelperOptions };
