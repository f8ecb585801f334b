import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  parseGlobalComponent,
  searchConfig,
  SEARCH_TEMPLATE_PARTS,
} from '#contract/entities/config.ts';
import {
  defaultInstantSearchRoute,
  defaultTemplatesRoute,
  deleteGlobalComponentRoute,
  getConfigRoute,
  globalComponentVersionRoute,
  globalComponentVersionsRoute,
  listGlobalComponentsRoute,
  saveGlobalComponentRoute,
} from '#contract/routes/configs.ts';
import { configVersions } from '#server/platform/db/schema.ts';
import { HttpError } from '#server/platform/http/http-error.ts';
import {
  appendVersion,
  createConfigRepository,
  type ConfigVersionRow,
} from '#server/configs/repository.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { SITE } from './configs-fixtures.ts';

describe.each(DATABASES)('configs on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('creates a component the spec way: production first, then integration under the componentId', async () => {
    const designer = await server.as('designer');
    const wire = {
      name: 'Карточка',
      type: 'PRODUCT' as const,
      view: 'FASHION' as const,
      template: JSON.stringify({ html: '<div>{{name}}</div>', script: '' }),
      customSettings: JSON.stringify({ ordering: 2, pickerParams: ['Цвет'] }),
      css: '.digi-card { color: red; }',
    };
    const prod = await designer.call(saveGlobalComponentRoute, {
      query: { siteId: SITE, test: 'false' },
      body: { ...wire, test: false, baseVersionId: null },
    });
    const componentId = prod.config.componentId!;
    expect(prod).toMatchObject({ test: false, version: 1 });
    const integration = await designer.call(saveGlobalComponentRoute, {
      query: { siteId: SITE, test: 'true' },
      body: { ...wire, componentId, test: true, baseVersionId: null },
    });
    expect(integration).toMatchObject({ test: true, version: 1, config: { componentId } });
    const listed = await designer.call(listGlobalComponentsRoute, {
      params: { id: SITE },
      query: { test: 'true' },
    });
    expect(listed.data).toHaveLength(1);
    // Spec part 1 §7, on the wire as the spec's client reads it: componentId, template and
    // customSettings (JSON text) at the top level of each item, the version metadata beside them.
    const rawList = await designer.raw({
      method: 'GET',
      url: `/api/site/${SITE}/config/global-component?test=true`,
    });
    expect(rawList.statusCode).toBe(200);
    const [item] = (rawList.json() as { data: Record<string, unknown>[] }).data;
    expect(Object.keys(item!).sort()).toEqual(
      [
        'author',
        'componentId',
        'createdAt',
        'css',
        'customSettings',
        'name',
        'template',
        'test',
        'type',
        'version',
        'versionId',
        'view',
      ].sort(),
    );
    expect(item).toMatchObject({
      componentId,
      versionId: integration.versionId,
      version: 1,
      test: true,
      author: 'designer',
      template: wire.template,
    });
    expect(JSON.parse(item!.customSettings as string)).toMatchObject({ ordering: 2 });
    const parsed = parseGlobalComponent(listed.data[0]!);
    expect(parsed).toMatchObject({
      componentId,
      view: 'FASHION',
      template: { html: '<div>{{name}}</div>' },
      customSettings: { ordering: 2, pickerParams: ['Цвет'], asyncCheckTime: 500 },
    });
    const history = await designer.call(globalComponentVersionsRoute, {
      params: { id: SITE },
      query: { id: componentId, test: 'false' },
    });
    expect(history.map((v) => v.versionId)).toEqual([prod.versionId]);
    expect(
      await designer.call(globalComponentVersionRoute, {
        params: { id: SITE, versionId: integration.versionId! },
      }),
    ).toMatchObject({ test: true, config: { componentId } });
    // The query and the body disagree on the copy: 400.
    expect(
      (
        await failure(
          designer.call(saveGlobalComponentRoute, {
            query: { siteId: SITE, test: 'true' },
            body: { ...wire, componentId, test: false, baseVersionId: prod.versionId },
          }),
        )
      ).status,
    ).toBe(400);
    // A manager may save the integration copy but not delete.
    const manager = await server.as('manager');
    expect(
      (
        await failure(
          manager.call(deleteGlobalComponentRoute, { query: { siteId: SITE, id: componentId } }),
        )
      ).status,
    ).toBe(403);
    await designer.call(deleteGlobalComponentRoute, { query: { siteId: SITE, id: componentId } });
    expect(
      await designer.call(listGlobalComponentsRoute, { params: { id: SITE }, query: {} }),
    ).toEqual({ data: [] });
  });

  it('migrates old fields of a stored search config on load', async () => {
    const admin = await server.as('admin');
    await server.database.db.insert(configVersions).values({
      siteId: SITE,
      kind: 'instant-search',
      key: 0,
      test: false,
      version: 1,
      author: 'legacy',
      data: {
        enabled: true,
        customSettings: { verticalAutocomplete: true, inputWidth: false, topBrands: 7 },
      },
    });
    const loaded = await admin.call(getConfigRoute, {
      params: { id: SITE, kind: 'instant-search' },
      query: { test: 'false' },
    });
    const settings = searchConfig.parse(loaded.config).customSettings;
    expect(settings).toMatchObject({
      typesAC: ['queries', 'products', 'history', 'taps', 'categories', 'brands'],
      acWidthType: 'FULL_WIDTH',
      topBrands: 7,
    });
    expect(settings).not.toHaveProperty('verticalAutocomplete');
    expect(settings).not.toHaveProperty('inputWidth');
  });

  it('serves the default instant search config and the storefront default templates', async () => {
    const manager = await server.as('manager');
    const defaults = await manager.call(defaultInstantSearchRoute, {});
    expect(searchConfig.parse(defaults).throttle).toBe(800);
    for (const part of SEARCH_TEMPLATE_PARTS) expect(defaults.htmlTemplate[part]).toBeTruthy();
    const templates = await manager.call(defaultTemplatesRoute, {});
    expect(Object.keys(templates.search)).toEqual(
      expect.arrayContaining(['facetTreeList', 'autocomplete']),
    );
    expect(Object.keys(templates.recommendations).sort()).toEqual([
      'common',
      'infinityList',
      'infinityListModal',
      'productItem',
      'swiper',
    ]);
    expect(Object.keys(templates.components)).toEqual(
      expect.arrayContaining(['card', 'productCard', 'slider', 'cartButton', 'favoriteButton']),
    );
    expect(templates.components.card).toContain('digi-card');
    expect(templates.tokens).toHaveProperty('Colors');
    const client = await server.as('client');
    expect((await failure(client.call(defaultTemplatesRoute, {}))).status).toBe(403);
  });
});

