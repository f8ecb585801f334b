import type { RecsStrategy } from '#contract/entities/recs.ts';
import {
  deleteStrategyRoute,
  listStrategiesRoute,
  saveStrategyConfigsRoute,
} from '#contract/routes/recs.ts';
import { api } from '#src/lib/api.ts';
import { defineResource } from '#src/lib/resource.ts';
import { recsKeys } from './keys.ts';

/**
 * A site's recommendation strategies as a resource: the list, an edit of a strategy's configs
 * (only the values that differ from the model's defaults are sent, spec §3) and the delete.
 * Creating one is the stepper's (two steps: the model, then its configs).
 */
export const strategies = defineResource({
  keys: { all: recsKeys.all, list: (siteId: number) => recsKeys.strategies(siteId) },
  list: {
    route: listStrategiesRoute,
    call: (siteId: number, _args: null, signal: AbortSignal): Promise<RecsStrategy[]> =>
      api(
        listStrategiesRoute,
        { params: { site: siteId }, query: { siteId }, signal },
        { overlay: false },
      ),
  },
  update: {
    route: saveStrategyConfigsRoute,
    call: (siteId: number, hash: string, configs: Record<string, string>) =>
      api(saveStrategyConfigsRoute, {
        params: { site: siteId, hash },
        query: { siteId },
        body: configs,
      }),
  },
  remove: {
    route: deleteStrategyRoute,
    call: (siteId: number, hash: string) =>
      api(deleteStrategyRoute, { params: { site: siteId, hash }, query: { siteId } }),
  },
});
