/**
 * npm run bench:gate — the visual regression gate's time per site: the demo site (instant search,
 * autocomplete, its recommendation block and global component; 1280 and 768 px) rendered from the
 * candidate and from production in headless Chromium and compared, N runs (default 3), median.
 * `-- --runs 5`, `-- --shots DIR` writes the last run's images there.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openPglite } from '#server/platform/db/client.ts';
import { visualGateRuns, visualGateViews } from '#server/platform/db/schema.ts';
import { seedDemo } from '#server/demo/seed.ts';
import { readEnv } from '#server/platform/env.ts';
import { createConfigRepository } from '#server/configs/repository.ts';
import { executeGate } from '#server/publishing/visual-gate/gate.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const runs = Number(option('runs') ?? 3);
const shots = option('shots');

const database = await openPglite({});
await seedDemo(database);
const db = database.db;
const source = await createConfigRepository(db).latest({
  siteId: 1,
  kind: 'instant-search',
  key: 0,
  test: true,
});
if (!source) throw new Error('The demo site has no instant search config');

const times: number[] = [];
let lastRun = 0;
for (let i = 0; i < runs; i += 1) {
  const [run] = await db
    .insert(visualGateRuns)
    .values({
      siteId: 1,
      kind: 'instant-search',
      key: 0,
      sourceVersionId: source.id,
      fingerprint: `bench-${i}`,
      state: 'running',
      createdBy: 'bench',
    })
    .returning();
  const started = performance.now();
  // The default budgets (CHROMIUM_PATH, when set, is read by the gate itself).
  const done = await executeGate(db, readEnv({}), run!.id);
  const ms = performance.now() - started;
  times.push(ms);
  lastRun = run!.id;
  const views = await db.select().from(visualGateViews).where(eq(visualGateViews.runId, run!.id));
  console.log(
    `run ${i + 1}: ${Math.round(ms)} ms, ${views.length} views, state ${done.state}${done.reason ? ` (${done.reason})` : ''}`,
  );
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
console.log(
  `visual gate, demo site: median ${Math.round(median)} ms per site over ${runs} runs (min ${Math.round(sorted[0]!)}, max ${Math.round(sorted.at(-1)!)})`,
);
if (shots) {
  mkdirSync(shots, { recursive: true });
  const views = await db.select().from(visualGateViews).where(eq(visualGateViews.runId, lastRun));
  for (const view of views)
    for (const image of ['production', 'candidate', 'diff'] as const)
      writeFileSync(join(shots, `${view.view.replace(/[^\w@-]/g, '_')}-${image}.png`), view[image]);
  console.log(`images of the last run in ${shots}`);
}
await database.close();
