/** One token: its path, type, value editor (colour picker + text, or JSON for composites) and diagnostics. */
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Diagnostic } from '#tokens/core/types.ts';
import { useEditorsText } from '../editors/editors-text.ts';
import { tokenProblemText, type Translate } from '../editors/problem-text.ts';
import { RefInput } from './tokens-panel-ref-input.tsx';
import { tokenValueText } from './tokens-panel-model.ts';
import type { TokenEntry } from './tokens-panel-model.ts';
import type { ContrastFinding } from './tokens-contrast.ts';

export interface TokenRowProps {
  entry: TokenEntry;
  diagnostics: readonly Diagnostic[];
  resolved: unknown;
  paths: readonly string[];
  onValue: (entry: TokenEntry, value: unknown) => void;
  readOnly?: boolean;
  /** Failing contrast pairs of the storefront styles this token takes part in. */
  contrast?: readonly ContrastFinding[];
  /** The token's custom property name (`colors-text`), to tell its side of a pair. */
  cssName?: string;
}

const NO_CONTRAST: readonly ContrastFinding[] = [];

const HEX = /^#(?:[0-9a-f]{3}){1,2}$/i;

/** A #rrggbb for the colour picker: the raw value if it is hex, else the resolved one. */
export function pickerColor(raw: unknown, resolved: unknown): string {
  for (const v of [raw, resolved]) {
    if (typeof v !== 'string') continue;
    const s = v.trim();
    if (HEX.test(s)) {
      return s.length === 4
        ? `#${[...s.slice(1)].map((c) => c + c).join('')}`.toLowerCase()
        : s.toLowerCase();
    }
    const long = /^#([0-9a-f]{6})[0-9a-f]{2}$/i.exec(s);
    if (long) return `#${long[1]?.toLowerCase()}`;
  }
  return '#000000';
}

function JsonValue({
  value,
  onValue,
  label,
  readOnly,
  invalidText,
}: {
  value: unknown;
  onValue: (value: unknown) => void;
  label: string;
  readOnly: boolean;
  invalidText: string;
}) {
  // the text being typed stays as typed (no reformatting under the caret) until blur
  const [draft, setDraft] = useState<{ text: string; valid: boolean } | null>(null);
  const shown = draft?.text ?? JSON.stringify(value, null, 2);
  const invalid = draft !== null && !draft.valid;
  return (
    <span className="vitrina-token-row__json">
      <textarea
        aria-label={label}
        aria-invalid={invalid || undefined}
        readOnly={readOnly}
        value={shown}
        rows={Math.min(8, shown.split('\n').length)}
        spellCheck={false}
        onChange={(event) => {
          const text = event.target.value;
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            setDraft({ text, valid: false });
            return;
          }
          setDraft({ text, valid: true });
          onValue(parsed);
        }}
        onBlur={() => {
          if (draft?.valid) setDraft(null);
        }}
      />
      {invalid && <span className="vitrina-token-row__invalid">{invalidText}</span>}
    </span>
  );
}

