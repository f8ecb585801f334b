/**
 * The server the browser tests drive: the built console on a fresh embedded database with demo
 * data. The demo data is made once per run (e2e/demo-dump.ts): by `npm test` while the unit tests
 * run, or else by the first server to start; every server starts from a copy of that dump, in memory.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '#server/app.ts';
import { openPglite } from '#server/platform/db/client.ts';
import { readEnv } from '#server/platform/env.ts';
import { demoSnapshot } from './demo-dump.ts';

const snapshot = process.env.E2E_SNAPSHOT;
if (!snapshot)
  throw new Error('E2E_SNAPSHOT: the path of the run’s demo dump (playwright.config.ts)');
const env = readEnv({
  ...process.env,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrina-e2e-')),
  HOST: '127.0.0.1',
});
const database = await openPglite({ startFrom: await demoSnapshot(snapshot) });
const app = await buildApp({ env, database, logger: { level: env.LOG_LEVEL } });
await app.listen({ port: env.PORT, host: env.HOST });
