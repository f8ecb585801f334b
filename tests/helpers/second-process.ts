/**
 * A second server process on a test's PostgreSQL database (DATABASE_URL), for what must hold
 * across processes: `node --import tsx tests/helpers/second-process.ts`. It serves the API on a
 * free loopback port, prints `listening <port>` once it does, runs no jobs, and exits on SIGTERM.
 */
import { buildApp } from '#server/app.ts';
import { openPostgres } from '#server/platform/db/client.ts';
import { readEnv } from '#server/platform/env.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL names the test database');
const database = await openPostgres(url);
const app = await buildApp({
  env: readEnv({ LOG_LEVEL: 'silent', DATABASE_URL: url, VISUAL_GATE: 'off' }),
  database,
  staticRoot: false,
  jobs: { work: false, schedules: false },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
