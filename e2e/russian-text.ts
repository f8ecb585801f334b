import type { Page } from '@playwright/test';

/*
 * Reading a screen as a Russian user does (e2e/console-walk.spec.ts): what is shown, and which of
 * its words are untranslated interface text.
 */

/**
 * Latin words a Russian user reads as they are: brands, formats, protocols, units, metric
 * abbreviations. Code names written as code (camelCase, snake_case, ROLE_*) pass too: they are
 * field and column names of files and configs the user types in.
 */
const ALLOWED = new Set(
  [
    ...['Vitrina', 'API', 'ID', 'URL', 'CDN', 'CSS', 'SCSS', 'HTML', 'JSON', 'CSV', 'XLSX', 'YML'],
    ...[
      'XML',
      'UTF',
      'MVT',
      'SKU',
      'TOP',
      'TOTP',
      'HTTP',
      'HTTPS',
      'UX',
      'AUTO',
      'SORT',
      'RU',
      'EN',
    ],
    ...['Telegram', 'Google', 'Authenticator', 'CTR', 'GMV', 'RPS', 'AOV', 'PNG', 'JPEG', 'WebP'],
    ...['SVG', 'UTC', 'ISO', 'RUB', 'USD', 'EUR', 'OZON', 'Excel', 'JavaScript', 'SERP', 'imshop'],
    // The spec's feed types, shown as the feed's name (YML and OZON above).
    ...['DELTA', 'FACETS', 'CONTENT'],
    ...['cron', 'px', 'ln', 'Europe', 'Moscow', 'E-mail', 'SMTP'],
    // An HTML tag's name as a web developer reads it (the search config's "meta viewport" fix).
    ...['meta', 'viewport'],
  ].map((word) => word.toLowerCase()),
);

/**
 * English words of an interface: a word from this list, or an upper-case enum code
 * (SLIDER, HARD), in the Russian console is a text left untranslated.
 */
const ENGLISH = new Set(
  `the and or of to in on for with from by is are be not no yes true false all none any new
  save delete cancel close create edit add remove apply reset search find show hide open back next
  previous upload download error errors warning loading select settings setting name type mode
  status date time start end from until priority products product categories category regions
  region placements placement strategies strategy widget widgets rule rules query queries term
  variants value key title description price weight enabled disabled production integration
  version preview success failed popular hit public recommendations global cookie domain source
  data seed simple cannot used object schemas containing refinements
  invalid unexpected token json position required must least most characters file files rejected
  reason row rows column columns line page home sessions orders revenue conversion searches
  platforms autocomplete param bad request forbidden found conflict too large admin client
  designer integrator manager sales superuser one-way two-way vendor rating`
    .split(/\s+/)
    .filter(Boolean),
);

/** A key of ours shown as text (`sites.edit.title`), not translated. */
export const RAW_KEY =
  /\b(actions|errors|fields|ui|routes|auth|shell|sites|users|ux|studio|recs|recsUx|componentsUx|mvt|tracking|configStudio|reports|audit|merch|feeds|reviews|support|queryLists|searchConfig|dolyame|jobs|chat|globalConfig)\.[a-z][A-Za-z]+(\.[A-Za-z]+)*\b/g;

/**
 * Code, editors, the site block's facts (API key, segments), articles written by staff and form
 * values are data, not the interface.
 */
export const DATA =
  'code, pre, .cm-editor, iframe, textarea, script, style, select, [translate="no"], .site-block__facts dd, .kb-markdown';

/** What the user reads now: rendered text and placeholders, without code, editors and form values. */
export async function visibleText(page: Page): Promise<string> {
  return page.evaluate((data) => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    for (const node of clone.querySelectorAll(data)) node.remove();
    document.body.append(clone);
    clone.style.position = 'absolute';
    clone.style.left = '-99999px';
    const placeholders = [...document.querySelectorAll('input[placeholder]')]
      .map((el) => el.getAttribute('placeholder') ?? '')
      .join('\n');
    const text = clone.innerText;
    clone.remove();
    return `${text}\n${placeholders}`;
  }, DATA);
}

