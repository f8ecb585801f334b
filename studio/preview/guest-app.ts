/**
 * The preview frame's application: mounts the REAL storefront widget with templates compiled from
 * the studio's Handlebars source, re-renders only the parts an edit changed, swaps the stylesheet,
 * and reports renders and errors to the host. Data comes from the host (`data-request`): the frame
 * has neither network nor credentials.
 */
import type { Product } from '#contract/public/product.ts';
import type { SearchResponse } from '#contract/public/search.ts';
import { previewWidgetEvent } from '#contract/public/tracking.ts';
import type { DataSource } from '#storefront/runtime/data-source.ts';
import type { TemplateSpec } from '#storefront/runtime/templates.ts';
import { mountAutocomplete } from '#storefront/widgets/autocomplete/autocomplete.ts';
import { mountCartButton } from '#storefront/widgets/cart-button/cart-button.ts';
import { mountFavoriteButton } from '#storefront/widgets/favorite-button/favorite-button.ts';
import { mountInstantSearch } from '#storefront/widgets/instant-search/instant-search.ts';
import { mountProductCard } from '#storefront/widgets/product-card/product-card.ts';
import { mountRecommendations } from '#storefront/widgets/recommendations/recommendations.ts';
import { mountSlider } from '#storefront/widgets/slider/slider.ts';
import type { PreviewGuest } from '../bridge/guest.ts';
import type { PreviewViewport, PreviewWidget, WidgetSettings } from '../bridge/protocol.ts';
import { compileTemplate, describeTemplateError } from './compile-template.ts';
import { guardNavigation, guardTemplate } from './navigation-guard.ts';

interface MountedWidget {
  update(options: { templates?: Record<string, TemplateSpec> }): void;
  flush(): void;
  dispose(): void;
  input?: HTMLInputElement;
}

export interface PreviewGuestApp {
  /** The mounted widget's host element (tests). */
  element(): HTMLElement | null;
  dispose(): void;
}

export interface PreviewGuestAppOptions {
  /**
   * Per-part delays while the preview runs. The storefront's spec delays (productItem 500 ms …)
   * still apply to data changes (typing a query); an edited template renders at once (flush).
   */
  delays?: Readonly<Record<string, number>>;
}

const isAbort = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'AbortError';

