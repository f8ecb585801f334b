/** Shared editor types (no CodeMirror import: screens use them without loading the editor). */

export type EditorLanguage = 'handlebars' | 'scss' | 'javascript';

export type EditorSeverity = 'error' | 'warning' | 'info';

/**
 * A problem at a source position, as the preview (template errors) and the sass worker report
 * them: `line` 1-based; `column` 1-based, absent or < 1 for the whole line.
 */
export interface EditorDiagnostic {
  line: number;
  column?: number;
  message: string;
  /** @default 'error' */
  severity?: EditorSeverity;
}
