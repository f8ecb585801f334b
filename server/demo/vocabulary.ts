/** What the demo shoppers type: the site's own words, their pairs, and misspellings. */
import { sql } from 'drizzle-orm';
import { run } from '../platform/db/sql.ts';
import type { Db } from '../platform/db/client.ts';
import { normaliseQuery } from '../events/codes.ts';
import { DEMO_BRANDS, DEMO_COLOURS } from './feed.ts';
import { prng } from './random.ts';

const FALLBACK_CATEGORIES = [
  'платье',
  'футболка',
  'джинсы',
  'куртка',
  'свитер',
  'кроссовки',
  'ботинки',
  'сумка',
  'ремень',
  'шапка',
];

/**
 * Query vocabulary of a site: its live catalog's category names, brands and product-name words
 * (catalog_* tables), or the demo feed's words when the catalog is not imported yet.
 */
export async function demoVocabulary(db: Db, siteId: number): Promise<string[]> {
  const { rows } = await run<{ term: string }>(
    db,
    sql`with live as (select import_id from catalogs where site_id = ${siteId})
        select distinct lower(term) as term from (
          select c.name as term from catalog_categories c join live using (import_id)
          union all select p.vendor from catalog_products p join live using (import_id)
            where p.vendor is not null
          union all select w.word from catalog_words w join live using (import_id)
            where length(w.word) > 3 and w.products > 1
        ) t where term is not null
        limit 3000`,
  );
  const base = rows.length >= 20 ? rows.map((row) => row.term) : fallbackTerms();
  // Two-word queries (category + brand / colour) give the long tail.
  const tail: string[] = [];
  const random = prng(7);
  for (let i = 0; i < base.length * 3; i++) {
    const a = base[Math.floor(random() * base.length)]!;
    const b =
      random() < 0.5
        ? DEMO_COLOURS[Math.floor(random() * DEMO_COLOURS.length)]![0]
        : base[Math.floor(random() * base.length)]!;
    if (a !== b) tail.push(`${a} ${b}`);
  }
  return [...new Set([...base, ...tail].map(normaliseQuery))];
}

function fallbackTerms(): string[] {
  const terms = [...FALLBACK_CATEGORIES, ...DEMO_BRANDS.map((b) => b.toLowerCase())];
  for (const category of FALLBACK_CATEGORIES)
    for (const brand of DEMO_BRANDS) terms.push(`${category} ${brand.toLowerCase()}`);
  return terms;
}

/** Misspelt and nonsense queries: the zero-result ones. */
export function zeroVocabulary(vocabulary: string[], random: () => number): string[] {
  const out = new Set<string>();
  const letters = 'абвгдежзиклмнопрстуфхцчшщыэюя';
  for (let i = 0; i < 300; i++) {
    const word = vocabulary[Math.floor(random() * Math.min(vocabulary.length, 200))]!;
    if (random() < 0.6 && word.length > 3) {
      const at = 1 + Math.floor(random() * (word.length - 2));
      out.add(word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2));
    } else {
      let nonsense = '';
      const length = 4 + Math.floor(random() * 6);
      for (let j = 0; j < length; j++) nonsense += letters[Math.floor(random() * letters.length)];
      out.add(nonsense);
    }
  }
  return [...out].filter((word) => !vocabulary.includes(word));
}
