/**
 * The design tokens of a config: load them (CDN, JSON storage, a local JSON file), search,
 * edit values (colours with a picker), complete `{references}`, and see the compiler's
 * diagnostics beside the token they name. Compiles incrementally in the browser.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadTokens } from '#tokens/core/loaders/index.ts';
import type { CompileOptions, Diagnostic, TokenTree } from '#tokens/core/types.ts';
import { Button } from '#src/ui/button/button.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { useEditorsText } from '../editors/editors-text.ts';
import { tokenProblemText, type Translate } from '../editors/problem-text.ts';
import { useCompiledTokens } from './tokens-panel-compiler.ts';
import type { CompiledTokens } from './tokens-panel-compiler.ts';
import { filterTokens, groupTokens, listTokens, updateTokenValue } from './tokens-panel-model.ts';
import type { TokenEntry } from './tokens-panel-model.ts';
import { TokenRow } from './tokens-panel-row.tsx';
import { failuresByToken } from '#tokens/core/contrast.ts';
import { useContrastCheck } from './tokens-contrast.ts';
import { ContrastSummary } from './tokens-contrast-summary.tsx';
import type { ContrastFinding } from './tokens-contrast.ts';
import { kebabName } from '#tokens/core/transform/names.ts';
import './tokens-panel.css';

export { useCompiledTokens } from './tokens-panel-compiler.ts';
export type { CompiledTokens } from './tokens-panel-compiler.ts';

export interface TokensSource {
  url: string;
  apiType: 'CDN' | 'JSON_BIN';
  /** JSON storage: sent in the access-key header. */
  accessKey?: string;
  /** CDN: replaces the UUID placeholder of the address. */
  uuid?: string;
}

export interface TokensPanelProps {
  tokens: TokenTree | null;
  onChange: (tree: TokenTree) => void;
  source?: TokensSource;
  /** Theme, sets, version key, scope for the compiler. */
  compileOptions?: CompileOptions;
  /** The screen's own useCompiledTokens result, so the tree is not compiled twice. */
  compiled?: CompiledTokens;
  readOnly?: boolean;
  /** Why the user may not change the tokens (their roles), on the disabled buttons. */
  readOnlyReason?: string | undefined;
  /** The storefront's default set: offered as a starting point when there are no tokens. */
  defaultTokens?: TokenTree;
  /** Drops the config's own set (back to the source address or the default set). */
  onClear?: () => void;
}

/** Rows rendered at most; a search narrows the rest. */
export const MAX_ROWS = 300;

const NO_DIAGNOSTICS: readonly Diagnostic[] = [];
const NO_DIAGNOSTICS_CONTRAST: readonly ContrastFinding[] = [];
const diagKey = (set: string | null | undefined, path: string) => `${set ?? ''}\u0000${path}`;

