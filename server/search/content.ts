import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { containsPattern } from '../platform/db/like.ts';

/** Live content pages matching a search text (for `/public/search` with `withContent`). */
export async function searchContent(db: Db | Tx, siteId: number, query: string, limit = 10) {
  const text = query.trim();
  if (!text) return [];
  const rows = await db.execute(sql`
    select id, url, title, left(body, 300) as snippet,
      ts_rank(search, websearch_to_tsquery('russian', ${text})) as rank
    from content_pages
    where site_id = ${siteId} and batch = 'live'
      and (search @@ websearch_to_tsquery('russian', ${text}) or title ilike ${containsPattern(text)})
    order by rank desc, title limit ${limit}`);
  return ((rows as unknown as { rows: Record<string, unknown>[] }).rows ?? []).map((row) => ({
    id: String(row['id']),
    url: String(row['url']),
    title: String(row['title']),
    snippet: String(row['snippet'] ?? ''),
  }));
}
