/**
 * The site's live catalog and recommendation blocks as the demo traffic sees them, and how
 * shoppers move through them.
 */
import { sql } from 'drizzle-orm';
import type { PAGE_TYPES } from '#contract/entities/config-fields.ts';
import { strategyOf } from '../publishing/bundle/boot-recommendations.ts';
import { bundleConfigs, latestCopies } from '../publishing/bundle-configs.ts';
import { run } from '../platform/db/sql.ts';
import type { Db } from '../platform/db/client.ts';
import { zipf } from './random.ts';

/** A product of the site's live catalog, as the demo behaviour needs it. */
export interface DemoProduct {
  id: string;
  categoryId: string;
  price: number;
}

/** The site's live catalog (id, category, price), in a fixed order; empty before an import. */
export async function demoCatalog(db: Db, siteId: number): Promise<DemoProduct[]> {
  const { rows } = await run<{ id: string; category_id: string; price: number }>(
    db,
    sql`select p.id, p.category_id, p.price from catalogs k
        join catalog_products p on p.import_id = k.import_id
        where k.site_id = ${siteId} and p.available order by p.id limit 20000`,
  );
  return rows.map((r) => ({ id: r.id, categoryId: r.category_id, price: Number(r.price) }));
}

/**
 * The product the demo page stands for (`/cdn/{siteId}/demo.html?product=ID`): its name and price
 * in the live catalog, so the page's product block shows that product; null when it has none.
 */
export async function demoProductPage(
  db: Db,
  siteId: number,
  id: string,
): Promise<{ name: string; price: number } | null> {
  const { rows } = await run<{ name: string; price: number }>(
    db,
    sql`select p.name, p.price from catalogs k
        join catalog_products p on p.import_id = k.import_id and p.id = ${id}
        where k.site_id = ${siteId}`,
  );
  const row = rows[0];
  return row ? { name: row.name, price: Number(row.price) } : null;
}

/** A recommendation block of the site's production copy, as its storefront widget reports it. */
export interface DemoBlock {
  /** The block's configId: the widget events' blockId. */
  id: string;
  strategy: string;
  /** What the storefront widget sends as widgetType (the runtime's default). */
  widgetType: string;
  pageType: (typeof PAGE_TYPES)[number];
  desktop: boolean;
  mobile: boolean;
}

/**
 * The site's recommendation blocks as the production bundle mounts them (production copy, in
 * their ordering), with the ids, strategies and widget type their widget events carry.
 */
export async function demoBlocks(db: Db, siteId: number): Promise<DemoBlock[]> {
  const configs = bundleConfigs(await latestCopies(db, siteId, false));
  return configs.recommendationBlocks.map(({ config }, index) => ({
    id: String(config.configId ?? index),
    strategy: strategyOf(config),
    widgetType: 'RECOMMENDATIONS',
    pageType: config.pageType,
    desktop: config.enabledDesktop,
    mobile: config.enabledMobile,
  }));
}

/**
 * Shoppers' taste over a catalog: products grouped by category and sorted by price, a Zipf
 * popularity over them, and for each product the "complements" bought with it (two products of
 * the next category at a similar price position). Sessions browse one category near one price,
 * so co-viewing and co-buying carry category and price affinity.
 */
export function catalogBehaviour(catalog: readonly DemoProduct[], random: () => number) {
  const byCategory = new Map<string, DemoProduct[]>();
  for (const product of catalog)
    byCategory.set(product.categoryId, [...(byCategory.get(product.categoryId) ?? []), product]);
  const categories = [...byCategory.keys()].sort();
  for (const list of byCategory.values())
    list.sort((a, b) => a.price - b.price || (a.id < b.id ? -1 : 1));
  // Popularity: a shuffled Zipf rank per product.
  const order = [...catalog];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const pickPopular = zipf(order.length, 0.9, random);
  const complements = new Map<string, string[]>();
  categories.forEach((category, index) => {
    const list = byCategory.get(category)!;
    const next = byCategory.get(categories[(index + 1) % categories.length]!)!;
    list.forEach((product, position) => {
      const at = Math.floor((position / list.length) * next.length);
      complements.set(
        product.id,
        [next[at]!, next[(at + 1) % next.length]!]
          .filter((p) => p.id !== product.id)
          .map((p) => p.id),
      );
    });
  });
  return {
    /** A session's first product, by popularity. */
    entry: () => order[pickPopular()]!,
    /** A product near `product` in its category (price affinity): ±3 positions. */
    near(product: DemoProduct): DemoProduct {
      const list = byCategory.get(product.categoryId)!;
      const position = list.indexOf(product);
      const step = Math.round((random() + random() + random() - 1.5) * 4);
      return list[Math.max(0, Math.min(list.length - 1, position + step))]!;
    },
    complement: (product: DemoProduct) => {
      const list = complements.get(product.id) ?? [];
      return list[Math.floor(random() * list.length)];
    },
  };
}

/**
 * How many times a session sees a block of `pageType`: once per product page, per search with
 * results, on the cart or order pages it reached, or on one landing page.
 */
export function blockShowings(
  pageType: DemoBlock['pageType'],
  session: { views: number; searches: number; carted: boolean; ordered: boolean },
  random: () => number,
): number {
  switch (pageType) {
    case 'PRODUCT':
      return session.views;
    case 'SEARCH_PAGE':
      return session.searches;
    case 'CART_PAGE':
      return session.carted ? 1 : 0;
    case 'ORDER_PAGE':
    case 'ORDER_SUCCESS_PAGE':
      return session.ordered ? 1 : 0;
    case 'HOME_PAGE':
      return random() < 0.55 ? 1 : 0;
    case 'COMMON_PAGE':
      return 1 + session.views;
    default:
      return random() < 0.3 ? 1 : 0;
  }
}
