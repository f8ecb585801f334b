/**
 * The server of e2e/visual-gate.spec.ts: e2e/server.ts (the run's demo dump, in memory) with the
 * visual gate on, on E2E_PORT + 100 (the workers' servers run with it off: playwright.config.ts).
 * `npm test` starts it beside Playwright's own servers (scripts/test.ts) and says so with
 * E2E_GATE_SERVER=started, so the spec finds it up; a run of the spec alone, or its retry,
 * starts one of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** The port of the gate's server; a retry's own server takes the next one. */
export function gatePort(retry = 0): number {
  return Number(process.env.E2E_PORT ?? 8181) + 100 + retry;
}

/** Starts the gate's server on `port` (E2E_SNAPSHOT names the demo dump it starts from). */
export function startGateServer(port: number, env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'e2e/server.ts'], {
    env: {
      ...env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      VISUAL_GATE: 'on',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Waits until the server on `port` answers, `ms` at most. */
export async function untilListening(port: number, ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/docs/json`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`Nothing answers on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
