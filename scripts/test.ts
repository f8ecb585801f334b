/**
 * `npm test`: the unit and integration tests (vitest), then the browser tests (Playwright). What
 * the browser tests need first, the console's build and the demo dump their servers start from,
 * is made while vitest runs: vitest leaves part of the machine idle (its server suites mostly
 * wait), and the browser tests then start at once. Their output is printed when vitest is done.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';

interface Finished {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

/** Runs a command; `quiet` keeps its output for later instead of printing it as it comes. */
function run(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  quiet = false,
): Promise<Finished> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const done = (code: number) =>
      resolve({ name, code, output, seconds: (performance.now() - started) / 1000 });
    child.on('error', (error) => {
      output += `${error.message}\n`;
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

// The folder's prefix is the one e2e/teardown.ts removes after the browser tests.
const snapshot = join(mkdtempSync(join(tmpdir(), 'vitrina-e2e-demo-')), 'demo.tar');
const e2eEnv = { E2E_SNAPSHOT: snapshot };

const prepared = Promise.all([
  run('vite build', 'npx', ['vite', 'build'], { VITRINA_PREVIEW_HARNESS: '1' }, true),
  run('demo dump', 'node', ['--import', 'tsx', 'e2e/demo-dump.ts'], e2eEnv, true),
]);
const unit = await run('vitest', 'npx', ['vitest', 'run'], {});
const preparations = await prepared;
for (const step of preparations) {
  if (step.code !== 0) process.stdout.write(step.output);
  console.log(
    `::phase ${step.name} (beside vitest) took ${Math.round(step.seconds)} s${step.code ? `, failed with ${step.code}` : ''}`,
  );
}
console.log(`::phase vitest took ${Math.round(unit.seconds)} s`);
const failed = unit.code || (preparations.some((step) => step.code !== 0) ? 1 : 0);
if (failed) {
  rmSync(dirname(snapshot), { recursive: true, force: true });
  process.exit(failed);
}

const e2e = await run('playwright', 'npx', ['playwright', 'test'], e2eEnv);
console.log(`::phase playwright took ${Math.round(e2e.seconds)} s`);
process.exit(e2e.code);
