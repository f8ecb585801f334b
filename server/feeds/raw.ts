import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { FeedType } from '#contract/entities/feeds.ts';
import type { FeedSource } from './intake/feed-source.ts';

/**
 * The last raw feed of each site, feed type and region, as downloaded (GET
 * /config/feed-loader/download): kept under DATA_DIR/feeds/<siteId>/. A download is written to a
 * temporary file and replaces the previous one only when it was read to the end.
 */
export function rawFeedPath(dataDir: string, siteId: number, feedType: FeedType, regionId: string) {
  const safeRegion = regionId.replace(/[^\p{L}\p{N}_.-]/gu, '_');
  return join(dataDir, 'feeds', String(siteId), `${feedType}-${safeRegion}.raw`);
}

/** Passes a feed's bytes through while copying them to the site's raw-feed file. */
export function keepRawCopy(source: FeedSource, path: string): FeedSource {
  async function* tee(): AsyncGenerator<Uint8Array> {
    const temporary = `${path}.${process.pid}.${Date.now()}.part`;
    let handle: FileHandle | null = null;
    let complete = false;
    try {
      await mkdir(join(path, '..'), { recursive: true });
      handle = await open(temporary, 'w');
      for await (const chunk of source.body) {
        await handle.write(chunk);
        yield chunk;
      }
      complete = true;
    } finally {
      await handle?.close();
      if (complete) await rename(temporary, path);
      else await rm(temporary, { force: true });
    }
  }
  return { body: tee(), size: source.size };
}

/** The stored raw feed, or null when none was downloaded yet. */
export async function openRawFeed(path: string) {
  try {
    const info = await stat(path);
    return { size: info.size, stream: createReadStream(path), modified: info.mtime };
  } catch {
    return null;
  }
}
