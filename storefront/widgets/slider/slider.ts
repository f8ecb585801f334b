import type { Product, Sku } from '#contract/public/product.ts';
import { cardActionHandlers, onActions } from '../../runtime/card-actions.ts';
import { randomId } from '../../runtime/identity.ts';
import {
  cardView,
  pickSku,
  type CardLayout,
  type SkuSelection,
} from '../../runtime/product-view.ts';
import { createPartRenderer } from '../../runtime/renderer.ts';
import { releaseHost, shieldHost } from '../../runtime/shield.ts';
import type { PartTemplates } from '../../runtime/templates.ts';
import { renderHooks, type WidgetRenderOptions } from '../../runtime/widget-options.ts';
import { TEXTS_RU } from '../../runtime/texts.ts';
import {
  createSliderConnector,
  type SliderConnector,
  type SliderSettings,
} from './slider.connector.ts';
import { sliderTemplates } from './slider.templates.ts';

export interface SliderOptions extends SliderSettings, WidgetRenderOptions {
  products: readonly Product[];
  title?: string;
  layout?: CardLayout;
  /** Slides per view by minimum viewport width; overrides `perView` when given. */
  breakpoints?: Readonly<Record<number, number>>;
  onBuy?(product: Product, sku: Sku | null): void;
}

export interface SliderWidget {
  readonly element: HTMLElement;
  /** Replaces templates (the studio's live preview); changed parts re-render after their delays. */
  update(options: { templates?: PartTemplates }): void;
  readonly connector: SliderConnector;
  flush(): void;
  dispose(): void;
}

/** Mounts a product slider (global component SLIDER), framework-free. Part: `slider`. */
export function mountSlider(container: HTMLElement, options: SliderOptions): SliderWidget {
  const host = shieldHost(container, 'digi-slider-widget');
  const texts = options.texts ?? TEXTS_RU;
  const connector = createSliderConnector(options.products.length, options);
  const selections = new Map<string, SkuSelection>();
  const trackId = `digi-slider-${randomId().slice(0, 8)}`;
  const renderer = createPartRenderer({
    root: host,
    rootPart: 'slider',
    templates: { ...sliderTemplates, ...options.templates },
    getState: connector.store.get,
    parts: {
      slider: {
        select: ({ index, count, perView }) => ({
          texts,
          title: options.title ?? '',
          trackId,
          perView,
          count,
          offset: (index * 100) / perView,
          controls: count > perView,
          canPrev: connector.canPrev(),
          canNext: connector.canNext(),
          slides: options.products.map((product, i) => ({
            n: i + 1,
            visible: i >= index && i < index + perView,
            product: {
              ...cardView(product, {
                layout: options.layout ?? 'default',
                selection: selections.get(product.id) ?? {},
                position: i,
              }),
              texts,
              query: '',
            },
          })),
          dots: Array.from({ length: connector.positions() }, (_, i) => ({
            index: i,
            n: i + 1,
            current: i === index,
          })),
        }),
      },
    },
    ...renderHooks(options),
  });

  const applyBreakpoints = (): void => {
    if (!options.breakpoints) return;
    const width = host.ownerDocument.defaultView?.innerWidth ?? 1024;
    let perView = options.perView ?? 4;
    for (const [min, value] of Object.entries(options.breakpoints).sort(
      (a, b) => Number(a[0]) - Number(b[0]),
    )) {
      if (width >= Number(min)) perView = value;
    }
    connector.setPerView(perView);
  };
  applyBreakpoints();
  renderer.render();
  const unsubscribe = connector.store.subscribe(() => renderer.update());
  const view = host.ownerDocument.defaultView;
  view?.addEventListener('resize', applyBreakpoints);

  const offClick = onActions(host, 'click', {
    ...cardActionHandlers({
      pick(id, param, value) {
        const current = { ...selections.get(id) };
        if (current[param] === value) delete current[param];
        else current[param] = value;
        selections.set(id, current);
        renderer.update();
      },
      buy(id) {
        const product = options.products.find((p) => p.id === id);
        if (product) options.onBuy?.(product, pickSku(product, selections.get(id) ?? {}));
      },
    }),
    'slider-prev': () => connector.prev(),
    'slider-next': () => connector.next(),
    'slider-go': (el) => connector.goTo(Number(el.dataset['digiIndex'])),
  });
  const onKey = (event: KeyboardEvent): void => {
    if (event.key === 'ArrowLeft') connector.prev();
    else if (event.key === 'ArrowRight') connector.next();
  };
  host.addEventListener('keydown', onKey);
  return {
    element: host,
    update(next) {
      if (next.templates) renderer.setTemplates({ ...sliderTemplates, ...next.templates });
    },
    connector,
    flush: () => renderer.flush(),
    dispose() {
      unsubscribe();
      offClick();
      host.removeEventListener('keydown', onKey);
      view?.removeEventListener('resize', applyBreakpoints);
      renderer.dispose();
      releaseHost(host);
    },
  };
}
