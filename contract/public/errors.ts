import * as z from 'zod';
import type { PublicRouteDef } from './route.ts';

/** The widgets whose render errors the storefront runtime reports. */
export const REPORTED_WIDGETS = [
  'instantSearch',
  'autocomplete',
  'recommendations',
  'component',
] as const;

/** A generated bundle's content address (sha256 of its JS and CSS, as in its /cdn URL). */
export const bundleHash = z.string().regex(/^[0-9a-f]{64}$/, 'A bundle hash: 64 hex digits');

/**
 * A page view of a bundle, announced by the runtime once per page load (text/plain JSON, no
 * preflight): counted for the automatic rollback's error rate and answered with a signed view
 * token, which the page's error reports carry. 429 past the views a client network may announce.
 */
export const publicBundleView = {
  method: 'POST',
  path: '/public/errors/views',
  body: z.strictObject({
    apiKey: z.string().min(1).max(128),
    bundle: bundleHash,
  }),
  answer: z.object({ view: z.string() }),
} as const satisfies PublicRouteDef;
export type PublicBundleView = z.input<typeof publicBundleView.body>;

/**
 * One widget render error (a template or part script that threw), sent by the runtime at most a
 * few times per page (text/plain JSON, like the events, so no preflight). Answers 204. It names the
 * bundle the page runs and carries the page's view token: a report without a valid token of that
 * bundle, from the client network it was issued to, is refused (400); each page view counts once.
 */
export const publicWidgetError = {
  method: 'POST',
  path: '/public/errors',
  body: z.strictObject({
    apiKey: z.string().min(1).max(128),
    widget: z.enum(REPORTED_WIDGETS),
    part: z.string().max(100).default(''),
    message: z.string().max(500).default(''),
    bundle: bundleHash,
    view: z.string().min(1).max(200),
  }),
  answer: z.null(),
} as const satisfies PublicRouteDef;
export type PublicWidgetError = z.input<typeof publicWidgetError.body>;
