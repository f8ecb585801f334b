/**
 * The global config (/site/global-config): a single config kind with both copies
 * and versions, saved by ROLE_CONFIG_GLOBAL_CONFIG only, bad input refused with nothing written,
 * every save audited, and generate compiling it into the production bundle's boot config; on
 * both databases.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  configVersionsRoute,
  generateConfigRoute,
  generateStatusRoute,
  getConfigRoute,
  saveGlobalConfigRoute,
} from '#contract/routes/configs.ts';
import { globalConfig } from '#contract/entities/config.ts';
import {
  artifactPointers,
  artifacts,
  auditLog,
  configVersions,
} from '#server/platform/db/schema.ts';
import { globalOf } from '#server/publishing/bundle/boot-global.ts';
import { DATABASES, failure, type TestClient, untilSettled } from '#tests/helpers/server.ts';
import { suiteServer } from '#tests/helpers/suite.ts';

const SITE = 1;

describe.each(DATABASES)('global config on %s', (kind) => {
  const server = suiteServer(kind);

  const settle = async (client: TestClient) =>
    (await untilSettled(client, `/api${generateStatusRoute.path}?siteId=${SITE}`)).statusCode;

  const productionJs = async () => {
    const [row] = await server.database.db
      .select({ js: artifacts.js, manifest: artifacts.manifest })
      .from(artifactPointers)
      .innerJoin(artifacts, eq(artifacts.id, artifactPointers.artifactId))
      .where(and(eq(artifactPointers.siteId, SITE), eq(artifactPointers.slot, 'production')));
    return row!;
  };

  const settings = {
    currency: 'USD',
    locale: 'en-US',
    priceDecimals: 2,
    currencyDisplay: 'code' as const,
    pictureBaseUrl: 'https://img.example.com/pics',
    regionDetection: 'cookie' as const,
    regionSource: 'city',
    cookieConsentMode: 'opt-in' as const,
    consentCookie: 'shop_consent',
  };

  it('answers the defaults until saved, then versions both copies; generate compiles it into the bundle', async () => {
    const admin = await server.as('admin');
    const empty = await admin.call(getConfigRoute, {
      params: { id: SITE, kind: 'global-config' },
      query: {},
    });
    expect(empty).toMatchObject({ versionId: null, config: globalConfig.parse({}) });
    expect(empty.config).toMatchObject({ currency: 'RUB', locale: 'ru-RU', priceDecimals: 0 });

    const saved = await admin.call(saveGlobalConfigRoute, {
      query: { siteId: SITE },
      body: { ...settings, baseVersionId: null },
    });
    expect(saved).toMatchObject({ version: 1, test: true, author: 'admin', config: settings });
    const read = await admin.call(getConfigRoute, {
      params: { id: SITE, kind: 'global-config' },
      query: {},
    });
    expect(read.config).toEqual(settings);
    // a save on a stale base: 409, nothing written
    const stale = await failure(
      admin.call(saveGlobalConfigRoute, {
        query: { siteId: SITE },
        body: { ...settings, currency: 'EUR', baseVersionId: null },
      }),
    );
    expect(stale.status).toBe(409);

    // Before generate, production's bundle knows nothing of it.
    expect((await productionJs()).js).not.toContain('img.example.com');
    const job = await admin.call(generateConfigRoute, {
      params: { kind: 'global-config' },
      query: { siteId: SITE },
    });
    expect(job).toMatchObject({ kind: 'config-generate' });
    expect(await settle(admin)).toBe(200);
    const versions = await admin.call(configVersionsRoute, {
      params: { id: SITE, kind: 'global-config' },
      query: { test: 'false' },
    });
    expect(versions[0]).toMatchObject({ version: 1, sourceVersionId: saved.versionId });
    const bundle = await productionJs();
    // the boot call is minified: its values are there, its keys unquoted
    const boot = bundle.js.slice(bundle.js.lastIndexOf('digi.site=digi.boot('));
    for (const value of ['"USD"', '"en-US"', '"https://img.example.com/pics"', '"shop_consent"'])
      expect(boot).toContain(value);
    expect(globalOf(settings)).toMatchObject({
      region: { detection: 'cookie', source: 'city' },
      consent: { mode: 'opt-in', cookie: 'shop_consent' },
    });
    expect(bundle.manifest).toMatchObject({
      configs: expect.arrayContaining([
        expect.objectContaining({ kind: 'global-config', versionId: versions[0]!.versionId }),
      ]),
    });

    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'config:global-config'))
      .orderBy(auditLog.id);
    expect(audit.map((entry) => [entry.actor, entry.entityId])).toEqual([
      ['admin', `${SITE}/0/test`],
      ['admin', `${SITE}/0/prod`],
    ]);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const admin = await server.as('admin');
    const before = await server.database.db
      .select()
      .from(configVersions)
      .where(eq(configVersions.kind, 'global-config'));
    for (const bad of [
      { currency: 'rub' },
      { currency: 'RUBLE' },
      { locale: 'russian' },
      { priceDecimals: 3 },
      { priceDecimals: 1.5 },
      { currencyDisplay: 'emoji' },
      { pictureBaseUrl: 'javascript:alert(1)' },
      { pictureBaseUrl: 'https://img.example.com/?a=1' },
      { regionDetection: 'geoip' },
      { cookieConsentMode: 'maybe' },
      { consentCookie: 'bad cookie;' },
      { unknownSetting: true },
    ]) {
      const error = await failure(
        admin.call(saveGlobalConfigRoute, {
          query: { siteId: SITE },
          body: { ...settings, ...bad, baseVersionId: null } as never,
        }),
      );
      expect(error.status, JSON.stringify(bad)).toBe(400);
    }
    expect(
      await server.database.db
        .select()
        .from(configVersions)
        .where(eq(configVersions.kind, 'global-config')),
    ).toEqual(before);
  });

  it('is saved and generated with ROLE_CONFIG_GLOBAL_CONFIG only', async () => {
    // the layout designer and the client hold no ROLE_CONFIG_GLOBAL_CONFIG
    for (const login of ['designer', 'client']) {
      const user = await server.as(login);
      const save = await failure(
        user.call(saveGlobalConfigRoute, {
          query: { siteId: SITE },
          body: { ...settings, baseVersionId: null },
        }),
      );
      expect(save.status, login).toBe(403);
    }
    const designer = await server.as('designer');
    const generate = await failure(
      designer.call(generateConfigRoute, {
        params: { kind: 'global-config' },
        query: { siteId: SITE },
      }),
    );
    expect(generate.status).toBe(403);
    // the integrator preset holds it
    const integrator = await server.as('integrator');
    const current = await integrator.call(getConfigRoute, {
      params: { id: SITE, kind: 'global-config' },
      query: {},
    });
    const saved = await integrator.call(saveGlobalConfigRoute, {
      query: { siteId: SITE },
      body: { ...settings, currency: 'EUR', baseVersionId: current.versionId },
    });
    expect(saved.config.currency).toBe('EUR');
  });
});
