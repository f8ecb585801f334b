import type { FeedType } from '#contract/entities/feeds.ts';
import { openFeed, type FeedSource } from './intake/feed-source.ts';
import type { Db } from '../platform/db/client.ts';
import type { Env } from '../platform/env.ts';
import { fetchPolicy } from '../platform/net/guarded-fetch.ts';
import { keepRawCopy, rawFeedPath } from './raw.ts';
import { createFeedStore } from './store.ts';

/** What a feed job's payload may say (the start call's query). */
export interface FeedJobPayload {
  regionId?: string;
  feedType?: FeedType;
  scheduled?: boolean;
}

/** A feed job that cannot start: the feed type has no URL for the region. */
export class MissingFeedUrlError extends Error {
  readonly i18nKey = 'errors:feed.no-url';
  constructor(feedType: FeedType, regionId: string) {
    super(
      feedType === 'YML' && regionId === 'global'
        ? 'The site has no feed URL: set it on the site page'
        : `The site has no ${feedType} feed URL for the region ${regionId}: set it in the feed loader`,
    );
    this.name = 'MissingFeedUrlError';
  }
}

/**
 * Opens the site's feed of a type and region through the guarded fetch (FEED_MAX_BYTES, the
 * job's signal), keeping the raw bytes for GET /config/feed-loader/download unless `keepRaw` is
 * false (the feed checker's dry run stores nothing).
 */
export async function openFeedOf(
  db: Db,
  env: Env,
  entry: {
    siteId: number;
    feedType: FeedType;
    regionId: string;
    signal?: AbortSignal;
    keepRaw?: boolean;
  },
): Promise<{ source: FeedSource; url: string }> {
  const store = createFeedStore(db);
  const url =
    (await store.url(entry.siteId, entry.feedType, entry.regionId))?.url ??
    (entry.feedType === 'CONTENT' ? (await store.settings(entry.siteId, 'CONTENT')).url : null);
  if (!url) throw new MissingFeedUrlError(entry.feedType, entry.regionId);
  const source = await openFeed(url, {
    policy: fetchPolicy(env),
    maxBytes: env.FEED_MAX_BYTES,
    ...(entry.signal && { signal: entry.signal }),
  });
  if (entry.keepRaw === false) return { source, url };
  return {
    source: keepRawCopy(
      source,
      rawFeedPath(env.DATA_DIR, entry.siteId, entry.feedType, entry.regionId),
    ),
    url,
  };
}