function TokenRowView({
  entry,
  diagnostics,
  resolved,
  paths,
  onValue,
  readOnly = false,
  contrast = NO_CONTRAST,
  cssName,
}: TokenRowProps) {
  const text = useEditorsText();
  const { t } = useTranslation();
  const diagId = useId();
  const hasError = diagnostics.some((d) => d.severity === 'error');
  const composite = typeof entry.value === 'object' && entry.value !== null;
  const label = text('tokens.valueOf', { path: entry.path });

  const setText = (next: string) => {
    // keep numbers numbers when the token held one
    const asNumber = Number(next);
    onValue(
      entry,
      typeof entry.value === 'number' && next.trim() !== '' && Number.isFinite(asNumber)
        ? asNumber
        : next,
    );
  };

  return (
    <li className="vitrina-token-row" data-token={entry.path}>
      <div className="vitrina-token-row__head">
        <code className="vitrina-token-row__path">{entry.path}</code>
        <span className="vitrina-token-row__type">{entry.type}</span>
        {entry.set !== null && <span className="vitrina-token-row__set">{entry.set}</span>}
      </div>
      <div className="vitrina-token-row__value">
        {entry.type === 'color' && !composite && (
          <input
            type="color"
            aria-label={text('tokens.colorOf', { path: entry.path })}
            value={pickerColor(entry.value, resolved)}
            disabled={readOnly}
            onChange={(event) => onValue(entry, event.target.value)}
          />
        )}
        {composite ? (
          <JsonValue
            value={entry.value}
            label={label}
            readOnly={readOnly}
            invalidText={text('tokens.invalidJson')}
            onValue={(value) => onValue(entry, value)}
          />
        ) : (
          <RefInput
            value={tokenValueText(entry.value)}
            onChange={setText}
            paths={paths}
            ariaLabel={label}
            readOnly={readOnly}
            invalid={hasError}
            describedBy={diagnostics.length > 0 ? diagId : undefined}
            suggestionsLabel={text('tokens.suggestions')}
          />
        )}
        {typeof resolved === 'string' && resolved !== tokenValueText(entry.value) && (
          <span className="vitrina-token-row__resolved" title={text('tokens.resolved')}>
            → {resolved}
          </span>
        )}
      </div>
      {diagnostics.length > 0 && (
        <ul id={diagId} className="vitrina-diagnostics">
          {diagnostics.map((d, i) => (
            <li key={i} className={`vitrina-diagnostics__item--${d.severity}`}>
              {tokenProblemText(t as unknown as Translate, d)}
            </li>
          ))}
        </ul>
      )}
      {contrast.length > 0 && (
        <ul
          className="vitrina-diagnostics vitrina-contrast"
          aria-label={text('tokens.contrastTitle')}
        >
          {contrast.map((f, i) => {
            const isForeground = f.foregroundToken === cssName;
            const suggestion = isForeground ? f.suggestForeground : f.suggestBackground;
            const name = (token: string | null, value: string) =>
              token ? `--${token} (${value})` : value;
            return (
              <li key={i} className="vitrina-diagnostics__item--warning">
                <span
                  className="vitrina-contrast__swatch"
                  style={{ color: f.foreground, background: f.background }}
                  aria-hidden="true"
                >
                  Aa
                </span>
                {text('tokens.contrast', {
                  ratio: f.ratio,
                  required: f.required,
                  fg: name(f.foregroundToken, f.foreground),
                  bg: name(f.backgroundToken, f.background),
                  kind: text(`tokens.contrastKind.${f.kind}`),
                })}
                {suggestion && (
                  <>
                    {' '}
                    {text('tokens.contrastSuggest', { color: suggestion })}{' '}
                    {!readOnly && entry.type === 'color' && !composite && (
                      <button
                        type="button"
                        className="vitrina-contrast__apply"
                        onClick={() => onValue(entry, suggestion)}
                      >
                        {text('tokens.contrastApply', { color: suggestion })}
                      </button>
                    )}
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

const sameDiagnostics = (a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean =>
  a === b ||
  (a.length === b.length &&
    a.every((d, i) => d.message === b[i]?.message && d.severity === b[i]?.severity));

const sameContrast = (a: readonly ContrastFinding[], b: readonly ContrastFinding[]): boolean =>
  a === b ||
  (a.length === b.length &&
    a.every(
      (f, i) =>
        f.ratio === b[i]?.ratio &&
        f.foreground === b[i]?.foreground &&
        f.background === b[i]?.background &&
        f.kind === b[i]?.kind,
    ));

/** Re-renders only when its own token, diagnostics or resolved value change. */
export const TokenRow = memo(
  TokenRowView,
  (a, b) =>
    a.entry.value === b.entry.value &&
    a.entry.type === b.entry.type &&
    a.entry.path === b.entry.path &&
    a.entry.set === b.entry.set &&
    a.entry.keys.length === b.entry.keys.length &&
    Object.is(a.resolved, b.resolved) &&
    a.paths === b.paths &&
    a.onValue === b.onValue &&
    a.readOnly === b.readOnly &&
    a.cssName === b.cssName &&
    sameContrast(a.contrast ?? NO_CONTRAST, b.contrast ?? NO_CONTRAST) &&
    sameDiagnostics(a.diagnostics, b.diagnostics),
);
