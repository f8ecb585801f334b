import * as z from 'zod';

/** The widgets whose render errors the storefront runtime reports (issue 18.4). */
export const REPORTED_WIDGETS = [
  'instantSearch',
  'autocomplete',
  'recommendations',
  'component',
] as const;

/**
 * One widget render error (a template or part script that threw), sent by the runtime at most a
 * few times per page (text/plain JSON, like the events, so no preflight). Answers 204.
 */
export const publicWidgetError = {
  method: 'POST',
  path: '/public/errors',
  body: z.strictObject({
    apiKey: z.string().min(1).max(128),
    widget: z.enum(REPORTED_WIDGETS),
    part: z.string().max(100).default(''),
    message: z.string().max(500).default(''),
  }),
  answer: z.null(),
} as const;
export type PublicWidgetError = z.input<typeof publicWidgetError.body>;
