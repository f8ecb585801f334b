import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo } from './db/seed.ts';
import { readEnv, shouldSeed } from './env.ts';

const env = readEnv();
const database = await openDatabase(env);
if (shouldSeed(env) && (await seedDemo(database)))
  console.log('Seeded the demo data (logins in README.md)');
const app = await buildApp({
  env,
  database,
  logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: env.PORT, host: env.HOST });
console.log(
  `Vitrina console on http://localhost:${env.PORT} (${database.kind === 'pglite' ? `embedded database in ${env.DATA_DIR}` : 'PostgreSQL'})`,
);
