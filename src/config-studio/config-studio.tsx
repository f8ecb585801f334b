import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useId, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigKind } from '#contract/entities/config.ts';
import { previewTrackingStrategy } from '#contract/public/tracking.ts';
import { defaultTemplatesRoute } from '#contract/routes/configs.ts';
import type { PreviewWidget } from '#studio/bridge/protocol.ts';
import type { EditorDiagnostic } from '#studio/editors/code-editor.tsx';
import { DraftBanner } from '#studio/drafts/draft-banner.tsx';
import { draftKey } from '#studio/drafts/drafts.ts';
import { useDraft } from '#studio/drafts/use-draft.ts';
import { promoteActionOf } from '#studio/machines/config.machine.ts';
import { ConflictDialog } from '#studio/panels/conflict-dialog.tsx';
import { LifecycleToolbar } from '#studio/panels/lifecycle-toolbar.tsx';
import { PreviewPane, type PreviewPaneProps } from '#studio/panels/preview-pane.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { api } from '#src/lib/api.ts';
import { siteQueryOptions } from '#src/lib/site-query.ts';
import { configStudioKeys } from './api/keys.ts';
import { usePromoteTarget } from './config-promote.ts';
import { useSiteStyles } from './config-styles.ts';
import { SchedulePromotion } from './rollout-schedule.tsx';
import { useLifecycleFlags, type ConfigActor } from './config-form.ts';
import { usePermissions } from './config-permissions.ts';
import { VisualGateDialog } from './visual-gate.tsx';
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

/** Save / Save to production / Preview / Generate or Deploy, and the stale-save dialog. */
export function ConfigLifecycle({
  actor,
  kind,
  copy,
  onSave,
  confirmWarnings,
}: {
  actor: ConfigActor;
  kind: ConfigKind;
  copy: ConfigCopy;
  /** Validates the form, then sends SAVE (useMachineForm's `save`). */
  onSave: () => void;
  /**
   * Warnings the Generate / Deploy confirmation shows beside its question (the search screens: the
   * contrast failures of their tokens); they never block the promotion.
   */
  confirmWarnings?: ReactNode;
}) {
  const flags = useLifecycleFlags(actor);
  const conflict = useSelector(actor, (s) => s.context.conflict);
  const roles = usePermissions(kind);
  const name = useSelector(actor, (s) => (s.context.config as { name?: unknown } | null)?.name);
  const target = usePromoteTarget(kind, typeof name === 'string' ? name : undefined);
  const siteId = useSiteStore((state) => state.siteId);
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
        // The visual regression gate first (the machine's gating state): it promotes when it passes.
        onPromote={() => actor.send({ type: 'GATE', purpose: 'promote' })}
        target={target}
        confirmWarnings={confirmWarnings}
      />
      <VisualGateDialog actor={actor} siteId={siteId} canAccept={roles.canGenerate} />
      {siteId !== null && copy === 'integration' && (
        <SchedulePromotion
          actor={actor}
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

const LazyConfigVersions = lazy(() =>
  import('./config-versions.tsx').then((module) => ({ default: module.ConfigVersions })),
);

/** The version history tab (config-versions.tsx): its code loads when a screen first shows it. */
export function ConfigVersions(props: ComponentProps<typeof LazyConfigVersions>) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('ui.spinner.loading')} />}>
      <LazyConfigVersions {...props} />
    </Suspense>
  );
}

/** The storefront's default template sources (what an empty part means). */
export function useDefaultTemplates() {
  return useQuery({
    queryKey: configStudioKeys.defaultTemplates,
    queryFn: ({ signal }) => api(defaultTemplatesRoute, { signal }, quiet),
    staleTime: Infinity,
  });
}

/**
 * A component's or block's SCSS → the preview's whole stylesheet, exactly as the search screens
 * make theirs (config-styles.ts): the storefront's CSS, the site's compiled tokens, then
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
  query,
  compare,
  onErrors,
}: {
  siteId: number;
  widget: PreviewWidget;
  settings: Record<string, unknown>;
  templates: Record<string, string>;
  /** Compiled CSS (useCompiledCss). */
  css: string;
} & Pick<PreviewPaneProps, 'query' | 'compare' | 'onErrors'>) {
  const site = useQuery(siteQueryOptions(siteId));
  const trackAs = useAuthStore((state) => (state.me ? previewTrackingStrategy(state.me) : null));
  if (!site.data) return null;
  return (
    <PreviewPane
      apiKey={site.data.apiKey}
      {...(trackAs && { trackAs })}
      widget={widget}
      settings={settings}
      templates={templates}
      css={css}
      {...(query !== undefined && { query })}
      {...(compare && { compare })}
      {...(onErrors && { onErrors })}
    />
  );
}
