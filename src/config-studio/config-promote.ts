import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConfigKind } from '#contract/entities/config.ts';
import { CONFIG_KINDS, CONFIG_ROLES } from '#contract/entities/config-roles.ts';
import { hasAccess } from '#contract/roles.ts';
import { listArtifactsRoute, rollbackArtifactRoute } from '#contract/routes/configs.ts';
import type { PromoteTarget } from '#studio/panels/lifecycle-toolbar.tsx';
import type { VersionsRollback } from '#studio/panels/versions-panel.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { api } from '#src/lib/api.ts';
import { siteQueryOptions } from '#src/lib/site-query.ts';
import { configStudioKeys } from './api/keys.ts';

/*
 * What Generate, Deploy and rollback put live: the names their confirmations show, and the
 * production builds (artifacts) a version went live in.
 */

/**
 * What a Generate or Deploy puts live, for its confirmation: the selected site's name and the
 * config's (a block's or component's own name).
 */
export function usePromoteTarget(kind: ConfigKind, name?: string): PromoteTarget {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const site = useQuery({ ...siteQueryOptions(siteId ?? 0), enabled: siteId !== null });
  return {
    site: site.data?.siteName,
    config: t(`studio.lifecycle.kinds.${kind}`, { name: name ?? '' }),
  };
}

/** Each config kind by its screen's name (blocks and components: the screen of them all). */
const KIND_TITLES = {
  'instant-search': 'routes.instantSearch',
  autocomplete: 'routes.autocomplete',
  search: 'routes.search',
  tracking: 'routes.tracking',
  mvt: 'routes.mvt',
  'recommendations-block': 'routes.recsUx',
  'global-component': 'routes.globalComponents',
  'global-config': 'routes.globalConfig',
} as const satisfies Record<ConfigKind, string>;

/** The id of the newest production version of a version list (null: none listed). */
export function newestProductionVersion(
  versions: readonly { versionId: number; test: boolean }[] | undefined,
): number | null {
  let newest: number | null = null;
  for (const version of versions ?? [])
    if (!version.test && (newest === null || version.versionId > newest))
      newest = version.versionId;
  return newest;
}

interface ManifestEntry {
  kind?: unknown;
  id?: unknown;
  versionId?: unknown;
  version?: unknown;
}

/** The configs of a build's manifest by `kind:id`, with their version numbers. */
function manifestConfigs(
  manifest: unknown,
): Map<string, { kind: string; id: number | null; version: number }> {
  const configs = (manifest as { configs?: unknown } | null)?.configs;
  const out = new Map<string, { kind: string; id: number | null; version: number }>();
  if (!Array.isArray(configs)) return out;
  for (const entry of configs as ManifestEntry[]) {
    if (typeof entry.kind !== 'string' || typeof entry.version !== 'number') continue;
    const id = typeof entry.id === 'number' ? entry.id : null;
    out.set(`${entry.kind}:${id ?? ''}`, { kind: entry.kind, id, version: entry.version });
  }
  return out;
}

/** One config a rollback changes: its production version number live now and after (null: none). */
export interface BundleChange {
  kind: string;
  id: number | null;
  from: number | null;
  to: number | null;
}

/**
 * What putting the `target` build live changes against the `live` one: every config whose
 * version differs, appears or goes (a rollback reverts the whole bundle, not one config).
 */
export function bundleChanges(live: unknown, target: unknown): BundleChange[] {
  const before = manifestConfigs(live);
  const after = manifestConfigs(target);
  return [...new Set([...before.keys(), ...after.keys()])]
    .filter((key) => before.get(key)?.version !== after.get(key)?.version)
    .sort()
    .map((key) => {
      const entry = (after.get(key) ?? before.get(key))!;
      return {
        kind: entry.kind,
        id: entry.id,
        from: before.get(key)?.version ?? null,
        to: after.get(key)?.version ?? null,
      };
    });
}

/**
 * The rollback of the versions panel: for each production version of this config, the newest
 * production build that carried it (the server's artifact list), and the rollback call. null
 * without the role to put builds live.
 */
export function useRollback(
  siteId: number,
  kind: ConfigKind,
  key: number | null,
  allowed: boolean,
  /**
   * The newest production version the screen lists: a new one (a generate, a deploy) reads the
   * builds again, so what is live is what the server's production build holds, never a stale list.
   */
  newestProduction?: number | null,
  /** This config's own name (a block's, a component's), for the list of what changes. */
  ownName?: string,
): Omit<VersionsRollback, 'config' | 'site'> | null {
  const { t } = useTranslation();
  const client = useQueryClient();
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const artifacts = useQuery({
    queryKey: configStudioKeys.artifactsAt(siteId, newestProduction ?? null),
    queryFn: ({ signal }) =>
      api(listArtifactsRoute, { params: { id: siteId }, signal }, { overlay: false, quiet: true }),
    enabled: allowed,
    // Production also moves without this screen (a scheduled promotion, another user).
    refetchInterval: 15_000,
  });
  if (!allowed || !artifacts.data) return null;
  const builds = new Map<number, { artifactId: number; live: boolean; blocked?: string }>();
  // Newest first: the first build holding a version is the one to return to.
  for (const artifact of artifacts.data) {
    const manifest = artifact.manifest as { configs?: unknown };
    if (artifact.environment === 'QA' || !Array.isArray(manifest.configs)) continue;
    const entries = manifest.configs as ManifestEntry[];
    // The server puts a build back only for a user who may put each of its configs live.
    const denied = CONFIG_KINDS.filter(
      (other) =>
        entries.some((entry) => entry.kind === other) &&
        !hasAccess(roles, CONFIG_ROLES[other].generate),
    );
    const blocked =
      denied.length > 0
        ? t('configStudio.rollbackDenied', {
            kinds: denied.map((other) => t(KIND_TITLES[other])).join(', '),
          })
        : undefined;
    for (const entry of entries) {
      if (entry.kind !== kind || typeof entry.versionId !== 'number') continue;
      if (key !== null && entry.id !== key) continue;
      const known = builds.get(entry.versionId);
      if (!known)
        builds.set(entry.versionId, {
          artifactId: artifact.id,
          live: artifact.production,
          ...(blocked && { blocked }),
        });
      else if (artifact.production) known.live = true;
    }
  }
  const live = artifacts.data.find((artifact) => artifact.production);
  const changes = (artifactId: number) =>
    bundleChanges(
      live?.manifest,
      artifacts.data?.find((artifact) => artifact.id === artifactId)?.manifest,
    ).map((change) => ({
      config: t(`studio.lifecycle.kinds.${change.kind as ConfigKind}`, {
        // This config by its own name; the others of the bundle by their id.
        name: change.kind === kind && change.id === key && ownName ? ownName : (change.id ?? ''),
      }),
      from: change.from,
      to: change.to,
    }));
  return {
    builds,
    changes,
    onRollback: async (artifactId) => {
      await api(rollbackArtifactRoute, { params: { id: siteId, artifactId } }, { quiet: true });
      await client.invalidateQueries({ queryKey: configStudioKeys.artifacts(siteId) });
    },
  };
}
