/**
 * One editor tab per template part. An empty part shows the storefront's default text; editing
 * it starts an override, and text equal to the default is stored as '' (back to the default).
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '#src/ui/badge/badge.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { TabPanel, Tabs } from '#src/ui/tabs/tabs.tsx';
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
  /** Why the user may not change the templates (their roles), on the disabled reset button. */
  readOnlyReason?: string | undefined;
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
  readOnlyReason,
}: TemplateTabsProps) {
  const text = useEditorsText();
  const [ownActive, setOwnActive] = useState(parts[0] ?? '');
  const current = active ?? (parts.includes(ownActive) ? ownActive : (parts[0] ?? ''));

  const select = (part: string) => {
    setOwnActive(part);
    onActiveChange?.(part);
  };

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

  const panel = (
    <>
      <div className="vitrina-template-tabs__status">
        <span>{modified ? text('templates.overridden') : text('templates.usingDefault')}</span>
        <Button
          variant="ghost"
          size="sm"
          disabled={!modified || readOnly}
          disabledReason={readOnly ? readOnlyReason : undefined}
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
    </>
  );

  return (
    <div className="vitrina-template-tabs">
      <Tabs
        label={ariaLabel ?? text('templates.tabs')}
        size="sm"
        tabs={parts.map((part) => {
          const errors = diagnostics?.[part]?.length ?? 0;
          return {
            value: part,
            label: (
              <>
                {partLabel(part)}
                {isPartModified(part, values, defaults) && (
                  <span
                    className="vitrina-template-tabs__changed"
                    title={text('templates.modified')}
                  >
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
              </>
            ),
          };
        })}
        value={current}
        onChange={select}
      >
        {parts.map((part) => (
          <TabPanel key={part} value={part} className="vitrina-template-tabs__panel">
            {part === current && panel}
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}
