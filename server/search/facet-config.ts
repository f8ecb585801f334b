/**
 * The facets feed in the public search: when the search is narrowed to a category
 * (`filter=categoryId:<id>`) and the facets feed lists filters for that category or its nearest
 * ancestor, the param facets are those attributes, in the feed's order and with its titles.
 * Otherwise the facets are left as computed.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Facet, ParsedSearchFilter } from '#contract/public/search.ts';
import { catalogCategories, catalogFacets, catalogImports } from '../platform/db/schema.ts';
import type { QueryDb } from './common.ts';

export async function applyFacetsFeed(
  db: QueryDb,
  importId: number,
  filters: ParsedSearchFilter[],
  paramFacets: Facet[],
): Promise<Facet[]> {
  const category = filters.find((f) => f.facet === 'categoryId' && f.kind === 'value');
  if (!category || category.kind !== 'value') return paramFacets;
  const [row] = await db
    .select({ siteId: catalogImports.siteId, path: catalogCategories.pathIds })
    .from(catalogCategories)
    .innerJoin(catalogImports, eq(catalogImports.id, catalogCategories.importId))
    .where(and(eq(catalogCategories.importId, importId), eq(catalogCategories.id, category.value)));
  if (!row) return paramFacets;
  const configured = await db
    .select()
    .from(catalogFacets)
    .where(
      and(
        eq(catalogFacets.siteId, row.siteId),
        eq(catalogFacets.batch, 'live'),
        sql`${catalogFacets.categoryId} = any(${sql.param(row.path)}::text[])`,
      ),
    );
  const nearest = [...row.path]
    .reverse()
    .map((id) => configured.filter((facet) => facet.categoryId === id))
    .find((list) => list.length > 0);
  if (!nearest) return paramFacets;
  const byName = new Map(paramFacets.map((facet) => [facet.name, facet]));
  return nearest
    .sort((a, b) => a.position - b.position)
    .flatMap((entry) => {
      const facet = byName.get(entry.attribute);
      return facet ? [{ ...facet, title: entry.title ?? facet.title }] : [];
    });
}
