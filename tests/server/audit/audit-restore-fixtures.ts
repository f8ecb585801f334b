/** The audit suite's server (with products for the custom models) and its audit log reads. */
import { listAuditRoute } from '#contract/routes/audit.ts';
import { auditLog } from '#server/platform/db/schema.ts';
import { demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';
import type { DATABASES } from '#tests/helpers/server.ts';
import { startTestServer, type TestClient, type TestServer } from '#tests/helpers/server.ts';

export const SITE = 2;

/** A server that checks rollouts at once, with 40 demo offers on site 1, and its admin signed in. */
export async function startAuditServer(kind: (typeof DATABASES)[number]) {
  const server = await startTestServer(kind, { env: { ROLLOUT_CHECK_MS: '0' } });
  // products for the custom model's lists
  await importFeed(server.database, 1, await demoFeedUrl({ offers: 40 }));
  const admin = await server.as('admin');
  return { server, admin };
}

/** The latest audit entry of an entity, the count of all entries and an entity's creation entry. */
export function auditHelpers(current: () => { server: TestServer; admin: TestClient }) {
  const latestAudit = async (entity: string, entityId: string) =>
    (await current().admin.call(listAuditRoute, { query: { entity, entityId, limit: 1 } }))
      .entries[0]!;
  const auditCount = async () =>
    (await current().server.database.db.select().from(auditLog)).length;
  const creationOf = async (entity: string, id: number) =>
    (
      await current().admin.call(listAuditRoute, {
        query: { entity, entityId: String(id), limit: 50 },
      })
    ).entries.find((e) => e.action === 'create')!;
  return { latestAudit, auditCount, creationOf };
}
