/** The server the browser tests drive: the built console on a fresh embedded database with demo data. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '#server/app.ts';
import { openPglite } from '#server/db/client.ts';
import { seedDemo, seedDemoEvents } from '#server/db/seed.ts';
import { readEnv } from '#server/env.ts';

const env = readEnv({
  ...process.env,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrina-e2e-')),
  HOST: '127.0.0.1',
});
const database = await openPglite({ dataDir: env.DATA_DIR });
await seedDemo(database);
// Storefront events for the report screens (fewer sessions than `npm start`: a faster start).
await seedDemoEvents(database, { sessions: 5000 });
const app = await buildApp({ env, database, logger: { level: env.LOG_LEVEL } });
await app.listen({ port: env.PORT, host: env.HOST });
