/** The CodeMirror part of CodeEditor; loaded on demand by code-editor.tsx. */
import { useEffect, useMemo, useRef } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import type { EditorView } from '@codemirror/view';
import { EditorView as View } from '@codemirror/view';
import { css } from '@codemirror/lang-css';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import { handlebars } from './handlebars.ts';
import { toLintDiagnostics } from './lint-diagnostics.ts';
import type { CodeEditorProps } from './code-editor.tsx';
import type { EditorDiagnostic, EditorLanguage } from './types.ts';

function languageExtension(language: EditorLanguage): Extension {
  if (language === 'handlebars') return handlebars();
  if (language === 'scss') return css();
  // no JavaScript grammar among the dependencies: plain text with the editor's basics
  return [];
}

const NO_DIAGNOSTICS: readonly EditorDiagnostic[] = [];

function applyDiagnostics(view: EditorView, diagnostics: readonly EditorDiagnostic[]): void {
  view.dispatch(setDiagnostics(view.state, toLintDiagnostics(view.state.doc, diagnostics)));
}

export default function CodeEditorImpl({
  value,
  onChange,
  language,
  diagnostics = NO_DIAGNOSTICS,
  ariaLabel,
  readOnly = false,
  className,
  height,
}: CodeEditorProps) {
  const viewRef = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const diagnosticsRef = useRef(diagnostics);
  useEffect(() => {
    onChangeRef.current = onChange;
    diagnosticsRef.current = diagnostics;
  });
  // stable identities: a new onChange or extension list would reconfigure the whole editor
  const handleChange = useMemo(() => (text: string) => onChangeRef.current?.(text), []);
  const extensions = useMemo(
    () => [
      languageExtension(language),
      lintGutter(),
      View.lineWrapping,
      View.contentAttributes.of({ 'aria-label': ariaLabel }),
    ],
    [language, ariaLabel],
  );

  useEffect(() => {
    if (viewRef.current) applyDiagnostics(viewRef.current, diagnostics);
  }, [diagnostics]);

  return (
    <CodeMirror
      className={className}
      value={value}
      onChange={handleChange}
      extensions={extensions}
      readOnly={readOnly}
      editable={!readOnly}
      height={height}
      basicSetup={{ foldGutter: true, autocompletion: language !== 'javascript' }}
      onCreateEditor={(view) => {
        viewRef.current = view;
        applyDiagnostics(view, diagnosticsRef.current);
      }}
    />
  );
}
