/** The demo site's production pointer, config changes and the rollback suite's server and calls. */
import { expect } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  configVersionsRoute,
  getConfigRoute,
  saveSearchConfigRoute,
} from '#contract/routes/configs.ts';
import { addMonitoringEmailRoute } from '#contract/routes/mail.ts';
import type { Database } from '#server/platform/db/client.ts';
import {
  artifactPointers,
  bundleErrorViews,
  bundleViews,
  rolloutWatches,
  storefrontErrors,
} from '#server/platform/db/schema.ts';
import { promote } from '#server/publishing/promote.ts';
import type { DATABASES } from '#tests/helpers/server.ts';
import { startTestServer, type TestClient, type TestServer } from '#tests/helpers/server.ts';
import { apiKeyOf } from '#tests/helpers/catalog.ts';

/** The demo site: seeded with both copies and a generated production bundle. */
export const SITE = 1;

export async function productionOf(database: Database): Promise<number | null> {
  const [row] = await database.db
    .select({ artifactId: artifactPointers.artifactId })
    .from(artifactPointers)
    .where(and(eq(artifactPointers.siteId, SITE), eq(artifactPointers.slot, 'production')));
  return row?.artifactId ?? null;
}

/** Saves a change to the autocomplete's integration copy (so the next bundle differs). */
export async function changeAutocomplete(client: TestClient, throttle: number) {
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

/** A server that checks rollouts at once and believes X-Forwarded-For from the local proxy. */
export async function startRollbackServer(kind: (typeof DATABASES)[number]) {
  // the proxy at 127.0.0.1 is believed: X-Forwarded-For plays the shoppers' addresses
  const server = await startTestServer(kind, {
    env: { ROLLOUT_CHECK_MS: '0', TRUST_PROXY: '127.0.0.1' },
  });
  const admin = await server.as('admin');
  const apiKey = await apiKeyOf(server.database, SITE);
  await admin.call(addMonitoringEmailRoute, {
    query: { siteId: SITE },
    body: { email: 'ops@shop.example' },
  });
  return { server, admin, apiKey };
}

/** Promotions, runtime reports and views, watches and events against the suite's current server. */
export function rollbackHelpers(
  current: () => { server: TestServer; admin: TestClient; apiKey: string },
) {
  /** Generate of the autocomplete through the promotion path (a fresh bundle each time). */
  async function promoteChange(throttle: number) {
    const saved = await changeAutocomplete(current().admin, throttle);
    return promote(current().server.database.db, {
      siteId: SITE,
      kind: 'autocomplete',
      key: 0,
      sourceVersionId: saved.versionId!,
      login: 'admin',
      action: 'generate',
    });
  }
  const report = (body: unknown, address = '198.51.100.7') =>
    current().server.app.inject({
      method: 'POST',
      url: '/public/errors',
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': address },
      payload: JSON.stringify(body),
    });
  /** A shopper's page view of the bundle, as the runtime announces it: the view token. */
  const view = async (bundle: string, address: string) => {
    const answer = await current().server.app.inject({
      method: 'POST',
      url: '/public/errors/views',
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': address },
      payload: JSON.stringify({ apiKey: current().apiKey, bundle }),
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
      {
        apiKey: current().apiKey,
        widget: 'autocomplete',
        part: 'products',
        message,
        bundle,
        view: page.token,
      },
      page.address,
    );
  const openWatch = async () =>
    (
      await current()
        .server.database.db.select()
        .from(rolloutWatches)
        .where(eq(rolloutWatches.siteId, SITE))
        .orderBy(desc(rolloutWatches.id))
        .limit(1)
    )[0]!;
  /** Storefront events of one kind (2 search, 4 product view) at a time. */
  const events = (eventKind: number, count: number, at: Date) =>
    current().server.database.db.execute(
      sql`insert into events (site_id, kind, platform, session_id, at, day)
          select ${SITE}, ${eventKind}, 2, 's' || g, ${at.toISOString()}::timestamptz, ${at.toISOString().slice(0, 10)}::date
          from generate_series(1, ${count}) g`,
    );
  const WEEK = 7 * 24 * 3600_000;
  /** Each case runs minutes after the last in simulated time: the signals of the one before are gone. */
  const fresh = async () => {
    await current()
      .server.database.db.delete(storefrontErrors)
      .where(eq(storefrontErrors.siteId, SITE));
    await current().server.database.db.delete(bundleViews).where(eq(bundleViews.siteId, SITE));
    await current()
      .server.database.db.delete(bundleErrorViews)
      .where(eq(bundleErrorViews.siteId, SITE));
    await current().server.database.db.execute(sql`delete from events where site_id = ${SITE}`);
  };
  /** The autocomplete's production versions, newest first, as the console reads them. */
  const productionVersions = () =>
    current().admin.call(configVersionsRoute, {
      params: { id: SITE, kind: 'autocomplete' },
      query: { test: 'false' },
    });
  return {
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
  };
}