export function startPreviewGuestApp(
  guest: PreviewGuest,
  root: HTMLElement,
  options: PreviewGuestAppOptions = {},
): PreviewGuestApp {
  const doc = root.ownerDocument;
  const style = doc.createElement('style');
  style.id = 'vitrina-preview-css';
  doc.head.appendChild(style);
  const unguard = guardNavigation(doc);

  let widgetKind: PreviewWidget | null = null;
  let settings: WidgetSettings = {};
  let viewport: PreviewViewport = 'desktop';
  let query = '';
  let seq = 0;
  /** Last good compiled template per overridden part (a broken edit keeps the last good one). */
  let compiled: Record<string, TemplateSpec> = {};
  let widget: MountedWidget | null = null;
  let container: HTMLElement | null = null;
  let generation = 0;

  const report = (kind: 'render' | 'data' | 'mount', part: string, error: unknown): void => {
    const problem = describeTemplateError(error);
    guest.send('error', { part, kind, seq, ...problem, message: problem.message.slice(0, 4000) });
  };

  const call =
    <P extends object, R>(
      name: 'search' | 'autocomplete' | 'recommendations',
      extra: object = {},
    ) =>
    async (params: P, signal?: AbortSignal): Promise<R> => {
      try {
        return (await guest.request(name, { ...params, ...extra }, signal)) as R;
      } catch (error) {
        if (!isAbort(error) && !signal?.aborted) report('data', name, error);
        throw error;
      }
    };
  const source: DataSource = {
    apiKey: 'preview',
    search: call('search', { preview: 'true' }),
    autocomplete: call('autocomplete'),
    recommendations: call('recommendations'),
    // Widget events go to the console, which sends them under its preview strategy (spec part 1
    // §7), kept out of the shop's reports; what only the console has is added there.
    trackWidget: (event) => {
      const {
        apiKey: _apiKey,
        strategy: _strategy,
        referer: _referer,
        location: _location,
        ...rest
      } = event;
      const parsed = previewWidgetEvent.safeParse(rest);
      if (parsed.success) guest.send('track', parsed.data);
      return Promise.resolve();
    },
  };

  // Renders are reported once per part and task: a list of 100 items is one message, not 100.
  const renders = new Map<string, { ms: number; count: number }>();
  let reportQueued = false;
  function reportRenders(): void {
    reportQueued = false;
    for (const [part, { ms, count }] of renders) guest.send('rendered', { part, ms, count, seq });
    renders.clear();
  }

  const hooks = () => ({
    templates: { ...compiled },
    ...(options.delays ? { delays: options.delays } : {}),
    onRender(part: string, ms: number) {
      const entry = renders.get(part);
      if (entry) {
        entry.ms += ms;
        entry.count += 1;
      } else renders.set(part, { ms, count: 1 });
      if (!reportQueued) {
        reportQueued = true;
        queueMicrotask(reportRenders);
      }
    },
    onError(part: string, error: unknown) {
      report('render', part, error);
    },
  });

  function compileParts(sources: Readonly<Record<string, string>>): string[] {
    const ok: string[] = [];
    for (const [part, text] of Object.entries(sources)) {
      if (text === '') {
        delete compiled[part];
        ok.push(part);
        continue;
      }
      const result = compileTemplate(text);
      if (result.ok) {
        compiled[part] = guardTemplate(result.spec, doc);
        ok.push(part);
      } else {
        const { ok: _ok, ...problem } = result;
        guest.send('error', { part, kind: 'compile', seq, ...problem });
      }
    }
    if (ok.length > 0) guest.send('compiled', { parts: ok, seq });
    return ok;
  }

  async function firstProducts(size: number): Promise<Product[]> {
    const result = (await source.search({
      st: query,
      size,
      withFacets: 'false',
    })) as SearchResponse;
    return [...result.products];
  }

  async function mount(): Promise<void> {
    const mine = ++generation;
    // What the designer typed into the previewed search box survives the remount (a device
    // switch, a settings edit): it becomes the query the new widget starts with.
    const typed = searchInput()?.value;
    if (typed !== undefined) query = typed;
    widget?.dispose();
    widget = null;
    container?.remove();
    container = doc.createElement('div');
    container.className = 'vitrina-preview__widget';
    root.appendChild(container);
    const target = container;
    const mobile = viewport === 'mobile';
    const s = settings as Record<string, never>;
    try {
      switch (widgetKind) {
        case null:
          return;
        case 'instant-search':
          widget = mountInstantSearch(target, {
            // the preview lists the catalogue before a query (a storefront waits for one)
            browseWithoutQuery: true,
            ...s,
            ...hooks(),
            source,
            mobile,
            ...(query ? { initialQuery: query } : {}),
          });
          return;
        case 'autocomplete': {
          const ac = mountAutocomplete(target, { ...s, ...hooks(), source, onChoose: () => {} });
          widget = ac;
          if (query) typeInto(ac.input, query);
          return;
        }
        case 'recommendations':
          widget = mountRecommendations(target, { ...s, ...hooks(), source, mobile });
          return;
        default:
          break;
      }
      // The product widgets show products of the site's catalog.
      const products = await firstProducts(widgetKind === 'slider' ? 12 : 1);
      if (mine !== generation) return;
      const product = products[0];
      if (product === undefined) {
        report('mount', widgetKind, new Error('The catalog has no product to show'));
        return;
      }
      switch (widgetKind) {
        case 'product-card':
          widget = mountProductCard(target, { ...s, ...hooks(), product });
          return;
        case 'slider':
          widget = mountSlider(target, { ...s, ...hooks(), products });
          return;
        case 'cart-button':
          widget = mountCartButton(target, {
            ...s,
            ...hooks(),
            productId: product.id,
            cartState: () => [],
            addToCart: () => undefined,
          });
          return;
        case 'favorite-button':
          widget = mountFavoriteButton(target, {
            ...s,
            ...hooks(),
            productId: product.id,
            toggleFavorite: () => Promise.resolve(),
          });
          return;
      }
    } catch (error) {
      if (mine === generation && !isAbort(error)) report('mount', widgetKind ?? 'widget', error);
    }
  }

  // Edits re-render in a task of their own, after the edits already queued behind this one: when
  // rendering lags behind typing, several keystrokes cost one render (the last text wins).
  const renderChannel = new MessageChannel();
  let renderQueued = false;
  renderChannel.port1.onmessage = () => {
    renderQueued = false;
    if (widget === null) return;
    widget.update({ templates: { ...compiled } });
    // At once: the spec's per-part delays are for data changes, not for the designer's edits.
    widget.flush();
  };
  function scheduleRender(): void {
    if (renderQueued) return;
    renderQueued = true;
    renderChannel.port2.postMessage(null);
  }

  function typeInto(input: HTMLInputElement, text: string): void {
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }

  function searchInput(): HTMLInputElement | null {
    if (widget?.input) return widget.input;
    return root.querySelector<HTMLInputElement>('input[type="search"]');
  }

  function setViewport(next: PreviewViewport): void {
    viewport = next;
    doc.documentElement.dataset['viewport'] = next;
  }

  const offs = [
    guest.on('init', (payload) => {
      seq = payload.seq;
      widgetKind = payload.widget;
      settings = payload.settings;
      query = payload.query ?? '';
      setViewport(payload.viewport);
      style.textContent = payload.css;
      compiled = {};
      compileParts(payload.templates);
      void mount();
      guest.send('styled', { seq });
    }),
    guest.on('templates', (payload) => {
      seq = payload.seq;
      const changed = compileParts(payload.templates);
      if (changed.length > 0) scheduleRender();
    }),
    guest.on('css', (payload) => {
      seq = payload.seq;
      style.textContent = payload.css;
      guest.send('styled', { seq });
    }),
    guest.on('settings', (payload) => {
      seq = payload.seq;
      settings = payload.settings;
      void mount();
    }),
    guest.on('viewport', (payload) => {
      if (payload.viewport === viewport) return;
      setViewport(payload.viewport);
      void mount();
    }),
    guest.on('query', (payload) => {
      query = payload.query;
      const input = searchInput();
      if (input) typeInto(input, query);
      else if (widgetKind !== null) void mount();
    }),
  ];

  return {
    element: () => container,
    dispose() {
      for (const off of offs) off();
      renderChannel.port1.close();
      generation += 1;
      widget?.dispose();
      widget = null;
      style.remove();
      unguard();
    },
  };
}
