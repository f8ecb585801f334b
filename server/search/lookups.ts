import { sql, type SQL } from 'drizzle-orm';
import type * as z from 'zod';
import type {
  catalogAttribute,
  catalogAttributeValue,
  catalogBrand,
  CatalogCategory,
  CatalogProduct,
  catalogRegion,
} from '#contract/entities/catalog.ts';
import { anyOf } from '../platform/db/any.ts';
import { containsPattern as contains } from '../platform/db/like.ts';
import type { Db } from '../platform/db/client.ts';

type Rows<T> = { rows: T[] };

const liveImport = (siteId: number) =>
  sql`(select import_id from catalogs where site_id = ${siteId})`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

interface CategoryRow {
  id: string;
  parentId: string | null;
  name: string;
  path: string[];
  hasChildren: boolean;
  products: number;
}

function categories(db: Db, siteId: number, where: SQL): Promise<CatalogCategory[]> {
  return rows<CategoryRow>(
    db,
    sql`select c.id, c.parent_id as "parentId", c.name, c.path_names as path,
          exists (select 1 from catalog_categories k
                   where k.import_id = c.import_id and k.parent_id = c.id) as "hasChildren",
          (select count(*)::int from catalog_products p
            where p.import_id = c.import_id and p.category_path @> array[c.id]) as products
        from catalog_categories c
        where c.import_id = ${liveImport(siteId)} and ${where}
        order by array_to_string(c.path_names, ' / '), c.id
        limit 5000`,
  );
}

/**
 * The catalog lookups of the console's pickers (spec part 2 §7 "Catalog"): read-only queries on
 * the site's live import, each bounded, with every list passed as one array parameter.
 */
export function createCatalogLookups(db: Db) {
  return {
    products(siteId: number, options: { externalIds?: string[]; search?: string; limit: number }) {
      const filters: SQL[] = [];
      if (options.externalIds?.length) filters.push(anyOf(sql`p.id`, options.externalIds));
      if (options.search)
        filters.push(sql`(p.name ilike ${contains(options.search)} or p.id = ${options.search}
                          or p.vendor_code = ${options.search})`);
      const where = filters.length ? sql.join(filters, sql` and `) : sql`true`;
      const limit = options.externalIds?.length
        ? Math.max(options.limit, options.externalIds.length)
        : options.limit;
      return rows<CatalogProduct>(
        db,
        sql`select p.id, p.name, p.url, p.pictures[1] as picture, p.price,
              p.currency_id as "currencyId", p.available, p.vendor, p.category_id as "categoryId"
            from catalog_products p
            where p.import_id = ${liveImport(siteId)} and ${where}
            order by p.popularity desc, p.id
            limit ${limit}`,
      );
    },

    attributes(siteId: number, options: { search?: string; limit: number }) {
      return rows<z.infer<typeof catalogAttribute>>(
        db,
        sql`select param->>'name' as name, count(distinct p.id)::int as products,
              count(distinct param->>'value')::int as values
            from catalog_products p, jsonb_array_elements(p.params) param
            where p.import_id = ${liveImport(siteId)}
              ${options.search ? sql`and param->>'name' ilike ${contains(options.search)}` : sql``}
            group by 1
            order by products desc, name
            limit ${options.limit}`,
      );
    },

    attributeValues(
      siteId: number,
      options: { attribute: string; search?: string; limit: number },
    ) {
      return rows<z.infer<typeof catalogAttributeValue>>(
        db,
        sql`select param->>'value' as value, count(distinct p.id)::int as products
            from catalog_products p, jsonb_array_elements(p.params) param
            where p.import_id = ${liveImport(siteId)} and param->>'name' = ${options.attribute}
              ${options.search ? sql`and param->>'value' ilike ${contains(options.search)}` : sql``}
            group by 1
            order by products desc, value
            limit ${options.limit}`,
      );
    },

    brands(siteId: number, options: { search?: string; limit: number }) {
      return rows<z.infer<typeof catalogBrand>>(
        db,
        sql`select p.vendor as name, count(*)::int as products
            from catalog_products p
            where p.import_id = ${liveImport(siteId)} and p.vendor is not null and p.vendor <> ''
              ${options.search ? sql`and p.vendor ilike ${contains(options.search)}` : sql``}
            group by 1
            order by products desc, name
            limit ${options.limit}`,
      );
    },

    rootCategories: (siteId: number, search?: string) =>
      categories(
        db,
        siteId,
        search ? sql`c.name ilike ${contains(search)}` : sql`c.parent_id is null`,
      ),
    allCategories: (siteId: number) => categories(db, siteId, sql`true`),
    childCategories: (siteId: number, categoryId: string) =>
      categories(db, siteId, sql`c.parent_id = ${categoryId}`),

    /** 'global' first, then every region a feed was loaded for, with its last upload. */
    regions(siteId: number) {
      return rows<z.infer<typeof catalogRegion>>(
        db,
        sql`select region_id as id, to_char(max(last_upload) at time zone 'UTC',
                   'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastUpload"
            from (select region_id, last_upload from feed_history where site_id = ${siteId}
                  union all select 'global', null) r
            group by region_id
            order by region_id <> 'global', region_id`,
      );
    },
  };
}
