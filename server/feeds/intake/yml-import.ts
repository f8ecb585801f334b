import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { catalogImports } from '../../platform/db/schema.ts';
import { createDecoder, detectEncoding, type Decoder } from './feed-decode.ts';
import { FeedError, type FeedSource } from './feed-source.ts';
import type { CatalogParam } from '../../platform/db/schema.ts';
import { buildProductRegions, regionalAttributeNames, splitRegional } from '../regions.ts';
import { carryStaleOffers } from '../stale.ts';
import { createOzonParser } from './ozon-parse.ts';
import type { FeedProblemCode, FeedProblemText } from './problems.ts';
import {
  createYmlParser,
  DEFAULT_FEED_LIMITS,
  type CategoryInfo,
  type FeedLimits,
  type OfferRegion,
  type OfferRow,
  type YmlHandlers,
} from './yml-parse.ts';
import {
  applyImport,
  buildProducts,
  compareWithLive,
  createImport,
  createStager,
  discardImport,
} from './yml-store.ts';

// The YML importer in three parts: feed-source.ts opens the feed (guarded fetch), feed-decode.ts
// and yml-parse.ts turn its bytes into checked rows, yml-store.ts stages and applies them.
export { declaredEncoding } from './feed-decode.ts';
export { FeedError, openFeed, type FeedSource } from './feed-source.ts';
export { type FeedLimits } from './yml-parse.ts';
export { applyImport } from './yml-store.ts';

/** Problems listed in the job result; the count covers them all. */
const MAX_PROBLEMS = 200;
/** The feed checker lists more: its report is where an operator reads every offer's problem. */
export const CHECK_MAX_PROBLEMS = 5000;
/** Bytes kept before the encoding is decided (the XML declaration lies within them). */
const HEAD_BYTES = 300;

export interface ImportProblem {
  offerId: string | null;
  line: number;
  message: string;
  /** The problem's code and params (./problems.ts), which the console translates. */
  code: FeedProblemCode;
  params: Record<string, string>;
}

export interface ImportSummary {
  importId: number;
  /** Offers imported (the ones with problems are skipped). */
  offers: number;
  products: number;
  categories: number;
  skipped: number;
  /** Offers imported with a change (an unknown category, dropped params …), each listed in the problems. */
  changed: number;
  problems: ImportProblem[];
  problemCount: number;
  /** Offers of the live catalog the new feed would remove. */
  removed: number;
  /** Offers of the live catalog before this import. */
  previous: number;
  /** Offers dropped by the feed rules. */
  excluded: number;
  /** Offers the feed no longer lists, kept until the stale-product deletion time has passed. */
  carried: number;
  feedType: 'YML' | 'OZON';
  /** Distinct values of the attribute with the most of them (the ops warning's measure). */
  maxAttributeValues: { attribute: string; values: number } | null;
  /** True when the feed would remove more than half of the live catalog: waiting for a confirmation. */
  held: boolean;
  applied: boolean;
  encoding: string;
  bytes: number;
  seconds: number;
}

export interface ImportOptions {
  siteId: number;
  jobId?: string | null;
  source: FeedSource;
  progress?: (percent: number) => Promise<void>;
  /** Hold when more than this share of the live catalog would go (default 0.5). */
  holdShare?: number;
  /** FEED_MAX_FIELD_CHARS and FEED_MAX_OFFERS. */
  limits?: FeedLimits;
  /** Cancels the import (the staged rows go, the live catalog stays). */
  signal?: AbortSignal;
  /** Which full-catalog format the feed is in (default YML). */
  format?: 'YML' | 'OZON';
  /** The feed parsing config's tag mapping (YML only). */
  tagMap?: ReadonlyMap<string, string>;
  /** The feed rules: false drops the offer (counted in `excluded`). */
  acceptOffer?: ((offer: OfferRow, categoryPath: readonly string[]) => boolean) | null;
  /** The feed attributes: the params kept of an offer. */
  keepParams?: ((params: CatalogParam[]) => CatalogParam[]) | null;
  /** A dry run (the feed checker): stage and compare, never apply; the staged rows go. */
  dryRun?: boolean;
  /** The stale-product deletion time in hours (null: missing offers go at once). */
  staleHours?: number | null;
  /** Problems listed in the summary (default 200); problemCount counts them all. */
  maxProblems?: number;
}

/**
 * Imports a YML feed into a new, invisible import of the site: streams and parses it (never the
 * whole file in memory), stages offers in batches, builds the products, then goes live by moving
 * the site's catalog pointer — or holds the import when it would remove more than half of the
 * live catalog. A fatal error (broken XML, a limit, a cancel) discards the staged rows and
 * throws: the live catalog stays.
 */
export async function importYml(db: Db, options: ImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const importId = await createImport(db, options.siteId, options.jobId ?? null, {
    keepOthers: options.dryRun === true,
  });
  try {
    const summary = await stage(db, importId, options, started);
    if (options.dryRun) await discardImport(db, importId);
    return summary;
  } catch (error) {
    await discardImport(db, importId);
    throw error;
  }
}

