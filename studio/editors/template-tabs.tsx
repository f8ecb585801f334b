/**
 * One editor tab per template part. An empty part shows the storefront's default text; editing
 * it starts an override, and text equal to the default is stored as '' (back to the default).
 */
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyboardEvent } from 'react';
import { Badge } from '#src/ui/badge/badge.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { CodeEditor } from './code-editor.tsx';
import { useEditorsText } from './editors-text.ts';
import { templateProblemText, type Translate } from './problem-text.ts';
import type { EditorDiagnostic, EditorLanguage } from './types.ts';

export interface TemplateTabsProps {
  parts: readonly string[];
  /** The config's overrides per part; missing or '' = the default. */
  values: Partial<Record<string, string>>;
  /** The storefront's default template per part. */
  defaults: Record<string, string>;
  /** '' means "use the default again". */
  onChange: (part: string, value: string) => void;
  diagnostics?: Partial<Record<string, readonly EditorDiagnostic[]>>;
  /** @default 'handlebars' */
  language?: EditorLanguage;
  /** Controlled active part; otherwise the first part opens first. */
  active?: string;
  onActiveChange?: (part: string) => void;
  /** A tab's label; the part name by default. */
  partLabel?: (part: string) => string;
  /** The tab list's accessible name. */
  ariaLabel?: string;
  readOnly?: boolean;
}

const NO_DIAGNOSTICS: readonly EditorDiagnostic[] = [];

export function isPartModified(
  part: string,
  values: Partial<Record<string, string>>,
  defaults: Record<string, string>,
): boolean {
  const value = values[part];
  return value !== undefined && value !== '' && value !== defaults[part];
}

export function TemplateTabs({
  parts,
  values,
  defaults,
  onChange,
  diagnostics,
  language = 'handlebars',
  active,
  onActiveChange,
  partLabel = (part) => part,
  ariaLabel,
  readOnly = false,
}: TemplateTabsProps) {
  const text = useEditorsText();
  const baseId = useId();
  const [ownActive, setOwnActive] = useState(parts[0] ?? '');
  const current = active ?? (parts.includes(ownActive) ? ownActive : (parts[0] ?? ''));
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const select = (part: string, focus = false) => {
    setOwnActive(part);
    onActiveChange?.(part);
    if (focus) tabRefs.current.get(part)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = parts.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    const part = parts[to];
    if (part !== undefined) select(part, true);
  };

  const tabId = (part: string) => `${baseId}-tab-${part}`;
  const panelId = (part: string) => `${baseId}-panel-${part}`;
  const modified = isPartModified(current, values, defaults);
  const rawDiagnostics = diagnostics?.[current] ?? NO_DIAGNOSTICS;
  const { t } = useTranslation();
  // Handlebars' own words, in the interface language (studio/editors/problem-text.ts).
  const currentDiagnostics = useMemo(
    () =>
      rawDiagnostics.map((d) => ({
        ...d,
        message: templateProblemText(t as unknown as Translate, d.message),
      })),
    [rawDiagnostics, t],
  );
  const value = values[current] || defaults[current] || '';

  return (
    <div className="vitrina-template-tabs">
      <div
        role="tablist"
        aria-label={ariaLabel ?? text('templates.tabs')}
        className="vitrina-template-tabs__list"
      >
        {parts.map((part, index) => {
          const selected = part === current;
          const errors = diagnostics?.[part]?.length ?? 0;
          const changed = isPartModified(part, values, defaults);
          return (
            <button
              key={part}
              ref={(el) => {
                if (el) tabRefs.current.set(part, el);
                else tabRefs.current.delete(part);
              }}
              type="button"
              role="tab"
              id={tabId(part)}
              aria-selected={selected}
              aria-controls={panelId(part)}
              tabIndex={selected ? 0 : -1}
              className="vitrina-template-tabs__tab"
              onClick={() => select(part)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {partLabel(part)}
              {changed && (
                <span className="vitrina-template-tabs__changed" title={text('templates.modified')}>
                  <span aria-hidden="true">●</span>
                  <span className="ui-visually-hidden">{text('templates.modified')}</span>
                </span>
              )}
              {errors > 0 && (
                <Badge tone="danger" className="vitrina-template-tabs__errors">
                  <span aria-hidden="true">{errors}</span>
                  <span className="ui-visually-hidden">
                    {text('templates.errors', { count: errors })}
                  </span>
                </Badge>
              )}
            </button>
          );
        })}
      </div>
      {current !== '' && (
        <div
          role="tabpanel"
          id={panelId(current)}
          aria-labelledby={tabId(current)}
          className="vitrina-template-tabs__panel"
        >
          <div className="vitrina-template-tabs__status">
            <span>{modified ? text('templates.overridden') : text('templates.usingDefault')}</span>
            <Button
              variant="ghost"
              size="sm"
              disabled={!modified || readOnly}
              onClick={() => onChange(current, '')}
            >
              {text('templates.reset')}
            </Button>
          </div>
          <CodeEditor
            key={current}
            value={value}
            language={language}
            readOnly={readOnly}
            diagnostics={currentDiagnostics}
            ariaLabel={text('templates.editorLabel', { part: partLabel(current) })}
            onChange={(next) => onChange(current, next === defaults[current] ? '' : next)}
          />
          {currentDiagnostics.length > 0 && (
            <ul className="vitrina-diagnostics" aria-label={text('templates.problems')}>
              {currentDiagnostics.map((d, i) => (
                <li key={i} className={`vitrina-diagnostics__item--${d.severity ?? 'error'}`}>
                  {text('templates.problemAt', { line: d.line, message: d.message })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
