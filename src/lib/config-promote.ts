import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConfigKind } from '#contract/entities/config.ts';
import { CONFIG_KINDS, CONFIG_ROLES } from '#contract/entities/config-roles.ts';
import { hasAccess } from '#contract/roles.ts';
import { listArtifactsRoute, rollbackArtifactRoute } from '#contract/routes/configs.ts';
import { getSiteRoute } from '#contract/routes/sites.ts';
import type { PromoteTarget } from '#studio/panels/lifecycle-toolbar.tsx';
import type { VersionsRollback } from '#studio/panels/versions-panel.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { api } from './api.ts';

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
  const site = useQuery({
    queryKey: ['sites', siteId],
    queryFn: ({ signal }) =>
      api(getSiteRoute, { params: { id: siteId ?? 0 }, signal }, { overlay: false }),
    enabled: siteId !== null,
  });
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

interface ManifestEntry {
  kind?: unknown;
  id?: unknown;
  versionId?: unknown;
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
): Omit<VersionsRollback, 'config' | 'site'> | null {
  const client = useQueryClient();
  const { t } = useTranslation();
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const artifacts = useQuery({
    queryKey: ['artifacts', siteId],
    queryFn: ({ signal }) =>
      api(listArtifactsRoute, { params: { id: siteId }, signal }, { overlay: false, quiet: true }),
    enabled: allowed,
  });
  if (!allowed || !artifacts.data) return null;
  const builds = new Map<number, { artifactId: number; live: boolean; blocked?: string }>();
  // Newest first: the first build holding a version is the one to return to.
  for (const artifact of artifacts.data) {
    const manifest = artifact.manifest as { builtFor?: unknown; configs?: unknown };
    if (manifest.builtFor === 'preview' || !Array.isArray(manifest.configs)) continue;
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
  return {
    builds,
    onRollback: async (artifactId) => {
      await api(rollbackArtifactRoute, { params: { id: siteId, artifactId } }, { quiet: true });
      await client.invalidateQueries({ queryKey: ['artifacts', siteId] });
    },
  };
}
