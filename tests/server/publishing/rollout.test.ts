/**
 * Scheduled promotion and the automatic rollback on both databases: a scheduled
 * generate fires after the server restarts (a new app on the same database), a cancelled one
 * never fires; widget errors reported by the runtime, or searches falling against the same
 * hours of last week, roll production back to the previous bundle within the window, audited,
 * e-mailed and listed; a normal window does not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { ROLLOUT_DEFAULTS } from '#contract/entities/rollout.ts';
import {
  configVersionsRoute,
  getConfigRoute,
  rollbackArtifactRoute,
  saveSearchConfigRoute,
} from '#contract/routes/configs.ts';
import { addMonitoringEmailRoute } from '#contract/routes/mail.ts';
import { ROLE_PRESETS } from '#contract/role-presets.ts';
import {
  registerSiteToUserRoute,
  registerUserRoute,
  setUserRolesRoute,
} from '#contract/routes/users.ts';
import {
  cancelScheduledPromotionRoute,
  getRolloutSettingsRoute,
  listRolloutWatchesRoute,
  listScheduledPromotionsRoute,
  saveRolloutSettingsRoute,
  schedulePromotionRoute,
} from '#contract/routes/rollout.ts';
import type { Database } from '#server/platform/db/client.ts';
import {
  artifactPointers,
  artifacts,
  auditLog,
  jobs,
  mailOutbox,
  bundleErrorViews,
  bundleViews,
  rolloutWatches,
  scheduledPromotions,
  storefrontErrors,
  users,
  userSites,
} from '#server/platform/db/schema.ts';
import { promote } from '#server/publishing/promote.ts';
import { createConfigRepository } from '#server/configs/repository.ts';
import {
  createTestDatabase,
  DATABASES,
  failure,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';
import { apiKeyOf } from '#tests/helpers/catalog.ts';

/** The demo site: seeded with both copies and a generated production bundle. */
const SITE = 1;

async function productionOf(database: Database): Promise<number | null> {
  const [row] = await database.db
    .select({ artifactId: artifactPointers.artifactId })
    .from(artifactPointers)
    .where(and(eq(artifactPointers.siteId, SITE), eq(artifactPointers.slot, 'production')));
  return row?.artifactId ?? null;
}

/** Saves a change to the autocomplete's integration copy (so the next bundle differs). */
async function changeAutocomplete(client: TestClient, throttle: number) {
  const current = await client.call(getConfigRoute, {
    params: { id: SITE, kind: 'autocomplete' },
    query: { test: 'true' },
  });
  return client.call(saveSearchConfigRoute, {
    params: { kind: 'autocomplete' },
    query: { siteId: SITE },
    body: {
      ...(current.config as object),
      baseVersionId: current.versionId,
      throttleAutocomplete: throttle,
    },
  });
}

