/**
 * The products the visual gate renders: a sample of the site's own live catalog (its most popular
 * products), read once per run, so both bundles show the shop's real names, brands and prices on
 * the same data. Pictures become drawn placeholders (the gate's page has no network); a site
 * without a catalog yet falls back to the storefront's fixture catalog.
 */
import { sql } from 'drizzle-orm';
import type { Product } from '#contract/public/product.ts';
import { wordsOf } from '#contract/text.ts';
import { fixtureCatalog, type FixtureProduct } from '#storefront/fixtures/catalog.ts';
import { svgPicture } from '#storefront/fixtures/pictures.ts';
import { createMemorySource, type MemorySource } from '#storefront/fixtures/memory-source.ts';
import { liveImport, PRODUCT_COLUMNS, toProducts, type ProductRow } from '../../search/common.ts';
import { run } from '../../platform/db/sql.ts';
import type { Db } from '../../platform/db/client.ts';

export const SAMPLE_SIZE = 60;
/** The query of the search views when the sample has products it finds. */
export const DEFAULT_GATE_QUERY = 'кроссовки';

export interface GateCatalog {
  /** `site` when the sample is the site's catalog, `fixture` when it has none. */
  origin: 'site' | 'fixture';
  products: FixtureProduct[];
  /** What the instant search and autocomplete views search for. */
  query: string;
  source: MemorySource;
}

const hue = (id: string) => [...id].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 360, 7);

/** A picture for the page, drawn from the product (same product, same picture). */
function placeholder(product: Product): string {
  return svgPicture(product.name.slice(0, 24), hue(product.id), 'shirt');
}

/** A word of the sample the search views can find: the default query, else a popular name's. */
function queryOf(products: readonly FixtureProduct[]): string {
  const finds = (query: string) =>
    products.some((product) =>
      `${product.name} ${product.categories.map((c) => c.name).join(' ')}`
        .toLowerCase()
        .includes(query.slice(0, 6)),
    );
  if (finds(DEFAULT_GATE_QUERY)) return DEFAULT_GATE_QUERY;
  const word = products
    .flatMap((product) => wordsOf(product.name))
    .find((candidate) => candidate.length >= 4);
  return word ?? DEFAULT_GATE_QUERY;
}

function catalogOf(origin: GateCatalog['origin'], products: FixtureProduct[]): GateCatalog {
  return { origin, products, query: queryOf(products), source: createMemorySource({ products }) };
}

/** The site's sample, read now (the same for every view of the run). */
export async function gateCatalog(db: Db, siteId: number): Promise<GateCatalog> {
  const importId = await liveImport(db, siteId);
  if (importId !== null) {
    const { rows } = await run<ProductRow>(
      db,
      sql`select ${PRODUCT_COLUMNS} from catalog_products p where p.import_id = ${importId}
          order by p.popularity desc, p.id limit ${SAMPLE_SIZE}`,
    );
    if (rows.length) {
      const products = await toProducts(db, importId, rows, { withSku: true });
      return catalogOf(
        'site',
        products.map((product, index) => {
          const picture = placeholder(product);
          const pictures = (urls: string[]) => (urls.length ? [picture] : []);
          return {
            ...product,
            image_url: product.image_urls.length ? picture : '',
            image_urls: pictures(product.image_urls),
            skus: product.skus?.map((sku) => ({
              ...sku,
              image_url: sku.image_urls.length ? picture : '',
              image_urls: pictures(sku.image_urls),
            })),
            popularity: Number(rows[index]?.popularity ?? 0),
          } as FixtureProduct;
        }),
      );
    }
  }
  return catalogOf('fixture', fixtureCatalog(SAMPLE_SIZE));
}
