import type {
  AutocompleteParamsInput,
  AutocompleteResponse,
} from '#contract/public/autocomplete.ts';
import type {
  RecommendationsParamsInput,
  RecommendationsResponse,
} from '#contract/public/recommendations.ts';
import type { SearchParamsInput, SearchResponse } from '#contract/public/search.ts';
import type { WidgetEventInput } from '#contract/public/tracking.ts';

/** Request parameters without `apiKey`: the data source adds it. */
export type WithoutKey<T> = Omit<T, 'apiKey'>;

/**
 * Where widgets get their data: the `/public` API client in production, an in-memory catalog in
 * stories and tests. Both implement exactly this.
 */
export interface DataSource {
  readonly apiKey: string;
  search(params: WithoutKey<SearchParamsInput>, signal?: AbortSignal): Promise<SearchResponse>;
  autocomplete(
    params: WithoutKey<AutocompleteParamsInput>,
    signal?: AbortSignal,
  ): Promise<AutocompleteResponse>;
  recommendations(
    params: WithoutKey<RecommendationsParamsInput>,
    signal?: AbortSignal,
  ): Promise<RecommendationsResponse>;
  /** Sends a widget event. Never rejects: tracking failures are swallowed (spec §8). */
  trackWidget(event: WidgetEventInput): Promise<void>;
}