describe.each(DATABASES)('scheduled promotion on %s', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-rollout-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fires after a restart: a new app on the same database promotes at the time; a cancelled one never does', async () => {
    let database = await createTestDatabase(kind, kind === 'pglite' ? dir : undefined, {
      seeded: true,
    });
    const keepOpen = {
      ...database,
      close: async () => (kind === 'pglite' ? database.close() : undefined),
    };
    // the first app takes no jobs: whatever fires, fires in the second
    const first = await startTestServer(kind, {
      database: keepOpen,
      work: false,
      env: { ROLLOUT_CHECK_MS: '0' },
    });
    const designer = await first.as('designer');
    const saved = await changeAutocomplete(designer, 777);
    const before = await productionOf(first.database);
    const q = { siteId: SITE };

    const past = await failure(
      designer.call(schedulePromotionRoute, {
        query: q,
        body: { kind: 'autocomplete', runAt: new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expect(past.status).toBe(400);
    const client = await first.as('client');
    expect(
      (
        await failure(
          client.call(schedulePromotionRoute, {
            query: q,
            body: { kind: 'autocomplete', runAt: new Date(Date.now() + 60_000).toISOString() },
          }),
        )
      ).status,
    ).toBe(403);

    const runAt = new Date(Date.now() + 4000).toISOString();
    const scheduled = await designer.call(schedulePromotionRoute, {
      query: q,
      body: { kind: 'autocomplete', runAt },
    });
    expect(scheduled).toMatchObject({
      kind: 'autocomplete',
      action: 'generate',
      state: 'scheduled',
      sourceVersionId: saved.versionId,
      createdBy: 'designer',
    });
    const doomed = await designer.call(schedulePromotionRoute, {
      query: q,
      body: { kind: 'instant-search', runAt: new Date(Date.now() + 3000).toISOString() },
    });
    const cancelled = await designer.call(cancelScheduledPromotionRoute, {
      params: { promotionId: doomed.id },
      query: q,
    });
    expect(cancelled).toMatchObject({ state: 'cancelled', cancelledBy: 'designer' });
    expect(
      (
        await failure(
          designer.call(cancelScheduledPromotionRoute, {
            params: { promotionId: doomed.id },
            query: q,
          }),
        )
      ).status,
    ).toBe(409);
    const listed = await designer.call(listScheduledPromotionsRoute, { query: q });
    expect(listed.map((p) => [p.id, p.state])).toEqual([
      [scheduled.id, 'scheduled'],
      [doomed.id, 'cancelled'],
    ]);
    await first.close();

    database = kind === 'pglite' ? await createTestDatabase('pglite', dir) : database;
    const second = await startTestServer(kind, {
      database,
      seed: false,
      env: { ROLLOUT_CHECK_MS: '0' },
    });
    try {
      const end = Date.now() + 60_000;
      let row = (
        await second.database.db
          .select()
          .from(scheduledPromotions)
          .where(eq(scheduledPromotions.id, scheduled.id))
      )[0]!;
      let jobState = '';
      while (Date.now() < end) {
        row = (
          await second.database.db
            .select()
            .from(scheduledPromotions)
            .where(eq(scheduledPromotions.id, scheduled.id))
        )[0]!;
        if (row.jobId) {
          jobState = (
            await second.database.db.select().from(jobs).where(eq(jobs.id, row.jobId))
          )[0]!.state;
          if (jobState === 'done' || jobState === 'failed') break;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(row.state).toBe('fired');
      expect(row.finishedAt!.getTime()).toBeGreaterThanOrEqual(new Date(runAt).getTime() - 1000);
      expect(jobState).toBe('done');
      const after = await productionOf(second.database);
      expect(after).not.toBe(before);
      const production = await createConfigRepository(second.database.db).latest({
        siteId: SITE,
        kind: 'autocomplete',
        key: 0,
        test: false,
      });
      expect(production).toMatchObject({ sourceVersionId: saved.versionId });
      expect((production!.data as { throttleAutocomplete: number }).throttleAutocomplete).toBe(777);
      const fired = await second.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'scheduled-promotion'), eq(auditLog.action, 'fire')));
      expect(fired.map((a) => a.entityId)).toEqual([String(scheduled.id)]);
      const stillCancelled = (
        await second.database.db
          .select()
          .from(scheduledPromotions)
          .where(eq(scheduledPromotions.id, doomed.id))
      )[0]!;
      expect(stillCancelled).toMatchObject({ state: 'cancelled', jobId: null });
    } finally {
      await second.close();
    }
  }, 240_000);
});

describe.each(DATABASES)('scheduled promotion after its author lost the right on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  const q = { siteId: SITE };
  const designerRoles = [...ROLE_PRESETS['layout designer']];

  beforeAll(async () => {
    // no worker: the test fires the due rows itself, as the timer would
    server = await startTestServer(kind, { work: false, env: { ROLLOUT_CHECK_MS: '0' } });
    admin = await server.as('admin');
    for (const login of ['promoter-roles', 'promoter-site', 'promoter-kept']) {
      await admin.call(registerUserRoute, {
        body: {
          login,
          password: 'correct-horse-7',
          email: `${login}@vitrina.example`,
          roles: designerRoles,
          isClient: true,
        },
      });
      await admin.call(registerSiteToUserRoute, { query: q, body: { login } });
    }
  }, 120_000);
  afterAll(() => server.close());

  const schedule = async (login: string) =>
    (await server.as(login, 'correct-horse-7')).call(schedulePromotionRoute, {
      query: q,
      body: { kind: 'autocomplete', runAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
  const rowOf = async (id: number) =>
    (
      await server.database.db
        .select()
        .from(scheduledPromotions)
        .where(eq(scheduledPromotions.id, id))
    )[0]!;
  const mailTo = (login: string) =>
    server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, `${login}@vitrina.example`));

  it('is cancelled when it fires, not launched, and its author is told', async () => {
    const revoked = await schedule('promoter-roles');
    const detached = await schedule('promoter-site');
    const kept = await schedule('promoter-kept');
    // the generate right taken away; the other author's site detached
    await admin.call(setUserRolesRoute, {
      params: { login: 'promoter-roles' },
      body: designerRoles.filter((role) => role !== 'ROLE_CONFIG_AUTOCOMPLETE_GENERATE'),
    });
    const [author] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.login, 'promoter-site'));
    await server.database.db
      .delete(userSites)
      .where(and(eq(userSites.userId, author!.id), eq(userSites.siteId, SITE)));

    const jobsBefore = (await server.database.db.select().from(jobs)).length;
    for (const promotion of [revoked, detached]) {
      await server.app.rollout.scheduled.fire(promotion.id);
      const row = await rowOf(promotion.id);
      expect(row).toMatchObject({
        state: 'cancelled',
        cancelledBy: 'system:scheduler',
        jobId: null,
      });
      expect(row.error).toMatch(promotion.id === revoked.id ? /right/ : /attached/);
    }
    expect((await server.database.db.select().from(jobs)).length).toBe(jobsBefore);
    for (const login of ['promoter-roles', 'promoter-site']) {
      const mail = await mailTo(login);
      expect(mail.map((m) => m.kind)).toEqual(['scheduled-promotion-cancelled']);
      expect(mail[0]!.body).toMatch(/autocomplete/);
    }
    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'scheduled-promotion'), eq(auditLog.action, 'cancel')));
    expect(audited.map((a) => [a.entityId, a.actor]).sort()).toEqual(
      [
        [String(revoked.id), 'system:scheduler'],
        [String(detached.id), 'system:scheduler'],
      ].sort(),
    );
    // an author who kept the right is launched as before
    await server.app.rollout.scheduled.fire(kept.id);
    const launched = await rowOf(kept.id);
    expect(launched.state).toBe('fired');
    expect(launched.jobId).not.toBeNull();
    expect(await mailTo('promoter-kept')).toEqual([]);
  });
});

