import * as z from 'zod';
import { autocompleteParams, autocompleteResponse } from './autocomplete.ts';
import { recommendationsParams, recommendationsResponse } from './recommendations.ts';
import { searchParams, searchResponse } from './search.ts';
import { widgetEvent } from './tracking.ts';
import type { PublicRouteDef } from './route.ts';

/**
 * The public storefront API (DESIGN.md "Server": `/public`), found by the site's apiKey,
 * CORS open. One entry per call; the server registers its routes from these.
 * Errors answer `publicError`: 400 for garbage parameters, 401 for an unknown apiKey.
 */
export const publicSearch = {
  method: 'GET',
  path: '/public/search',
  query: searchParams,
  answer: searchResponse,
} as const satisfies PublicRouteDef;

export const publicAutocomplete = {
  method: 'GET',
  path: '/public/autocomplete',
  query: autocompleteParams,
  answer: autocompleteResponse,
} as const satisfies PublicRouteDef;

export const publicRecommendations = {
  method: 'GET',
  path: '/public/recommendations',
  query: recommendationsParams,
  answer: recommendationsResponse,
} as const satisfies PublicRouteDef;

/** Answers 204; tracking never fails the page, so the runtime ignores the answer. */
export const publicWidgetTracking = {
  method: 'POST',
  path: '/public/tracking/widget',
  body: widgetEvent,
  answer: z.null(),
} as const satisfies PublicRouteDef;

export const publicRoutes = [
  publicSearch,
  publicAutocomplete,
  publicRecommendations,
  publicWidgetTracking,
] as const;
