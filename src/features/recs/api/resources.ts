import type { RecsStrategy, RecsWidget, RecsWidgetInput } from '#contract/entities/recs.ts';
import {
  createWidgetRoute,
  deleteStrategyRoute,
  deleteWidgetRoute,
  listStrategiesRoute,
  listWidgetsRoute,
  saveStrategyConfigsRoute,
  updateWidgetRoute,
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

/** A site's recommendation widgets: the list, create, update (by the input's widgetId), delete. */
export const widgets = defineResource({
  keys: { all: recsKeys.all, list: (siteId: number) => recsKeys.widgets(siteId) },
  list: {
    route: listWidgetsRoute,
    call: (siteId: number, _args: null, signal: AbortSignal): Promise<RecsWidget[]> =>
      api(
        listWidgetsRoute,
        { params: { site: siteId }, query: { siteId }, signal },
        { overlay: false },
      ),
  },
  create: {
    route: createWidgetRoute,
    call: (siteId: number, input: RecsWidgetInput) =>
      api(createWidgetRoute, { params: { site: siteId }, query: { siteId }, body: input }),
  },
  update: {
    route: updateWidgetRoute,
    call: (siteId: number, _widgetId: string, input: RecsWidgetInput) =>
      api(updateWidgetRoute, { params: { site: siteId }, query: { siteId }, body: input }),
  },
  remove: {
    route: deleteWidgetRoute,
    call: (siteId: number, widgetId: string) =>
      api(deleteWidgetRoute, { params: { site: siteId }, query: { siteId, widgetId } }),
  },
});
