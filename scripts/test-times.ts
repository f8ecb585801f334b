/**
 * Where the test run's time goes: the slowest vitest files and Playwright specs of
 * the last run, from the JSON reports both write to test-times/. `npm run test:times [n]`
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const top = Number(process.argv[2] ?? 20);
const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(7);

interface VitestReport {
  numTotalTests: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: unknown[];
  }[];
}

interface PlaywrightSuite {
  file: string;
  specs: { title: string; tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { duration: number; expected: number; unexpected: number; flaky: number };
  suites: PlaywrightSuite[];
}

function read<T>(path: string): T | undefined {
  if (!existsSync(path)) {
    console.log(`${path}: none (run the tests first)`);
    return undefined;
  }
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

const vitest = read<VitestReport>('test-times/vitest.json');
if (vitest) {
  const files = vitest.testResults
    .map((f) => ({
      name: relative(process.cwd(), f.name),
      ms: f.endTime - f.startTime,
      tests: f.assertionResults.length,
    }))
    .sort((a, b) => b.ms - a.ms);
  const sum = files.reduce((total, f) => total + f.ms, 0);
  console.log(
    `vitest: ${files.length} files, ${vitest.numTotalTests} tests, ${seconds(sum)} s in tests (summed over files)`,
  );
  for (const f of files.slice(0, top))
    console.log(`${seconds(f.ms)} s ${String(f.tests).padStart(4)}  ${f.name}`);
}

const e2e = read<PlaywrightReport>('test-times/e2e.json');
if (e2e) {
  const specs: { file: string; name: string; ms: number }[] = [];
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs)
      for (const test of spec.tests)
        specs.push({
          file: suite.file,
          name: `${suite.file} › ${spec.title}`,
          ms: test.results.reduce((total, r) => total + r.duration, 0),
        });
    for (const inner of suite.suites ?? []) walk(inner);
  };
  for (const suite of e2e.suites) walk(suite);
  specs.sort((a, b) => b.ms - a.ms);
  const byFile = new Map<string, number>();
  for (const s of specs) byFile.set(s.file, (byFile.get(s.file) ?? 0) + s.ms);
  const { stats } = e2e;
  console.log(
    `\nplaywright: ${specs.length} tests (${stats.expected} passed, ${stats.unexpected} failed, ${stats.flaky} flaky) in ${seconds(stats.duration)} s`,
  );
  for (const s of specs.slice(0, top)) console.log(`${seconds(s.ms)} s  ${s.name}`);
  console.log('\nby file:');
  for (const [file, ms] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${seconds(ms)} s  ${file}`);
}
