/**
 * The merchandising rules of the console (spec part 2 §7 "Merchandising", "Custom model"): boost,
 * redirect and recommendation rules and custom models, one module each, read and written per site.
 */
import type { Db } from '../platform/db/client.ts';
import { createBoostRules } from './boost-rules.ts';
import { createCustomModels } from './custom-models.ts';
import { createRecsRules } from './recs-rules.ts';
import { createRedirectRules } from './redirect-rules.ts';

export type { SiteZone } from './site-zone.ts';
export { modelSnapshot } from './custom-models.ts';

export function createMerchandisingRepository(db: Db) {
  return {
    ...createBoostRules(db),
    ...createRedirectRules(db),
    ...createRecsRules(db),
    ...createCustomModels(db),
  };
}

export type MerchandisingRepository = ReturnType<typeof createMerchandisingRepository>;