describe.each(DATABASES)('automatic rollback on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let apiKey: string;
  beforeAll(async () => {
    // the proxy at 127.0.0.1 is believed: X-Forwarded-For plays the shoppers' addresses
    server = await startTestServer(kind, {
      env: { ROLLOUT_CHECK_MS: '0', TRUST_PROXY: '127.0.0.1' },
    });
    admin = await server.as('admin');
    apiKey = await apiKeyOf(server.database, SITE);
    await admin.call(addMonitoringEmailRoute, {
      query: { siteId: SITE },
      body: { email: 'ops@shop.example' },
    });
  }, 120_000);
  afterAll(() => server.close());

  const q = { siteId: SITE };

  /** Generate of the autocomplete through the promotion path (a fresh bundle each time). */
  async function promoteChange(throttle: number) {
    const saved = await changeAutocomplete(admin, throttle);
    return promote(server.database.db, {
      siteId: SITE,
      kind: 'autocomplete',
      key: 0,
      sourceVersionId: saved.versionId!,
      login: 'admin',
      action: 'generate',
    });
  }
  const report = (body: unknown, address = '198.51.100.7') =>
    server.app.inject({
      method: 'POST',
      url: '/public/errors',
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': address },
      payload: JSON.stringify(body),
    });
  /** A shopper's page view of the bundle, as the runtime announces it: the view token. */
  const view = async (bundle: string, address: string) => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/public/errors/views',
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': address },
      payload: JSON.stringify({ apiKey, bundle }),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { view: string }).view;
  };
  /** `perNetwork` page views from each of `networks` client networks (`prefix.N.x`). */
  const views = async (bundle: string, prefix: string, networks: number, perNetwork: number) => {
    const tokens: { token: string; address: string }[] = [];
    for (let n = 0; n < networks; n += 1)
      for (let i = 0; i < perNetwork; i += 1) {
        const address = `${prefix}.${n}.${i + 1}`;
        tokens.push({ token: await view(bundle, address), address });
      }
    return tokens;
  };
  /** One error report of a page view (its token, from its address). */
  const errorOf = (bundle: string, page: { token: string; address: string }, message = 'boom') =>
    report(
      { apiKey, widget: 'autocomplete', part: 'products', message, bundle, view: page.token },
      page.address,
    );
  const openWatch = async () =>
    (
      await server.database.db
        .select()
        .from(rolloutWatches)
        .where(eq(rolloutWatches.siteId, SITE))
        .orderBy(desc(rolloutWatches.id))
        .limit(1)
    )[0]!;
  /** Storefront events of one kind (2 search, 4 product view) at a time. */
  const events = (eventKind: number, count: number, at: Date) =>
    server.database.db.execute(
      sql`insert into events (site_id, kind, platform, session_id, at, day)
          select ${SITE}, ${eventKind}, 2, 's' || g, ${at.toISOString()}::timestamptz, ${at.toISOString().slice(0, 10)}::date
          from generate_series(1, ${count}) g`,
    );
  const WEEK = 7 * 24 * 3600_000;
  /** Each case runs minutes after the last in simulated time: the signals of the one before are gone. */
  const fresh = async () => {
    await server.database.db.delete(storefrontErrors).where(eq(storefrontErrors.siteId, SITE));
    await server.database.db.delete(bundleViews).where(eq(bundleViews.siteId, SITE));
    await server.database.db.delete(bundleErrorViews).where(eq(bundleErrorViews.siteId, SITE));
    await server.database.db.execute(sql`delete from events where site_id = ${SITE}`);
  };

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

  /** The autocomplete's production versions, newest first, as the console reads them. */
  const productionVersions = () =>
    admin.call(configVersionsRoute, {
      params: { id: SITE, kind: 'autocomplete' },
      query: { test: 'false' },
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
