import type { AutocompleteParams, AutocompleteResponse } from '#contract/public/autocomplete.ts';
import type {
  RecommendationsParams,
  RecommendationsResponse,
} from '#contract/public/recommendations.ts';
import type { SearchParams, SearchResponse } from '#contract/public/search.ts';
import { isPreviewTracking, type WidgetEvent } from '#contract/public/tracking.ts';
import { autocomplete } from '../search/autocomplete.ts';
import { liveImport } from '../search/common.ts';
import { recommendations } from '../recs/query.ts';
import { search } from '../search/search.ts';
import { createSearchProfiles, type LiveSearch } from '../search/profile.ts';
import { createCatalogMemories } from '../search/catalog-memory.ts';
import { nameLookup } from '../search/name-index.ts';
import { withApiDefaults } from '../search/site-settings.ts';
import { sql } from 'drizzle-orm';
import { run } from '../platform/db/sql.ts';
import type { Database } from '../platform/db/client.ts';
import { widgetEvents } from '../platform/db/schema.ts';
import { HttpError } from '../platform/http/http-error.ts';

export { PUBLIC_LIMITS } from '../search/limits.ts';

const INT_MAX = 2 ** 31 - 1;

/** 400 for what the widget_events columns cannot hold (it used to answer 500): NUL, int overflow. */
function checkWidgetEvent(event: WidgetEvent): void {
  const texts = Object.values(event).flatMap((value) =>
    typeof value === 'string' ? [value] : Array.isArray(value) ? value.map(String) : [],
  );
  if (texts.some((text) => text.includes('\u0000')))
    throw new HttpError(400, 'The event contains a NUL character');
  if (event.pageNumber > INT_MAX) throw new HttpError(400, `pageNumber may be at most ${INT_MAX}`);
  if (event.eventType === 'WIDGET_CLICK' && event.position > INT_MAX)
    throw new HttpError(400, `position may be at most ${INT_MAX}`);
}

/**
 * The public catalog API's data (the queries live in server/search/ by what they do).
 * Each public query runs bounded: its statements must finish within `publicTimeoutMs`
 * (PUBLIC_QUERY_TIMEOUT_MS), else the call fails with a 503.
 */
export function createCatalogRepository(
  database: Database,
  options: { publicTimeoutMs?: number } = {},
) {
  const { db } = database;
  const timeoutMs = options.publicTimeoutMs ?? 5000;
  // Each site's search profile, read again only when its version moves (profile.ts).
  const profiles = createSearchProfiles();
  // What the process keeps of each live catalog, built in the background the first time.
  const memories = createCatalogMemories(db);
  const liveSearch = async (bounded: typeof db, siteId: number): Promise<LiveSearch> => {
    const live = await profiles.live(bounded, siteId);
    const memory = live.importId === null ? undefined : memories.ready(live.importId);
    return memory ? { ...live, memory, names: nameLookup(memory.names) } : live;
  };

  return {
    liveImport: (siteId: number) => liveImport(db, siteId),
    /** What the process keeps of an import, built if need be (tests and benches wait for it). */
    catalogMemory: (importId: number) => memories.built(importId),

    /** A search with the site's API parameter defaults for what the call's `url` did not give. */
    search: (siteId: number, asked: SearchParams, url: string): Promise<SearchResponse> =>
      database.bounded(timeoutMs, async (bounded) => {
        const live = await liveSearch(bounded, siteId);
        const params = withApiDefaults(live.profile.apiDefaults, asked, url);
        return search(bounded, siteId, params, { live });
      }),

    /** An autocomplete with the site's API parameter defaults, as `search`. */
    autocomplete: (
      siteId: number,
      asked: AutocompleteParams,
      url: string,
    ): Promise<AutocompleteResponse> =>
      database.bounded(timeoutMs, async (bounded) => {
        const live = await liveSearch(bounded, siteId);
        const params = withApiDefaults(live.profile.apiDefaults, asked, url);
        return autocomplete(bounded, siteId, params, live);
      }),

    recommendations: (
      siteId: number,
      params: RecommendationsParams,
    ): Promise<RecommendationsResponse> =>
      database.bounded(timeoutMs, (bounded) =>
        recommendations(bounded, siteId, params, { indexDb: db }),
      ),

    async track(siteId: number, event: WidgetEvent): Promise<void> {
      checkWidgetEvent(event);
      await db.transaction(async (tx) => {
        await tx.insert(widgetEvents).values({
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
        // The console's previews (spec part 1 §7) are not the shop's shoppers: no report counts them.
        if (isPreviewTracking(event.strategy)) return;
        // The CTR rollup of /reporting (widget_daily), on the site's calendar day.
        const click = event.eventType === 'WIDGET_CLICK' ? 1 : 0;
        await run(
          tx,
          sql`insert into widget_daily (site_id, day, block, strategy, widget_type, views, clicks)
              select ${siteId}, (now() at time zone s.time_zone)::date, ${event.blockId ?? ''},
                ${event.strategy},
                ${event.widgetType}, ${1 - click}, ${click}
              from sites s where s.id = ${siteId}
              on conflict (site_id, day, block, strategy, widget_type) do update set
                views = widget_daily.views + excluded.views,
                clicks = widget_daily.clicks + excluded.clicks`,
        );
      });
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
