import type { Text } from '@codemirror/state';
import type { Diagnostic } from '@codemirror/lint';
import type { EditorDiagnostic } from './types.ts';

/**
 * Line/column diagnostics → CodeMirror ranges. A line past the end lands on the last line; a
 * column marks one character from there to the next space, no column the whole line.
 */
export function toLintDiagnostics(
  doc: Text,
  diagnostics: readonly EditorDiagnostic[],
): Diagnostic[] {
  return diagnostics.map((d) => {
    const lineNo = Math.min(Math.max(1, Math.floor(d.line) || 1), doc.lines);
    const line = doc.line(lineNo);
    let from = line.from;
    let to = line.to;
    if (d.column !== undefined && d.column >= 1) {
      from = Math.min(line.from + Math.floor(d.column) - 1, line.to);
      const rest = line.text.slice(from - line.from);
      const word = /^\S+/.exec(rest);
      to = Math.min(line.to, from + (word ? word[0].length : 1));
    }
    return { from, to, severity: d.severity ?? 'error', message: d.message };
  });
}
