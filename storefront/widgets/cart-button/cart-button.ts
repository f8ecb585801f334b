import { onActions } from '../../runtime/card-actions.ts';
import { createPartRenderer } from '../../runtime/renderer.ts';
import { releaseHost, shieldHost } from '../../runtime/shield.ts';
import type { PartTemplates } from '../../runtime/templates.ts';
import { renderHooks, type WidgetRenderOptions } from '../../runtime/widget-options.ts';
import { TEXTS_RU } from '../../runtime/texts.ts';
import { createCartButtonConnector, type CartButtonSettings } from './cart-button.connector.ts';
import { cartButtonTemplates } from './cart-button.templates.ts';

export interface CartButtonOptions extends CartButtonSettings, WidgetRenderOptions {
  /** Where a press on 'В корзине' leads; without it the press does nothing. */
  cartUrl?: string;
}

export interface CartButtonWidget {
  readonly element: HTMLElement;
  /** Replaces templates (the studio's live preview); changed parts re-render after their delays. */
  update(options: { templates?: PartTemplates }): void;
  /** Re-reads the cart state source. */
  refresh(): Promise<void>;
  flush(): void;
  dispose(): void;
}

/** Mounts the cart button ('В корзину' / 'В корзине'). Part: `cartButton`. */
export function mountCartButton(
  container: HTMLElement,
  options: CartButtonOptions,
): CartButtonWidget {
  const host = shieldHost(container, 'digi-cart-button-widget');
  const connector = createCartButtonConnector(options);
  const texts = options.texts ?? TEXTS_RU;
  const renderer = createPartRenderer({
    root: host,
    rootPart: 'cartButton',
    templates: { ...cartButtonTemplates, ...options.templates },
    getState: connector.store.get,
    parts: {
      cartButton: {
        select: ({ status }) => ({
          inCart: status === 'inCart',
          adding: status === 'adding',
          texts,
        }),
      },
    },
    ...renderHooks(options),
  });
  renderer.render();
  const unsubscribe = connector.store.subscribe(() => renderer.update());
  const off = onActions(host, 'click', {
    cart() {
      const { status } = connector.store.get();
      if (status === 'idle') void connector.add();
      else if (status === 'inCart' && options.cartUrl) location.assign(options.cartUrl);
    },
  });
  connector.start();
  return {
    element: host,
    update(next) {
      if (next.templates) renderer.setTemplates({ ...cartButtonTemplates, ...next.templates });
    },
    refresh: () => connector.refresh(),
    flush: () => renderer.flush(),
    dispose() {
      connector.stop();
      unsubscribe();
      off();
      renderer.dispose();
      releaseHost(host);
    },
  };
}
