/**
 * The audit log screen's calls on both databases: filters by site, user, entity and time;
 * restore of a config version, a query-list entry and a redirect rule to its before-state,
 * itself audited; restoring an unknown or unrestorable entry changes nothing; administrators only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditFacetsRoute, listAuditRoute, restoreAuditRoute } from '#contract/routes/audit.ts';
import { getConfigRoute, saveSearchConfigRoute } from '#contract/routes/configs.ts';
import { QUERY_LIST_ROUTES } from '#contract/routes/query-lists.ts';
import {
  createRedirectRoute,
  deleteRedirectRoute,
  updateRedirectRoute,
} from '#contract/routes/merchandising.ts';
import { ROLLOUT_DEFAULTS } from '#contract/entities/rollout.ts';
import { saveRolloutSettingsRoute } from '#contract/routes/rollout.ts';
import { auditLog, merchRedirects, queryListEntries } from '#server/platform/db/schema.ts';
import { DATABASES, failure, type TestClient, type TestServer } from '#tests/helpers/server.ts';
import { SITE, auditHelpers, startAuditServer } from './audit-restore-fixtures.ts';

describe.each(DATABASES)('audit log with restore on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    ({ server, admin } = await startAuditServer(kind));
  }, 120_000);
  afterAll(() => server.close());

  const { latestAudit } = auditHelpers(() => ({ server, admin }));

  it('restores a config version: a new version holding the before data, audited', async () => {
    const designer = await server.as('designer');
    const first = await designer.call(saveSearchConfigRoute, {
      params: { kind: 'autocomplete' },
      query: { siteId: SITE },
      body: { baseVersionId: null, enabled: true, throttle: 500 },
    });
    await designer.call(saveSearchConfigRoute, {
      params: { kind: 'autocomplete' },
      query: { siteId: SITE },
      body: { ...first.config, baseVersionId: first.versionId, throttle: 900 },
    });
    const change = await latestAudit('config:autocomplete', `${SITE}/0/test`);
    expect(change).toMatchObject({
      actor: 'designer',
      action: 'save',
      siteId: SITE,
      restorable: true,
    });
    expect(change.before).toMatchObject({ data: { throttle: 500 } });
    expect(change.after).toMatchObject({ data: { throttle: 900 } });

    const restored = await admin.call(restoreAuditRoute, { params: { id: change.id } });
    expect(restored).toMatchObject({
      actor: 'admin',
      action: 'restore',
      entity: 'config:autocomplete',
    });
    const now = await designer.call(getConfigRoute, {
      params: { id: SITE, kind: 'autocomplete' },
      query: { test: 'true' },
    });
    expect(now).toMatchObject({ version: 3 });
    expect(now.config).toMatchObject({ throttle: 500 });

    // the first save had no before-state: refused, nothing written
    const creation = (
      await admin.call(listAuditRoute, {
        query: { entity: 'config', entityId: `${SITE}/0/test`, limit: 50 },
      })
    ).entries.find((entry) => entry.action === 'save' && entry.before === null)!;
    expect(creation.restorable).toBe(false);
    const refused = await failure(admin.call(restoreAuditRoute, { params: { id: creation.id } }));
    expect(refused.status).toBe(409);
    expect(
      (
        await designer.call(getConfigRoute, {
          params: { id: SITE, kind: 'autocomplete' },
          query: { test: 'true' },
        })
      ).version,
    ).toBe(3);
  });

  it('restores a query-list entry after an edit, a deletion and a creation', async () => {
    const R = QUERY_LIST_ROUTES.synonyms;
    const q = { siteId: 1 };
    const entry = await admin.call(R.add, {
      query: q,
      body: { term: 'Худи', variants: ['свитер'], mode: 'two-way' },
    });
    await admin.call(R.update!, {
      query: q,
      body: { id: entry.id, term: 'худи', variants: ['куртка'], mode: 'one-way' },
    });
    const row = async () =>
      (
        await server.database.db
          .select()
          .from(queryListEntries)
          .where(eq(queryListEntries.id, entry.id))
      )[0];
    const edit = await latestAudit('query-list:synonyms', String(entry.id));
    expect(edit).toMatchObject({ action: 'update', siteId: 1, restorable: true });
    await admin.call(restoreAuditRoute, { params: { id: edit.id } });
    expect(await row()).toMatchObject({
      term: 'Худи',
      variants: ['свитер'],
      mode: 'two-way',
      siteIds: [1],
    });

    await admin.call(R.remove, { query: q, body: { ids: [entry.id] } });
    expect(await row()).toBeUndefined();
    const deletion = await latestAudit('query-list:synonyms', String(entry.id));
    expect(deletion).toMatchObject({ action: 'delete', siteId: 1, restorable: true });
    await admin.call(restoreAuditRoute, { params: { id: deletion.id } });
    expect(await row()).toMatchObject({ id: entry.id, term: 'Худи', siteIds: [1] });

    const creation = (
      await admin.call(listAuditRoute, {
        query: { entity: 'query-list:synonyms', entityId: String(entry.id), limit: 50 },
      })
    ).entries.find((e) => e.action === 'create')!;
    await admin.call(restoreAuditRoute, { params: { id: creation.id } });
    expect(await row()).toBeUndefined();
    // restoring the creation again: the entry is gone, 409
    expect(
      (await failure(admin.call(restoreAuditRoute, { params: { id: creation.id } }))).status,
    ).toBe(409);
  });

  it('restores a merchandising rule after an edit, a deletion and a creation', async () => {
    const created = await admin.call(createRedirectRoute, {
      query: { siteId: 1 },
      body: {
        query: 'Доставка',
        url: 'https://shop.example.ru/delivery',
        mobileUrl: null,
        name: 'Доставка',
      },
    });
    await admin.call(updateRedirectRoute, {
      query: { siteId: 1 },
      body: {
        id: created.id,
        query: 'Доставка',
        url: 'https://shop.example.ru/oops',
        mobileUrl: null,
        name: 'Доставка',
      },
    });
    const rule = async () =>
      (
        await server.database.db
          .select()
          .from(merchRedirects)
          .where(and(eq(merchRedirects.id, created.id), eq(merchRedirects.siteId, 1)))
      )[0];
    expect((await rule())!.url).toBe('https://shop.example.ru/oops');
    const edit = await latestAudit('redirect-rule', String(created.id));
    expect(edit).toMatchObject({ action: 'update', siteId: 1, restorable: true });
    const restored = await admin.call(restoreAuditRoute, { params: { id: edit.id } });
    expect(restored).toMatchObject({ action: 'restore', entity: 'redirect-rule', siteId: 1 });
    expect(restored.before).toMatchObject({ url: 'https://shop.example.ru/oops' });
    expect(restored.after).toMatchObject({ url: 'https://shop.example.ru/delivery' });
    expect((await rule())!.url).toBe('https://shop.example.ru/delivery');

    await admin.call(deleteRedirectRoute, { query: { siteId: 1, id: created.id } });
    const deletion = await latestAudit('redirect-rule', String(created.id));
    await admin.call(restoreAuditRoute, { params: { id: deletion.id } });
    expect(await rule()).toMatchObject({ id: created.id, url: 'https://shop.example.ru/delivery' });

    const creation = (
      await admin.call(listAuditRoute, {
        query: { entity: 'redirect-rule', entityId: String(created.id), limit: 50 },
      })
    ).entries.find((e) => e.action === 'create')!;
    await admin.call(restoreAuditRoute, { params: { id: creation.id } });
    expect(await rule()).toBeUndefined();
  });
  it('filters by site, user, entity family and time; lists facets; pages by id', async () => {
    const bySite = await admin.call(listAuditRoute, { query: { siteId: SITE, limit: 200 } });
    expect(bySite.entries.length).toBeGreaterThan(0);
    expect(bySite.entries.every((e) => e.siteId === SITE)).toBe(true);
    const byActor = await admin.call(listAuditRoute, { query: { actor: 'designer' } });
    expect(byActor.entries.every((e) => e.actor === 'designer')).toBe(true);
    const family = await admin.call(listAuditRoute, { query: { entity: 'config' } });
    expect(family.entries.length).toBeGreaterThan(0);
    expect(family.entries.every((e) => e.entity.startsWith('config:'))).toBe(true);
    const future = await admin.call(listAuditRoute, {
      query: { from: new Date(Date.now() + 3600_000).toISOString() },
    });
    expect(future.entries).toEqual([]);
    const page = await admin.call(listAuditRoute, { query: { limit: 2 } });
    expect(page.hasMore).toBe(true);
    const next = await admin.call(listAuditRoute, {
      query: { limit: 2, beforeId: page.entries[1]!.id },
    });
    expect(next.entries[0]!.id).toBeLessThan(page.entries[1]!.id);
    const facets = await admin.call(auditFacetsRoute, {});
    expect(facets.entities).toEqual(
      expect.arrayContaining(['config', 'config:autocomplete', 'redirect-rule']),
    );
    expect(facets.actors).toEqual(expect.arrayContaining(['admin', 'designer']));
    const bad = await failure(
      admin.call(listAuditRoute, { query: { from: 'yesterday' } as never }),
    );
    expect(bad.status).toBe(400);
  });

  it('is for administrators only; restoring an unknown or unrestorable entry changes nothing', async () => {
    const designer = await server.as('designer');
    expect((await failure(designer.call(listAuditRoute, { query: {} }))).status).toBe(403);
    const any = (await admin.call(listAuditRoute, { query: { limit: 1 } })).entries[0]!;
    expect(
      (await failure(designer.call(restoreAuditRoute, { params: { id: any.id } }))).status,
    ).toBe(403);
    expect(
      (await failure(admin.call(restoreAuditRoute, { params: { id: 99_999_999 } }))).status,
    ).toBe(404);
    await admin.call(saveRolloutSettingsRoute, {
      query: { siteId: SITE },
      body: { ...ROLLOUT_DEFAULTS, windowMinutes: 30 },
    });
    const settings = (
      await admin.call(listAuditRoute, { query: { entity: 'rollout-settings', siteId: SITE } })
    ).entries[0]!;
    expect(settings).toMatchObject({ actor: 'admin', restorable: false });
    const count = async () => (await server.database.db.select().from(auditLog)).length;
    const before = await count();
    const refused = await failure(admin.call(restoreAuditRoute, { params: { id: settings.id } }));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(
      /only config versions, query-list entries, merchandising rules and custom models/,
    );
    expect(await count()).toBe(before);
  });
});
