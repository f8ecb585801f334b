import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemorySource } from '#storefront/fixtures/memory-source.ts';
import { PART_DELAYS } from '#storefront/runtime/scheduler.ts';
import type { PreviewGuest } from '#studio/bridge/guest.ts';
import type { GuestPayloads, HostMessageType, HostPayloads } from '#studio/bridge/protocol.ts';
import { startPreviewGuestApp, type PreviewGuestApp } from '#studio/preview/guest-app.ts';

type Sent = {
  [K in keyof GuestPayloads]: { type: K; payload: GuestPayloads[K] };
}[keyof GuestPayloads];

/** The channel as the guest app sees it, with the host played by the test. */
function fakeGuest() {
  const source = createMemorySource();
  const handlers = new Map<string, (payload: never) => void>();
  const sent: Sent[] = [];
  const guest: PreviewGuest = {
    send: (type, payload) => void sent.push({ type, payload } as Sent),
    on: (type, handler) => {
      handlers.set(type, handler as (payload: never) => void);
      return () => handlers.delete(type);
    },
    request: (call, params, signal) =>
      (source[call] as (p: unknown, s?: AbortSignal) => Promise<unknown>)(params, signal),
    ready: () => undefined,
    dispose: () => undefined,
  };
  const host = <T extends HostMessageType>(type: T, payload: HostPayloads[T]) =>
    (handlers.get(type) as ((p: HostPayloads[T]) => void) | undefined)?.(payload);
  return { guest, sent, host };
}

let app: PreviewGuestApp | undefined;
afterEach(() => {
  app?.dispose();
  app = undefined;
  document.body.replaceChildren();
  document.head.replaceChildren();
});

const until = async (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true));
/** Edits render in a task of their own (a MessageChannel message). */
const rendered = () => new Promise((resolve) => setTimeout(resolve, 5));

function start() {
  const channel = fakeGuest();
  const root = document.body.appendChild(document.createElement('div'));
  root.id = 'digi-shield';
  // Every part at once: the tests look at what an edit re-renders, not at the spec's delays.
  const delays = Object.fromEntries(Object.keys(PART_DELAYS).map((part) => [part, 0]));
  app = startPreviewGuestApp(channel.guest, root, { delays });
  return { ...channel, root };
}

const init = (overrides: Partial<HostPayloads['init']> = {}): HostPayloads['init'] => ({
  widget: 'instant-search',
  settings: { pageSize: 4, throttle: 0 },
  templates: { productItem: '<p class="t-item">{{product.name}}</p>' },
  css: '#digi-shield .t-item { color: red }',
  viewport: 'desktop',
  seq: 1,
  ...overrides,
});

