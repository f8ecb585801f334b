/**
 * Scheduled promotion on both databases: a scheduled generate fires after the server restarts
 * (a new app on the same database), a cancelled one never fires, and one whose author lost the
 * right is cancelled when it fires.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ROLE_PRESETS } from '#contract/role-presets.ts';
import {
  registerSiteToUserRoute,
  registerUserRoute,
  setUserRolesRoute,
} from '#contract/routes/users.ts';
import {
  cancelScheduledPromotionRoute,
  listScheduledPromotionsRoute,
  schedulePromotionRoute,
} from '#contract/routes/rollout.ts';
import {
  auditLog,
  jobs,
  mailOutbox,
  scheduledPromotions,
  users,
  userSites,
} from '#server/platform/db/schema.ts';
import { createConfigRepository } from '#server/configs/repository.ts';
import {
  createTestDatabase,
  DATABASES,
  failure,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';
import { SITE, changeAutocomplete, productionOf } from './rollout-fixtures.ts';

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
