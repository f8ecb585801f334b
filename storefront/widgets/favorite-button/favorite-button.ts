import { onActions } from '../../runtime/card-actions.ts';
import { createPartRenderer } from '../../runtime/renderer.ts';
import { releaseHost, shieldHost } from '../../runtime/shield.ts';
import type { PartTemplates } from '../../runtime/templates.ts';
import { renderHooks, type WidgetRenderOptions } from '../../runtime/widget-options.ts';
import { TEXTS_RU } from '../../runtime/texts.ts';
import {
  createFavoriteButtonConnector,
  type FavoriteButtonSettings,
} from './favorite-button.connector.ts';
import { favoriteButtonTemplates } from './favorite-button.templates.ts';

export interface FavoriteButtonOptions extends FavoriteButtonSettings, WidgetRenderOptions {}

export interface FavoriteButtonWidget {
  readonly element: HTMLElement;
  /** Replaces templates (the studio's live preview); changed parts re-render after their delays. */
  update(options: { templates?: PartTemplates }): void;
  flush(): void;
  dispose(): void;
}

/** Mounts the favourite toggle (aria-pressed). Part: `favoriteButton`. */
export function mountFavoriteButton(
  container: HTMLElement,
  options: FavoriteButtonOptions,
): FavoriteButtonWidget {
  const host = shieldHost(container, 'digi-favorite-button-widget');
  const connector = createFavoriteButtonConnector(options);
  const texts = options.texts ?? TEXTS_RU;
  const renderer = createPartRenderer({
    root: host,
    rootPart: 'favoriteButton',
    templates: { ...favoriteButtonTemplates, ...options.templates },
    getState: connector.store.get,
    parts: { favoriteButton: { select: (state) => ({ ...state, texts }) } },
    ...renderHooks(options),
  });
  renderer.render();
  const unsubscribe = connector.store.subscribe(() => renderer.update());
  const off = onActions(host, 'click', { favorite: () => void connector.toggle() });
  void connector.start();
  return {
    element: host,
    update(next) {
      if (next.templates) renderer.setTemplates({ ...favoriteButtonTemplates, ...next.templates });
    },
    flush: () => renderer.flush(),
    dispose() {
      unsubscribe();
      off();
      renderer.dispose();
      releaseHost(host);
    },
  };
}
