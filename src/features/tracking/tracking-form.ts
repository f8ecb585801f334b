import type * as z from 'zod';
import { trackingConfigInput } from '#contract/entities/config.ts';

/**
 * The contract's save schema is the form's resolver (selectors must parse, URL patterns follow the
 * spec's rule, ranges): the form refuses what the server would.
 */
export const trackingForm = trackingConfigInput;
export type TrackingFormIn = z.input<typeof trackingForm>;
export type TrackingFormOut = z.output<typeof trackingForm>;
