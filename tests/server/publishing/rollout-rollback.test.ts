/**
 * The automatic rollback on both databases: its settings; widget errors reported by the runtime,
 * or searches falling against the same hours of last week, roll production back to the previous
 * bundle within the window, audited, e-mailed and listed; a script holding the apiKey, a normal
 * window or a switched-off rollout do not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { ROLLOUT_DEFAULTS } from '#contract/entities/rollout.ts';
import { rollbackArtifactRoute } from '#contract/routes/configs.ts';
import {
  getRolloutSettingsRoute,
  listRolloutWatchesRoute,
  saveRolloutSettingsRoute,
} from '#contract/routes/rollout.ts';
import { artifacts, auditLog, mailOutbox, rolloutWatches } from '#server/platform/db/schema.ts';
import { DATABASES, failure, type TestClient, type TestServer } from '#tests/helpers/server.ts';
import { SITE, productionOf, rollbackHelpers, startRollbackServer } from './rollout-fixtures.ts';

describe.each(DATABASES)('automatic rollback on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let apiKey: string;
  beforeAll(async () => {
    ({ server, admin, apiKey } = await startRollbackServer(kind));
  }, 120_000);
  afterAll(() => server.close());

  const q = { siteId: SITE };
  const {
    promoteChange,
    report,
    view,
    views,
    errorOf,
    openWatch,
    events,
    WEEK,
    fresh,
    productionVersions,
  } = rollbackHelpers(() => ({ server, admin, apiKey }));

  it('settings: defaults, saved per site, refused when out of range', async () => {
    expect(await admin.call(getRolloutSettingsRoute, { query: q })).toEqual(ROLLOUT_DEFAULTS);
    const saved = await admin.call(saveRolloutSettingsRoute, {
      query: q,
      body: { ...ROLLOUT_DEFAULTS, windowMinutes: 30, maxWidgetErrors: 5 },
    });
    expect(saved.maxWidgetErrors).toBe(5);
    const bad = await failure(
      admin.call(saveRolloutSettingsRoute, {
        query: q,
        body: { ...ROLLOUT_DEFAULTS, windowMinutes: 0 },
      }),
    );
    expect(bad.status).toBe(400);
    expect((await admin.call(getRolloutSettingsRoute, { query: q })).windowMinutes).toBe(30);
  });

  it('the runtime reports widget errors: counted per minute; bad reports refused', async () => {
    const [artifact] = await server.database.db
      .select({ hash: artifacts.hash })
      .from(artifacts)
      .where(eq(artifacts.id, (await productionOf(server.database))!));
    const bundle = artifact!.hash;
    const token = await view(bundle, '203.0.113.9');
    const good = { apiKey, widget: 'autocomplete', message: 'x', bundle, view: token };
    expect((await report({ ...good, apiKey: 'nope' }, '203.0.113.9')).statusCode).toBe(401);
    expect((await report({ ...good, widget: 'header' }, '203.0.113.9')).statusCode).toBe(400);
    expect((await report({ ...good, message: 'x'.repeat(501) }, '203.0.113.9')).statusCode).toBe(
      400,
    );
    // the bundle and a view token are required; a view of an unknown bundle is refused
    const { bundle: _bundle, view: _view, ...bare } = good;
    expect((await report(bare, '203.0.113.9')).statusCode).toBe(400);
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/public/errors/views',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ apiKey, bundle: 'f'.repeat(64) }),
    });
    expect(unknown.statusCode).toBe(400);
    expect((await report(good, '203.0.113.9')).statusCode).toBe(204);
  });

  it('an induced widget error spike rolls production back within the window, audited, e-mailed, listed', async () => {
    const previous = await productionOf(server.database);
    const servedBefore = (await productionVersions()).filter((v) => v.live);
    expect(servedBefore).toHaveLength(1);
    const promoted = await promoteChange(801);
    expect(await productionOf(server.database)).toBe(promoted.artifactId);
    const [newest, ...older] = await productionVersions();
    expect(newest).toMatchObject({ live: true, sourceVersionId: expect.any(Number) });
    expect(older.filter((v) => v.live)).toEqual([]);
    const watch = await openWatch();
    expect(watch).toMatchObject({
      state: 'watching',
      artifactId: promoted.artifactId,
      previousArtifactId: previous,
    });
    expect(watch.endsAt.getTime() - watch.startedAt.getTime()).toBe(30 * 60_000);
    await admin.call(saveRolloutSettingsRoute, {
      query: q,
      body: {
        ...ROLLOUT_DEFAULTS,
        windowMinutes: 30,
        maxWidgetErrors: 5,
        minViews: 50,
        maxErrorRatePercent: 5,
        minErrorSources: 5,
      },
    });
    // 100 shoppers' page views of the new bundle from 10 networks; 4 of them fail to render
    const pages = await views(promoted.hash, '10.20', 10, 10);
    for (let n = 0; n < 4; n += 1) {
      const page = pages[n * 10]!;
      expect((await errorOf(promoted.hash, page)).statusCode).toBe(204);
      // the same page reporting again (another error, or replayed) counts once
      expect((await errorOf(promoted.hash, page, 'again')).statusCode).toBe(204);
    }
    const early = new Date(watch.startedAt.getTime() + 60_000);
    expect((await server.app.rollout.check(early))[0]).toMatchObject({ state: 'watching' });
    expect(await productionOf(server.database)).toBe(promoted.artifactId);
    await report(
      {
        apiKey,
        widget: 'instantSearch',
        part: 'list',
        message: 'boom',
        bundle: promoted.hash,
        view: pages[40]!.token,
      },
      pages[40]!.address,
    );
    const outcome = await server.app.rollout.check(new Date(watch.startedAt.getTime() + 120_000));
    expect(outcome).toEqual([
      { watchId: watch.id, siteId: SITE, state: 'rolled_back', reason: 'errors' },
    ]);
    expect(await productionOf(server.database)).toBe(previous);
    const cdn = await server.app.inject({ url: `/cdn/${SITE}/digi.js` });
    expect(cdn.body).not.toContain(promoted.hash);
    // the production version is the one production serves again, not the newest (the toolbar
    // and the versions panel read this): the versions themselves are not rewound
    const after = await productionVersions();
    expect(after[0]).toMatchObject({ versionId: newest!.versionId, live: false });
    expect(after.filter((v) => v.live)).toEqual([servedBefore[0]]);

    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auto-rollback'));
    expect(audit).toMatchObject({
      actor: 'system:rollout',
      entity: 'artifact-pointer',
      entityId: `${SITE}/production`,
      siteId: SITE,
      before: { artifactId: promoted.artifactId },
      after: { artifactId: previous, reason: 'errors' },
    });
    const mail = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'rollout-rollback'));
    expect(mail.map((m) => m.recipient)).toContain('ops@shop.example');
    expect(mail[0]!.subject).toMatch(/откачен автоматически/);
    expect(mail[0]!.body).toMatch(/Ошибки виджетов: 5/);
    const listed = await admin.call(listRolloutWatchesRoute, { query: q });
    expect(listed[0]).toMatchObject({
      id: watch.id,
      state: 'rolled_back',
      reason: 'errors',
      figures: { widgetErrors: 5, views: 100, errorSources: 5 },
    });
    // checked again, nothing more happens
    expect(await server.app.rollout.check(new Date(watch.startedAt.getTime() + 180_000))).toEqual(
      [],
    );

    // «Вернуть на сайт» back to the promoted bundle goes the same way: the newest is live again,
    // audited the same (a rollback to a bundle of another site is refused and changes nothing)
    const elsewhere = await failure(
      admin.call(rollbackArtifactRoute, { params: { id: 2, artifactId: promoted.artifactId } }),
    );
    expect(elsewhere.status).toBe(404);
    expect(await productionOf(server.database)).toBe(previous);
    await admin.call(rollbackArtifactRoute, {
      params: { id: SITE, artifactId: promoted.artifactId },
    });
    expect((await productionVersions()).filter((v) => v.live).map((v) => v.versionId)).toEqual([
      newest!.versionId,
    ]);
    const [manual] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'rollback'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(manual).toMatchObject({
      actor: 'admin',
      entityId: `${SITE}/production`,
      siteId: SITE,
      before: { artifactId: previous },
      after: { artifactId: promoted.artifactId, hash: promoted.hash },
    });
    expect(audit!.after).toMatchObject({ hash: expect.any(String) });
  }, 120_000);

  it('a script holding the apiKey cannot roll back: tokens bind bundle and network, each view counts once, one network is not enough', async () => {
    await fresh();
    // the defaults: 20 erroring views, 5 % of at least 200 views, from 10 networks
    await admin.call(saveRolloutSettingsRoute, {
      query: q,
      body: { ...ROLLOUT_DEFAULTS, windowMinutes: 30, minViews: 40, maxWidgetErrors: 5 },
    });
    const promoted = await promoteChange(806);
    const watch = await openWatch();
    // the attack of the report: 20 bare error posts right after a release
    for (let i = 0; i < 20; i += 1)
      expect(
        (await report({ apiKey, widget: 'autocomplete', message: 'fake' }, '192.0.2.66'))
          .statusCode,
      ).toBe(400);
    // forged or borrowed tokens are refused
    const bundle = promoted.hash;
    const fake = { apiKey, widget: 'autocomplete', message: 'fake', bundle };
    expect(
      (await report({ ...fake, view: 'x'.repeat(16) + '.1.' + 'y'.repeat(24) })).statusCode,
    ).toBe(400);
    // 40 page views, all from the attacker's network 192.0.0.0/24
    const pages = await views(bundle, '192.0', 1, 40);
    const other = await server.database.db
      .select({ hash: artifacts.hash })
      .from(artifacts)
      .where(eq(artifacts.id, watch.previousArtifactId!));
    expect(
      (await report({ ...fake, bundle: other[0]!.hash, view: pages[0]!.token }, pages[0]!.address))
        .statusCode,
    ).toBe(400);
    // a token presented from another network than the one it was issued to
    expect((await report({ ...fake, view: pages[0]!.token }, '198.18.0.1')).statusCode).toBe(400);
    // from its own network: pages report twice; each page counts once
    for (const page of pages.slice(0, 9))
      for (let i = 0; i < 2; i += 1) expect((await errorOf(bundle, page)).statusCode).toBe(204);
    // views and reports are limited per network and minute: more than a minute's allowance at
    // once (split by a minute's end, one part still exceeds it)
    const reports = await Promise.all(
      Array.from({ length: 50 }, (_, i) => errorOf(bundle, pages[9 + (i % 31)]!)),
    );
    expect(reports.filter((answer) => answer.statusCode === 429).length).toBeGreaterThan(0);
    const limited = await Promise.all(
      Array.from({ length: 130 }, (_, i) =>
        server.app.inject({
          method: 'POST',
          url: '/public/errors/views',
          headers: { 'content-type': 'text/plain', 'x-forwarded-for': `192.0.2.${1 + (i % 100)}` },
          payload: JSON.stringify({ apiKey, bundle }),
        }),
      ),
    );
    expect(limited.filter((answer) => answer.statusCode === 429).length).toBeGreaterThan(0);
    const outcome = await server.app.rollout.check(new Date(watch.startedAt.getTime() + 60_000));
    expect(outcome).toEqual([{ watchId: watch.id, siteId: SITE, state: 'watching', reason: null }]);
    expect(await productionOf(server.database)).toBe(promoted.artifactId);
    const [checked] = await admin.call(listRolloutWatchesRoute, { query: q });
    // enough erroring views, a large share of the views, but all from one network of the ten
    const figures = checked!.figures!;
    expect(figures.errorSources).toBe(1);
    expect(figures.widgetErrors).toBeGreaterThanOrEqual(9);
    expect(figures.widgetErrors).toBeLessThanOrEqual(40);
    expect(figures.views).toBeGreaterThanOrEqual(40);
    expect(figures.widgetErrors * 100).toBeGreaterThanOrEqual(figures.views! * 5);
  }, 120_000);

  it('a normal window does not roll back: the watch passes when it ends', async () => {
    await fresh();
    // only the share of erroring views can stop this one: 10 erroring views suffice otherwise
    await admin.call(saveRolloutSettingsRoute, {
      query: q,
      body: {
        ...ROLLOUT_DEFAULTS,
        windowMinutes: 30,
        maxWidgetErrors: 5,
        minViews: 50,
        maxErrorRatePercent: 5,
        minErrorSources: 5,
      },
    });
    const promoted = await promoteChange(802);
    const watch = await openWatch();
    const start = watch.startedAt.getTime();
    // last week: 100 searches, 40 product views in those hours; now: 95 and 38 (and one error)
    await events(2, 100, new Date(start - WEEK + 5 * 60_000));
    await events(4, 40, new Date(start - WEEK + 6 * 60_000));
    await events(2, 95, new Date(start + 5 * 60_000));
    await events(4, 38, new Date(start + 6 * 60_000));
    // 200 page views from 20 networks, 6 of them (from 6 networks) erroring: 3 % of the views,
    // under the 5 % that rolls back, though more than the 5 erroring views it asks for
    const pages = await views(promoted.hash, '10.30', 20, 10);
    for (let n = 0; n < 6; n += 1)
      expect((await errorOf(promoted.hash, pages[n * 10]!)).statusCode).toBe(204);
    const during = await server.app.rollout.check(new Date(start + 20 * 60_000));
    expect(during).toEqual([{ watchId: watch.id, siteId: SITE, state: 'watching', reason: null }]);
    const ended = await server.app.rollout.check(new Date(start + 31 * 60_000));
    expect(ended).toEqual([{ watchId: watch.id, siteId: SITE, state: 'passed', reason: null }]);
    expect(await productionOf(server.database)).toBe(promoted.artifactId);
    const listed = await admin.call(listRolloutWatchesRoute, { query: q });
    expect(listed[0]).toMatchObject({
      state: 'passed',
      figures: {
        searches: 95,
        baselineSearches: 100,
        widgetErrors: 6,
        views: 200,
        errorSources: 6,
      },
    });
  }, 120_000);

  it('searches falling against the same hours of last week roll back; click-through too', async () => {
    await fresh();
    const previous = await productionOf(server.database);
    await promoteChange(803);
    const watch = await openWatch();
    const start = watch.startedAt.getTime();
    await events(2, 120, new Date(start - WEEK + 2 * 60_000));
    await events(2, 30, new Date(start + 2 * 60_000));
    const outcome = await server.app.rollout.check(new Date(start + 10 * 60_000));
    expect(outcome[0]).toMatchObject({ state: 'rolled_back', reason: 'searches' });
    expect(await productionOf(server.database)).toBe(previous);

    await fresh();
    const before = await productionOf(server.database);
    await promoteChange(804);
    const ctrWatch = await openWatch();
    const at = ctrWatch.startedAt.getTime();
    await events(2, 100, new Date(at - WEEK + 60_000));
    await events(4, 50, new Date(at - WEEK + 60_000));
    await events(2, 100, new Date(at + 60_000));
    await events(4, 10, new Date(at + 60_000));
    const ctr = await server.app.rollout.check(new Date(at + 5 * 60_000));
    expect(ctr[0]).toMatchObject({ state: 'rolled_back', reason: 'ctr' });
    expect(await productionOf(server.database)).toBe(before);
  });

  it('switched off, a promotion is not watched', async () => {
    await admin.call(saveRolloutSettingsRoute, {
      query: q,
      body: { ...ROLLOUT_DEFAULTS, enabled: false },
    });
    const watches = async () =>
      (
        await server.database.db
          .select()
          .from(rolloutWatches)
          .where(eq(rolloutWatches.siteId, SITE))
      ).length;
    const count = await watches();
    await promoteChange(805);
    expect(await watches()).toBe(count);
  });
});
