import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hostMessage, guestMessage, type HostMessage } from '#studio/bridge/protocol.ts';
import en from '#studio/locales/en/preview.json';
import ru from '#studio/locales/ru/preview.json';
import { PreviewPane, type PreviewPaneProps } from '#studio/panels/preview-pane.tsx';

afterEach(cleanup);

function i18n(lng: 'ru' | 'en') {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    initAsync: false,
    resources: {
      ru: { translation: { studio: { preview: ru } } },
      en: { translation: { studio: { preview: en } } },
    },
    interpolation: { escapeValue: false },
  });
  return instance;
}

const props: PreviewPaneProps = {
  apiKey: 'KEY',
  widget: 'instant-search',
  settings: { pageSize: 20 },
  templates: { productItem: '<b>{{product.name}}</b>' },
  css: '#digi-shield {}',
};

function mount(overrides: Partial<PreviewPaneProps> = {}, lng: 'ru' | 'en' = 'ru') {
  const wrap = (ui: ReactElement) => <I18nextProvider i18n={i18n(lng)}>{ui}</I18nextProvider>;
  const result = render(wrap(<PreviewPane {...props} {...overrides} />));
  return {
    ...result,
    user: userEvent.setup(),
    rerender: (next: Partial<PreviewPaneProps>) =>
      result.rerender(wrap(<PreviewPane {...props} {...overrides} {...next} />)),
  };
}

/** Catches what the pane posts to a frame, and plays that frame's guest. */
function guestOf(iframe: HTMLIFrameElement) {
  const sent: HostMessage[] = [];
  vi.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation((message: unknown) => {
    sent.push(message as HostMessage);
  });
  // Messages from the sandboxed frame carry its opaque origin.
  const say = (data: unknown) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data, source: iframe.contentWindow, origin: 'null' }),
      );
    });
  // The guest's page loaded (the host opens the channel on its load and its ready).
  act(() => {
    iframe.dispatchEvent(new Event('load'));
  });
  return { sent, say };
}

describe('PreviewPane', () => {
  it('renders a sandboxed frame that may run scripts but never shares the origin', () => {
    mount();
    const frame = screen.getByTitle('Предпросмотр виджета — Интеграция');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('src')).toBe('/studio-preview.html');
  });

  it('sends init when the guest is ready, then only what changed', async () => {
    const view = mount();
    const frame = screen.getByTitle<HTMLIFrameElement>('Предпросмотр виджета — Интеграция');
    const guest = guestOf(frame);
    guest.say(guestMessage('ready', {}));
    expect(guest.sent.map((m) => m.type)).toEqual(['init']);
    expect(guest.sent[0]?.payload).toMatchObject({
      widget: 'instant-search',
      templates: props.templates,
      viewport: 'desktop',
    });
    view.rerender({ templates: { productItem: '<i>{{product.name}}</i>' } });
    view.rerender({ templates: { productItem: '<i>{{product.name}}</i>' }, css: 'x' });
    expect(guest.sent.slice(1)).toEqual([
      hostMessage('templates', { templates: { productItem: '<i>{{product.name}}</i>' }, seq: 2 }),
      hostMessage('css', { css: 'x', seq: 3 }),
    ]);
  });

  it('reports errors with their lines and clears them when the part compiles', () => {
    const onErrors = vi.fn();
    mount({ onErrors });
    const frame = screen.getByTitle<HTMLIFrameElement>('Предпросмотр виджета — Интеграция');
    const guest = guestOf(frame);
    guest.say(guestMessage('ready', {}));
    const error = {
      part: 'productItem',
      kind: 'compile',
      message: 'Parse error',
      line: 3,
      seq: 2,
    } as const;
    guest.say(guestMessage('error', error));
    expect(onErrors).toHaveBeenLastCalledWith([error]);
    expect(screen.getByRole('status')).toHaveTextContent('1 ошибка в шаблонах');
    // A frame other than the pane's own says the part compiled: ignored.
    const other = document.body.appendChild(document.createElement('iframe'));
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: guestMessage('compiled', { parts: ['productItem'], seq: 3 }),
          source: other.contentWindow,
        }),
      );
    });
    expect(onErrors).toHaveBeenLastCalledWith([error]);
    guest.say(guestMessage('compiled', { parts: ['productItem'], seq: 3 }));
    expect(onErrors).toHaveBeenLastCalledWith([]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('switches to the mobile width and tells the guest', async () => {
    const { user } = mount();
    const frame = screen.getByTitle<HTMLIFrameElement>('Предпросмотр виджета — Интеграция');
    const guest = guestOf(frame);
    guest.say(guestMessage('ready', {}));
    const group = screen.getByRole('group', { name: 'Размер экрана' });
    // A desktop's width, then a phone's (below the storefront's 768 px breakpoint).
    expect(frame.style.width).toBe('1280px');
    const mobile = within(group).getByRole('button', { name: 'Телефон, 390 px' });
    expect(mobile).toHaveAttribute('aria-pressed', 'false');
    await user.click(mobile);
    expect(mobile).toHaveAttribute('aria-pressed', 'true');
    expect(frame.style.width).toBe('390px');
    expect(guest.sent.at(-1)).toEqual(hostMessage('viewport', { viewport: 'mobile' }));
  });

  it('shows production beside integration on demand (in English too)', async () => {
    const { user } = mount(
      { compare: { templates: {}, css: '', settings: { pageSize: 20 } } },
      'en',
    );
    expect(screen.getAllByTitle(/Widget preview/)).toHaveLength(1);
    await user.click(
      screen.getByRole('checkbox', { name: 'Integration and production side by side' }),
    );
    expect(screen.getByTitle('Widget preview — Production')).toHaveAttribute(
      'sandbox',
      'allow-scripts',
    );
    expect(screen.getByTitle('Widget preview — Integration')).toBeInTheDocument();
  });

  it('has no side-by-side switch without a production copy', () => {
    mount();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('preview strings', () => {
  it('en has every key of ru (plural forms aside)', () => {
    const base = (keys: string[]) =>
      new Set(keys.map((k) => k.replace(/_(one|few|many|other)$/, '')));
    expect(base(Object.keys(en))).toEqual(base(Object.keys(ru)));
  });
});
