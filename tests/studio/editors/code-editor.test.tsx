import { act, screen, waitFor } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { Text } from '@codemirror/state';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeEditor } from '#studio/editors/code-editor.tsx';
import type { EditorDiagnostic } from '#studio/editors/types.ts';
import { MUSTACHE_RE, mustacheKind } from '#studio/editors/handlebars.ts';
import { toLintDiagnostics } from '#studio/editors/lint-diagnostics.ts';
import './codemirror-jsdom.ts';
import { renderEditors } from './render-editors.tsx';

async function editorView(label: string): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name: label });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no editor view');
  return view;
}

describe('CodeEditor', () => {
  it('loads CodeMirror lazily, shows the text and reports edits per change', async () => {
    const onChange = vi.fn();
    renderEditors(
      <CodeEditor
        value={'<div>{{name}}</div>'}
        onChange={onChange}
        language="handlebars"
        ariaLabel="Template"
      />,
    );
    const view = await editorView('Template');
    expect(view.state.doc.toString()).toBe('<div>{{name}}</div>');
    // the mustache is highlighted
    await waitFor(() =>
      expect(document.querySelector('.cm-hbs-expression')).toHaveTextContent('{{name}}'),
    );
    act(() => view.dispatch({ changes: { from: 5, insert: 'Hi ' } }));
    expect(onChange).toHaveBeenLastCalledWith('<div>Hi {{name}}</div>');
  });

  it('stays controlled without resetting the cursor when the value echoes back', async () => {
    function Host() {
      const [value, setValue] = useState('.a { color: red; }');
      return <CodeEditor value={value} onChange={setValue} language="scss" ariaLabel="Styles" />;
    }
    renderEditors(<Host />);
    const view = await editorView('Styles');
    act(() => view.dispatch({ changes: { from: 5, insert: 'b ' }, selection: { anchor: 7 } }));
    expect(view.state.doc.toString()).toBe('.a { b color: red; }');
    expect(view.state.selection.main.head).toBe(7);
  });

  it('replaces its text when the value changes from outside', async () => {
    const { rerender } = renderEditors(
      <CodeEditor value="one" language="javascript" ariaLabel="Script" />,
    );
    const view = await editorView('Script');
    rerender(<CodeEditor value="two" language="javascript" ariaLabel="Script" />);
    await waitFor(() => expect(view.state.doc.toString()).toBe('two'));
  });

  it('shows diagnostics on their lines and updates them', async () => {
    const diagnostics: EditorDiagnostic[] = [
      { line: 2, column: 3, message: 'Parse error: expected "}}"' },
    ];
    const { rerender } = renderEditors(
      <CodeEditor
        value={'<ul>\n  {{#each items}\n</ul>'}
        language="handlebars"
        ariaLabel="Template"
        diagnostics={diagnostics}
      />,
    );
    await editorView('Template');
    await waitFor(() => expect(document.querySelector('.cm-lintRange-error')).not.toBeNull());
    expect(document.querySelector('.cm-lintRange-error')).toHaveTextContent('{{#each');
    expect(document.querySelector('.cm-lint-marker-error')).not.toBeNull();

    rerender(
      <CodeEditor
        value={'<ul>\n  {{#each items}\n</ul>'}
        language="handlebars"
        ariaLabel="Template"
        diagnostics={[]}
      />,
    );
    await waitFor(() => expect(document.querySelector('.cm-lintRange-error')).toBeNull());
  });
});

describe('editor helpers', () => {
  it('maps line/column diagnostics to ranges, clamping past the end', () => {
    const doc = Text.of(['first line', '  {{#each items}', 'end']);
    const [a, b, c, d] = toLintDiagnostics(doc, [
      { line: 2, column: 3, message: 'at the mustache' },
      { line: 1, message: 'whole line', severity: 'warning' },
      { line: 99, column: 1, message: 'past the end' },
      { line: 0, column: 0, message: 'zero' },
    ]);
    expect(a).toEqual({ from: 13, to: 20, severity: 'error', message: 'at the mustache' });
    expect(b).toEqual({ from: 0, to: 10, severity: 'warning', message: 'whole line' });
    expect(c).toMatchObject({ from: 28, to: 31 });
    expect(d).toMatchObject({ from: 0, to: 10 });
  });

  it('recognises the kinds of mustaches', () => {
    const text = '{{name}} {{{html}}} {{#if a}}x{{else}}y{{/if}} {{!-- note --}} {{> card}}';
    const found = [...text.matchAll(MUSTACHE_RE)].map((m) => [m[0], mustacheKind(m[0])]);
    expect(found).toEqual([
      ['{{name}}', 'expression'],
      ['{{{html}}}', 'raw'],
      ['{{#if a}}', 'block'],
      ['{{else}}', 'block'],
      ['{{/if}}', 'block'],
      ['{{!-- note --}}', 'comment'],
      ['{{> card}}', 'block'],
    ]);
  });
});
