/** Writes the demo YML feed: `npm run demo:feed -- --offers 800 --out data/demo-feed.yml`. */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeDemoFeed } from '#server/demo/feed.ts';

const { values } = parseArgs({
  options: {
    offers: { type: 'string', default: '800' },
    out: { type: 'string', default: 'data/demo-feed.yml' },
    'picture-base': { type: 'string', default: 'http://localhost:8080' },
    encoding: { type: 'string', default: 'utf-8' },
    seed: { type: 'string', default: '42' },
  },
});
const offers = Number(values.offers);
if (!Number.isInteger(offers) || offers < 1) throw new Error('--offers must be a positive integer');
const out = resolve(values.out);
mkdirSync(dirname(out), { recursive: true });
await writeDemoFeed(out, {
  offers,
  pictureBase: values['picture-base'],
  seed: Number(values.seed),
  encoding: values.encoding === 'windows-1251' ? 'windows-1251' : 'utf-8',
});
console.log(`Wrote ${offers}+ offers to ${out}`);
