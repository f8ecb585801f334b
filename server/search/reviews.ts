/**
 * The review summary of products ("a rating-and-snippet part on the product card"):
 * the average rating, the number of reviews and a snippet of the description uploaded for each
 * product's externalId, looked up in one query for a page of products, through the import the
 * products come from. It rides in the search (and autocomplete, recommendations) answer of the
 * products shown rather than in a second call of the storefront to /micro-reviews/reviews/get:
 * one indexed lookup on the server per page, no extra round trip or code in the runtime.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { catalogImports, productReviews } from '../platform/db/schema.ts';
import type { QueryDb } from './common.ts';

export interface ProductRating {
  value: number;
  count: number;
  /** The start of the reviews' description for the card, or null. */
  snippet: string | null;
}

/** Longest snippet the search answer carries: the card shows a line or two, not the text. */
export const SNIPPET_CHARS = 140;

/** The description's first SNIPPET_CHARS characters, cut at a word and ended with '…'. */
export function snippetOf(description: string | null): string | null {
  const text = description?.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  if (text.length <= SNIPPET_CHARS) return text;
  const cut = text.slice(0, SNIPPET_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > SNIPPET_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** A product's review row as a statement reads it with the product (REVIEW_COLUMN). */
export interface ReviewRow {
  rating: number;
  count: number;
  description: string | null;
}

/**
 * The review of the product `p` as one JSON column (`review`: null without one), for a statement
 * that reads a page of products and saves ratingsFor's statement after it.
 */
export const REVIEW_COLUMN = sql.raw(
  `(select json_build_object('rating', r.rating, 'count', r.review_count, 'description', left(r.description, ${SNIPPET_CHARS + 1}))
    from product_reviews r join catalog_imports i on i.site_id = r.site_id
    where i.id = p.import_id and r.external_id = p.id) as review`,
);

/** The card's rating of a review row; null without reviews. */
export function ratingOf(row: ReviewRow | null | undefined): ProductRating | null {
  if (!row || row.count <= 0) return null;
  return { value: row.rating, count: row.count, snippet: snippetOf(row.description) };
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
      // only the start of the text leaves the database: the card needs a snippet
      description: sql<string | null>`left(${productReviews.description}, ${SNIPPET_CHARS + 1})`,
    })
    .from(productReviews)
    .innerJoin(catalogImports, eq(catalogImports.siteId, productReviews.siteId))
    .where(and(eq(catalogImports.id, importId), inArray(productReviews.externalId, externalIds)));
  for (const row of rows) {
    const rating = ratingOf(row);
    if (rating) map.set(row.id, rating);
  }
  return map;
}
