import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type DatabaseKind, type TestServer } from './server.ts';

/**
 * The test server of the calling describe block: started (seeded, unless told) before its tests,
 * closed after them. The answer reads that server once its beforeAll has run, so the block's hooks
 * and tests use it as the server itself; read before then, it throws.
 */
export function suiteServer(
  kind: DatabaseKind,
  options: Parameters<typeof startTestServer>[1] = {},
): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(kind, options);
  });
  afterAll(() => started?.close());
  const current = () => {
    if (!started) throw new Error('The suite server is read before its beforeAll has run');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    client: () => current().client(),
    as: (login, password) => current().as(login, password),
    close: () => current().close(),
  };
}
