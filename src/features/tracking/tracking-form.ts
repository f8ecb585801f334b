import type * as z from 'zod';
import { trackingConfig } from '#contract/entities/config.ts';

/** The contract's tracking schema is the form's resolver (selectors must parse, ranges). */
export const trackingForm = trackingConfig;
export type TrackingFormIn = z.input<typeof trackingForm>;
export type TrackingFormOut = z.output<typeof trackingForm>;
