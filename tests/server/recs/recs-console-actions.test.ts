import { describe, expect, it } from 'vitest';
import {
  availableConfigsRoute,
  createStrategyRoute,
  createWidgetRoute,
  deleteStrategyRoute,
  getStrategyRoute,
  listWidgetsRoute,
  refreshRegionalRoute,
  saveStrategyConfigsRoute,
  strategyConfigsRoute,
  widgetsPlacementsRoute,
} from '#contract/routes/recs.ts';
import { DATABASES, failure } from '#tests/helpers/server.ts';
import { suiteServer } from '#tests/helpers/suite.ts';

const site = { params: { site: 1 }, query: { siteId: 1 } };

/** The strategy and widget calls the console's strategy and widget screens make. */
describe.each(DATABASES)('recommendation console actions on %s', (kind) => {
  const server = suiteServer(kind, { work: false });

  it("lists the placements of the site's blocks and of its widgets, with who claims each", async () => {
    const admin = await server.as('admin');
    const hits = await admin.call(createStrategyRoute, {
      ...site,
      body: { name: 'Хиты', modelName: 'popular_window', configs: {} },
    });
    await admin.call(createWidgetRoute, {
      ...site,
      body: {
        widgetId: 'home',
        name: 'На главной',
        placements: ['#recommendations', 'own_call'],
        strategyHash: hits.hash,
      },
    });
    const placements = await admin.call(widgetsPlacementsRoute, site);
    // The seeded demo block «Популярные товары» sits at #recommendations on the home page.
    expect(placements.find((p) => p.placement === '#recommendations')).toEqual({
      placement: '#recommendations',
      widgetIds: ['home'],
      pages: [{ block: 'Популярные товары', placement: '#recommendations', pageType: 'HOME_PAGE' }],
    });
    expect(placements.find((p) => p.placement === 'own_call')).toEqual({
      placement: 'own_call',
      widgetIds: ['home'],
      pages: [],
    });
    // Sorted by name, each once.
    const names = placements.map((p) => p.placement);
    expect(names).toEqual([...new Set(names)].sort((a, b) => a.localeCompare(b)));
    // Another site's placements are not this one's business.
    expect(
      (
        await failure(
          admin.call(widgetsPlacementsRoute, { params: { site: 1 }, query: { siteId: 99 } }),
        )
      ).status,
    ).toBe(404);
  });

  it('edits configs against the model, reads the model entries, deletes a strategy and frees its widgets', async () => {
    const admin = await server.as('admin');
    const strategy = await admin.call(createStrategyRoute, {
      ...site,
      body: { name: 'Популярное', modelName: 'popular_window', configs: { windowDays: '7' } },
    });
    const hashed = { params: { site: 1, hash: strategy.hash }, query: { siteId: 1 } };
    const available = await admin.call(availableConfigsRoute, hashed);
    expect(available.length).toBeGreaterThan(0);
    expect(available.every((entry) => entry.value === null)).toBe(true);
    expect(
      (await admin.call(strategyConfigsRoute, hashed)).find((c) => c.name === 'windowDays')?.value,
    ).toBe('7');
    const saved = await admin.call(saveStrategyConfigsRoute, {
      ...hashed,
      body: { windowDays: '14' },
    });
    expect(saved.configs).toEqual({ windowDays: '14' });
    expect(
      (
        await failure(
          admin.call(saveStrategyConfigsRoute, { ...hashed, body: { windowDays: 'x' } }),
        )
      ).status,
    ).toBe(400);

    await admin.call(createWidgetRoute, {
      ...site,
      body: { widgetId: 'side', name: 'Сбоку', placements: [], strategyHash: strategy.hash },
    });
    // Who only previews strategies may not delete one.
    const sales = await server.as('sales');
    expect((await failure(sales.call(deleteStrategyRoute, hashed))).status).toBe(403);
    // A strategy built on it holds it: refused, naming that strategy, and nothing deleted.
    const personal = await admin.call(createStrategyRoute, {
      ...site,
      body: {
        name: 'Для сессии',
        modelName: 'personal_session',
        configs: { baseStrategy: strategy.hash },
      },
    });
    const held = await failure(admin.call(deleteStrategyRoute, hashed));
    expect(held.status).toBe(409);
    expect(held.message).toContain('«Для сессии»');
    expect((await admin.call(getStrategyRoute, hashed)).hash).toBe(strategy.hash);
    await admin.call(deleteStrategyRoute, {
      params: { site: 1, hash: personal.hash },
      query: { siteId: 1 },
    });
    await admin.call(deleteStrategyRoute, hashed);
    expect((await failure(admin.call(getStrategyRoute, hashed))).status).toBe(404);
    const widgets = await admin.call(listWidgetsRoute, site);
    expect(widgets.find((w) => w.widgetId === 'side')?.strategyHash).toBeNull();
  });

  it('refreshes regional availability as a RECS job of the site', async () => {
    const admin = await server.as('admin');
    const job = await admin.call(refreshRegionalRoute, { query: { siteId: 1 } });
    expect(job.siteId).toBe(1);
    expect(['queued', 'running', 'done']).toContain(job.state);
  });
});
