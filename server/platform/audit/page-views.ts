import type { Db } from '../db/client.ts';
import { pageViews } from '../db/schema.ts';

export function createPageViewRepository(db: Db) {
  return {
    async record(entry: { login: string; page: string; siteId: number | null }): Promise<void> {
      await db.insert(pageViews).values(entry);
    },
  };
}
