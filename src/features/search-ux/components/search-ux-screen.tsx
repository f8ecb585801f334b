import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  searchConfig,
  type SearchConfig,
  type SearchConfigInput,
} from '#contract/entities/config.ts';
import { draftKey, saveDraft } from '#studio/drafts/drafts.ts';
import type { EditorDiagnostic } from '#studio/editors/types.ts';
import { RolloutNotice } from '#src/config-studio/rollout-notice.tsx';
import type { PreviewError } from '#studio/bridge/protocol.ts';
import { ContrastWarning } from '#studio/panels/contrast-warning.tsx';
import { useDeferredContrastFailures } from '#studio/panels/contrast-deferred.ts';
import type { TokenTree } from '#tokens/core/types.ts';
import { useCopyAccess, usePermissions } from '#src/config-studio/config-permissions.ts';
import {
  useConfigActor,
  useLifecycleFlags,
  useMachineForm,
} from '#src/config-studio/config-form.ts';
import { useCompiledStyles, useTokenScss } from '#src/config-studio/config-styles.ts';
import { ConfigDraft, ConfigLifecycle, ConfigPreview } from '#src/config-studio/config-studio.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { ReadOnlyNotice } from '#src/ui/read-only/read-only-notice.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { toast } from '#src/ui/toast/toast-store.ts';
import { searchUxKeys } from '../api/keys.ts';
import {
  defaultTemplatesQueryOptions,
  searchConfigQueryOptions,
  versionsQueryOptions,
} from '../api/search-ux-queries.ts';
import { siteQueryOptions } from '#src/lib/site-query.ts';
import { previewSettings, previewTemplates } from '../lib/preview-settings.ts';
import { previewWidgetOf, type SearchUxKind } from '../lib/search-ux-kind.ts';
import { EditorTabs, type EditorTab } from './editor-tabs.tsx';
import { PreviewWindowButtons } from './preview-window-buttons.tsx';

export interface SearchUxScreenProps {
  kind: SearchUxKind;
  siteId: number;
  copy: 'integration' | 'production';
  tab: EditorTab;
  onTabChange: (tab: EditorTab) => void;
  /** Switches the edited copy (a production version restored goes to the integration draft). */
  onCopyChange: (copy: 'integration' | 'production') => void;
}

/** The last config that parsed, so a half-typed number does not blank the preview. */
function useParsed(config: unknown): SearchConfig {
  const [last, setLast] = useState(() => ({ source: config, parsed: parseOr(config, null) }));
  if (last.source !== config) {
    // Derived state, updated during render (react.dev "storing information from previous renders").
    const next = { source: config, parsed: parseOr(config, last.parsed) };
    setLast(next);
    return next.parsed;
  }
  return last.parsed;
}

function parseOr(config: unknown, fallback: SearchConfig | null): SearchConfig {
  const result = searchConfig.safeParse(config ?? {});
  return result.success ? result.data : (fallback ?? searchConfig.parse({}));
}

/** Template errors from the preview frame, by part, as editor diagnostics (line numbers). */
function diagnosticsByPart(errors: readonly PreviewError[]) {
  const byPart: Partial<Record<string, EditorDiagnostic[]>> = {};
  for (const error of errors) {
    if (error.kind !== 'compile' && error.kind !== 'render') continue;
    (byPart[error.part] ??= []).push({
      line: error.line ?? 1,
      // The preview's Handlebars columns are 0-based, the editors' 1-based.
      ...(error.column !== undefined ? { column: error.column + 1 } : {}),
      message: error.message,
    });
  }
  return byPart;
}

/**
 * One studio screen for instant search, autocomplete and search (spec §3, §4): the config frame
 * every studio screen shares (machine, lifecycle toolbar, draft, preview), the form over the whole
 * config and the editors, with the preview windows and the production copy to compare against.
 */
