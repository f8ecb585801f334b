import type { AutocompleteParams, AutocompleteResponse } from '#contract/public/autocomplete.ts';
import type {
  RecommendationsParams,
  RecommendationsResponse,
} from '#contract/public/recommendations.ts';
import type { SearchParams, SearchResponse } from '#contract/public/search.ts';
import type { WidgetEvent } from '#contract/public/tracking.ts';
import { autocomplete } from '../catalog/query/autocomplete.ts';
import { liveImport } from '../catalog/query/common.ts';
import { recommendations } from '../catalog/query/recommendations.ts';
import { search } from '../catalog/query/search.ts';
import type { Database } from '../db/client.ts';
import { widgetEvents } from '../db/schema.ts';

export { PUBLIC_LIMITS } from '../catalog/query/limits.ts';

/**
 * The public catalog API's data (the queries live in server/catalog/query/ by what they do).
 * Each public query runs bounded: its statements must finish within `publicTimeoutMs`
 * (PUBLIC_QUERY_TIMEOUT_MS), else the call fails with a 503.
 */
export function createCatalogRepository(
  database: Database,
  options: { publicTimeoutMs?: number } = {},
) {
  const { db } = database;
  const timeoutMs = options.publicTimeoutMs ?? 5000;

  return {
    liveImport: (siteId: number) => liveImport(db, siteId),

    search: (siteId: number, params: SearchParams): Promise<SearchResponse> =>
      database.bounded(timeoutMs, (bounded) => search(bounded, siteId, params)),

    autocomplete: (siteId: number, params: AutocompleteParams): Promise<AutocompleteResponse> =>
      database.bounded(timeoutMs, (bounded) => autocomplete(bounded, siteId, params)),

    recommendations: (
      siteId: number,
      params: RecommendationsParams,
    ): Promise<RecommendationsResponse> =>
      database.bounded(timeoutMs, (bounded) => recommendations(bounded, siteId, params)),

    async track(siteId: number, event: WidgetEvent): Promise<void> {
      await db.insert(widgetEvents).values({
        siteId,
        eventType: event.eventType,
        widgetType: event.widgetType,
        viewGuid: event.viewGUID,
        sessionId: event.sessionId,
        userGuid: event.userGUID,
        strategy: event.strategy,
        productId: event.eventType === 'WIDGET_CLICK' ? event.productId : null,
        position: event.eventType === 'WIDGET_CLICK' ? event.position : null,
        pageNumber: event.pageNumber,
        pageProducts: event.pageProducts,
        mvtGroups: event.mvtGroups,
        referer: event.referer,
        location: event.location,
      });
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