describe('preview guest app', () => {
  it('mounts the real widget with the compiled templates, data from the host and the CSS', async () => {
    const { host, root, sent } = start();
    host('init', init());
    await until(() => root.querySelectorAll('.t-item').length === 4);
    expect(document.getElementById('vitrina-preview-css')?.textContent).toContain('.t-item');
    expect(sent).toContainEqual({ type: 'compiled', payload: { parts: ['productItem'], seq: 1 } });
    expect(sent).toContainEqual({ type: 'styled', payload: { seq: 1 } });
    expect(sent.some((m) => m.type === 'rendered' && m.payload.part === 'productItem')).toBe(true);
  });

  it('re-renders only the edited part, at once, and reports its sequence number', async () => {
    const { host, root, sent } = start();
    host('init', init());
    await until(() => root.querySelectorAll('.t-item').length === 4);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const header = root.querySelector('.digi-instant-search__header');
    sent.length = 0;
    host('templates', {
      templates: { productItem: '<p class="t-edit">{{product.name}}!</p>' },
      seq: 2,
    });
    await rendered();
    expect(root.querySelectorAll('.t-edit')).toHaveLength(4);
    expect(root.querySelector('.digi-instant-search__header')).toBe(header);
    // Reported once for the four items.
    const reports = sent.filter((m) => m.type === 'rendered');
    expect(reports).toEqual([
      {
        type: 'rendered',
        payload: { part: 'productItem', ms: expect.any(Number), count: 4, seq: 2 },
      },
    ]);
  });

  it('reports a compile error with its line and keeps the last good template', async () => {
    const { host, root, sent } = start();
    host('init', init());
    await until(() => root.querySelectorAll('.t-item').length === 4);
    host('templates', {
      templates: {
        productItem: '<p class="t-bad">\n{{#if product}}\n{{product.name}\n{{/if}}</p>',
      },
      seq: 2,
    });
    expect(sent.at(-1)).toMatchObject({
      type: 'error',
      payload: { part: 'productItem', kind: 'compile', line: 3, seq: 2 },
    });
    expect(root.querySelectorAll('.t-item')).toHaveLength(4);
    expect(root.querySelector('.t-bad')).toBeNull();
  });

  it('reports a template that throws while rendering, and goes back to the default on an empty text', async () => {
    const { host, root, sent } = start();
    host('init', init());
    await until(() => root.querySelectorAll('.t-item').length === 4);
    // A partial whose name is computed is only looked up while rendering.
    host('templates', {
      templates: { productItem: '<p class="t-item">{{> (concat "no" "pe") product}}</p>' },
      seq: 2,
    });
    await rendered();
    expect(sent).toContainEqual({
      type: 'error',
      payload: expect.objectContaining({ part: 'productItem', kind: 'render', seq: 2 }),
    });
    host('templates', { templates: { productItem: '' }, seq: 3 });
    await rendered();
    expect(sent).toContainEqual({ type: 'compiled', payload: { parts: ['productItem'], seq: 3 } });
    expect(root.querySelectorAll('.digi-card')).toHaveLength(4);
  });

  it('renders once for edits that arrive while a render waits: the last text wins', async () => {
    const { host, root, sent } = start();
    host('init', init());
    await until(() => root.querySelectorAll('.t-item').length === 4);
    await rendered();
    sent.length = 0;
    host('templates', {
      templates: { productItem: '<p class="t-a">{{product.name}}</p>' },
      seq: 2,
    });
    host('templates', {
      templates: { productItem: '<p class="t-ab">{{product.name}}</p>' },
      seq: 3,
    });
    await rendered();
    expect(root.querySelectorAll('.t-ab')).toHaveLength(4);
    expect(sent.filter((m) => m.type === 'rendered')).toEqual([
      {
        type: 'rendered',
        payload: expect.objectContaining({ part: 'productItem', count: 4, seq: 3 }),
      },
    ]);
  });

  it('swaps the stylesheet without touching the widget', async () => {
    const { host, root, sent } = start();
    host('init', init());
    await until(() => root.querySelectorAll('.t-item').length === 4);
    const first = root.querySelector('.t-item');
    host('css', { css: '#digi-shield .t-item { color: blue }', seq: 2 });
    expect(document.getElementById('vitrina-preview-css')?.textContent).toContain('blue');
    expect(root.querySelector('.t-item')).toBe(first);
    expect(sent.at(-1)).toEqual({ type: 'styled', payload: { seq: 2 } });
  });

  it('types a query into the widget search box', async () => {
    const { host, root } = start();
    host('init', init());
    await until(() => root.querySelectorAll('.t-item').length === 4);
    host('query', { query: 'платье' });
    const input = root.querySelector<HTMLInputElement>('input[type="search"]');
    expect(input?.value).toBe('платье');
  });

  it('mounts again with new settings, and in the mobile layout for the mobile viewport', async () => {
    const { host, root } = start();
    host('init', init());
    await until(() => root.querySelectorAll('.t-item').length === 4);
    host('settings', { settings: { pageSize: 2, throttle: 0 }, seq: 2 });
    await until(() => root.querySelectorAll('.t-item').length === 2);
    expect(root.querySelector('.digi-instant-search__layout--mobile')).toBeNull();
    host('viewport', { viewport: 'mobile' });
    await until(() => root.querySelector('.digi-instant-search__layout--mobile') !== null);
    expect(document.documentElement.dataset['viewport']).toBe('mobile');
    expect(root.querySelectorAll('.vitrina-preview__widget')).toHaveLength(1);
  });

  it('reports a data failure and the catalog with nothing to show', async () => {
    const { host, root, sent, guest } = start();
    guest.request = () => Promise.reject(new Error('Unknown apiKey'));
    host('init', init({ widget: 'product-card', templates: {}, settings: {} }));
    await until(() => sent.some((m) => m.type === 'error'));
    expect(sent.filter((m) => m.type === 'error').map((m) => m.payload)).toEqual([
      expect.objectContaining({ kind: 'data', part: 'search', message: 'Unknown apiKey' }),
      expect.objectContaining({ kind: 'mount', part: 'product-card', message: 'Unknown apiKey' }),
    ]);
    expect(root.querySelector('.digi-card')).toBeNull();
  });

  it('mounts a product card from the catalog', async () => {
    const { host, root } = start();
    host('init', init({ widget: 'product-card', templates: {}, settings: {} }));
    await until(() => root.querySelector('.digi-card') !== null);
  });

  it('strips meta http-equiv and base from rendered templates, before they reach the document', async () => {
    const { host, root } = start();
    const inserted: string[] = [];
    // What the document ever received (a meta refresh acts on insertion; removing it is late).
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element)
            for (const el of [node, ...node.querySelectorAll('*')])
              inserted.push(el.localName + (el.hasAttribute('http-equiv') ? '[http-equiv]' : ''));
    }).observe(root, { childList: true, subtree: true });
    host(
      'init',
      init({
        templates: {
          productItem:
            '<META HTTP-EQUIV="refresh" content="0;url=/foreign-page.html"><base href="https://evil.example/">' +
            '<p class="t-item">{{product.name}}<meta http-equiv="set-cookie" content="a=b"><meta charset="utf-8"></p>',
        },
      }),
    );
    await until(() => root.querySelectorAll('.t-item').length === 4);
    await rendered();
    expect(inserted).toContain('p');
    expect(inserted).not.toContain('base');
    expect(inserted).not.toContain('meta[http-equiv]');
    expect(root.querySelectorAll('meta[http-equiv], base')).toHaveLength(0);
    // A meta without http-equiv does nothing: it stays.
    expect(root.querySelectorAll('.t-item meta[charset]')).toHaveLength(4);
  });

  it('removes navigating elements added to the document any other way', async () => {
    start();
    const meta = document.createElement('meta');
    meta.httpEquiv = 'refresh';
    meta.content = '0;url=/x';
    const div = document.createElement('div');
    div.innerHTML = '<base href="/x/"><span>ok</span>';
    document.head.append(meta);
    document.body.append(div);
    await rendered();
    expect(document.querySelectorAll('meta[http-equiv], base')).toHaveLength(0);
    expect(div.querySelector('span')).not.toBeNull();
  });

  it('cancels link clicks and form submits in the preview, and stops doing so when disposed', async () => {
    const { host, root } = start();
    host(
      'init',
      init({
        templates: {
          productItem:
            '<p class="t-item"><a class="t-link" href="/foreign-page.html"><b>{{product.name}}</b></a></p>',
        },
      }),
    );
    await until(() => root.querySelectorAll('.t-link b').length === 4);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('.t-link b')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('.t-item')!.dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(false);

    const form = root.appendChild(document.createElement('form'));
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);

    app?.dispose();
    app = undefined;
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.body.appendChild(document.createElement('a')).setAttribute('href', '#later');
    document.querySelector('body > a')!.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });
});
