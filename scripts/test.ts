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
import { gatePort, startGateServer, untilListening } from '../e2e/gate-server.ts';

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

// The visual gate spec's server (the gate on) starts here, once Playwright's own servers answer
// (not beside their start, which the tests wait for), while the console walk runs first: inside
// the spec, a server start on the loaded machine kept a worker waiting about a minute.
const e2ePort = Number(process.env.E2E_PORT ?? 8181);
let gateServer: ReturnType<typeof startGateServer> | undefined;
const e2eRun = run('playwright', 'npx', ['playwright', 'test'], {
  ...e2eEnv,
  E2E_GATE_SERVER: 'started',
});
const e2eWorkers = Number(process.env.E2E_WORKERS ?? 2);
void Promise.all(
  Array.from({ length: e2eWorkers }, (_, index) => untilListening(e2ePort + index, 300_000)),
)
  .catch(() => undefined)
  .then(() => {
    gateServer = startGateServer(gatePort(), { ...process.env, ...e2eEnv });
  });
const e2e = await e2eRun;
gateServer?.kill('SIGTERM');
console.log(`::phase playwright took ${Math.round(e2e.seconds)} s`);
process.exit(e2e.code);
