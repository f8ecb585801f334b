/**
 * `node --import tsx bench/diginetica-tune.ts --data <corpus>/diginetica [--validation 15000]
 *   [--rounds 2] [--from-defaults] [--exclude-current] [--keys reminder,matchDecay]`:
 * chooses the session_knn defaults on a validation split cut from the TRAINING sessions only
 * (the newest `--validation` of train_sessions.txt, split into prefix → next cases like the test
 * set; the index holds the older ones). The test cases are never read. Prints hit rate and MRR
 * at 20 (×100) per setting, one coordinate at a time from the current best (a coordinate ascent
 * over the grids below), and the best setting. The scoring code is the one the server runs.
 * --exclude-current scores as a product page serves (the page's product never recommended:
 * cases whose next view is the current product cannot be hit); --from-defaults starts from
 * SESSION_KNN_DEFAULTS instead of the plain starting point below.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildSessionIndex,
  hitRateAndMrr,
  nextItemCases,
  SESSION_KNN_DEFAULTS,
  sessionKnnScores,
  type SessionKnnParams,
} from '#server/recs/session-knn.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    validation: { type: 'string', default: '15000' },
    rounds: { type: 'string', default: '2' },
    'from-defaults': { type: 'boolean', default: false },
    'exclude-current': { type: 'boolean', default: false },
    /** Only these settings, comma-separated (default: every grid below). */
    keys: { type: 'string' },
  },
});
if (!values.data) {
  console.error('--data <folder of the DIGINETICA corpus (srgnn-protocol/)> is required');
  process.exit(2);
}
const lines = readFileSync(join(values.data!, 'srgnn-protocol/train_sessions.txt'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => line.split(' '));
const cut = lines.length - Number(values.validation);
const index = buildSessionIndex(lines.slice(0, cut));
const cases = lines.slice(cut).flatMap((s) => nextItemCases(s));
console.log(
  `index ${cut} sessions; validation ${lines.length - cut} sessions, ${cases.length} cases`,
);

function evaluate(params: SessionKnnParams, excludeCurrent: boolean) {
  return hitRateAndMrr(
    cases.map(({ prefix, next }) => {
      const current = prefix[prefix.length - 1];
      const ranked = sessionKnnScores(index, prefix, params, 40)
        .map(([id]) => id)
        .filter((id) => !excludeCurrent || id !== current);
      return { ranked, next };
    }),
  );
}

const excludeCurrent = values['exclude-current'];
const grids: Record<keyof SessionKnnParams, (number | boolean)[]> = {
  reminder: [0, 0.1, 0.25, 0.5, 1, 2, 3, 5],
  neighbours: [50, 100, 200, 400, 800],
  sampleSize: [500, 1000, 2000, 5000],
  positionDecay: [0.5, 1, 2, 4, 8],
  matchDecay: [0.5, 1, 2, 4, 8],
  normalise: [false, true],
  idfWeight: [0, 0.25, 0.5, 1],
};
let best: SessionKnnParams = values['from-defaults']
  ? { ...SESSION_KNN_DEFAULTS }
  : {
      neighbours: 100,
      sampleSize: 1000,
      positionDecay: 2,
      matchDecay: 2,
      normalise: true,
      idfWeight: 0,
      reminder: 0,
    };
const show = (r: { hitRate: number; mrr: number }) =>
  `P@20 ${(r.hitRate * 100).toFixed(2)}  MRR@20 ${(r.mrr * 100).toFixed(2)}`;
// The objective: hit rate + MRR (both at 20), the two figures the bench reports.
const objective = (r: { hitRate: number; mrr: number }) => r.hitRate + r.mrr;
let bestResult = evaluate(best, excludeCurrent);
console.log('start', JSON.stringify(best), show(bestResult));
for (let round = 0; round < Number(values.rounds); round++)
  for (const key of (values.keys?.split(',') ?? Object.keys(grids)) as (keyof SessionKnnParams)[])
    for (const value of grids[key]) {
      if (best[key] === value) continue;
      const trial = { ...best, [key]: value } as SessionKnnParams;
      const started = performance.now();
      const result = evaluate(trial, excludeCurrent);
      const ms = (performance.now() - started) / cases.length;
      console.log(`${key}=${value}`.padEnd(22), show(result), `${ms.toFixed(2)} ms/case`);
      if (objective(result) > objective(bestResult)) {
        best = trial;
        bestResult = result;
        console.log('  best now', JSON.stringify(best));
      }
    }
console.log('best', JSON.stringify(best), show(bestResult));
console.log(
  excludeCurrent ? 'best, current product allowed' : 'best, current product excluded',
  show(evaluate(best, !excludeCurrent)),
);
