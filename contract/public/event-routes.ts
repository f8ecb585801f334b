import { bulkEventsBody, ingestAnswer, singleEventBody } from './events.ts';
import type { PublicRouteDef } from './route.ts';

/** Storefront event ingestion (found by apiKey, CORS open like the rest of /public). */
export const publicEvent = {
  method: 'POST',
  path: '/public/events',
  body: singleEventBody,
  answer: ingestAnswer,
} as const satisfies PublicRouteDef;

/** Up to 1000 events in one transaction: a bad one rejects the lot (400) and writes nothing. */
export const publicEventsBulk = {
  method: 'POST',
  path: '/public/events/bulk',
  body: bulkEventsBody,
  answer: ingestAnswer,
} as const satisfies PublicRouteDef;

export const publicEventRoutes = [publicEvent, publicEventsBulk] as const;
