import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  parseGlobalComponent,
  parseRecommendationsBlock,
  type ConfigKind,
  type ConfigVersionMeta,
} from '#contract/entities/config.ts';
import {
  configVersionRoute,
  configVersionsRoute,
  globalComponentVersionRoute,
  globalComponentVersionsRoute,
  recommendationBlockVersionRoute,
  recommendationBlockVersionsRoute,
} from '#contract/routes/configs.ts';
import { VersionsPanel } from '#studio/panels/versions-panel.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { api } from '#src/lib/api.ts';
import { configStudioKeys } from './api/keys.ts';
import { parseSingleConfig } from './config-actors.ts';
import type { ConfigActor } from './config-form.ts';
import { usePermissions } from './config-permissions.ts';
import { newestProductionVersion, usePromoteTarget, useRollback } from './config-promote.ts';
import { RolloutNotice, RolloutSettingsPanel } from './rollout-notice.tsx';

/*
 * The studio's «Версии» tab, its own chunk: both copies' version history with diff and restore,
 * putting an earlier build back on the site, and the automatic rollback's thresholds.
 */

const quiet = { overlay: false } as const;

/** Both copies' version lists of a config, and a loader of one version parsed. */
function versionCalls(kind: ConfigKind, siteId: number, key: number | undefined) {
  const params = { id: siteId };
  if (kind === 'recommendations-block' || kind === 'global-component') {
    const id = key ?? 0;
    const listRoute =
      kind === 'recommendations-block'
        ? recommendationBlockVersionsRoute
        : globalComponentVersionsRoute;
    return {
      list: (test: boolean, signal: AbortSignal) =>
        api(listRoute, { params, query: { id, test: String(test) }, signal }, quiet),
      load: async (versionId: number): Promise<unknown> =>
        kind === 'recommendations-block'
          ? parseRecommendationsBlock(
              (await api(recommendationBlockVersionRoute, { params: { ...params, versionId } }))
                .config,
            )
          : parseGlobalComponent(
              (await api(globalComponentVersionRoute, { params: { ...params, versionId } })).config,
            ),
    };
  }
  const single = kind as
    'instant-search' | 'autocomplete' | 'search' | 'tracking' | 'mvt' | 'global-config';
  return {
    list: (test: boolean, signal: AbortSignal) =>
      api(
        configVersionsRoute,
        { params: { ...params, kind: single }, query: { test: String(test) }, signal },
        quiet,
      ),
    load: async (versionId: number): Promise<unknown> =>
      parseSingleConfig(
        kind,
        (await api(configVersionRoute, { params: { ...params, kind: single, versionId } })).config,
      ),
  };
}

/** The version history of both copies, with diff and restore into the integration draft. */
export function ConfigVersions({
  actor,
  siteId,
  kind,
  configKey,
  canRestore,
  onRestore,
}: {
  actor: ConfigActor;
  siteId: number;
  kind: ConfigKind;
  configKey?: number;
  canRestore: boolean;
  onRestore: (config: unknown) => void;
}) {
  const { t } = useTranslation();
  const current = useSelector(actor, (s) => s.context.config);
  // Refetch after every save of this copy and every promotion to production.
  const base = useSelector(actor, (s) => s.context.base.versionId);
  const promoted = useSelector(actor, (s) => s.context.productionVersionId);
  const calls = versionCalls(kind, siteId, configKey);
  const versions = useQuery({
    queryKey: configStudioKeys.versions(siteId, kind, configKey ?? 0, base, promoted),
    queryFn: async ({ signal }): Promise<ConfigVersionMeta[]> => {
      const [integration, production] = await Promise.all([
        calls.list(true, signal),
        calls.list(false, signal),
      ]);
      return [...integration, ...production];
    },
  });
  const name = useSelector(actor, (s) => (s.context.config as { name?: unknown } | null)?.name);
  const target = usePromoteTarget(kind, typeof name === 'string' ? name : undefined);
  const rollback = useRollback(
    siteId,
    kind,
    configKey ?? null,
    usePermissions(kind).canGenerate,
    newestProductionVersion(versions.data),
    typeof name === 'string' ? name : undefined,
  );
  if (!versions.data) return <Spinner label={t('ui.spinner.loading')} />;
  return (
    <>
      <RolloutNotice siteId={siteId} />
      <VersionsPanel
        versions={versions.data}
        loadVersion={calls.load}
        current={current}
        canRestore={canRestore}
        onRestore={(config) => onRestore(config)}
        {...(rollback
          ? {
              rollback: {
                ...rollback,
                ...target,
                onRollback: async (artifactId, version) => {
                  await rollback.onRollback(artifactId, version);
                  // the toolbar names the version production serves now
                  actor.send({
                    type: 'PRODUCTION_SERVES',
                    sourceVersionId: version.sourceVersionId,
                  });
                  await versions.refetch();
                },
              },
            }
          : {})}
      />
      <RolloutSettingsPanel siteId={siteId} kind={kind} />
    </>
  );
}
