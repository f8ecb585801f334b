/**
 * A code editor for templates (HTML + Handlebars), SCSS and JavaScript. CodeMirror loads on
 * first use (a dynamic import), so routes without an editor do not pay for it.
 *
 * Controlled: `value` in, `onChange` per keystroke; the editor only replaces its text when
 * `value` differs from what it holds, so typing never resets the cursor.
 */
import { Suspense, lazy } from 'react';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { useEditorsText } from './editors-text.ts';
import type { EditorDiagnostic, EditorLanguage } from './types.ts';
import './editors.css';

export type { EditorDiagnostic, EditorLanguage } from './types.ts';

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  language: EditorLanguage;
  /** Shown in the gutter and underlined (@codemirror/lint); line numbers are 1-based. */
  diagnostics?: readonly EditorDiagnostic[];
  /** The accessible name of the editing area. */
  ariaLabel: string;
  /** @default false */
  readOnly?: boolean;
  className?: string;
  /** CSS height, e.g. '420px'; by default the editor grows with its text. */
  height?: string;
}

const CodeEditorImpl = lazy(() => import('./code-editor-impl.tsx'));

export function CodeEditor(props: CodeEditorProps) {
  const text = useEditorsText();
  return (
    <div className="vitrina-code-editor" data-language={props.language}>
      <Suspense fallback={<Spinner size="sm" label={text('code.loading')} />}>
        <CodeEditorImpl {...props} />
      </Suspense>
    </div>
  );
}

/** Starts loading CodeMirror ahead of the first editor (e.g. when a studio screen opens). */
export function preloadCodeEditor(): void {
  void import('./code-editor-impl.tsx');
}