/**
 * A delete racing a save: on PostgreSQL the save holds the version number the tombstone wants
 * until it commits. PGlite has one connection and runs transactions one after the other, so
 * the race cannot happen there.
 */
describe.each(DATABASES.filter((kind) => kind === 'postgres'))(
  'config delete racing a save on %s',
  (kind) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
    });
    afterAll(() => server.close());

    async function until(condition: () => Promise<boolean> | boolean) {
      const end = Date.now() + 10_000;
      while (!(await condition())) {
        if (Date.now() > end) throw new Error('timed out waiting for the race to set up');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    /** Whether a statement of this database waits on a lock (the racing insert). */
    async function waiting(): Promise<boolean> {
      const result = await server.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
      return (rows[0] as { n: number }).n > 0;
    }

    it('answers 409 naming the save, not 500, and writes no tombstone', async () => {
      const { db } = server.database;
      const configs = createConfigRepository(db);
      const key = await configs.allocateKey();
      const copy = { siteId: SITE, kind: 'recommendations-block' as const, key, test: true };
      const first = await configs.save({
        copy,
        data: { name: 'Гонка' },
        author: 'integrator',
        baseVersionId: null,
      });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let saved: ConfigVersionRow | undefined;
      const saving = db.transaction(async (tx) => {
        saved = await appendVersion(tx, {
          copy,
          data: { name: 'Гонка 2' },
          author: 'racer',
          baseVersionId: first.id,
        });
        await gate;
      });
      await until(() => saved !== undefined);
      const removing = configs.remove(SITE, copy.kind, key, 'admin').then(
        () => null,
        (error: unknown) => error,
      );
      // The tombstone's insert waits on the uncommitted save's row.
      await until(waiting);
      release();
      await saving;
      const error = await removing;
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({
        status: 409,
        fields: { conflict: { versionId: saved!.id, version: 2, author: 'racer' } },
      });
      const versions = await configs.versions(copy);
      expect(versions.map((row) => row.version)).toEqual([2, 1]);
      expect(await configs.latest(copy)).toMatchObject({ id: saved!.id, deleted: false });
      // Reloaded, the delete goes through.
      expect(await configs.remove(SITE, copy.kind, key, 'admin')).toBe(true);
      expect(await configs.latest(copy)).toMatchObject({ deleted: true });
    });

    it('answers 404 to the loser of two racing deletes', async () => {
      const { db } = server.database;
      const configs = createConfigRepository(db);
      const key = await configs.allocateKey();
      const copy = { siteId: SITE, kind: 'global-component' as const, key, test: true };
      const first = await configs.save({
        copy,
        data: { name: 'Дважды' },
        author: 'designer',
        baseVersionId: null,
      });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let tombstoned = false;
      // The winner, held open after writing its tombstone.
      const winning = db.transaction(async (tx) => {
        await tx.insert(configVersions).values({
          ...copy,
          version: first.version + 1,
          data: first.data,
          deleted: true,
          author: 'winner',
        });
        tombstoned = true;
        await gate;
      });
      await until(() => tombstoned);
      const losing = configs.remove(SITE, copy.kind, key, 'loser').then(
        (removed) => removed,
        (error: unknown) => error,
      );
      await until(waiting);
      release();
      await winning;
      expect(await losing).toBe(false);
      expect(await configs.latest(copy)).toMatchObject({ author: 'winner', deleted: true });
    });
  },
);