/** The untranslated words of a text. */
export function offences(text: string): string[] {
  const found = new Set<string>(text.match(RAW_KEY) ?? []);
  // Addresses, e-mail addresses, paths and file names are data, not words.
  const words = text
    // A file format's column list names columns as the file has them: code names.
    .replace(/(Столбцы|Колонки):[^\n]*/g, ' ')
    .replace(/\b[\w.+-]+@[\w.-]+\b/g, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/(^|\s)\/[\w/.-]+/g, ' ')
    .replace(/\b[\w-]+\.(ru|com|yml|xml|csv|json|xlsx|png|svg|html|jpg)\b/g, ' ')
    .match(/[A-Za-z][A-Za-z_-]*[A-Za-z]/g);
  for (const word of words ?? []) {
    if (ALLOWED.has(word.toLowerCase())) continue;
    if (/^ROLE_[A-Z_]+$/.test(word)) continue;
    const code = /[a-z][A-Z]|_/.test(word); // camelCase or snake_case: a code name
    // An upper-case enum value (SLIDER, HOME_PAGE) shown as it is stored.
    const enumCode = /^[A-Z]{3,}$|^[A-Z]+(_[A-Z]+)+$/.test(word);
    if (enumCode || (!code && ENGLISH.has(word.toLowerCase()))) found.add(word);
  }
  return [...found];
}

/**
 * What still reads in English, by route: each is a known gap left for later, named so the walk
 * stays useful (anything else fails it). Keep this list shrinking.
 */
export const KNOWN: Record<string, readonly string[]> = {
  // Enum codes and words still shown raw: the metric and strategy names, setting values.
  '/reporting': ['RECOMMENDATIONS', 'popular'],
  '/recs-configuration/strategy': ['RECS', 'hit'],
  '/anyquery/search/model-training': ['RECS', 'XGBVECTORS'],
  '/site/ranking-config': ['RECS'],
  '/anyquery/search/sku-config': ['ATTRIBUTE', 'EXTERNAL_ID'],
  '/anyquery/service/facet-attributes': ['APPLY'],
  '/site/feed-configurator': ['INCLUDE', 'EXCLUDE', 'param', 'name', 'price'],
  '/admin/edit-reports': [
    ...['sessions', 'orders', 'revenue', 'conversion', 'searches', 'platforms', 'autocomplete'],
  ],
  // The Dolyame app's settings name the keys of its JSON config.
  '/dolyame/config/app': [
    ...['title', 'domain', 'source', 'strategy', 'description', 'data', 'global', 'simple'],
  ],
  '/anyquery/search/response-attributes': ['false'],
  '/anyquery/service/custom-sort': ['global'],
  // The setting that turns mail on, named as the administrator sets it.
  '/site/feed-loader': ['global', 'SMTP_URL'],
  '/site/tracking': ['cookie'],
  '/site/global-config': ['cookie', 'Cookie', 'true', 'yes', 'false', 'no'],
  // Field names of the query lists (term, mode, variants) and their synonym directions.
  '/anyquery/service/white-list': ['term', 'mode'],
  '/anyquery/service/black-list': ['term', 'mode'],
  '/anyquery/service/brands': ['vendor', 'term', 'variants'],
  '/anyquery/service/stemmer-exclusions': ['term', 'mode'],
  '/anyquery/search/synonyms': ['term', 'variants', 'mode', 'two-way', 'one-way'],
  '/anyquery/search/brands-exclusions': ['term', 'mode'],
  '/anyquery/search/transliterations': ['term', 'variants'],
  '/anyquery/search/query-exclusions': ['term', 'variants'],
  '/anyquery/search/autocomplete-blacklist': ['term', 'mode'],
  '/anyquery/search/search-attributes': ['vendor'],
  '/anyreviews/upload': ['rating', 'description'],
  '/anyreviews/neurocard-upload': ['key', 'value'],
  // Logins are data (the demo users' logins are English words); TWO_FACTOR_ROLES names the server
  // setting the second-factor roles start from.
  '/admin/roles': [
    'admin',
    'client',
    'designer',
    'integrator',
    'manager',
    'sales',
    'superuser',
    'TWO_FACTOR_ROLES',
  ],
  // Each login reads its own login on its profile.
  '/profile': ['admin', 'client', 'designer', 'integrator', 'manager', 'sales', 'superuser'],
};
