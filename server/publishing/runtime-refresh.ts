/**
 * A production bundle carries the storefront runtime it was built with (its manifest's `runtime`,
 * the hash of the storefront sources). When an upgrade changes the runtime — and with it what the
 * runtime expects of the public API's answers — a bundle built before would keep running the old
 * one against the new server. Such bundles are rebuilt from exactly the config versions they serve
 * (not the newest saved ones: a rolled-back site stays rolled back), and published as any build is.
 */
import { and, eq } from 'drizzle-orm';
import { anyOf } from '../platform/db/any.ts';
import type { Db } from '../platform/db/client.ts';
import { artifactPointers, artifacts, configVersions } from '../platform/db/schema.ts';
import { apiKeyOfSite } from '../sites/repository.ts';
import { publishBundle } from './bundle/publish.ts';
import { runtimeSourceKey } from './bundle/runtime.ts';
import type { BundleManifest } from './bundle/types.ts';
import { bundleConfigs } from './bundle-configs.ts';

export interface RuntimeRefresh {
  siteId: number;
  /** The new production artifact, or the reason the site keeps its bundle. */
  outcome: { artifactId: number } | { error: string };
}

/** Rebuilds every production bundle whose runtime is not the current one; answers what it did. */
export async function refreshStaleBundles(
  db: Db,
  login = 'system:runtime-upgrade',
): Promise<RuntimeRefresh[]> {
  const current = `${runtimeSourceKey()}-`;
  const live = await db
    .select({ siteId: artifactPointers.siteId, manifest: artifacts.manifest })
    .from(artifactPointers)
    .innerJoin(artifacts, eq(artifacts.id, artifactPointers.artifactId))
    .where(eq(artifactPointers.slot, 'production'));
  const refreshed: RuntimeRefresh[] = [];
  for (const { siteId, manifest } of live) {
    const { runtime, configs } = manifest as BundleManifest;
    if (runtime.startsWith(current)) continue;
    try {
      const apiKey = await apiKeyOfSite(db, siteId);
      if (apiKey === null) continue;
      const ids = configs.flatMap((entry) => (entry.versionId === null ? [] : [entry.versionId]));
      const rows = ids.length
        ? await db
            .select()
            .from(configVersions)
            .where(and(eq(configVersions.siteId, siteId), anyOf(configVersions.id, ids, 'int')))
        : [];
      const result = await publishBundle(db, {
        siteId,
        apiKey,
        publicBaseUrl: '',
        configs: bundleConfigs(rows),
        slot: 'production',
        login,
      });
      refreshed.push({ siteId, outcome: { artifactId: result.artifactId } });
    } catch (error) {
      refreshed.push({
        siteId,
        outcome: { error: error instanceof Error ? error.message : String(error) },
      });
    }
  }
  return refreshed;
}
