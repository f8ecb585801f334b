/**
 * The review summary of products (issue 16: "a rating-and-snippet part on the product card"):
 * the average rating and the number of reviews uploaded for each product's externalId, looked up
 * in one query for a page of products, through the import the products come from.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { catalogImports, productReviews } from '../../db/schema.ts';
import type { QueryDb } from './common.ts';

export interface ProductRating {
  value: number;
  count: number;
}

export async function ratingsFor(
  db: QueryDb,
  importId: number,
  externalIds: string[],
): Promise<Map<string, ProductRating>> {
  const map = new Map<string, ProductRating>();
  if (!externalIds.length) return map;
  const rows = await db
    .select({
      id: productReviews.externalId,
      rating: productReviews.rating,
      count: productReviews.reviewCount,
    })
    .from(productReviews)
    .innerJoin(catalogImports, eq(catalogImports.siteId, productReviews.siteId))
    .where(and(eq(catalogImports.id, importId), inArray(productReviews.externalId, externalIds)));
  for (const row of rows)
    if (row.count > 0) map.set(row.id, { value: Number(row.rating), count: row.count });
  return map;
}
