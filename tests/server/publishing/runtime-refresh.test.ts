/**
 * After an upgrade changes the storefront runtime, production bundles built with the old one are
 * rebuilt from exactly the config versions they serve.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { artifactPointers, artifacts } from '#server/platform/db/schema.ts';
import type { BundleManifest } from '#server/publishing/bundle/types.ts';
import { runtimeSourceKey } from '#server/publishing/bundle/runtime.ts';
import { refreshStaleBundles } from '#server/publishing/runtime-refresh.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';

describe.each(DATABASES)('runtime refresh of live bundles on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
  });
  afterAll(() => server.close());

  const live = async (siteId: number) => {
    const [row] = await server.database.db
      .select({ id: artifacts.id, hash: artifacts.hash, manifest: artifacts.manifest })
      .from(artifactPointers)
      .innerJoin(artifacts, eq(artifacts.id, artifactPointers.artifactId))
      .where(and(eq(artifactPointers.siteId, siteId), eq(artifactPointers.slot, 'production')));
    return row && { ...row, manifest: row.manifest as BundleManifest };
  };

  it('rebuilds a bundle of an older runtime from the versions it serves, once', async () => {
    const db = server.database.db;
    // The demo seed generated site 1's bundle with this runtime: nothing to do.
    expect(await refreshStaleBundles(db)).toEqual([]);
    const before = (await live(1))!;
    expect(before.manifest.runtime.startsWith(`${runtimeSourceKey()}-`)).toBe(true);

    // The same bundle as an older version of the product would have built it.
    await db
      .update(artifacts)
      .set({
        manifest: sql`jsonb_set(${artifacts.manifest}, '{runtime}', '"older-runtime-full"')`,
        js: sql`${artifacts.js} || '/* older runtime */'`,
        hash: sql`'older-' || ${artifacts.hash}`,
      })
      .where(eq(artifacts.id, before.id));

    const done = await refreshStaleBundles(db, 'upgrade');
    expect(done).toEqual([{ siteId: 1, outcome: { artifactId: expect.any(Number) } }]);
    const after = (await live(1))!;
    expect(after.id).not.toBe(before.id);
    expect(after.manifest.runtime.startsWith(`${runtimeSourceKey()}-`)).toBe(true);
    // Exactly the versions production served, not the newest saved ones.
    expect(after.manifest.configs).toEqual(before.manifest.configs);
    expect(after.hash).toBe(before.hash);
    const served = await server.app.inject({ url: '/cdn/1/digi.js' });
    expect(served.body).toContain(after.hash);

    expect(await refreshStaleBundles(db)).toEqual([]);
  });
});