export function SearchUxScreen({
  kind,
  siteId,
  copy,
  tab,
  onTabChange,
  onCopyChange,
}: SearchUxScreenProps) {
  const { t } = useTranslation();
  const test = copy === 'integration';
  const permissions = usePermissions(kind);
  const readOnly = test ? !permissions.canSave : !permissions.canSaveToProd;
  const { denied } = useCopyAccess(kind, copy);

  // The page keys this screen by site, kind and copy: one machine for its life.
  const actor = useConfigActor({ kind, siteId, test });
  const flags = useLifecycleFlags(actor);
  const config = useSelector(actor, (snapshot) => snapshot.context.config);
  const loadFailed = useSelector(actor, (snapshot) => snapshot.matches('loadFailed'));

  const form = useZodForm(searchConfig, { mode: 'onChange' });
  const { save } = useMachineForm(actor, form, {
    onInvalid: () => {
      onTabChange('settings');
      toast.error(t('ui.toast.errorTitle'), t('ux.invalid'));
    },
  });
  const values = (config ?? {}) as SearchConfigInput;

  // A new version (save) or a promotion changes the version lists and the production copy.
  const queryClient = useQueryClient();
  const versionId = flags.base.versionId;
  const promoted = flags.outcome === 'promoted' ? flags.productionVersionId : null;
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: searchUxKeys.copy(siteId, kind, test) });
  }, [queryClient, siteId, kind, test, versionId]);
  useEffect(() => {
    if (promoted === null) return;
    void queryClient.invalidateQueries({ queryKey: searchUxKeys.copy(siteId, kind, false) });
  }, [queryClient, siteId, kind, promoted]);

  /** Spec: a version is restored into the integration draft (from production, as a draft there). */
  const restoreVersion = async (restored: unknown) => {
    if (test) {
      actor.send({ type: 'EDIT', config: restored });
      return;
    }
    const integration = await queryClient.fetchQuery(versionsQueryOptions(siteId, kind, true));
    await saveDraft(draftKey(siteId, kind, 'integration'), {
      config: restored,
      baseVersionId: integration[0]?.versionId ?? null,
      savedAt: Date.now(),
    });
    onCopyChange('integration');
  };

  const site = useQuery(siteQueryOptions(siteId));
  const defaults = useQuery(defaultTemplatesQueryOptions());
  const production = useQuery({ ...searchConfigQueryOptions(siteId, kind, false), enabled: test });
  const parsed = useParsed(config);
  const tokenTree = (parsed.tokens ?? defaults.data?.tokens ?? null) as TokenTree | null;
  const tokens = useTokenScss(tokenTree);
  // the config's own tokens against the storefront's text-on-background pairs
  const contrast = useDeferredContrastFailures(parsed.tokens ? tokens.scss : null);
  const styles = useCompiledStyles(parsed.css, tokens.scss);
  const productionStyles = useCompiledStyles(production.data?.css ?? '', tokens.scss);
  const [previewErrors, setPreviewErrors] = useState<PreviewError[]>([]);
  // «Запрос для предпросмотра»: typed into the preview frame's search box as well as used by
  // the preview windows.
  const [previewQuery, setPreviewQuery] = useState('');
  const widget = previewWidgetOf(kind);
  const preview = useMemo(
    () => ({ settings: previewSettings(kind, parsed), templates: previewTemplates(kind, parsed) }),
    [kind, parsed],
  );
  const productionConfig = production.data;
  const compare = useMemo(
    () =>
      test && productionConfig
        ? {
            settings: previewSettings(kind, productionConfig),
            templates: previewTemplates(kind, productionConfig),
            css: productionStyles.css,
          }
        : undefined,
    [test, kind, productionConfig, productionStyles.css],
  );
  const templateDiagnostics = useMemo(() => diagnosticsByPart(previewErrors), [previewErrors]);

  if (loadFailed) {
    return (
      <div role="alert" className="search-ux__failed">
        <p>{t('ux.loadFailed')}</p>
        <Button onClick={() => actor.send({ type: 'RETRY' })}>{t('ux.retry')}</Button>
      </div>
    );
  }
  if (config === null) return <Spinner label={t('studio.lifecycle.status.loading')} />;

  return (
    <div className="search-ux">
      <ConfigLifecycle
        actor={actor}
        kind={kind}
        copy={copy}
        onSave={save}
        confirmWarnings={<ContrastWarning failures={contrast} />}
      />
      <RolloutNotice siteId={siteId} />
      {site.data && (
        <PreviewWindowButtons
          siteId={siteId}
          apiKey={site.data.apiKey}
          config={parsed}
          query={previewQuery}
          onQueryChange={setPreviewQuery}
        />
      )}
      {flags.outcome === 'previewed' && site.data?.previewPage && (
        // The preview job built the integration bundle into the preview slot (DESIGN.md); its
        // page's path carries the site's unguessable preview key.
        <p>
          <a href={site.data.previewPage} target="_blank" rel="noopener">
            {t('ux.previewPage')}
          </a>
        </p>
      )}
      {readOnly && denied && <ReadOnlyNotice>{denied.note}</ReadOnlyNotice>}
      {/* Both copies keep a draft of their own (the production copy is edited in place too). */}
      <ConfigDraft
        actor={actor}
        siteId={siteId}
        kind={kind}
        configKey={copy}
        onRestore={(restored) => actor.send({ type: 'EDIT', config: restored })}
      />
      <div className="search-ux__body">
        <Form form={form} onSubmit={() => void save()} className="search-ux__form">
          <EditorTabs
            kind={kind}
            siteId={siteId}
            test={test}
            tab={tab}
            onTabChange={onTabChange}
            config={values}
            readOnly={readOnly}
            readOnlyReason={denied?.reason}
            defaults={{
              templates: defaults.data?.search ?? {},
              tokens: (defaults.data?.tokens ?? null) as TokenTree | null,
            }}
            templateDiagnostics={templateDiagnostics}
            styles={styles}
            tokens={tokens}
            onRestore={(restored) => void restoreVersion(restored)}
          />
        </Form>
        <ConfigPreview
          siteId={siteId}
          widget={widget}
          settings={preview.settings}
          templates={preview.templates}
          css={styles.css}
          query={previewQuery}
          onErrors={setPreviewErrors}
          {...(compare && { compare })}
        />
      </div>
    </div>
  );
}
