/**
 * The data source the boot's widgets share: the public API with the shopper's region and
 * platform on every call that takes them, widget events only with consent, and searches and
 * recommendation clicks tracked where they are answered.
 */
import { createApiClient } from '../runtime/api-client.ts';
import { correctedQuery } from '../runtime/correction.ts';
import type { DataSource } from '../runtime/data-source.ts';
import type { TrackedEvent } from '../runtime/events.ts';
import type { Platform } from '../runtime/platform.ts';

export interface BootSourceOptions {
  baseUrl: string;
  apiKey: string;
  /** The detected region (detectRegion); undefined: the API's 'global'. */
  regionId: string | undefined;
  platform: Platform;
  consented(): boolean;
  track(event: TrackedEvent): unknown;
}

export function createBootSource({
  baseUrl,
  apiKey,
  regionId,
  platform,
  consented,
  track,
}: BootSourceOptions): { source: DataSource; lastQuery(): string } {
  const plain = createApiClient({ baseUrl, apiKey });
  // The detected region rides on every public call that takes one, unless a widget's settings
  // name a region of their own ('global' is the default, not a choice).
  // The mobile app's searches say so: they sort and are regionalised by its own settings.
  const region = <T extends { regionId?: string | undefined }>(params: T): T =>
    regionId && (!params.regionId || params.regionId === 'global')
      ? { ...params, regionId }
      : params;
  const fromApp = <T extends object>(params: T): T =>
    platform === 'APP' ? { ...params, platform } : params;
  const api: DataSource = {
    ...plain,
    search: (params, signal) => plain.search(fromApp(region(params)), signal),
    autocomplete: (params, signal) => plain.autocomplete(fromApp(region(params)), signal),
    recommendations: (params, signal) => plain.recommendations(region(params), signal),
    // widget events wait for consent like the behaviour events
    trackWidget: async (event) => {
      if (consented()) await plain.trackWidget(event);
    },
  };
  let lastQuery = '';
  // Searches are tracked where they are answered: the query, its hits and its correction.
  const source: DataSource = {
    ...api,
    async search(params, signal) {
      const answer = await api.search(params, signal);
      const query = (params.st ?? '').trim();
      if (query && !params.offset && query !== lastQuery) {
        lastQuery = query;
        track({
          type: 'SEARCH',
          query: query.slice(0, 256),
          hits: answer.totalHits,
          correctedQuery: correctedQuery(answer),
        });
      }
      return answer;
    },
    // A click in a recommendation block is also a product click of the event store.
    async trackWidget(event) {
      if (event.eventType === 'WIDGET_CLICK')
        track({
          type: 'PRODUCT_CLICK',
          source: 'RECOMMENDATION',
          productId: event.productId,
          position: event.position ?? 0,
        });
      return api.trackWidget(event);
    },
  };
  return { source, lastQuery: () => lastQuery };
}
