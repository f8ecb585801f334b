/**
 * Memory of the streaming feed parse (issue 20.8): a generated feed read through the guarded
 * fetch's file reader, the strict decoder and the YML parser, without the database. Prints the
 * feed size, MB/s and the peak RSS over the run. `--offers N` (default 100 000).
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { writeDemoFeed } from '#server/catalog/demo-feed.ts';
import { createDecoder, detectEncoding } from '#server/catalog/feed-decode.ts';
import { openFeed } from '#server/catalog/feed-source.ts';
import { createYmlParser } from '#server/catalog/yml-parse.ts';
import { readEnv } from '#server/env.ts';
import { fetchPolicy } from '#server/net/guarded-fetch.ts';

const { values } = parseArgs({ options: { offers: { type: 'string', default: '100000' } } });
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
