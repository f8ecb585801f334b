import { count, like } from 'drizzle-orm';
import { auditLog, configVersions } from '#server/platform/db/schema.ts';
import type { TestServer } from '#tests/helpers/server.ts';

/** Site 2 (the disabled demo site) starts with no configs; staff are attached to it. */
export const SITE = 2;

/** Counts of stored config versions and config audit rows, read from the server started by the suite. */
export function configCounters(server: () => TestServer) {
  const versionCount = async () =>
    Number((await server().database.db.select({ n: count() }).from(configVersions))[0]!.n);
  const configAudits = async () =>
    Number(
      (
        await server()
          .database.db.select({ n: count() })
          .from(auditLog)
          .where(like(auditLog.entity, 'config:%'))
      )[0]!.n,
    );
  return { versionCount, configAudits };
}

export function blockWire(fields: {
  name: string;
  test: boolean;
  enabledDesktop?: boolean;
  ordering?: number;
}) {
  return {
    name: fields.name,
    test: fields.test,
    ordering: fields.ordering ?? 0,
    enabledDesktop: fields.enabledDesktop ?? false,
    customSettings: JSON.stringify({}),
    htmlTemplate: JSON.stringify({ productItem: { html: '<b>{{name}}</b>' } }),
    baseVersionId: null,
  };
}
