import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { loginRoute } from '#contract/routes/auth.ts';
import { buildApp } from '#server/app.ts';
import { seedDemo } from '#server/db/seed.ts';
import { createTestDatabase, primed, testEnv } from '#tests/helpers/server.ts';
const msgs = new Map<string, number>();
const orig = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (this: Worker, m: unknown, ...rest: unknown[]) {
  const k = JSON.stringify(m).slice(0, 120);
  msgs.set(k, (msgs.get(k) ?? 0) + 1);
  return orig.call(this, m, ...(rest as []));
};
const database = await createTestDatabase('pglite');
await seedDemo(database);
const app = await buildApp({ env: testEnv({ SESSION_CACHE_MS: '1000' }), database, staticRoot: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const client = await primed(app);
await client.call(loginRoute, { body: { username: 'admin', password: 'vitrina-demo' } });
const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
for (const path of (process.env.PATHS ?? '/api/site/1,/api/site/all').split(',')) {
  msgs.clear();
  const r = await autocannon({ url: address + path, connections: 50, duration: 4, headers: { cookie } });
  console.log(path, Math.round(r.requests.average), r.latency.p50, r.latency.p99, 'non2xx', r.non2xx);
  console.log([...msgs].sort((a, b) => b[1] - a[1]).slice(0, 5));
}
await app.close(); await database.close();
