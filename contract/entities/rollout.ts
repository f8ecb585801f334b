import * as z from 'zod';
import { configKind } from './config.ts';

/* Scheduled promotion and the automatic rollback. */

/**
 * Why a scheduled promotion did not start: the visual check of its version has no run on the
 * current production, found changes nobody accepted, was still running, cannot run here or
 * failed; another generate or deploy was running; or something else (`error` says what).
 */
export const SCHEDULE_FAILURES = [
  'gate-missing',
  'gate-changed',
  'gate-running',
  'gate-unavailable',
  'gate-failed',
  'busy',
  'other',
] as const;
export type ScheduleFailure = (typeof SCHEDULE_FAILURES)[number];

export const scheduledPromotion = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  kind: configKind,
  /** configId / componentId of a block or component (deploy); 0 for the one-per-site kinds. */
  key: z.number().int(),
  action: z.enum(['generate', 'deploy']),
  /** The integration version promoted: the newest when it was scheduled. */
  sourceVersionId: z.number().int(),
  runAt: z.string(),
  state: z.enum(['scheduled', 'fired', 'failed', 'cancelled']),
  /** The generate / deploy job it launched. */
  jobId: z.string().nullable(),
  error: z.string().nullable(),
  /** Why it failed, for the console's own words (null: not failed, or an unforeseen error). */
  errorCode: z.enum(SCHEDULE_FAILURES).nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
});
export type ScheduledPromotion = z.infer<typeof scheduledPromotion>;

export const schedulePromotionInput = z.strictObject({
  kind: configKind,
  key: z.number().int().min(0).default(0),
  /** When to promote (ISO 8601 with offset); must be in the future, at most a year ahead. */
  runAt: z.iso.datetime({ offset: true }),
});
export type SchedulePromotionInput = z.input<typeof schedulePromotionInput>;

/** The automatic rollback's thresholds (per site; these are the defaults). */
export const ROLLOUT_DEFAULTS = {
  enabled: true,
  windowMinutes: 60,
  maxWidgetErrors: 20,
  searchDropPercent: 50,
  ctrDropPercent: 50,
  minBaselineSearches: 30,
  maxErrorRatePercent: 5,
  minViews: 200,
  minErrorSources: 10,
} as const;

export const rolloutSettings = z.strictObject({
  /** Watch every promotion and roll back on a clear drop. */
  enabled: z.boolean(),
  /** How long after a promotion the storefront is watched. */
  windowMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
  /**
   * Page views of the new bundle that reported a widget render error in the window (each view
   * counts once, and only with the view token the server gave that page) that roll back — together
   * with the three below.
   */
  maxWidgetErrors: z.number().int().min(1).max(1_000_000),
  /** …and at least this share of the bundle's page views in the window reported an error… */
  maxErrorRatePercent: z.number().int().min(1).max(100),
  /** …and the bundle had at least this many page views in the window… */
  minViews: z.number().int().min(1).max(1_000_000),
  /** …and the erroring views came from at least this many client networks (/24 or /48). */
  minErrorSources: z.number().int().min(1).max(10_000),
  /** Searches fall by at least this share against the same hours of the previous week. */
  searchDropPercent: z.number().int().min(1).max(100),
  /** Click-through (product views per search) falls by at least this share. */
  ctrDropPercent: z.number().int().min(1).max(100),
  /** The comparison with last week counts only when last week had at least this many searches in those hours. */
  minBaselineSearches: z.number().int().min(1).max(1_000_000),
});
export type RolloutSettings = z.infer<typeof rolloutSettings>;

export const rolloutFigures = z.object({
  /** Page views of the bundle that reported a widget error. */
  widgetErrors: z.number().int(),
  /** Page views of the bundle in the window (absent in figures kept before they were counted). */
  views: z.number().int().optional(),
  /** Client networks the erroring views came from. */
  errorSources: z.number().int().optional(),
  searches: z.number().int(),
  baselineSearches: z.number().int(),
  ctr: z.number().nullable(),
  baselineCtr: z.number().nullable(),
});
export type RolloutFigures = z.infer<typeof rolloutFigures>;

export const rolloutWatch = z.object({
  id: z.number().int(),
  artifactId: z.number().int(),
  previousArtifactId: z.number().int().nullable(),
  startedAt: z.string(),
  endsAt: z.string(),
  state: z.enum(['watching', 'passed', 'rolled_back']),
  /** Why it rolled back: `errors`, `searches` or `ctr`. */
  reason: z.enum(['errors', 'searches', 'ctr']).nullable(),
  figures: rolloutFigures.nullable(),
  checkedAt: z.string().nullable(),
  createdBy: z.string(),
});
export type RolloutWatch = z.infer<typeof rolloutWatch>;
