/**
 * `node --import tsx bench/diginetica-tune-item-knn.ts --data <corpus>/diginetica [--validation 15000]`:
 * chooses the co_viewed defaults (shrinkage, minSupport) on a validation split cut from the
 * TRAINING sessions only, as bench/diginetica-tune.ts does for session_knn (the newest
 * `--validation` of train_sessions.txt, split into prefix → next cases; the older ones are the
 * window). The test cases are never read. The model is the one the RECS job writes for co_viewed
 * (server/recs/build.ts), in memory: a session's distinct products; for a pair, the sessions
 * holding both over sqrt((sessions of a + shrinkage) × (sessions of b + shrinkage)); pairs seen
 * in fewer than minSupport sessions dropped; the current product (the prefix's last) never
 * recommended; ties by product id. Prints hit rate and MRR at 20 (×100) per setting.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { hitRateAndMrr, nextItemCases } from '#server/recs/session-knn.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    validation: { type: 'string', default: '15000' },
  },
});
if (!values.data) {
  console.error('--data <folder of the DIGINETICA corpus (srgnn-protocol/)> is required');
  process.exit(2);
}
const lines = readFileSync(join(values.data, 'srgnn-protocol/train_sessions.txt'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => line.split(' '));
const cut = lines.length - Number(values.validation);
const cases = lines.slice(cut).flatMap((s) => nextItemCases(s));
console.log(
  `window ${cut} sessions; validation ${lines.length - cut} sessions, ${cases.length} cases`,
);

/** Sessions holding each product, and each pair (a, b ≠ a). */
const sessionsOf = new Map<string, number>();
const together = new Map<string, Map<string, number>>();
for (const session of lines.slice(0, cut)) {
  const products = [...new Set(session)];
  for (const a of products) {
    sessionsOf.set(a, (sessionsOf.get(a) ?? 0) + 1);
    let row = together.get(a);
    if (!row) together.set(a, (row = new Map()));
    for (const b of products) if (b !== a) row.set(b, (row.get(b) ?? 0) + 1);
  }
}
const wanted = new Set(cases.map(({ prefix }) => prefix.at(-1)!));

function evaluate(shrinkage: number, minSupport: number) {
  const top = new Map<string, string[]>();
  for (const a of wanted) {
    const row = together.get(a);
    if (!row) continue;
    const scored: [string, number][] = [];
    for (const [b, n] of row)
      if (n >= minSupport)
        scored.push([
          b,
          Math.fround(
            n / Math.sqrt((sessionsOf.get(a)! + shrinkage) * (sessionsOf.get(b)! + shrinkage)),
          ),
        ]);
    scored.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
    top.set(
      a,
      scored.slice(0, 20).map(([b]) => b),
    );
  }
  return hitRateAndMrr(
    cases.map(({ prefix, next }) => ({ ranked: top.get(prefix.at(-1)!) ?? [], next })),
  );
}

const show = (r: { hitRate: number; mrr: number }) =>
  `P@20 ${(r.hitRate * 100).toFixed(2)}  MRR@20 ${(r.mrr * 100).toFixed(2)}`;
let best = { shrinkage: 0, minSupport: 1, objective: -1 };
for (const minSupport of [1, 2])
  for (const shrinkage of [0, 5, 10, 20, 50, 100, 200, 500, 1000]) {
    const result = evaluate(shrinkage, minSupport);
    console.log(`minSupport=${minSupport} shrinkage=${shrinkage}`.padEnd(30), show(result));
    // The objective: hit rate + MRR (both at 20), the two figures the bench reports.
    if (result.hitRate + result.mrr > best.objective)
      best = { shrinkage, minSupport, objective: result.hitRate + result.mrr };
  }
console.log('best', JSON.stringify({ shrinkage: best.shrinkage, minSupport: best.minSupport }));
