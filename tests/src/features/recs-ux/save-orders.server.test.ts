// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '#contract/client.ts';
import {
  listGlobalComponentsRoute,
  listRecommendationBlocksRoute,
} from '#contract/routes/configs.ts';
import {
  createBlock,
  listBlocks,
  saveBlock,
  saveOrderings,
} from '#src/features/recs-ux/api/blocks.ts';
import {
  createComponent,
  listComponents,
  saveOrderings as saveComponentOrderings,
} from '#src/features/components-ux/api/components.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';

/*
 * The screens' save sequences (spec §4) against the real server: the functions the pages call,
 * with the test client's `call` in place of the console's api().
 */
describe.each(DATABASES)('recommendation block and component save orders on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('creates a block: a disabled production copy with defaults, then the test copy under its configId', async () => {
    const { call } = await server.as('integrator');
    const before = await listBlocks(call, 1, true);
    const created = await createBlock(call, 1, {
      name: 'Хиты (серверный тест)',
      ordering: before.length,
    });
    const production = await listBlocks(call, 1, false);
    const prodCopy = production.find((item) => item.block.configId === created.block.configId);
    expect(prodCopy?.block).toMatchObject({
      name: 'Хиты (серверный тест)',
      test: false,
      enabledDesktop: false,
      enabledMobile: false,
    });
    expect(created.block).toMatchObject({ test: true, ordering: before.length });
    expect(created.version).toBe(1);
    // The production copy was written first: its version is older.
    expect(prodCopy!.versionId!).toBeLessThan(created.versionId!);
    // ordering travels inside customSettings (JSON text) and comes back.
    const raw = await call(listRecommendationBlocksRoute, {
      params: { id: 1 },
      query: { id: created.block.configId, test: 'true' },
    });
    expect(JSON.parse(raw.data[0]!.customSettings)).toMatchObject({
      ordering: before.length,
    });
  });

  it('saves new orderings of the moved integration copies; a stale one is refused with 409', async () => {
    const { call } = await server.as('integrator');
    await createBlock(call, 1, { name: 'Первый', ordering: 50 });
    await createBlock(call, 1, { name: 'Второй', ordering: 51 });
    const blocks = await listBlocks(call, 1, true);
    const reversed = [...blocks].reverse();
    const saved = await saveOrderings(call, 1, reversed);
    expect(saved.map((item) => item.block.ordering)).toEqual(reversed.map((_, index) => index));
    expect((await listBlocks(call, 1, true)).map((item) => item.block.name)).toEqual(
      reversed.map((item) => item.block.name),
    );
    // The list read before the reorder is stale now.
    const stale = blocks[0]!;
    const error = await saveBlock(
      call,
      1,
      { ...stale.block, message: 'старое' },
      stale.versionId,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
  });

  it('creates a component: the production copy first, then the integration copy under its componentId', async () => {
    const { call } = await server.as('admin');
    const created = await createComponent(call, 1, {
      name: 'Кнопка корзины (серверный тест)',
      type: 'CART_BUTTON',
      view: 'DEFAULT',
      ordering: 10,
    });
    const production = await listComponents(call, 1, false);
    const prodCopy = production.find(
      (item) => item.component.componentId === created.component.componentId,
    );
    expect(prodCopy?.component).toMatchObject({
      type: 'CART_BUTTON',
      name: 'Кнопка корзины (серверный тест)',
    });
    expect(prodCopy!.versionId!).toBeLessThan(created.versionId!);
    expect(created.component.customSettings).toMatchObject({
      ordering: 10,
      asyncCheckTime: 500,
      asyncMaxAttempts: 5,
      initCheckInterval: 1000,
      initCheckAttempts: 3,
    });
    const raw = await call(listGlobalComponentsRoute, {
      params: { id: 1 },
      query: { test: 'true' },
    });
    expect(raw.data.some((item) => item.componentId === created.component.componentId)).toBe(true);

    const all = await listComponents(call, 1, true);
    const others = all.filter(
      (item) => item.component.componentId !== created.component.componentId,
    );
    const moved = [created, ...others];
    const saved = await saveComponentOrderings(call, 1, moved);
    expect(saved[0]!.component.componentId).toBe(created.component.componentId);
    expect(saved[0]!.component.customSettings.ordering).toBe(0);
  });

  it('a manager may not create a block (its production copy needs save to production)', async () => {
    const { call } = await server.as('manager');
    const error = await createBlock(call, 1, { name: 'Нельзя', ordering: 0 }).catch(
      (e: unknown) => e,
    );
    expect((error as ApiError).status).toBe(403);
  });
});