export function TokensPanel({
  tokens,
  onChange,
  source,
  compileOptions,
  compiled: given,
  readOnly = false,
  readOnlyReason,
  defaultTokens,
  onClear,
}: TokensPanelProps) {
  const text = useEditorsText();
  const translate = useTranslation().t as unknown as Translate;
  const own = useCompiledTokens(given ? null : tokens, compileOptions);
  const compiled = given ?? own;
  const [query, setQuery] = useState('');
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const loadAbort = useRef<AbortController | null>(null);

  const entries = useMemo(() => listTokens(tokens), [tokens]);
  // one identity while the set of paths is unchanged, so memoised rows skip re-rendering
  const pathsKey = useMemo(() => [...new Set(entries.map((e) => e.path))].join('\n'), [entries]);
  const paths = useMemo(() => (pathsKey === '' ? [] : pathsKey.split('\n')), [pathsKey]);
  const shown = useMemo(() => filterTokens(entries, query), [entries, query]);
  const groups = useMemo(() => groupTokens(shown.slice(0, MAX_ROWS)), [shown]);

  const { byToken, general, errors, warnings } = useMemo(() => {
    const known = new Set(entries.map((e) => diagKey(e.set, e.path)));
    const byToken = new Map<string, Diagnostic[]>();
    const general: Diagnostic[] = [];
    let errors = 0;
    let warnings = 0;
    for (const d of compiled.diagnostics) {
      if (d.severity === 'error') errors++;
      else if (d.severity === 'warning') warnings++;
      const key = diagKey(d.file, d.path);
      if (d.path !== '' && known.has(key)) {
        const list = byToken.get(key);
        if (list) list.push(d);
        else byToken.set(key, [d]);
      } else general.push(d);
    }
    return { byToken, general, errors, warnings };
  }, [compiled.diagnostics, entries]);

  // the storefront's text-on-background pairs against these tokens (WCAG 2.2), by custom property
  const check = useContrastCheck(tokens === null ? null : compiled.scss);
  const contrast = useMemo(() => failuresByToken(check.failures), [check]);
  const contrastCount = check.failures.length;
  // Without an own set the default one is what the storefront gets: its check shows too.
  const defaults = useCompiledTokens(
    tokens === null ? (defaultTokens ?? null) : null,
    compileOptions,
  );
  const defaultsCheck = useContrastCheck(defaults.scss);

  const accept = (data: unknown) => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      setLoadError(text('tokens.notATree'));
      return;
    }
    setLoadError(null);
    onChange(data as TokenTree);
  };

  const loadFromSource = async () => {
    if (!source) return;
    loadAbort.current?.abort();
    const controller = new AbortController();
    loadAbort.current = controller;
    setLoading(true);
    setLoadError(null);
    try {
      const config: Parameters<typeof loadTokens>[0] = {
        apiType: source.apiType,
        url: source.url,
        signal: controller.signal,
      };
      if (source.accessKey) config.key = source.accessKey;
      if (source.uuid) config.uuid = source.uuid;
      const data = await loadTokens(config);
      if (controller.signal.aborted) return;
      if (data === false) setLoadError(text('tokens.emptyStorage'));
      else accept(data);
    } catch (error) {
      if (controller.signal.aborted) return;
      // the loaders' message is the spec's: 'Can not load tokes from url: ' + address
      setLoadError(error instanceof Error ? error.message : String(error));
    } finally {
      if (!controller.signal.aborted) setLoading(false);
    }
  };

  const loadFromFile = async (file: File) => {
    setLoadError(null);
    try {
      accept(JSON.parse(await file.text()) as unknown);
    } catch {
      setLoadError(text('tokens.fileInvalid', { name: file.name }));
    }
  };

  const latest = useRef({ tokens, onChange });
  useEffect(() => {
    latest.current = { tokens, onChange };
  });
  const setValue = useCallback((entry: TokenEntry, value: unknown) => {
    const { tokens: tree, onChange: change } = latest.current;
    if (tree) change(updateTokenValue(tree, entry.keys, value));
  }, []);

  return (
    <section className="vitrina-tokens-panel" aria-label={text('tokens.title')}>
      <div className="vitrina-tokens-panel__load">
        {source && (
          <>
            <span className="vitrina-tokens-panel__source">
              {text(source.apiType === 'CDN' ? 'tokens.sourceCdn' : 'tokens.sourceJson', {
                url: source.url,
              })}
            </span>
            <Button
              size="sm"
              variant="secondary"
              loading={loading}
              disabled={readOnly || source.url.trim() === ''}
              disabledReason={readOnly ? readOnlyReason : undefined}
              onClick={() => void loadFromSource()}
            >
              {text('tokens.loadFromSource')}
            </Button>
          </>
        )}
        <Button
          size="sm"
          variant="secondary"
          disabled={readOnly}
          disabledReason={readOnlyReason}
          onClick={() => fileInput.current?.click()}
        >
          {text('tokens.loadFromFile')}
        </Button>
        {tokens === null && defaultTokens && (
          <Button
            size="sm"
            variant="secondary"
            disabled={readOnly}
            disabledReason={readOnlyReason}
            onClick={() => {
              setLoadError(null);
              onChange(defaultTokens);
            }}
          >
            {text('tokens.startFromDefault')}
          </Button>
        )}
        {tokens !== null && onClear && (
          <Button
            size="sm"
            variant="ghost"
            disabled={readOnly}
            disabledReason={readOnlyReason}
            onClick={onClear}
          >
            {text('tokens.clear')}
          </Button>
        )}
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label={text('tokens.fileLabel')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void loadFromFile(file);
          }}
        />
      </div>
      {loadError !== null && (
        <p role="alert" className="vitrina-tokens-panel__error">
          {loadError}
        </p>
      )}
      {tokens === null ? (
        <>
          <p className="vitrina-tokens-panel__empty">{text('tokens.none')}</p>
          <ContrastSummary check={defaultsCheck} defaults />
        </>
      ) : (
        <>
          <div className="vitrina-tokens-panel__toolbar">
            <TextInput
              type="search"
              label={text('tokens.search')}
              value={query}
              onChange={setQuery}
            />
            <span className="vitrina-tokens-panel__summary" aria-live="polite">
              {text('tokens.summary', { count: entries.length })}
              {errors > 0 && ` · ${text('tokens.errorCount', { count: errors })}`}
              {warnings > 0 && ` · ${text('tokens.warningCount', { count: warnings })}`}
              {contrastCount > 0 && ` · ${text('tokens.contrastCount', { count: contrastCount })}`}
            </span>
          </div>
          <ContrastSummary check={check} />
          {general.length > 0 && (
            <ul className="vitrina-diagnostics" aria-label={text('tokens.generalProblems')}>
              {general.map((d, i) => (
                <li key={i} className={`vitrina-diagnostics__item--${d.severity}`}>
                  {d.path
                    ? `${d.path}: ${tokenProblemText(translate, d)}`
                    : tokenProblemText(translate, d)}
                </li>
              ))}
            </ul>
          )}
          {shown.length === 0 && <p>{text('tokens.nothingFound')}</p>}
          {groups.map((group) => (
            <section
              key={group.name}
              className="vitrina-tokens-panel__group"
              aria-label={group.name}
            >
              <h3 className="vitrina-tokens-panel__group-title">
                {group.name} <span>({group.entries.length})</span>
              </h3>
              <ul className="vitrina-tokens-panel__list">
                {group.entries.map((entry) => (
                  <TokenRow
                    key={entry.keys.join('\u0000')}
                    entry={entry}
                    diagnostics={byToken.get(diagKey(entry.set, entry.path)) ?? NO_DIAGNOSTICS}
                    resolved={compiled.valueOf(entry.path)}
                    paths={paths}
                    readOnly={readOnly}
                    onValue={setValue}
                    {...(entry.type === 'color' && {
                      cssName: kebabName(entry.path),
                      contrast: contrast.get(kebabName(entry.path)) ?? NO_DIAGNOSTICS_CONTRAST,
                    })}
                  />
                ))}
              </ul>
            </section>
          ))}
          {shown.length > MAX_ROWS && (
            <p className="vitrina-tokens-panel__more">
              {text('tokens.more', { shown: MAX_ROWS, count: shown.length })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
