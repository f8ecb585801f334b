import { randomUUID } from 'node:crypto';
import type { FacetsFeedSettings, FeedProblem } from '#contract/entities/feeds.ts';
import { FeedError, type FeedSource } from './intake/feed-source.ts';
import {
  facetAttributeTwice,
  facetRowIncomplete,
  facetRowTooLong,
  storedProblem,
  type FeedProblemText,
} from './intake/problems.ts';
import type { Db } from '../platform/db/client.ts';
import { catalogFacets } from '../platform/db/schema.ts';
import { replaceLiveBatch } from './live-batch.ts';
import { columnIndex, feedLines } from './table-source.ts';

const MAX_PROBLEMS = 200;
const BATCH = 1000;

export interface FacetsSummary {
  feedType: 'FACETS';
  regionId: 'global';
  applied: boolean;
  held: false;
  total: number;
  rows: number;
  skipped: number;
  categories: number;
  problems: FeedProblem[];
  problemCount: number;
  bytes: number;
  seconds: number;
}

/**
 * The facets feed (spec §3): a CSV of `categoryId;attribute[;title]` rows — the filters each
 * category shows, in file order — read with the settings' delimiter, quote and escape characters
 * and encoding (UTF8 or CP1251). Rows stream into a batch; one transaction then replaces the
 * site's live facets. A broken file or a cancel leaves the live facets as they were.
 */
export async function importFacets(
  db: Db,
  options: {
    siteId: number;
    jobId?: string | null;
    source: FeedSource;
    settings: FacetsFeedSettings;
    maxRows: number;
    signal?: AbortSignal;
    progress?: (percent: number) => Promise<void>;
    /** The feed checker: read and stage, never apply. */
    dryRun?: boolean;
  },
): Promise<FacetsSummary> {
  const started = performance.now();
  const { settings, siteId } = options;
  const batch = `job:${options.jobId ?? randomUUID()}`;
  const problems: FeedProblem[] = [];
  let problemCount = 0;
  const problem = (line: number, text: FeedProblemText, id: string | null = null) => {
    problemCount += 1;
    if (problems.length < MAX_PROBLEMS) problems.push(storedProblem(line, text, id));
  };
  let bytes = 0;
  let lastReported = 0;
  let total = 0;
  let rows = 0;
  const seen = new Set<string>();
  const categories = new Set<string>();
  const positions = new Map<string, number>();
  await replaceLiveBatch(
    db,
    { feedType: 'FACETS', siteId, batch, dryRun: options.dryRun },
    async () => {
      let columns: { category: number; attribute: number; title: number } | null = null;
      let pending: (typeof catalogFacets.$inferInsert)[] = [];
      const flush = async () => {
        if (!pending.length) return;
        const chunk = pending;
        pending = [];
        await db.insert(catalogFacets).values(chunk);
      };
      for await (const { line, cells } of feedLines(options.source, {
        delimiter: settings.delimiter,
        quoteChar: settings.quoteChar,
        escapeChar: settings.escapeChar,
        encoding: settings.encoding === 'CP1251' ? 'windows-1251' : 'utf-8',
        ...(options.signal && { signal: options.signal }),
        onBytes: (read) => (bytes = read),
      })) {
        if (!columns) {
          const category =
            ['categoryId', 'category_id', 'category']
              .map((name) => columnIndex(cells, name))
              .find((i) => i !== -1) ?? -1;
          const attribute =
            ['attribute', 'param', 'facet']
              .map((name) => columnIndex(cells, name))
              .find((i) => i !== -1) ?? -1;
          const missing = [category === -1 && 'categoryId', attribute === -1 && 'attribute'].filter(
            Boolean,
          );
          if (missing.length)
            throw new FeedError(
              `The facets feed has no column ${missing.join(', ')}; its columns: ${cells.slice(0, 20).join(', ')}`,
              'invalid',
            );
          columns = { category, attribute, title: columnIndex(cells, 'title') };
          continue;
        }
        total += 1;
        if (total > options.maxRows)
          throw new FeedError(
            `The facets feed has more than ${options.maxRows} rows`,
            'too-many-offers',
            { limit: options.maxRows },
          );
        const categoryId = cells[columns.category] ?? '';
        const attribute = cells[columns.attribute] ?? '';
        if (!categoryId || !attribute) {
          problem(line, facetRowIncomplete(), categoryId || null);
          continue;
        }
        if (categoryId.length > 200 || attribute.length > 200) {
          problem(line, facetRowTooLong(), null);
          continue;
        }
        const key = `${categoryId}\u0000${attribute}`;
        if (seen.has(key)) {
          problem(line, facetAttributeTwice(attribute, categoryId), categoryId);
          continue;
        }
        seen.add(key);
        categories.add(categoryId);
        const position = positions.get(categoryId) ?? 0;
        positions.set(categoryId, position + 1);
        const title = columns.title === -1 ? '' : (cells[columns.title] ?? '');
        pending.push({
          siteId,
          batch,
          categoryId,
          attribute,
          title: title.slice(0, 200) || null,
          position,
        });
        rows += 1;
        if (pending.length >= BATCH) await flush();
        const size = options.source.size;
        if (options.progress && size && bytes - lastReported > size / 50) {
          lastReported = bytes;
          await options.progress((bytes / size) * 90);
        }
      }
      await flush();
      if (!columns) throw new FeedError('The facets feed is empty', 'empty');
      if (options.signal?.aborted) throw new FeedError('The import was cancelled', 'cancelled');
      return rows;
    },
  );
  return {
    feedType: 'FACETS',
    regionId: 'global',
    applied: !options.dryRun,
    held: false,
    total,
    rows,
    skipped: total - rows,
    categories: categories.size,
    problems,
    problemCount,
    bytes,
    seconds: Math.round((performance.now() - started) / 10) / 100,
  };
}
