import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  SEARCH_TEMPLATE_PARTS,
  searchConfig,
  type SearchConfig,
} from '#contract/entities/config.ts';

/** The storefront's default template sources, by widget and part (storefront/README.md "Parts"). */
export interface DefaultTemplates {
  search: Record<string, string>;
  recommendations: Record<string, string>;
  components: Record<string, string>;
  tokens: Record<string, unknown>;
}

const storefront = (path: string) =>
  fileURLToPath(new URL(`../../storefront/${path}`, import.meta.url));

/** `facet-tree-list.hbs` → `facetTreeList` */
export const partName = (file: string) =>
  file.replace(/\.hbs$/, '').replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

async function widgetTemplates(widget: string): Promise<Record<string, string>> {
  const folder = storefront(`widgets/${widget}/templates`);
  const files = (await readdir(folder)).filter((file) => file.endsWith('.hbs')).sort();
  const entries = await Promise.all(
    files.map(async (file) => [partName(file), await readFile(`${folder}/${file}`, 'utf8')]),
  );
  return Object.fromEntries(entries) as Record<string, string>;
}

async function load(): Promise<DefaultTemplates> {
  const [instantSearch, autocomplete, recommendations, card, tokens, ...components] =
    await Promise.all([
      widgetTemplates('instant-search'),
      widgetTemplates('autocomplete'),
      widgetTemplates('recommendations'),
      readFile(storefront('runtime/templates/card.hbs'), 'utf8'),
      readFile(storefront('styles/tokens/default-v3.5.json'), 'utf8'),
      widgetTemplates('product-card'),
      widgetTemplates('slider'),
      widgetTemplates('cart-button'),
      widgetTemplates('favorite-button'),
    ]);
  return {
    search: { ...instantSearch, ...autocomplete },
    recommendations,
    // `card` is the partial every product-showing part uses.
    components: Object.assign({ card }, ...components) as Record<string, string>,
    tokens: JSON.parse(tokens) as Record<string, unknown>,
  };
}

// The sources ship with the server: read once per process.
let cached: Promise<DefaultTemplates> | undefined;

export function defaultTemplates(): Promise<DefaultTemplates> {
  cached ??= load().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** The default instant search config (spec §9) with every template part filled in. */
export async function defaultInstantSearch(): Promise<SearchConfig> {
  const { search } = await defaultTemplates();
  const config = searchConfig.parse({});
  const htmlTemplate: SearchConfig['htmlTemplate'] = {};
  for (const part of SEARCH_TEMPLATE_PARTS) {
    const source = search[part];
    if (source !== undefined) htmlTemplate[part] = source;
  }
  return { ...config, htmlTemplate };
}
