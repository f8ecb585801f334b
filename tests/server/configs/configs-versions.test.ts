import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  configVersionRoute,
  configVersionsRoute,
  getConfigRoute,
  listGlobalComponentsRoute,
  saveIntegrationMvtConfigRoute,
  saveMvtConfigRoute,
  saveRecommendationBlockRoute,
  saveSearchConfigRoute,
  saveTrackingConfigRoute,
} from '#contract/routes/configs.ts';
import { auditLog } from '#server/platform/db/schema.ts';
import { HttpError } from '#server/platform/http/http-error.ts';
import { createConfigRepository } from '#server/configs/repository.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { SITE, blockWire, configCounters } from './configs-fixtures.ts';

describe.each(DATABASES)('configs on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const { versionCount, configAudits } = configCounters(() => server);

  it('answers the defaults with versionId null while nothing is saved', async () => {
    const designer = await server.as('designer');
    const config = await designer.call(getConfigRoute, {
      params: { id: SITE, kind: 'instant-search' },
      query: {},
    });
    expect(config).toMatchObject({ versionId: null, version: 0, test: true, author: null });
    expect(config.config).toMatchObject({
      throttle: 800,
      throttleAutocomplete: 300,
      strategyIS: 'advanced_xname,zero_queries',
      pagination: { pageSize: 20 },
      unavailableMultiplier: 0.2,
      customSettings: { topBrands: 10, topCategories: 10, contentsSize: 10, mobileBreakpoint: 768 },
    });
    const tracking = await designer.call(getConfigRoute, {
      params: { id: SITE, kind: 'tracking' },
      query: { test: 'false' },
    });
    expect(tracking).toMatchObject({
      versionId: null,
      test: false,
      config: { sessionCookieMinutes: 30, userCookieDays: 30, rules: [] },
    });
    const mvt = await designer.call(getConfigRoute, {
      params: { id: SITE, kind: 'mvt' },
      query: {},
    });
    expect(mvt.config).toEqual([]);
    expect(
      await designer.call(configVersionsRoute, {
        params: { id: SITE, kind: 'autocomplete' },
        query: {},
      }),
    ).toEqual([]);
    expect(
      await designer.call(listGlobalComponentsRoute, { params: { id: SITE }, query: {} }),
    ).toEqual({ data: [] });
  });

  it('saves versions per copy, lists them newest first, reads one by id and audits each save', async () => {
    const designer = await server.as('designer');
    const audits = await configAudits();
    const first = await designer.call(saveSearchConfigRoute, {
      params: { kind: 'autocomplete' },
      query: { siteId: SITE },
      body: { baseVersionId: null, enabled: true, throttle: 500 },
    });
    expect(first).toMatchObject({ version: 1, test: true, author: 'designer' });
    expect(first.config).toMatchObject({ enabled: true, throttle: 500, siteId: SITE });
    const second = await designer.call(saveSearchConfigRoute, {
      params: { kind: 'autocomplete' },
      query: { siteId: SITE },
      body: { ...first.config, baseVersionId: first.versionId, throttle: 600 },
    });
    expect(second.version).toBe(2);
    const prod = await designer.call(saveSearchConfigRoute, {
      params: { kind: 'autocomplete' },
      query: { siteId: SITE, test: 'false' },
      body: { baseVersionId: null, enabled: false },
    });
    expect(prod).toMatchObject({ version: 1, test: false });

    const latest = await designer.call(getConfigRoute, {
      params: { id: SITE, kind: 'autocomplete' },
      query: { test: 'true' },
    });
    expect(latest).toMatchObject({ versionId: second.versionId, version: 2 });
    expect(latest.config).toMatchObject({ throttle: 600 });
    const testVersions = await designer.call(configVersionsRoute, {
      params: { id: SITE, kind: 'autocomplete' },
      query: {},
    });
    expect(testVersions.map((v) => v.version)).toEqual([2, 1]);
    expect(testVersions[0]).toMatchObject({
      author: 'designer',
      test: true,
      configType: 'INTEGRATION',
      sourceVersionId: null,
    });
    const prodVersions = await designer.call(configVersionsRoute, {
      params: { id: SITE, kind: 'autocomplete' },
      query: { test: 'false' },
    });
    expect(prodVersions.map((v) => v.versionId)).toEqual([prod.versionId]);

    const old = await designer.call(configVersionRoute, {
      params: { id: SITE, kind: 'autocomplete', versionId: first.versionId! },
    });
    expect(old.config).toMatchObject({ throttle: 500 });
    // Another kind or another site: 404.
    expect(
      (
        await failure(
          designer.call(configVersionRoute, {
            params: { id: SITE, kind: 'instant-search', versionId: first.versionId! },
          }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await failure(
          designer.call(configVersionRoute, {
            params: { id: 1, kind: 'autocomplete', versionId: first.versionId! },
          }),
        )
      ).status,
    ).toBe(404);

    expect(await configAudits()).toBe(audits + 3);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'config:autocomplete'), eq(auditLog.entityId, `${SITE}/0/test`)),
      )
      .orderBy(auditLog.id)
      .offset(1);
    expect(entry).toMatchObject({ actor: 'designer', action: 'save' });
    expect(entry!.before).toMatchObject({ versionId: first.versionId, data: { throttle: 500 } });
    expect(entry!.after).toMatchObject({ versionId: second.versionId, data: { throttle: 600 } });
  });

  it('refuses a stale base with 409 naming the newer version, and writes nothing', async () => {
    const designer = await server.as('designer');
    const integrator = await server.as('integrator');
    const base = await designer.call(saveSearchConfigRoute, {
      params: { kind: 'search' },
      query: { siteId: SITE },
      body: { baseVersionId: null },
    });
    const newer = await integrator.call(saveSearchConfigRoute, {
      params: { kind: 'search' },
      query: { siteId: SITE },
      body: { baseVersionId: base.versionId, throttle: 100 },
    });
    const versions = await versionCount();
    const audits = await configAudits();
    const error = await failure(
      designer.call(saveSearchConfigRoute, {
        params: { kind: 'search' },
        query: { siteId: SITE },
        body: { baseVersionId: base.versionId, throttle: 200 },
      }),
    );
    expect(error.status).toBe(409);
    expect(error.message).toContain('integrator');
    expect(error.body).toMatchObject({
      status: 409,
      conflict: {
        versionId: newer.versionId,
        version: 2,
        author: 'integrator',
        createdAt: newer.createdAt,
      },
    });
    // A save that claims "nothing saved yet" over an existing copy is stale too.
    expect(
      (
        await failure(
          designer.call(saveSearchConfigRoute, {
            params: { kind: 'search' },
            query: { siteId: SITE },
            body: { baseVersionId: null },
          }),
        )
      ).status,
    ).toBe(409);
    expect(await versionCount()).toBe(versions);
    expect(await configAudits()).toBe(audits);
  });

  it('lets exactly one of two concurrent saves on one base win', async () => {
    const designer = await server.as('admin');
    const integrator = await server.as('integrator');
    const base = await designer.call(saveTrackingConfigRoute, {
      query: { siteId: SITE },
      body: { baseVersionId: null },
    });
    const results = await Promise.allSettled([
      designer.call(saveTrackingConfigRoute, {
        query: { siteId: SITE },
        body: { baseVersionId: base.versionId, sessionCookieMinutes: 10 },
      }),
      integrator.call(saveTrackingConfigRoute, {
        query: { siteId: SITE },
        body: { baseVersionId: base.versionId, sessionCookieMinutes: 20 },
      }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    const versions = await designer.call(configVersionsRoute, {
      params: { id: SITE, kind: 'tracking' },
      query: {},
    });
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
  });

  it('keeps many racing saves on one base to one winner; the losers get the winner as conflict', async () => {
    const configs = createConfigRepository(server.database.db);
    const copy = { siteId: SITE, kind: 'mvt' as const, key: 0, test: false };
    const base = await configs.save({ copy, data: {}, author: 'admin', baseVersionId: null });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, n) =>
        configs.save({ copy, data: { n }, author: `racer-${n}`, baseVersionId: base.id }),
      ),
    );
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as HttpError] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(5);
    for (const error of lost) {
      expect(error).toBeInstanceOf(HttpError);
      expect(error.status).toBe(409);
      expect(error.fields).toMatchObject({
        conflict: { versionId: won[0]!.id, version: 2, author: won[0]!.author },
      });
    }
    expect((await configs.versions(copy)).map((row) => row.version)).toEqual([2, 1]);
  });

  it('checks the role per kind and copy: a manager saves integration only', async () => {
    const manager = await server.as('manager');
    const saved = await manager.call(saveSearchConfigRoute, {
      params: { kind: 'instant-search' },
      query: { siteId: SITE },
      body: { baseVersionId: null },
    });
    expect(saved.test).toBe(true);
    const versions = await versionCount();
    const denied = await failure(
      manager.call(saveSearchConfigRoute, {
        params: { kind: 'instant-search' },
        query: { siteId: SITE, test: 'false' },
        body: { baseVersionId: null },
      }),
    );
    expect(denied.status).toBe(403);
    const mvt = await manager.call(saveIntegrationMvtConfigRoute, {
      query: { siteId: SITE, baseVersionId: 'null' },
      body: [{ name: 'A' }],
    });
    expect(mvt).toMatchObject({ test: true, config: [{ name: 'A', share: 50 }] });
    const afterMvt = await versionCount();
    expect(
      (
        await failure(
          manager.call(saveMvtConfigRoute, {
            query: { siteId: SITE, baseVersionId: 'null' },
            body: [],
          }),
        )
      ).status,
    ).toBe(403);
    // The designer has no recommendation roles at all.
    const designer = await server.as('designer');
    expect(
      (
        await failure(
          designer.call(saveRecommendationBlockRoute, {
            query: { siteId: SITE },
            body: blockWire({ name: 'Нет', test: true }),
          }),
        )
      ).status,
    ).toBe(403);
    expect(await versionCount()).toBe(afterMvt);
    expect(afterMvt).toBe(versions + 1);
  });
});
