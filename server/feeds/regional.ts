import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FeedProblem } from '#contract/entities/feeds.ts';
import { createOzonParser } from './intake/ozon-parse.ts';
import { storedProblem, type FeedProblemText } from './intake/problems.ts';
import { FeedError, type FeedSource } from './intake/feed-source.ts';
import { createYmlParser, type FeedLimits, type YmlHandlers } from './intake/yml-parse.ts';
import type { Db } from '../platform/db/client.ts';
import { catalogs, feedDeltaRows } from '../platform/db/schema.ts';
import { applyDeltaBatch } from './delta.ts';
import { stageDeltaRows, stagedParams } from './delta-stage.ts';
import { regionalAttributeNames, splitRegional } from './regions.ts';
import { decodedText } from './xml-text.ts';

const MAX_PROBLEMS = 200;
const BATCH = 1000;

export interface RegionalSummary {
  feedType: 'YML' | 'OZON';
  regionId: string;
  applied: boolean;
  held: false;
  offers: number;
  rows: number;
  skipped: number;
  problems: FeedProblem[];
  problemCount: number;
  bytes: number;
  seconds: number;
}

/**
 * A full-catalog feed (YML or OZON) of a region other than 'global': its offers' prices,
 * availability and values of the regional attributes become the region's values in the live catalog (a partial update, as the delta
 * feed's region rows; offers the catalog does not hold are reported). The global catalog, its
 * products and its other regions stay as they are.
 */
export async function importRegionalFeed(
  db: Db,
  options: {
    siteId: number;
    jobId?: string | null;
    regionId: string;
    format: 'YML' | 'OZON';
    source: FeedSource;
    limits: FeedLimits;
    tagMap?: ReadonlyMap<string, string>;
    signal?: AbortSignal;
    progress?: (percent: number) => Promise<void>;
  },
): Promise<RegionalSummary> {
  const started = performance.now();
  const [live] = await db.select().from(catalogs).where(eq(catalogs.siteId, options.siteId));
  if (!live)
    throw new FeedError('The site has no catalog yet: load its global feed before a regional one');
  const batch = `job:${options.jobId ?? randomUUID()}`;
  const regionalNames = await regionalAttributeNames(db, options.siteId);
  const problems: FeedProblem[] = [];
  let problemCount = 0;
  const problem = (line: number, text: FeedProblemText, id: string | null = null) => {
    problemCount += 1;
    if (problems.length < MAX_PROBLEMS) problems.push(storedProblem(line, text, id));
  };
  let pending: (typeof feedDeltaRows.$inferInsert)[] = [];
  let line = 0;
  const handlers: YmlHandlers = {
    offer(row) {
      line += 1;
      pending.push({
        batch,
        line,
        offerId: row.id,
        regionId: options.regionId,
        price: row.price,
        available: row.available,
        params: null,
        // Of the offer's attributes, the regional ones' values are the region's; the others are
        // the global feed's to say.
        regionParams: stagedParams(splitRegional(row.params, regionalNames)[0]),
      });
    },
    categories() {},
    problem: (id, at, message) => problem(at, message, id),
  };
  const parser =
    options.format === 'OZON'
      ? createOzonParser(handlers, options.limits)
      : createYmlParser(handlers, options.limits, {
          ...(options.tagMap && { tagMap: options.tagMap }),
        });
  let bytes = 0;
  let lastReported = 0;
  try {
    for await (const piece of decodedText(options.source, {
      ...(options.signal && { signal: options.signal }),
      onBytes: (read) => (bytes = read),
    })) {
      parser.write(piece);
      if (pending.length >= BATCH) {
        const rows = pending;
        pending = [];
        await stageDeltaRows(db, rows);
      }
      const size = options.source.size;
      if (options.progress && size && bytes - lastReported > size / 50) {
        lastReported = bytes;
        await options.progress((bytes / size) * 85);
      }
    }
    const parsed = parser.close();
    await stageDeltaRows(db, pending);
    if (parsed.offers === 0) throw new FeedError('The feed has no importable offers', 'no-offers');
    const { dropped } = await applyDeltaBatch(db, {
      siteId: options.siteId,
      importId: live.importId,
      batch,
      problem,
      dryRun: false,
      feedType: options.format,
    });
    return {
      feedType: options.format,
      regionId: options.regionId,
      applied: true,
      held: false,
      offers: parsed.offers - dropped,
      rows: parsed.offers - dropped,
      skipped: parsed.skipped + dropped,
      problems: problems.sort((a, b) => a.line - b.line),
      problemCount,
      bytes,
      seconds: Math.round((performance.now() - started) / 10) / 100,
    };
  } finally {
    await db.delete(feedDeltaRows).where(eq(feedDeltaRows.batch, batch));
  }
}
