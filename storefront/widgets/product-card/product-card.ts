import type { Product, Sku } from '#contract/public/product.ts';
import { cardActionHandlers, onActions } from '../../runtime/card-actions.ts';
import { pickSku, type CardLayout } from '../../runtime/product-view.ts';
import { createPartRenderer } from '../../runtime/renderer.ts';
import { releaseHost, shieldHost } from '../../runtime/shield.ts';
import { renderHooks, type WidgetRenderOptions } from '../../runtime/widget-options.ts';
import { TEXTS_RU } from '../../runtime/texts.ts';
import { createProductCardConnector } from './product-card.connector.ts';
import { productCardTemplates } from './product-card.templates.ts';

export interface ProductCardOptions extends WidgetRenderOptions {
  product: Product;
  /** @default 'default' */
  layout?: CardLayout;
  /** Called by the buy button with the picked SKU (null when none is picked). */
  onBuy?(product: Product, sku: Sku | null): void;
  pickerParams?: readonly string[];
}

export interface ProductCardWidget {
  readonly element: HTMLElement;
  update(options: Partial<Pick<ProductCardOptions, 'product' | 'layout' | 'templates'>>): void;
  flush(): void;
  dispose(): void;
}

/** Mounts a product card (global component PRODUCT) into `container`. Part: `productCard`. */
export function mountProductCard(
  container: HTMLElement,
  options: ProductCardOptions,
): ProductCardWidget {
  const host = shieldHost(container, 'digi-product-card');
  const connector = createProductCardConnector(options.product, {
    ...(options.layout ? { layout: options.layout } : {}),
    ...(options.pickerParams ? { pickerParams: options.pickerParams } : {}),
  });
  const texts = options.texts ?? TEXTS_RU;
  const renderer = createPartRenderer({
    root: host,
    rootPart: 'productCard',
    templates: { ...productCardTemplates, ...options.templates },
    getState: connector.store.get,
    parts: { productCard: { select: () => ({ ...connector.view(), texts, query: '' }) } },
    ...renderHooks(options),
  });
  renderer.render();
  const unsubscribe = connector.store.subscribe(() => renderer.update());
  const offClick = onActions(
    host,
    'click',
    cardActionHandlers({
      pick: (_id, param, value) => connector.pick(param, value),
      buy: () => {
        const { product, selection } = connector.store.get();
        options.onBuy?.(product, pickSku(product, selection));
      },
    }),
  );
  return {
    element: host,
    update(next) {
      if (next.product) connector.setProduct(next.product);
      if (next.layout) connector.setLayout(next.layout);
      if (next.templates) renderer.setTemplates({ ...productCardTemplates, ...next.templates });
    },
    flush: () => renderer.flush(),
    dispose() {
      unsubscribe();
      offClick();
      renderer.dispose();
      releaseHost(host);
    },
  };
}
