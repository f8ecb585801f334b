import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
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
  defaultTemplatesRoute,
  globalComponentVersionRoute,
  globalComponentVersionsRoute,
  recommendationBlockVersionRoute,
  recommendationBlockVersionsRoute,
} from '#contract/routes/configs.ts';
import { getSiteRoute } from '#contract/routes/sites.ts';
import type { PreviewWidget } from '#studio/bridge/protocol.ts';
import type { EditorDiagnostic } from '#studio/editors/code-editor.tsx';
import { DraftBanner } from '#studio/drafts/draft-banner.tsx';
import { draftKey } from '#studio/drafts/drafts.ts';
import { useDraft } from '#studio/drafts/use-draft.ts';
import { configPermissions } from '#studio/machines/config-permissions.ts';
import { promoteActionOf } from '#studio/machines/config.machine.ts';
import { ConflictDialog } from '#studio/panels/conflict-dialog.tsx';
import { LifecycleToolbar } from '#studio/panels/lifecycle-toolbar.tsx';
import { PreviewPane } from '#studio/panels/preview-pane.tsx';
import { VersionsPanel } from '#studio/panels/versions-panel.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { api } from './api.ts';
import { parseSingleConfig } from './config-actors.ts';
import { usePromoteTarget, useRollback } from './config-promote.ts';
import { useSiteStyles } from './config-styles.ts';
import { RolloutNotice, RolloutSettingsPanel } from './rollout-notice.tsx';
import { SchedulePromotion } from './rollout-schedule.tsx';
import { useLifecycleFlags, type ConfigActor } from './config-form.ts';
import { useVisualGate } from './visual-gate.tsx';
import './config-studio.css';

/*
 * The pieces every config studio screen puts around its form: the copy switch, the lifecycle
 * toolbar with the conflict dialog, the draft banner and the version history.
 */

export type ConfigCopy = 'integration' | 'production';

const quiet = { overlay: false } as const;

/** Integration (test) or production copy: a radio group. */
export function CopySwitch({
  value,
  onChange,
}: {
  value: ConfigCopy;
  onChange: (copy: ConfigCopy) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="copy-switch">
      <legend className="ui-visually-hidden">{t('configStudio.copy.label')}</legend>
      {(['integration', 'production'] as const).map((copy) => (
        <label key={copy} className="copy-switch__option">
          <input
            type="radio"
            name={name}
            value={copy}
            checked={value === copy}
            onChange={() => onChange(copy)}
          />
          {t(`configStudio.copy.${copy}`)}
        </label>
      ))}
    </fieldset>
  );
}

export function usePermissions(kind: ConfigKind) {
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  return configPermissions(kind, roles);
}

/** Save / Save to production / Preview / Generate or Deploy, and the stale-save dialog. */
export function ConfigLifecycle({
  actor,
  kind,
  copy,
  onSave,
}: {
  actor: ConfigActor;
  kind: ConfigKind;
  copy: ConfigCopy;
  /** Validates the form, then sends SAVE (useMachineForm's `save`). */
  onSave: () => void;
}) {
  const flags = useLifecycleFlags(actor);
  const conflict = useSelector(actor, (s) => s.context.conflict);
  const roles = usePermissions(kind);
  const name = useSelector(actor, (s) => (s.context.config as { name?: unknown } | null)?.name);
  const target = usePromoteTarget(kind, typeof name === 'string' ? name : undefined);
  const siteId = useSiteStore((state) => state.siteId);
  const item = useSelector(
    actor,
    (s) => s.context.config as { configId?: number; componentId?: number } | null,
  );
  const gate = useVisualGate({
    siteId,
    kind,
    id: item?.configId ?? item?.componentId,
    promoteAction: promoteActionOf(kind) === 'deploy' ? 'deploy' : 'generate',
    canAccept: roles.canGenerate,
    promote: () => actor.send({ type: 'PROMOTE' }),
  });
  const keyOf = useSelector(actor, (s) => {
    const config = s.context.config as { configId?: unknown; componentId?: unknown } | null;
    const id = config?.configId ?? config?.componentId;
    return typeof id === 'number' ? id : null;
  });
  const configKey = promoteActionOf(kind) === 'deploy' ? keyOf : 0;
  return (
    <>
      <LifecycleToolbar
        flags={flags}
        copy={copy}
        promoteAction={promoteActionOf(kind) === 'deploy' ? 'deploy' : 'generate'}
        roles={roles}
        onSave={onSave}
        onPreview={() => actor.send({ type: 'PREVIEW' })}
        // The visual regression gate first (src/lib/visual-gate.tsx): it promotes when it passes.
        onPromote={gate.request}
        target={target}
      />
      {gate.dialog}
      {siteId !== null && copy === 'integration' && (
        <SchedulePromotion
          siteId={siteId}
          kind={kind}
          configKey={configKey}
          canGenerate={roles.canGenerate}
        />
      )}
      <ConflictDialog
        conflict={conflict}
        onReload={() => actor.send({ type: 'RELOAD' })}
        onOverwrite={() => actor.send({ type: 'OVERWRITE' })}
        onClose={() => actor.send({ type: 'CANCEL' })}
      />
    </>
  );
}

