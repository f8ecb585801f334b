/**
 * Memory of the streaming feed parse: a generated feed read through the guarded
 * fetch's file reader, the strict decoder and the YML parser, without the database. Prints the
 * feed size, MB/s and the peak RSS over the run. `--offers N` (default 100 000).
 *
 * `--corpus DIR` parses every `*.xml` / `*.yml` feed of DIR instead (real shops' exports) and
 * prints per feed: the offers in the file, taken, taken with a change, refused, and the reasons.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { writeDemoFeed } from '#server/demo/feed.ts';
import {
  createDecoder,
  detectEncoding,
  type FeedEncoding,
} from '#server/feeds/intake/feed-decode.ts';
import { openFeed } from '#server/feeds/intake/feed-source.ts';
import { createYmlParser } from '#server/feeds/intake/yml-parse.ts';
import { readEnv } from '#server/platform/env.ts';
import { fetchPolicy } from '#server/platform/net/guarded-fetch.ts';

const { values } = parseArgs({
  options: { offers: { type: 'string', default: '100000' }, corpus: { type: 'string' } },
});
if (values.corpus !== undefined) {
  parseCorpus(values.corpus);
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'vitrina-parse-bench-'));
const path = join(dir, 'feed.yml');
await writeDemoFeed(path, { offers: Number(values.offers) });
const bytes = statSync(path).size;
global.gc?.();
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
const timer = setInterval(sample, 20);

const started = performance.now();
const env = readEnv({ DATA_DIR: dir });
const source = await openFeed(pathToFileURL(path).href, {
  policy: fetchPolicy(env),
  maxBytes: env.FEED_MAX_BYTES,
});
let offers = 0;
const parser = createYmlParser({
  offer: () => void (offers += 1),
  categories: () => undefined,
  problem: () => undefined,
});
let decoder: ReturnType<typeof createDecoder> | undefined;
for await (const chunk of source.body) {
  decoder ??= createDecoder(detectEncoding(chunk));
  parser.write(decoder.write(chunk));
}
parser.write(decoder!.end());
parser.close();
const seconds = (performance.now() - started) / 1000;
clearInterval(timer);
sample();
console.log(
  JSON.stringify({
    offers,
    feedMB: Math.round(bytes / 1e5) / 10,
    seconds: Math.round(seconds * 10) / 10,
    MBps: Math.round(bytes / 1e6 / seconds),
    baselineRssMB: Math.round(baseline / 1e6),
    peakRssMB: Math.round(peak / 1e6),
  }),
);

/** Parses each feed of the folder; one line of JSON per feed. */
function parseCorpus(dir: string): void {
  const names = readdirSync(dir)
    .filter((name) => /\.(xml|yml)$/i.test(name))
    .sort();
  for (const name of names) {
    const bytes = readFileSync(join(dir, name));
    // Offers in the file, whatever the parser makes of them.
    const inFile = new TextDecoder('latin1').decode(bytes).match(/<offer[\s>]/g)?.length ?? 0;
    const reasons = new Map<string, number>();
    let taken = 0;
    let unavailable = 0;
    const parser = createYmlParser({
      offer: (row) => {
        taken += 1;
        if (!row.available) unavailable += 1;
      },
      categories: () => undefined,
      problem: (_id, _line, { reason: message }) => {
        // Grouped by wording: ids and numbers vary.
        const reason = message.replace(/\d+(?:[.,]\d+)*/g, 'N');
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      },
    });
    const started = performance.now();
    let result: ReturnType<typeof parser.close> | null = null;
    let fatal: string | null = null;
    let encoding: FeedEncoding | null = null;
    try {
      encoding = detectEncoding(bytes);
      const decoder = createDecoder(encoding);
      parser.write(decoder.write(bytes));
      parser.write(decoder.end());
      result = parser.close();
    } catch (error) {
      fatal = error instanceof Error ? error.message : String(error);
    }
    console.log(
      JSON.stringify({
        feed: name,
        encoding,
        offersInFile: inFile,
        taken,
        takenWithChange: result?.changed ?? null,
        takenUnavailable: unavailable,
        refused: result?.skipped ?? null,
        categories: result?.categories ?? null,
        fatal,
        seconds: Math.round((performance.now() - started) / 10) / 100,
        reasons: Object.fromEntries(reasons),
      }),
    );
  }
}
