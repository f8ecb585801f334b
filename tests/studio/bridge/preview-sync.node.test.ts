import { describe, expect, it } from 'vitest';
import {
  changedTemplates,
  createPreviewSync,
  type PreviewState,
} from '#studio/bridge/preview-sync.ts';

function fakeHost() {
  const sent: Array<{ type: string; payload: unknown }> = [];
  return { sent, send: (type: string, payload: unknown) => void sent.push({ type, payload }) };
}

const base: PreviewState = {
  widget: 'instant-search',
  settings: { pageSize: 20 },
  templates: { productItem: 'a', highlight: 'h' },
  css: 'x',
  viewport: 'desktop',
};

describe('preview sync', () => {
  it('lists changed parts, and removed overrides as empty (back to the default)', () => {
    expect(changedTemplates({ a: '1', b: '2' }, { a: '1', b: '3', c: '4' })).toEqual({
      b: '3',
      c: '4',
    });
    expect(changedTemplates({ a: '1', b: '2' }, { a: '1' })).toEqual({ b: '' });
  });

  it('sends init first, then only what changed, with growing sequence numbers', () => {
    const host = fakeHost();
    const sync = createPreviewSync(host as never);
    sync.update(base);
    expect(host.sent.map((m) => m.type)).toEqual(['init']);
    sync.update({ ...base, templates: { ...base.templates, productItem: 'ab' } });
    sync.update({ ...base, templates: { ...base.templates, productItem: 'ab' }, css: 'y' });
    sync.update({
      ...base,
      templates: { productItem: 'ab', highlight: 'h' },
      css: 'y',
      settings: { pageSize: 20 },
    });
    expect(host.sent.slice(1)).toEqual([
      { type: 'templates', payload: { templates: { productItem: 'ab' }, seq: 2 } },
      { type: 'css', payload: { css: 'y', seq: 3 } },
    ]);
    sync.update({ ...base, settings: { pageSize: 40 }, viewport: 'mobile', query: 'платье' });
    expect(host.sent.slice(3).map((m) => m.type)).toEqual([
      'templates',
      'css',
      'settings',
      'viewport',
      'query',
    ]);
    expect(sync.seq()).toBe(6);
  });

  it('starts over with init when the widget changes', () => {
    const host = fakeHost();
    const sync = createPreviewSync(host as never);
    sync.init(base);
    sync.update({ ...base, widget: 'autocomplete', templates: { autocomplete: 'x' } });
    expect(host.sent.map((m) => m.type)).toEqual(['init', 'init']);
    expect(host.sent[1]?.payload).toMatchObject({ widget: 'autocomplete', seq: 2 });
  });
});
