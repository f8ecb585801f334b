import type { Env } from '../../platform/env.ts';
import type { FeedLimits } from './yml-parse.ts';

/** The feed limits of the settings (FEED_MAX_FIELD_CHARS, FEED_MAX_OFFERS). */
export function feedLimits(env: Pick<Env, 'FEED_MAX_FIELD_CHARS' | 'FEED_MAX_OFFERS'>): FeedLimits {
  return { maxFieldChars: env.FEED_MAX_FIELD_CHARS, maxOffers: env.FEED_MAX_OFFERS };
}
