import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConfigVersionMeta, SearchConfigInput } from '#contract/entities/config.ts';
import { CodeEditor } from '#studio/editors/code-editor.tsx';
import type { EditorDiagnostic } from '#studio/editors/types.ts';
import { TemplateTabs } from '#studio/editors/template-tabs.tsx';
import type { CompiledTokens } from '#studio/panels/tokens-panel-compiler.ts';
import type { TokenTree } from '#tokens/core/types.ts';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { TabPanel, Tabs } from '#src/ui/tabs/tabs.tsx';
import { versionQueryOptions, versionsQueryOptions } from '../api/search-ux-queries.ts';
import { templatePartsOf, type SearchUxKind } from '../lib/search-ux-kind.ts';
import { SettingsForm } from './settings-form.tsx';
import {
  newestProductionVersion,
  usePromoteTarget,
  useRollback,
} from '#src/config-studio/config-promote.ts';
import type { CompiledStyles } from '#src/config-studio/config-styles.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { configPermissions } from '#studio/machines/config-permissions.ts';
import { RolloutSettingsPanel } from '#src/config-studio/rollout-notice.tsx';

// The tokens and versions panels (the token compiler, the merge view) load when their tab opens.
const TokensPanel = lazy(() =>
  import('#studio/panels/tokens-panel.tsx').then((module) => ({ default: module.TokensPanel })),
);
const VersionsPanel = lazy(() =>
  import('#studio/panels/versions-panel.tsx').then((module) => ({ default: module.VersionsPanel })),
);

export const EDITOR_TABS = ['settings', 'templates', 'styles', 'tokens', 'versions'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

export interface EditorTabsProps {
  kind: SearchUxKind;
  siteId: number;
  test: boolean;
  tab: EditorTab;
  onTabChange: (tab: EditorTab) => void;
  /** The edited config as the form holds it. */
  config: SearchConfigInput;
  readOnly: boolean;
  /** Why the user may not change this copy (their roles), on the disabled buttons. */
  readOnlyReason?: string | undefined;
  defaults: { templates: Record<string, string>; tokens: TokenTree | null };
  templateDiagnostics: Partial<Record<string, readonly EditorDiagnostic[]>>;
  styles: CompiledStyles;
  tokens: CompiledTokens;
  onRestore: (config: unknown, version: ConfigVersionMeta) => void;
}

/** Settings / Templates / Styles / Tokens / Versions over one form (the edited config). */
export function EditorTabs(props: EditorTabsProps) {
  const { kind, siteId, test, tab, onTabChange, config, readOnly } = props;
  // Production versions offer a rollback to the build they went live in.
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const versions = useQuery({
    ...versionsQueryOptions(siteId, kind, test),
    enabled: tab === 'versions',
  });
  const rollback = useRollback(
    siteId,
    kind,
    null,
    configPermissions(kind, roles).canGenerate,
    newestProductionVersion(versions.data),
  );
  const promoteTarget = usePromoteTarget(kind);
  const { t } = useTranslation();
  const { setValue } = useFormContext<SearchConfigInput>();
  const queryClient = useQueryClient();
  const edit = { shouldDirty: true } as const;

  const styleDiagnostics: EditorDiagnostic[] = props.styles.diagnostics.map((item) => ({
    line: item.line,
    column: item.column,
    message: item.message,
  }));

  return (
    <div className="search-ux__editors">
      <Tabs
        label={t('ux.tabs.label')}
        tabs={EDITOR_TABS.map((name) => ({ value: name, label: t(`ux.tabs.${name}`) }))}
        value={tab}
        onChange={onTabChange}
      >
        <TabPanel value="settings">
          <fieldset disabled={readOnly} className="search-ux__fieldset">
            <SettingsForm kind={kind} />
          </fieldset>
        </TabPanel>
        <TabPanel value="templates">
          <TemplateTabs
            parts={templatePartsOf(kind)}
            values={config.htmlTemplate ?? {}}
            defaults={props.defaults.templates}
            diagnostics={props.templateDiagnostics}
            partLabel={(part) => t(`ux.templates.parts.${part}` as never)}
            readOnly={readOnly}
            readOnlyReason={props.readOnlyReason}
            onChange={(part, value) =>
              setValue(`htmlTemplate.${part}` as 'htmlTemplate.common', value, edit)
            }
          />
        </TabPanel>
        <TabPanel value="styles" className="search-ux__styles">
          <CodeEditor
            language="scss"
            ariaLabel={t('ux.styles.editor')}
            value={config.css ?? ''}
            diagnostics={styleDiagnostics}
            readOnly={readOnly}
            height="420px"
            onChange={(value) => setValue('css', value, edit)}
          />
          <p className="search-ux__styles-status" role="status">
            {props.styles.compiling
              ? t('ux.styles.compiling')
              : props.styles.ms !== null && styleDiagnostics.length === 0
                ? t('ux.styles.ok', { ms: Math.round(props.styles.ms) })
                : null}
          </p>
          {styleDiagnostics.length > 0 && (
            <ul aria-label={t('ux.styles.problems')} className="search-ux__problems">
              {styleDiagnostics.map((item, index) => (
                <li key={index}>
                  {t('ux.styles.problemAt', { line: item.line, message: item.message })}
                </li>
              ))}
            </ul>
          )}
        </TabPanel>
        <TabPanel value="tokens">
          <Suspense fallback={<Spinner />}>
            <TokensPanel
              tokens={(config.tokens as TokenTree | null | undefined) ?? null}
              {...(config.tokens ? { compiled: props.tokens } : {})}
              {...(props.defaults.tokens ? { defaultTokens: props.defaults.tokens } : {})}
              readOnly={readOnly}
              readOnlyReason={props.readOnlyReason}
              onChange={(tree) => setValue('tokens', tree, edit)}
              onClear={() => setValue('tokens', null, edit)}
              {...(config.customSettings?.tokensURL
                ? {
                    source: {
                      url: config.customSettings.tokensURL,
                      apiType: config.customSettings.tokensApiType ?? 'JSON_BIN',
                    },
                  }
                : {})}
            />
          </Suspense>
        </TabPanel>
        <TabPanel value="versions">
          <Suspense fallback={<Spinner />}>
            <VersionsPanel
              versions={versions.data ?? []}
              current={config}
              canRestore={!readOnly}
              loadVersion={(versionId) =>
                queryClient.fetchQuery(versionQueryOptions(siteId, kind, versionId))
              }
              onRestore={props.onRestore}
              {...(rollback ? { rollback: { ...rollback, ...promoteTarget } } : {})}
            />
            <RolloutSettingsPanel siteId={siteId} kind={kind} />
          </Suspense>
        </TabPanel>
      </Tabs>
    </div>
  );
}
