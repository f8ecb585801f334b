/**
 * Real shops' feeds through the real importer: each `*.xml` / `*.yml` feed of a folder is copied
 * into the bench's DATA_DIR and imported (`importYml`, the feed-update job's path) as the live
 * catalog of a site of its own. Prints one line of JSON per feed — the offers in the file, taken,
 * taken with a change, refused, the products and categories built, the problems grouped by
 * wording — then a table of the three figures per feed.
 * `npm run bench:import -- --corpus DIR` (DATABASE_URL imports into PostgreSQL instead).
 */
import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CHECK_MAX_PROBLEMS,
  importYml,
  openFeed,
  type ImportSummary,
} from '#server/feeds/intake/yml-import.ts';
import type { Database } from '#server/platform/db/client.ts';
import { sites } from '#server/platform/db/schema.ts';
import { readEnv } from '#server/platform/env.ts';
import { fetchPolicy } from '#server/platform/net/guarded-fetch.ts';

export interface CorpusRow {
  feed: string;
  offersInFile: number;
  taken: number | null;
  changed: number | null;
  refused: number | null;
  products: number | null;
  categories: number | null;
  encoding: string | null;
  fatal: string | null;
  seconds: number;
  /** Problems by wording (ids and numbers as N): each refused or changed offer has one or more. */
  reasons: Record<string, number>;
}

/** Imports every feed of `corpus` into `database`; `dataDir` is the DATA_DIR the fetch may read. */
export async function importCorpus(
  database: Database,
  corpus: string,
  dataDir: string,
): Promise<CorpusRow[]> {
  const policy = fetchPolicy(readEnv({ DATA_DIR: dataDir }));
  const rows: CorpusRow[] = [];
  const names = readdirSync(corpus)
    .filter((name) => /\.(xml|yml)$/i.test(name))
    .sort();
  for (const name of names) {
    const path = join(dataDir, basename(name));
    copyFileSync(join(corpus, name), path);
    // Offers in the file, whatever the importer makes of them.
    const inFile = new TextDecoder('latin1').decode(readFileSync(path)).match(/<offer[\s>]/g);
    const [site] = await database.db
      .insert(sites)
      .values({
        apiKey: `corpus-${Date.now()}-${rows.length}`,
        name,
        url: 'https://corpus.example',
      })
      .returning();
    const started = performance.now();
    let summary: ImportSummary | null = null;
    let fatal: string | null = null;
    try {
      summary = await importYml(database.db, {
        siteId: site!.id,
        source: await openFeed(pathToFileURL(path).href, { policy }),
        maxProblems: CHECK_MAX_PROBLEMS,
      });
    } catch (error) {
      fatal = error instanceof Error ? error.message : String(error);
    }
    const reasons: Record<string, number> = {};
    for (const problem of summary?.problems ?? []) {
      const reason = problem.message.replace(/\d+(?:[.,]\d+)*/g, 'N');
      reasons[reason] = (reasons[reason] ?? 0) + 1;
    }
    const row: CorpusRow = {
      feed: name,
      offersInFile: inFile?.length ?? 0,
      taken: summary?.offers ?? null,
      changed: summary?.changed ?? null,
      refused: summary?.skipped ?? null,
      products: summary?.products ?? null,
      categories: summary?.categories ?? null,
      encoding: summary?.encoding ?? null,
      fatal,
      seconds: Math.round((performance.now() - started) / 10) / 100,
      reasons,
    };
    console.log(JSON.stringify(row));
    rows.push(row);
  }
  return rows;
}

/** The per-feed figures as a Markdown table. */
export function corpusTable(rows: CorpusRow[]): string {
  const lines = [
    '| feed | offers in file | taken | taken with a change | refused | products |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows)
    lines.push(
      `| ${row.feed} | ${row.offersInFile} | ${row.fatal ? `failed: ${row.fatal}` : row.taken} | ${row.changed ?? '—'} | ${row.refused ?? '—'} | ${row.products ?? '—'} |`,
    );
  return lines.join('\n');
}
