/**
 * One publish path: preview, generate / deploy (`promote`) and the demo seed all publish through
 * `publishBundle` (server/publishing/bundle/publish.ts), the only caller of the artifact store, the
 * pointer move and the rollout watch.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { getConfigRoute, saveSearchConfigRoute } from '#contract/routes/configs.ts';
import { publishBundle } from '#server/publishing/bundle/publish.ts';
import { bundleConfigs, latestCopies } from '#server/publishing/bundle-configs.ts';
import { promote } from '#server/publishing/promote.ts';
import { artifacts, auditLog, configVersions, rolloutWatches } from '#server/platform/db/schema.ts';
import { apiKeyOfSite } from '#server/sites/repository.ts';
import {
  DATABASES,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';

const ROOT = join(import.meta.dirname, '../../..');
const SITE = 1;

describe('the publish path', () => {
  it('is the only writer of artifacts, pointers and rollout watches', () => {
    const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
    expect(read('server/publishing/bundle/publish.ts')).toMatch(/repository\.store\(/);
    expect(read('server/publishing/promote.ts')).not.toMatch(
      /\.store\(|\.point\(|startRolloutWatch|recordAudit|buildBundle/,
    );
    expect(read('server/demo/configs.ts')).not.toMatch(/\.store\(|\.point\(|buildBundle/);
  });
});

describe.each(DATABASES)('promote through publishBundle on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ROLLOUT_CHECK_MS: '0' } });
    admin = await server.as('admin');
  }, 120_000);
  afterAll(() => server.close());

  async function saveAutocomplete(change: Record<string, unknown>) {
    const current = await admin.call(getConfigRoute, {
      params: { id: SITE, kind: 'autocomplete' },
      query: { test: 'true' },
    });
    return admin.call(saveSearchConfigRoute, {
      params: { kind: 'autocomplete' },
      query: { siteId: SITE },
      body: { ...(current.config as object), baseVersionId: current.versionId, ...change },
    });
  }
  const loader = async () => (await server.app.inject({ url: `/cdn/${SITE}/digi.js` })).body;

  it('stores, points, watches and audits as publishBundle does, and the loader serves it', async () => {
    const db = server.database.db;
    await loader(); // the current pointer is cached
    const saved = await saveAutocomplete({ throttleAutocomplete: 321 });
    const promoted = await promote(db, {
      siteId: SITE,
      kind: 'autocomplete',
      key: 0,
      sourceVersionId: saved.versionId!,
      login: 'admin',
      action: 'generate',
    });
    expect(promoted.urls).toEqual({
      js: `/cdn/${SITE}/${promoted.hash}.js`,
      css: `/cdn/${SITE}/${promoted.hash}.css`,
      loader: `/cdn/${SITE}/digi.js`,
    });
    expect(await loader()).toContain(promoted.hash);

    const [artifact] = await db
      .select()
      .from(artifacts)
      .where(eq(artifacts.id, promoted.artifactId));
    expect(artifact).toMatchObject({ builtFor: 'production', createdBy: 'admin' });
    const [version] = await db
      .select()
      .from(configVersions)
      .where(eq(configVersions.id, promoted.versionId));
    expect(version).toMatchObject({ test: false, sourceVersionId: saved.versionId });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'publish'), eq(auditLog.entityId, `${SITE}/production`)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.after).toMatchObject({ artifactId: promoted.artifactId, hash: promoted.hash });
    const [watch] = await db
      .select()
      .from(rolloutWatches)
      .where(eq(rolloutWatches.siteId, SITE))
      .orderBy(desc(rolloutWatches.id))
      .limit(1);
    expect(watch).toMatchObject({ artifactId: promoted.artifactId });

    // The bundle promote stored is the one publishBundle builds from the production copies.
    const again = await publishBundle(db, {
      siteId: SITE,
      apiKey: (await apiKeyOfSite(db, SITE))!,
      publicBaseUrl: '',
      configs: bundleConfigs(await latestCopies(db, SITE, false)),
      slot: 'production',
      login: 'admin',
    });
    expect(again).toMatchObject({ hash: promoted.hash, created: false });
  });

  it('a bundle that does not build promotes nothing', async () => {
    const db = server.database.db;
    const production = await latestCopies(db, SITE, false);
    const pointer = await server.app.repos.artifacts.current(SITE, 'production');
    const saved = await saveAutocomplete({ css: '.ac { color: ; }' });
    const error = await promote(db, {
      siteId: SITE,
      kind: 'autocomplete',
      key: 0,
      sourceVersionId: saved.versionId!,
      login: 'admin',
      action: 'generate',
    }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('BundleBuildError');
    expect(await latestCopies(db, SITE, false)).toEqual(production);
    expect(await server.app.repos.artifacts.current(SITE, 'production')).toEqual(pointer);
  });
});