async function stage(
  db: Db,
  importId: number,
  options: ImportOptions,
  started: number,
): Promise<ImportSummary> {
  const problems: ImportProblem[] = [];
  let problemCount = 0;
  const stager = createStager(db, importId);
  const regionalNames = await regionalAttributeNames(db, options.siteId);
  let excluded = 0;
  const attributeValues = new Map<string, Set<string>>();
  /** Distinct values are counted up to this many per attribute (enough for the ops warning). */
  const VALUE_COUNT_CAP = 1_000_000;
  const handlers: YmlHandlers = {
    offer(row: OfferRow, category: CategoryInfo, regions: OfferRegion[]) {
      if (options.acceptOffer && !options.acceptOffer(row, category.pathIds)) {
        excluded += 1;
        return;
      }
      const params = options.keepParams ? options.keepParams(row.params) : row.params;
      for (const param of params) {
        let values = attributeValues.get(param.name);
        if (!values) attributeValues.set(param.name, (values = new Set()));
        if (values.size < VALUE_COUNT_CAP) values.add(param.value);
      }
      // A region's values of other attributes than the regional ones are not kept.
      const regional = regions.map((region) => ({
        ...region,
        params: region.params.length
          ? splitRegional(
              options.keepParams ? options.keepParams(region.params) : region.params,
              regionalNames,
            )[0]
          : [],
      }));
      stager.offer({ ...row, params }, category, regional);
    },
    categories: stager.categories,
    problem(offerId: string | null, line: number, { reason, code, params }: FeedProblemText) {
      problemCount += 1;
      if (problems.length < (options.maxProblems ?? MAX_PROBLEMS))
        problems.push({ offerId, line, message: reason, code, params });
    },
  };
  const format = options.format ?? 'YML';
  const parser =
    format === 'OZON'
      ? createOzonParser(handlers, options.limits ?? DEFAULT_FEED_LIMITS)
      : createYmlParser(handlers, options.limits ?? DEFAULT_FEED_LIMITS, {
          ...(options.tagMap && { tagMap: options.tagMap }),
        });
  const cancelled = () => {
    if (options.signal?.aborted) throw new FeedError('The import was cancelled', 'cancelled');
  };

  const { source } = options;
  let decoder: Decoder | undefined;
  let encoding = 'utf-8';
  let head: Uint8Array | null = new Uint8Array(0);
  let received = 0;
  let lastReported = 0;
  const begin = (bytes: Uint8Array) => {
    const detected = detectEncoding(bytes);
    encoding = detected;
    decoder = createDecoder(detected);
    head = null;
    parser.write(decoder.write(bytes));
  };
  for await (const chunk of source.body) {
    cancelled();
    received += chunk.byteLength;
    if (!decoder) {
      // Wait for enough bytes to read the XML declaration.
      const joined: Uint8Array = new Uint8Array(head!.byteLength + chunk.byteLength);
      joined.set(head!);
      joined.set(chunk, head!.byteLength);
      if (joined.byteLength < HEAD_BYTES) {
        head = joined;
        continue;
      }
      begin(joined);
    } else {
      parser.write(decoder.write(chunk));
    }
    if (stager.full) await stager.flush();
    if (options.progress && source.size && received - lastReported > source.size / 50) {
      lastReported = received;
      await options.progress((received / source.size) * 85);
    }
  }
  cancelled();
  if (!decoder) {
    if (head!.byteLength === 0) throw new FeedError('The feed is empty', 'empty');
    begin(head!);
  }
  parser.write(decoder!.end());
  const parsed = parser.close();
  await stager.flush();
  const offers = parsed.offers - excluded;
  if (offers === 0) throw new FeedError('The feed has no importable offers', 'no-offers');
  await options.progress?.(88);
  await stager.writeWords();
  cancelled();

  const carried = await carryStaleOffers(db, {
    siteId: options.siteId,
    importId,
    hours: options.staleHours ?? null,
    dryRun: options.dryRun === true,
  });
  const products = await buildProducts(db, importId);
  await buildProductRegions(db, importId);
  await options.progress?.(95);
  cancelled();

  const { previous, removed } = await compareWithLive(db, options.siteId, importId);
  const held = !options.dryRun && previous > 0 && removed > previous * (options.holdShare ?? 0.5);
  let widest: ImportSummary['maxAttributeValues'] = null;
  for (const [attribute, values] of attributeValues)
    if (!widest || values.size > widest.values) widest = { attribute, values: values.size };
  const summary: ImportSummary = {
    importId,
    offers,
    products,
    categories: parsed.categories,
    skipped: parsed.skipped,
    changed: parsed.changed,
    problems,
    problemCount,
    removed,
    previous,
    excluded,
    carried,
    feedType: format,
    maxAttributeValues: widest,
    held,
    applied: !held && !options.dryRun,
    encoding,
    bytes: received,
    seconds: Math.round((performance.now() - started) / 10) / 100,
  };
  if (options.dryRun) return summary;
  await db
    .update(catalogImports)
    .set({
      shop: parsed.shop,
      currencies: parsed.currencies,
      offers: offers + carried,
      products,
      summary,
      state: held ? 'held' : 'staging',
    })
    .where(eq(catalogImports.id, importId));
  if (!held) await applyImport(db, options.siteId, importId);
  return summary;
}