/** Offers an unsaved draft of this copy found in IndexedDB, and keeps writing it while dirty. */
export function ConfigDraft({
  actor,
  siteId,
  kind,
  configKey,
  onRestore,
}: {
  actor: ConfigActor;
  siteId: number;
  kind: ConfigKind;
  configKey: string;
  onRestore: (config: unknown) => void;
}) {
  const config = useSelector(actor, (s) => s.context.config);
  const dirty = useSelector(actor, (s) => s.context.dirty);
  const base = useSelector(actor, (s) => s.context.base.versionId);
  const draft = useDraft(draftKey(siteId, kind, configKey), config, { dirty, baseVersionId: base });
  if (!draft.found) return null;
  return (
    <DraftBanner
      draft={draft.found}
      currentVersionId={base}
      onRestore={() => {
        const found = draft.restore();
        if (found) onRestore(found.config);
      }}
      onDiscard={() => void draft.discard()}
    />
  );
}

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
  // Refetch after every save or promotion of this copy.
  const base = useSelector(actor, (s) => s.context.base.versionId);
  const calls = versionCalls(kind, siteId, configKey);
  const versions = useQuery({
    queryKey: ['config-versions', siteId, kind, configKey ?? 0, base],
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
  const rollback = useRollback(siteId, kind, configKey ?? null, usePermissions(kind).canGenerate);
  const canGenerate = usePermissions(kind).canGenerate;
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
      <RolloutSettingsPanel siteId={siteId} canEdit={canGenerate} />
    </>
  );
}

/** The storefront's default template sources (what an empty part means). */
export function useDefaultTemplates() {
  return useQuery({
    queryKey: ['config-default-templates'],
    queryFn: ({ signal }) => api(defaultTemplatesRoute, { signal }, quiet),
    staleTime: Infinity,
  });
}

/**
 * A component's or block's SCSS → the preview's whole stylesheet, exactly as the search screens
 * make theirs (src/lib/config-styles.ts): the storefront's CSS, the site's compiled tokens, then
 * the SCSS compiled with them in the studio's worker (latest wins).
 */
export function useCompiledCss(
  scss: string,
  { siteId, copy }: { siteId: number; copy: ConfigCopy },
): { css: string; diagnostics: EditorDiagnostic[] } {
  const styles = useSiteStyles(scss, siteId, copy === 'integration');
  return { css: styles.css, diagnostics: styles.diagnostics };
}

/** The live preview of a widget with the site's catalog (the site's public apiKey). */
export function ConfigPreview({
  siteId,
  widget,
  settings,
  templates,
  css,
}: {
  siteId: number;
  widget: PreviewWidget;
  settings: Record<string, unknown>;
  templates: Record<string, string>;
  /** Compiled CSS (useCompiledCss). */
  css: string;
}) {
  const site = useQuery({
    queryKey: ['sites', siteId],
    queryFn: ({ signal }) => api(getSiteRoute, { params: { id: siteId }, signal }, quiet),
  });
  if (!site.data) return null;
  return (
    <PreviewPane
      apiKey={site.data.apiKey}
      widget={widget}
      settings={settings}
      templates={templates}
      css={css}
    />
  );
}
