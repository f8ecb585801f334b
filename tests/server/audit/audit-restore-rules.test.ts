/**
 * Restore of merchandising rules and custom models on both databases: a redirect, a boost and a
 * recommendation rule, and a custom model with its lists, each to its before-state, itself
 * audited; what cannot be restored answers 409 and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { restoreAuditRoute } from '#contract/routes/audit.ts';
import {
  createBoostRuleRoute,
  createCustomModelRoute,
  createRecsRuleRoute,
  createRedirectRoute,
  deleteBoostRuleRoute,
  deleteCustomModelProductRoute,
  deleteCustomModelRoute,
  deleteRecsRuleRoute,
  deleteRedirectRoute,
  listCustomModelsRoute,
  updateBoostRuleRoute,
  updateCustomModelRoute,
  updateRecsRuleRoute,
} from '#contract/routes/merchandising.ts';
import {
  auditLog,
  catalogProducts,
  merchBoostRules,
  merchRecsRules,
  merchRedirects,
} from '#server/platform/db/schema.ts';
import { DATABASES, failure, type TestClient, type TestServer } from '#tests/helpers/server.ts';
import { auditHelpers, startAuditServer } from './audit-restore-fixtures.ts';

describe.each(DATABASES)('audit log with restore on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    ({ server, admin } = await startAuditServer(kind));
  }, 120_000);
  afterAll(() => server.close());

  const { latestAudit, auditCount, creationOf } = auditHelpers(() => ({ server, admin }));

  it('restores a redirect deleted and then taken by another rule for its query: 409, nothing changes', async () => {
    const body = { query: 'Возврат', url: 'https://shop.example.ru/return', mobileUrl: null };
    const first = await admin.call(createRedirectRoute, {
      query: { siteId: 1 },
      body: { ...body, name: 'Возврат' },
    });
    await admin.call(deleteRedirectRoute, { query: { siteId: 1, id: first.id } });
    const deletion = await latestAudit('redirect-rule', String(first.id));
    const second = await admin.call(createRedirectRoute, {
      query: { siteId: 1 },
      body: { ...body, url: 'https://shop.example.ru/returns', name: 'Возвраты' },
    });
    const before = await auditCount();
    const refused = await failure(admin.call(restoreAuditRoute, { params: { id: deletion.id } }));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/clashes with what exists now/);
    expect(await auditCount()).toBe(before);
    const rows = await server.database.db
      .select()
      .from(merchRedirects)
      .where(eq(merchRedirects.queryKey, 'возврат'));
    expect(rows.map((r) => [r.id, r.url])).toEqual([
      [second.id, 'https://shop.example.ru/returns'],
    ]);
  });

  it('restores a boost rule after an edit, a deletion and a creation; a rule gone answers 409', async () => {
    const input = {
      name: 'Kari выше',
      boostType: 'BRANDS' as const,
      queries: ['куртка'],
      filters: ['Kari'],
      weight: 2,
    };
    const created = await admin.call(createBoostRuleRoute, { query: { siteId: 1 }, body: input });
    await admin.call(updateBoostRuleRoute, {
      query: { siteId: 1 },
      body: { ...input, id: created.id, name: 'Kari ниже', weight: -3, filters: ['Gloria'] },
    });
    const rule = async () =>
      (
        await server.database.db
          .select()
          .from(merchBoostRules)
          .where(eq(merchBoostRules.id, created.id))
      )[0];
    expect(await rule()).toMatchObject({ name: 'Kari ниже', weight: -3, items: ['Gloria'] });
    const edit = await latestAudit('boost-rule', String(created.id));
    expect(edit).toMatchObject({ action: 'update', siteId: 1, restorable: true });
    const restored = await admin.call(restoreAuditRoute, { params: { id: edit.id } });
    expect(restored).toMatchObject({ action: 'restore', entity: 'boost-rule', siteId: 1 });
    expect(restored.before).toMatchObject({ name: 'Kari ниже', weight: -3 });
    expect(restored.after).toMatchObject({ name: 'Kari выше', weight: 2, items: ['Kari'] });
    expect(await rule()).toMatchObject({
      siteId: 1,
      name: 'Kari выше',
      boostType: 'BRANDS',
      queryKeys: ['куртка'],
      weight: 2,
      items: ['Kari'],
    });

    await admin.call(deleteBoostRuleRoute, { query: { siteId: 1, id: created.id } });
    expect(await rule()).toBeUndefined();
    const deletion = await latestAudit('boost-rule', String(created.id));
    expect(deletion).toMatchObject({ action: 'delete', restorable: true });
    await admin.call(restoreAuditRoute, { params: { id: deletion.id } });
    expect(await rule()).toMatchObject({ id: created.id, name: 'Kari выше', items: ['Kari'] });

    const creation = await creationOf('boost-rule', created.id);
    await admin.call(restoreAuditRoute, { params: { id: creation.id } });
    expect(await rule()).toBeUndefined();
    const before = await auditCount();
    const again = await failure(admin.call(restoreAuditRoute, { params: { id: creation.id } }));
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/no longer exists/);
    expect(await auditCount()).toBe(before);
  });

  it('restores a recommendation rule after an edit, a deletion and a creation', async () => {
    const input = {
      name: 'Без распродажи',
      priority: 3,
      startDate: '2026-01-01T00:00',
      boostType: 'FILTER' as const,
      productIds: ['p-1', 'p-2'],
      placements: ['cart'],
    };
    const created = await admin.call(createRecsRuleRoute, { query: { siteId: 1 }, body: input });
    const rule = async () =>
      (
        await server.database.db
          .select()
          .from(merchRecsRules)
          .where(eq(merchRecsRules.id, created.id))
      )[0];
    const original = (await rule())!;
    await admin.call(updateRecsRuleRoute, {
      query: { siteId: 1 },
      body: {
        ...input,
        id: created.id,
        priority: 9,
        boostType: 'HARD',
        placements: [],
        startDate: '2026-03-01T00:00',
      },
    });
    expect(await rule()).toMatchObject({ priority: 9, boostType: 'HARD', placements: [] });
    const edit = await latestAudit('recs-rule', String(created.id));
    expect(edit).toMatchObject({ action: 'update', siteId: 1, restorable: true });
    await admin.call(restoreAuditRoute, { params: { id: edit.id } });
    const back = await rule();
    expect(back).toMatchObject({
      priority: 3,
      boostType: 'FILTER',
      productIds: ['p-1', 'p-2'],
      placements: ['cart'],
    });
    // the period comes back as the instant it was
    expect(back!.startAt.getTime()).toBe(original.startAt.getTime());

    await admin.call(deleteRecsRuleRoute, { query: { siteId: 1, id: created.id } });
    const deletion = await latestAudit('recs-rule', String(created.id));
    await admin.call(restoreAuditRoute, { params: { id: deletion.id } });
    expect(await rule()).toMatchObject({ id: created.id, priority: 3, placements: ['cart'] });

    const creation = await creationOf('recs-rule', created.id);
    await admin.call(restoreAuditRoute, { params: { id: creation.id } });
    expect(await rule()).toBeUndefined();
    expect(
      (await failure(admin.call(restoreAuditRoute, { params: { id: creation.id } }))).status,
    ).toBe(409);
  });

  it('restores a custom model: an edit, an upload, a deleted product, a deletion with its lists, a creation', async () => {
    const [x, y] = (
      await server.database.db
        .select({ id: catalogProducts.id })
        .from(catalogProducts)
        .orderBy(catalogProducts.id)
        .limit(2)
    ).map((p) => p.id) as [string, string];
    const model = await admin.call(createCustomModelRoute, {
      query: { siteId: 1 },
      body: { name: 'Лето' },
    });
    const current = async () =>
      (await admin.call(listCustomModelsRoute, { query: { siteId: 1 } })).find(
        (m) => m.id === model.id,
      );
    const latest = () => latestAudit('custom-model', String(model.id));

    await admin.call(updateCustomModelRoute, {
      query: { siteId: 1 },
      body: { id: model.id, name: 'Лето-2', enabled: false },
    });
    const edit = await latest();
    expect(edit).toMatchObject({ action: 'update', siteId: 1, restorable: true });
    await admin.call(restoreAuditRoute, { params: { id: edit.id } });
    expect(await current()).toMatchObject({ name: 'Лето', enabled: true });

    const uploadList = async (text: string) => {
      const form = new FormData();
      form.append('modelId', String(model.id));
      form.append('file', new Blob([text]), 'model.csv');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const response = await admin.raw({
        method: 'POST',
        url: '/api/custom/model/upload?siteId=1',
        payload: Buffer.from(await request.arrayBuffer()),
        headers: {
          'content-type': request.headers.get('content-type')!,
          'x-xsrf-token': admin.cookies.get('XSRF-TOKEN')!,
        },
      });
      expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
    };
    await uploadList(['query,productId,position', `Шапка,${x},0`, `Шапка,${y},1`].join('\n'));
    await uploadList(['query,productId,position', `шапка,${y},0`, `шарф,${x},0`].join('\n'));
    expect((await current())!.queries).toEqual([
      { query: 'шапка', productIds: [y] },
      { query: 'шарф', productIds: [x] },
    ]);
    const upload = await latest();
    expect(upload).toMatchObject({ action: 'upload', siteId: 1, restorable: true });
    await admin.call(restoreAuditRoute, { params: { id: upload.id } });
    // the uploaded queries' lists as they were: «шапка» as the first file had it, no «шарф»
    expect((await current())!.queries).toEqual([{ query: 'Шапка', productIds: [x, y] }]);

    await admin.call(deleteCustomModelProductRoute, {
      query: { siteId: 1, modelId: model.id, productId: x },
    });
    expect((await current())!.queries).toEqual([{ query: 'Шапка', productIds: [y] }]);
    const removal = await latest();
    expect(removal).toMatchObject({ action: 'delete-product', siteId: 1, restorable: true });
    await admin.call(restoreAuditRoute, { params: { id: removal.id } });
    expect((await current())!.queries).toEqual([{ query: 'Шапка', productIds: [x, y] }]);

    await admin.call(deleteCustomModelRoute, { query: { siteId: 1, id: model.id } });
    expect(await current()).toBeUndefined();
    const deletion = await latest();
    expect(deletion).toMatchObject({ action: 'delete', siteId: 1, restorable: true });
    const restored = await admin.call(restoreAuditRoute, { params: { id: deletion.id } });
    expect(restored).toMatchObject({ action: 'restore', entity: 'custom-model', before: null });
    expect(await current()).toMatchObject({
      id: model.id,
      name: 'Лето',
      enabled: true,
      queries: [{ query: 'Шапка', productIds: [x, y] }],
    });

    const creation = await creationOf('custom-model', model.id);
    await admin.call(restoreAuditRoute, { params: { id: creation.id } });
    expect(await current()).toBeUndefined();
    // the restore that removed it can itself be restored: the model and its lists come back
    const removedByRestore = await latest();
    expect(removedByRestore).toMatchObject({ action: 'restore', after: null, restorable: true });
    await admin.call(restoreAuditRoute, { params: { id: removedByRestore.id } });
    expect((await current())!.queries).toEqual([{ query: 'Шапка', productIds: [x, y] }]);
  });

  it('refuses a custom model whose name was taken since, a list change of a model gone, and a deletion recorded without its lists', async () => {
    const model = await admin.call(createCustomModelRoute, {
      query: { siteId: 1 },
      body: { name: 'Осень' },
    });
    await admin.call(deleteCustomModelRoute, { query: { siteId: 1, id: model.id } });
    const deletion = await latestAudit('custom-model', String(model.id));
    const other = await admin.call(createCustomModelRoute, {
      query: { siteId: 1 },
      body: { name: 'Осень' },
    });
    const models = async () =>
      (await admin.call(listCustomModelsRoute, { query: { siteId: 1 } }))
        .filter((m) => m.name === 'Осень')
        .map((m) => m.id);
    const before = await auditCount();
    const clash = await failure(admin.call(restoreAuditRoute, { params: { id: deletion.id } }));
    expect(clash.status).toBe(409);
    expect(clash.message).toMatch(/clashes with what exists now/);
    expect(await models()).toEqual([other.id]);
    expect(await auditCount()).toBe(before);

    // a product removed from a model deleted since: the model has to come back first
    await server.database.db.insert(auditLog).values({
      actor: 'admin',
      action: 'delete-product',
      entity: 'custom-model',
      entityId: String(model.id),
      siteId: 1,
      before: [
        { modelId: model.id, query: 'шапка', queryKey: 'шапка', productId: 'p', position: 0 },
      ],
    });
    const orphan = await latestAudit('custom-model', String(model.id));
    expect(orphan.restorable).toBe(true);
    const gone = await failure(admin.call(restoreAuditRoute, { params: { id: orphan.id } }));
    expect(gone.status).toBe(409);
    expect(gone.message).toMatch(/no longer exists/);

    // written before the audit kept a deleted model's lists: restoring would lose them
    await server.database.db.insert(auditLog).values({
      actor: 'admin',
      action: 'delete',
      entity: 'custom-model',
      entityId: String(other.id),
      siteId: 1,
      before: { id: other.id, siteId: 1, name: 'Осень', enabled: true },
    });
    const old = await latestAudit('custom-model', String(other.id));
    expect(old.restorable).toBe(false);
    const counted = await auditCount();
    const refused = await failure(admin.call(restoreAuditRoute, { params: { id: old.id } }));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/query lists were not recorded/);
    expect(await auditCount()).toBe(counted);
    expect(await models()).toEqual([other.id]);
  });
});
