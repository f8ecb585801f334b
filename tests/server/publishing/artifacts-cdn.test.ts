import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { BundleBuildError } from '#server/publishing/bundle/publish.ts';
import { artifactPointers, auditLog } from '#server/platform/db/schema.ts';
import { HttpError } from '#server/platform/http/http-error.ts';
import { apiKeyOf } from '#tests/helpers/catalog.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { listArtifactsRoute, rollbackArtifactRoute } from '#contract/routes/configs.ts';
import { siteConfigs, artifactHelpers } from './artifacts-fixtures.ts';

describe.each(DATABASES)('artifacts, /cdn and rollback on %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
    apiKey = await apiKeyOf(server.database, 1);
  });
  afterAll(() => server.close());

  const { db, publish, rows, get } = artifactHelpers(() => ({ server, apiKey }));

  it('stores the same build once and serves it immutable, with ETag and content types', async () => {
    // The demo seed already generated the site's first bundles.
    const seeded = await rows();
    const first = await publish(siteConfigs());
    const again = await publish(siteConfigs());
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, artifactId: first.artifactId, hash: first.hash });
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await rows()).toBe(seeded + 1);

    const js = await get(first.urls.js);
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['access-control-allow-origin']).toBe('*');
    expect(js.body).toContain('digi.boot(');
    const css = await get(first.urls.css);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('#digi-shield');
    const etag = String(js.headers['etag']);
    expect((await get(first.urls.js, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(first.urls.js, { 'if-none-match': '"other"' })).statusCode).toBe(200);

    // compressed for clients that take gzip, under its own validator
    const gz = await get(first.urls.js, { 'accept-encoding': 'gzip, br' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toBe('accept-encoding');
    expect(gz.headers['etag']).not.toBe(etag);
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(js.body);
    expect(gz.rawPayload.length).toBeLessThan(js.rawPayload.length / 3);
  });

  it('answers 404 for unknown hashes, other sites’ artifacts and malformed names', async () => {
    const { hash } = await publish(siteConfigs());
    const missing = await get(`/cdn/1/${'0'.repeat(64)}.js`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 404, message: 'No such artifact' });
    expect((await get(`/cdn/2/${hash}.js`)).statusCode).toBe(404);
    expect((await get(`/cdn/1/${hash}.map`)).statusCode).toBe(404);
    expect((await get(`/cdn/1/${hash.slice(1)}.js`)).statusCode).toBe(404);
    expect((await get(`/cdn/abc/${hash}.js`)).statusCode).toBe(404);
    expect((await get('/cdn/abc/digi.js')).statusCode).toBe(404);
  });

  it('the loader injects what production points at, the preview loader what preview does', async () => {
    const empty = await get('/cdn/2/digi.js');
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('no-cache');
    expect(empty.body).toMatch(/^console\.warn\(".*no storefront bundle has been generated/);

    const production = await publish(siteConfigs());
    const preview = await publish(
      siteConfigs({ instantSearch: { css: '.p { x: y }' } }),
      'preview',
    );
    expect(preview.hash).not.toBe(production.hash);
    const loader = await get('/cdn/1/digi.js');
    expect(loader.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(loader.body).toContain(`/cdn/1/${production.hash}.js`);
    expect(loader.body).toContain(`/cdn/1/${production.hash}.css`);
    expect(loader.body).not.toContain(preview.hash);
    // The preview loader sits under an unguessable key, not at a sequential path
    expect(preview.urls.loader).toMatch(/^\/cdn\/1\/preview\/[0-9a-f]{32}\/digi\.js$/);
    expect((await get(preview.urls.loader)).body).toContain(`/cdn/1/${preview.hash}.js`);
    expect((await get('/cdn/1/preview/digi.js')).statusCode).toBe(404);
    const otherKey = preview.urls.loader.replace(/[0-9a-f]{32}/, '0'.repeat(32));
    expect((await get(otherKey)).statusCode).toBe(404);
    const site2Key = preview.urls.loader.replace('/cdn/1/', '/cdn/2/');
    expect((await get(site2Key)).statusCode).toBe(404);
    const page = await get(preview.urls.loader.replace('digi.js', 'demo.html'));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(preview.urls.loader);
    expect((await get('/cdn/1/demo.html?slot=preview')).body).not.toContain('/preview/');
    // the loader's origin is never the request's X-Forwarded-Host
    const forwarded = await get('/cdn/1/digi.js', { 'x-forwarded-host': 'evil.example' });
    expect(forwarded.body).not.toContain('evil.example');
    expect(forwarded.headers['set-cookie']).toBeUndefined();
    const etag = String(loader.headers['etag']);
    expect((await get('/cdn/1/digi.js', { 'if-none-match': etag })).statusCode).toBe(304);

    const [pointer] = await db()
      .select()
      .from(artifactPointers)
      .where(and(eq(artifactPointers.siteId, 1), eq(artifactPointers.slot, 'preview')));
    expect(pointer).toMatchObject({ artifactId: preview.artifactId, updatedBy: 'integrator' });

    // a pointer moved by another process (here: straight in the table) shows within a second
    await db()
      .update(artifactPointers)
      .set({ artifactId: production.artifactId })
      .where(and(eq(artifactPointers.siteId, 1), eq(artifactPointers.slot, 'preview')));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get(preview.urls.loader)).body).toContain(production.hash);
  });

  it('rollback points production back at once, audited, without building; list shows the history', async () => {
    const older = await publish(siteConfigs());
    const newer = await publish(
      siteConfigs({ version: 2, instantSearch: { css: '.new { a: b }' } }),
    );
    expect((await get('/cdn/1/digi.js')).body).toContain(newer.hash);
    const before = await rows();

    const rolled = await server.app.repos.artifacts.rollback(1, older.artifactId, 'admin');
    expect(rolled).toMatchObject({ id: older.artifactId, hash: older.hash });
    expect(await rows()).toBe(before);
    const loader = await get('/cdn/1/digi.js');
    expect(loader.body).toContain(older.hash);
    expect(loader.body).not.toContain(newer.hash);

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'rollback'))
      .orderBy(auditLog.id);
    expect(audit).toMatchObject({
      actor: 'admin',
      entity: 'artifact-pointer',
      entityId: '1/production',
      before: { artifactId: newer.artifactId },
      after: { artifactId: older.artifactId, hash: older.hash },
    });

    const history = await server.app.repos.artifacts.list(1);
    expect(history.filter((a) => a.production).map((a) => a.id)).toEqual([older.artifactId]);
    expect(history.find((a) => a.id === newer.artifactId)).toMatchObject({
      production: false,
      createdBy: 'integrator',
      manifest: { configs: expect.arrayContaining([expect.objectContaining({ version: 2 })]) },
    });
    expect(await server.app.repos.artifacts.current(1, 'production')).toMatchObject({
      id: older.artifactId,
    });
  });

  it('refuses to roll back to another site’s or an unknown artifact, changing nothing', async () => {
    const current = await server.app.repos.artifacts.current(1, 'production');
    const audits = async () => Number((await db().select({ n: count() }).from(auditLog))[0]!.n);
    const auditsBefore = await audits();
    const other = await publish(siteConfigs(), 'production', 2);
    const auditsAfterPublish = await audits();
    expect(auditsAfterPublish).toBe(auditsBefore + 1);
    for (const id of [other.artifactId, 999_999]) {
      const error = await server.app.repos.artifacts.rollback(1, id, 'admin').catch((e) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(404);
    }
    expect(await server.app.repos.artifacts.current(1, 'production')).toEqual(current);
    expect(await audits()).toBe(auditsAfterPublish);
  });

  it('GET /api/site/:id/artifacts lists the history; POST …/rollback switches production, role- and site-guarded', async () => {
    const older = await publish(siteConfigs({ version: 5 }));
    const newer = await publish(
      siteConfigs({ version: 6, instantSearch: { css: '.v6 { a: b }' } }),
    );
    const manager = await server.as('manager');
    const list = await manager.call(listArtifactsRoute, { params: { id: 1 } });
    expect(list[0]).toMatchObject({
      id: newer.artifactId,
      hash: newer.hash,
      production: true,
      createdBy: 'integrator',
      jsUrl: newer.urls.js,
      cssUrl: newer.urls.css,
    });
    expect(list[0]!.jsBytes).toBe(Buffer.byteLength((await get(newer.urls.js)).body));
    expect(list.filter((a) => a.production)).toHaveLength(1);

    // manager may look but not roll back; nobody signed out may do either
    const rollback = { params: { id: 1, artifactId: older.artifactId } };
    expect((await failure(manager.call(rollbackArtifactRoute, rollback))).status).toBe(403);
    expect(
      (await failure(server.client().call(listArtifactsRoute, { params: { id: 1 } }))).status,
    ).toBe(401);
    expect((await get('/cdn/1/digi.js')).body).toContain(newer.hash);

    const designer = await server.as('designer');
    const answer = await designer.call(rollbackArtifactRoute, rollback);
    expect(answer).toMatchObject({ id: older.artifactId, hash: older.hash, production: true });
    expect((await get('/cdn/1/digi.js')).body).toContain(older.hash);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rollback'), eq(auditLog.actor, 'designer')));
    expect(audit).toMatchObject({ before: { artifactId: newer.artifactId } });

    const otherSite = await publish(siteConfigs(), 'production', 2);
    const error = await failure(
      designer.call(rollbackArtifactRoute, { params: { id: 1, artifactId: otherSite.artifactId } }),
    );
    expect(error.status).toBe(404);
    expect((await get('/cdn/1/digi.js')).body).toContain(older.hash);
  });

  it('a build with bad SCSS fails with a clear message and stores nothing', async () => {
    const before = await rows();
    const pointer = await server.app.repos.artifacts.current(1, 'production');
    const error = await publish(siteConfigs({ autocomplete: { css: '.ac { color: ; }' } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BundleBuildError);
    expect((error as BundleBuildError).message).toMatch(
      /^The storefront bundle was not built: autocomplete\.css: /,
    );
    expect((error as BundleBuildError).diagnostics[0]).toMatchObject({ path: 'autocomplete.css' });
    expect(await rows()).toBe(before);
    expect(await server.app.repos.artifacts.current(1, 'production')).toEqual(pointer);
  });
});
