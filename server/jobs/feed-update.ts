import { eq } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { sites } from '../db/schema.ts';
import { createFeedRepository } from '../repositories/feeds.ts';
import type { JobHandler } from './runner.ts';

/** Reads the encoding named in the XML declaration; YML feeds come in UTF-8 or windows-1251. */
export function declaredEncoding(head: Uint8Array): string {
  const text = new TextDecoder('latin1').decode(head.subarray(0, 200));
  const match = /encoding=["']([\w-]+)["']/i.exec(text);
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}

/**
 * The feed-update job: streams the site's YML feed, checks it is well-formed XML and records
 * the upload with its offer count in the feed history.
 */
export const feedUpdateJob: JobHandler = async ({ job, db, progress }) => {
  const [site] = await db.select().from(sites).where(eq(sites.id, job.siteId));
  if (!site) throw new Error('The site no longer exists');
  if (!site.feedUrl) throw new Error('The site has no feed URL: set it on the site page');
  const response = await fetch(site.feedUrl, { signal: AbortSignal.timeout(10 * 60_000) });
  if (!response.ok || !response.body)
    throw new Error(`Feed download failed: HTTP ${response.status}`);
  const total = Number(response.headers.get('content-length')) || 0;

  const parser = new SaxesParser();
  let offers = 0;
  let parseError: Error | undefined;
  parser.on('opentag', (tag) => {
    if (tag.name === 'offer') offers += 1;
  });
  parser.on('error', (error) => {
    parseError ??= error;
  });

  let decoder: TextDecoder | undefined;
  let received = 0;
  let lastReported = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    decoder ??= new TextDecoder(declaredEncoding(chunk));
    parser.write(decoder.decode(chunk, { stream: true }));
    if (parseError) throw new Error(`The feed is not valid XML: ${parseError.message}`);
    received += chunk.byteLength;
    if (total && received - lastReported > total / 20) {
      lastReported = received;
      await progress((received / total) * 90);
    }
  }
  parser.close();
  if (parseError) throw new Error(`The feed is not valid XML: ${(parseError as Error).message}`);
  await createFeedRepository(db).record(db, {
    siteId: job.siteId,
    feedType: 'YML',
    regionId: 'global',
    offers,
  });
  return { offers };
};
