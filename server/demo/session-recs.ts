/**
 * The demo site's session-aware recommendations: a session kNN strategy (session_knn) built from
 * the demo storefront events, and the product page's block on it (configs.ts). Seeded after the
 * events, since the strategy is built from them; the events' own block statistics keep to the
 * blocks seeded before them.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client.ts';
import { sites } from '../platform/db/schema.ts';
import { createRecsRepository } from '../recs/strategies.ts';
import { seedDemoProductBlock } from './configs.ts';

export const DEMO_SESSION_STRATEGY = 'По просмотрам сессии';

/**
 * For each enabled site without a session_knn strategy: creates one, switches it on, builds its
 * first revision and adds the product-page block on it (then the bundles again, unless told not
 * to). Answers how many sites got one.
 */
export async function seedDemoSessionRecs(
  database: Database,
  options: { bundle?: boolean } = {},
): Promise<number> {
  const { db } = database;
  const recs = createRecsRepository(db);
  const enabled = await db
    .select({ id: sites.id })
    .from(sites)
    .where(eq(sites.enabled, true))
    .orderBy(sites.id);
  let seeded = 0;
  for (const site of enabled) {
    const strategies = await recs.list(site.id);
    if (strategies.some((s) => s.modelName === 'session_knn')) continue;
    const strategy = await recs.create(
      site.id,
      { name: DEMO_SESSION_STRATEGY, modelName: 'session_knn', configs: {} },
      'seed',
    );
    await recs.setEnabled(site.id, strategy.hash, true, 'seed');
    await recs.build(site.id, strategy.hash, { activate: true });
    await seedDemoProductBlock(db, site.id, options);
    seeded += 1;
  }
  return seeded;
}
