import { act, screen, waitFor, within } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TemplateTabs, isPartModified } from '#studio/editors/template-tabs.tsx';
import type { EditorDiagnostic } from '#studio/editors/types.ts';
import './codemirror-jsdom.ts';
import { renderEditors } from './render-editors.tsx';

const PARTS = ['common', 'productItem', 'pagination'] as const;
const DEFAULTS = {
  common: '<div class="common">{{> body}}</div>',
  productItem: '<article>{{name}}</article>',
  pagination: '<nav>{{page}}</nav>',
};

function Host({
  initial = {},
  diagnostics,
  onChange,
}: {
  initial?: Partial<Record<string, string>>;
  diagnostics?: Partial<Record<string, EditorDiagnostic[]>>;
  onChange?: (part: string, value: string) => void;
}) {
  const [values, setValues] = useState(initial);
  return (
    <TemplateTabs
      parts={PARTS}
      values={values}
      defaults={DEFAULTS}
      diagnostics={diagnostics}
      onChange={(part, value) => {
        onChange?.(part, value);
        setValues((v) => ({ ...v, [part]: value }));
      }}
    />
  );
}

async function editorFor(part: string): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name: `Template “${part}”` });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no editor');
  return view;
}

describe('TemplateTabs', () => {
  it('switches parts by click and arrow keys, showing each part in its own tab panel', async () => {
    const { user } = renderEditors(<Host />, { locale: 'en' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['common', 'productItem', 'pagination']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect((await editorFor('common')).state.doc.toString()).toBe(DEFAULTS.common);

    await user.click(screen.getByRole('tab', { name: 'productItem' }));
    expect(screen.getByRole('tab', { name: 'productItem' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tabpanel')).toHaveAttribute(
      'aria-labelledby',
      screen.getByRole('tab', { name: 'productItem' }).id,
    );
    expect((await editorFor('productItem')).state.doc.toString()).toBe(DEFAULTS.productItem);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'pagination' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'pagination' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'common' })).toHaveAttribute('aria-selected', 'true');
  });

  it('editing the default starts an override, marks the tab, and reset returns to the default', async () => {
    const onChange = vi.fn();
    const { user } = renderEditors(<Host onChange={onChange} />, { locale: 'en' });
    await user.click(screen.getByRole('tab', { name: 'productItem' }));
    expect(screen.getByText(/default template/)).toBeInTheDocument();
    const reset = screen.getByRole('button', { name: 'Reset to default' });
    expect(reset).toBeDisabled();

    const view = await editorFor('productItem');
    act(() => view.dispatch({ changes: { from: 9, insert: 'Name: ' } }));
    expect(onChange).toHaveBeenLastCalledWith('productItem', '<article>Name: {{name}}</article>');
    const tab = screen.getByRole('tab', { name: /productItem/ });
    expect(within(tab).getByText('modified')).toBeInTheDocument();
    expect(screen.getByText('Custom template instead of the default')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(onChange).toHaveBeenLastCalledWith('productItem', '');
    await waitFor(() => expect(view.state.doc.toString()).toBe(DEFAULTS.productItem));
    expect(
      within(screen.getByRole('tab', { name: /productItem/ })).queryByText('modified'),
    ).toBeNull();
  });

  it('stores text equal to the default as empty (the default again)', async () => {
    const onChange = vi.fn();
    renderEditors(<Host initial={{ common: `${DEFAULTS.common}!` }} onChange={onChange} />, {
      locale: 'en',
    });
    const view = await editorFor('common');
    expect(view.state.doc.toString()).toBe(`${DEFAULTS.common}!`);
    const length = view.state.doc.length;
    act(() => view.dispatch({ changes: { from: length - 1, to: length } }));
    expect(onChange).toHaveBeenLastCalledWith('common', '');
  });

  it('marks parts with errors and lists them with line numbers', async () => {
    const { user } = renderEditors(
      <Host
        diagnostics={{
          pagination: [
            { line: 3, message: "Expecting 'ID', got 'EOF'" },
            { line: 5, message: 'Unknown helper "upper"' },
          ],
        }}
      />,
      { locale: 'en' },
    );
    const tab = screen.getByRole('tab', { name: /pagination/ });
    expect(within(tab).getByText('2 errors')).toBeInTheDocument();
    expect(screen.queryByText(/Line 3/)).toBeNull();
    await user.click(tab);
    // Handlebars' words in the interface language: a known shape translated, others kept inside.
    const list = screen.getByRole('list', { name: 'Template errors' });
    expect(list).toHaveTextContent("Line 3: Template problem (Expecting 'ID', got 'EOF')");
    expect(list).toHaveTextContent('Line 5: Unknown helper «upper»');
  });

  it('tells whether a part is modified', () => {
    expect(isPartModified('a', {}, { a: 'x' })).toBe(false);
    expect(isPartModified('a', { a: '' }, { a: 'x' })).toBe(false);
    expect(isPartModified('a', { a: 'x' }, { a: 'x' })).toBe(false);
    expect(isPartModified('a', { a: 'y' }, { a: 'x' })).toBe(true);
  });
});
