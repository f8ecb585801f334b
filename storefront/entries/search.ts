/**
 * Bundle entry measured by `npm run size`: autocomplete + instant search + product card and the
 * `/public` API client, without Swiper (DESIGN.md budget ≤ 35 KB min+gzip).
 */
export { createApiClient } from '../runtime/api-client.ts';
export { mountAutocomplete } from '../widgets/autocomplete/autocomplete.ts';
export { mountInstantSearch } from '../widgets/instant-search/instant-search.ts';
export { mountProductCard } from '../widgets/product-card/product-card.ts';
export { createEventTracker } from '../runtime/events.ts';
