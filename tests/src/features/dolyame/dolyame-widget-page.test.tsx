import { act, screen, waitFor } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DolyameWidgetPage from '#src/features/dolyame/dolyame-widget-page.tsx';
import '../../../studio/editors/codemirror-jsdom.ts';
import { fakeFetch, type RecordedCall } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from '../recs-ux/render-page.tsx';

/*
 * The widget's settings form is a `Form` on the contract's `dolyameWidgetInput`: a text past its
 * length is refused under the editor, in Russian, before any call; a good one is sent as typed.
 */
const WIDGET = '/api/config/dolyame/widget';
let calls: RecordedCall[];
/** The bodies of the widget's saves, in order. */
const sent = () => calls.filter((c) => c.method === 'POST' && c.path === WIDGET).map((c) => c.body);
beforeEach(() => {
  ({ calls } = fakeFetch(({ method, path, body }) => {
    if (path === WIDGET && method === 'POST')
      return {
        status: 200,
        body: { ...(body as object), updatedAt: '2026-11-30T10:00:00.000Z', updatedBy: 'tester' },
      };
    if (path === WIDGET)
      return {
        status: 200,
        body: { enabled: false, config: '{}', updatedAt: null, updatedBy: null },
      };
    return undefined;
  }));
});
afterEach(() => vi.unstubAllGlobals());

async function editorView(): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name: 'Настройки виджета Долями (JSON)' });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no editor view');
  return view;
}

describe('the Dolyame widget form', () => {
  it('refuses a text past its length before any call, then saves a good one', async () => {
    const { user } = renderPage(<DolyameWidgetPage />);
    const view = await editorView();
    const replace = (text: string) =>
      act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));

    // valid JSON, one character past the contract's 100 000
    replace(`{}${' '.repeat(99_999)}`);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Максимум 100000 символов')).toBeVisible();
    expect(sent()).toEqual([]);

    replace('{ "isSPA": true }');
    await user.click(screen.getByLabelText('Показывать виджет Долями на витрине'));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(sent()).toEqual([{ enabled: true, config: '{ "isSPA": true }' }]));
  });
});
