/**
 * A scheduled generate and the visual gate: scheduling is refused until the version's check
 * passed or was accepted; a promotion that still cannot pass at its time fails with a reason the
 * console words itself, and its author is e-mailed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getConfigRoute, saveSearchConfigRoute } from '#contract/routes/configs.ts';
import { listScheduledPromotionsRoute, schedulePromotionRoute } from '#contract/routes/rollout.ts';
import { mailOutbox, visualGateRuns } from '#server/platform/db/schema.ts';
import { gateFingerprint } from '#server/publishing/visual-gate/gate.ts';
import {
  DATABASES,
  failure,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';

const SITE = 1;
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

describe.each(DATABASES)('scheduled promotion behind the visual gate on %s', (kind) => {
  let server: TestServer;
  let integrator: TestClient;
  let admin: TestClient;
  beforeAll(async () => {
    // No Chromium needed: the runs these tests rely on are written as the gate leaves them.
    server = await startTestServer(kind, {
      env: { VISUAL_GATE: 'on', ROLLOUT_CHECK_MS: '0', MAIL_INTERVAL_MS: '600000' },
    });
    integrator = await server.as('integrator');
    admin = await server.as('admin');
  }, 180_000);
  afterAll(() => server.close());

  const schedule = (client: TestClient) =>
    client.call(schedulePromotionRoute, {
      query: { siteId: SITE },
      body: { kind: 'instant-search', key: 0, runAt: inAnHour() },
    });

  it('refuses to schedule a version whose visual check has not passed, and stores nothing', async () => {
    const refused = await failure(schedule(integrator));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/visual check has not run .*instant search/);
    const list = await integrator.call(listScheduledPromotionsRoute, { query: { siteId: SITE } });
    expect(list).toEqual([]);
  });

  it('fails at its time when production moved since, in its own words, and e-mails the author', async () => {
    const integration = await integrator.call(getConfigRoute, {
      params: { id: SITE, kind: 'instant-search' },
      query: {},
    });
    const target = {
      siteId: SITE,
      kind: 'instant-search' as const,
      key: 0,
      sourceVersionId: integration.versionId!,
    };
    // The check ran on the production of now and its changes were accepted.
    await server.database.db.insert(visualGateRuns).values({
      ...target,
      fingerprint: await gateFingerprint(server.database.db, target),
      state: 'accepted',
      acceptedBy: 'integrator',
      acceptedAt: new Date(),
      createdBy: 'integrator',
      finishedAt: new Date(),
    });
    const scheduled = await schedule(integrator);
    expect(scheduled).toMatchObject({ state: 'scheduled', errorCode: null });

    // Before its time, production changes: another config's production copy is saved.
    const autocomplete = await admin.call(getConfigRoute, {
      params: { id: SITE, kind: 'autocomplete' },
      query: { test: 'false' },
    });
    await admin.call(saveSearchConfigRoute, {
      params: { kind: 'autocomplete' },
      query: { siteId: SITE, test: 'false' },
      body: { ...autocomplete.config, throttle: 301, baseVersionId: autocomplete.versionId },
    });

    const fired = await server.app.rollout.scheduled.fire(scheduled.id);
    expect(fired).toMatchObject({ state: 'failed', errorCode: 'gate-missing' });
    const [listed] = await integrator.call(listScheduledPromotionsRoute, {
      query: { siteId: SITE },
    });
    expect(listed).toMatchObject({ id: scheduled.id, state: 'failed', errorCode: 'gate-missing' });

    const mail = await server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'scheduled-promotion-failed'), eq(mailOutbox.siteId, SITE)));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.recipient).toBe('integrator@vitrina.example');
    expect(mail[0]!.subject).toMatch(/запланированная генерация не запустилась/);
    expect(mail[0]!.body).toMatch(/Причина: визуальная проверка этой версии не была проведена/);
  });
});
