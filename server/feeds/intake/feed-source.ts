import { guardedFetch, type FetchPolicy } from '../../platform/net/guarded-fetch.ts';

export type FeedErrorCode =
  | 'invalid'
  | 'invalid-xml'
  | 'empty'
  | 'no-offers'
  | 'encoding'
  | 'invalid-utf8'
  | 'doctype'
  | 'field-too-long'
  | 'too-many-offers'
  | 'cancelled';

/** A feed the importer refuses; `code` is stable (the console translates `errors:feed.<code>`). */
export class FeedError extends Error {
  constructor(
    message: string,
    readonly code: FeedErrorCode = 'invalid',
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'FeedError';
  }

  get i18nKey(): string {
    return `errors:feed.${this.code}`;
  }
}

export interface FeedSource {
  body: AsyncIterable<Uint8Array>;
  /** Size in bytes when known, for the progress. */
  size: number;
}

export interface OpenFeedOptions {
  /** The server's fetch policy (internal addresses, DATA_DIR, timeouts). */
  policy: FetchPolicy;
  /** FEED_MAX_BYTES: the feed's size cap after decompression. */
  maxBytes?: number;
  signal?: AbortSignal;
}

/**
 * Opens a feed URL as a byte stream through the guarded fetch: http(s) to allowed addresses
 * only, `file://` only under DATA_DIR (the demo feed). Refusals throw FetchError.
 */
export async function openFeed(url: string, options: OpenFeedOptions): Promise<FeedSource> {
  const response = await guardedFetch(url, {
    policy: options.policy,
    ...(options.maxBytes !== undefined && { maxBytes: options.maxBytes }),
    ...(options.signal && { signal: options.signal }),
    headers: { accept: 'application/xml, text/xml, */*' },
  });
  return { body: response.body, size: response.size };
}
