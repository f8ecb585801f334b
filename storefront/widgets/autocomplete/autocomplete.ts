import type { DataSource } from '../../runtime/data-source.ts';
import { onActions } from '../../runtime/card-actions.ts';
import { randomId } from '../../runtime/identity.ts';
import { createPartRenderer } from '../../runtime/renderer.ts';
import { releaseHost, shieldHost } from '../../runtime/shield.ts';
import { renderHooks, type WidgetRenderOptions } from '../../runtime/widget-options.ts';
import { TEXTS_RU, type Texts } from '../../runtime/texts.ts';
import {
  createAutocompleteConnector,
  type AutocompleteBlock,
  type AutocompleteCardType,
  type AutocompleteConnector,
  type AutocompleteIntent,
  type AutocompleteSettings,
} from './autocomplete.connector.ts';
import { autocompleteTemplates } from './autocomplete.templates.ts';
import { mountVoiceInput } from './voice-input.ts';

export interface AutocompleteOptions extends AutocompleteSettings, WidgetRenderOptions {
  source: DataSource;
  /** The site's search input (selectors.input); without it the widget renders its own. */
  input?: HTMLInputElement;
  /** Handles a choice; by default a search opens `searchPageUrl` and a product its page. */
  onChoose?(intent: AutocompleteIntent): void;
}

export interface AutocompleteWidget {
  readonly element: HTMLElement;
  readonly input: HTMLInputElement;
  readonly connector: AutocompleteConnector;
  update(options: Pick<AutocompleteOptions, 'templates'>): void;
  flush(): void;
  dispose(): void;
}

/** A card type's modifier class of the products block (and what its cards show). */
const CARDS: Record<AutocompleteCardType, { name: string; pictures: boolean; brands: boolean }> = {
  HORIZONTAL_SMALL_CARD: { name: 'small', pictures: true, brands: false },
  HORIZONTAL_BIG_CARD: { name: 'big', pictures: true, brands: true },
  VERTICAL: { name: 'vertical', pictures: true, brands: true },
  LEGACY: { name: 'legacy', pictures: false, brands: false },
};

/** Below this width the panel lists its blocks in one column. */
const NARROW_PANEL = 560;

const BLOCK_TITLE: Record<AutocompleteBlock, keyof Texts> = {
  history: 'history',
  queries: 'queries',
  taps: 'taps',
  categories: 'categories',
  brands: 'brands',
  products: 'products',
  contents: 'contents',
};

/**
 * Mounts the autocomplete: a WAI-ARIA combobox (input + listbox) with blocks queries, products,
 * categories, history, taps and brands. Part: `autocomplete`.
 */
export function mountAutocomplete(
  container: HTMLElement,
  options: AutocompleteOptions,
): AutocompleteWidget {
  const host = shieldHost(container, 'digi-autocomplete');
  const texts = options.texts ?? TEXTS_RU;
  const connector = createAutocompleteConnector(options.source, options);
  const listboxId = `digi-ac-${randomId().slice(0, 8)}`;
  const ownInput = options.input === undefined;
  const input = options.input ?? host.ownerDocument.createElement('input');
  if (ownInput) {
    input.type = 'search';
    input.className = 'digi-autocomplete__input';
    input.placeholder = texts.searchPlaceholder;
    input.setAttribute('aria-label', texts.search);
    host.appendChild(input);
  }
  const previous = {
    role: input.getAttribute('role'),
    autocomplete: input.getAttribute('autocomplete'),
  };
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', listboxId);
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('autocomplete', 'off');

  const panel = host.appendChild(host.ownerDocument.createElement('div'));
  panel.className = 'digi-autocomplete__panel';
  const optionId = (index: number): string => `${listboxId}-opt-${index}`;
  const cards = CARDS[options.cardType ?? 'HORIZONTAL_SMALL_CARD'];
  const widthType = options.widthType ?? 'INPUT_WIDTH';

  /**
   * The panel spans the input (INPUT_WIDTH), the window (FULL_WIDTH) or the input's left edge to
   * the window's right (FROM_INPUT_TO_RIGHT_SIDE), wherever the host sits.
   */
  const placePanel = (): void => {
    const view = host.ownerDocument.documentElement.clientWidth;
    const hostBox = host.getBoundingClientRect();
    const inputBox = input.getBoundingClientRect();
    const left = widthType === 'FULL_WIDTH' ? 0 : inputBox.left;
    const right = widthType === 'INPUT_WIDTH' ? inputBox.right : view;
    const width = Math.max(0, right - left);
    panel.style.left = `${left - hostBox.left}px`;
    panel.style.right = 'auto';
    panel.style.width = `${width}px`;
    panel.classList.toggle('digi-autocomplete__panel--narrow', width < NARROW_PANEL);
  };

  const voice = options.speechRecognition
    ? mountVoiceInput(host, input, {
        lang: options.speechLanguage || 'ru-RU',
        label: texts.voiceSearch,
        onText(text) {
          input.value = text;
          input.focus();
          connector.input(text);
        },
      })
    : null;
  const renderer = createPartRenderer({
    root: panel,
    rootPart: 'autocomplete',
    templates: { ...autocompleteTemplates, ...options.templates },
    getState: connector.store.get,
    parts: {
      autocomplete: {
        select(state) {
          const all = connector.options();
          const blocks = connector.blocks
            .map((name) => ({
              name,
              title: texts[BLOCK_TITLE[name]],
              items: all
                .map((option, index) => ({
                  ...option,
                  index,
                  id: optionId(index),
                  active: index === state.activeIndex,
                }))
                .filter((option) => option.block === name),
              cards: name === 'products' ? cards.name : null,
            }))
            .filter((block) => block.items.length > 0);
          return {
            open: state.open,
            loading: state.loading,
            query: state.query,
            listboxId,
            texts,
            blocks,
            pictures: cards.pictures,
            brands: cards.brands,
            empty: blocks.length === 0,
            hasHistory: state.history.length > 0 && state.query.trim() === '',
            allUrl: connector.searchUrl(state.query.trim()),
          };
        },
      },
    },
    ...renderHooks(options),
  });
  renderer.render();

  const perform = (intent: AutocompleteIntent | null): void => {
    if (intent === null) return;
    if (intent.type === 'search') input.value = intent.query;
    if (options.onChoose) options.onChoose(intent);
    else location.assign(intent.type === 'open' ? intent.url : connector.searchUrl(intent.query));
  };

  /** Active option and expansion reflect at once; the panel's content follows its part delay. */
  const syncAria = (): void => {
    const { open, activeIndex } = connector.store.get();
    input.setAttribute('aria-expanded', String(open));
    if (activeIndex >= 0) input.setAttribute('aria-activedescendant', optionId(activeIndex));
    else input.removeAttribute('aria-activedescendant');
    for (const el of panel.querySelectorAll<HTMLElement>('[role="option"]')) {
      const active = el.id === optionId(activeIndex);
      el.classList.toggle('digi-autocomplete__item--active', active);
      el.setAttribute('aria-selected', String(active));
      if (active) el.scrollIntoView?.({ block: 'nearest' });
    }
  };
  const unsubscribe = connector.store.subscribe((state, prev) => {
    if (state.open !== prev.open && state.open) {
      // Opening shows the panel at once; later content changes follow the part delay.
      placePanel();
      voice?.place();
      renderer.render();
    } else {
      renderer.update();
    }
    syncAria();
  });

  const onResize = (): void => {
    voice?.place();
    if (connector.store.get().open) placePanel();
  };
  const onInput = (): void => connector.input(input.value);
  const onFocus = (): void => connector.open();
  const onKeyDown = (event: KeyboardEvent): void => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        connector.move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        connector.move(-1);
        break;
      case 'Enter':
        event.preventDefault();
        perform(connector.choose());
        break;
      case 'Escape':
        if (connector.store.get().open) {
          event.preventDefault();
          connector.close();
        }
        break;
      case 'Tab':
        connector.close();
        break;
    }
  };
  const onDocumentDown = (event: Event): void => {
    const target = event.target instanceof Node ? event.target : null;
    if (target !== input && !panel.contains(target)) connector.close();
  };
  // Keeps focus in the input when an option is pressed.
  const onPanelDown = (event: Event): void => event.preventDefault();
  input.addEventListener('input', onInput);
  input.addEventListener('focus', onFocus);
  input.addEventListener('keydown', onKeyDown);
  panel.addEventListener('mousedown', onPanelDown);
  host.ownerDocument.addEventListener('mousedown', onDocumentDown);
  host.ownerDocument.defaultView?.addEventListener('resize', onResize);
  const offActions = onActions(panel, 'click', {
    'ac-choose'(el) {
      perform(connector.choose(Number(el.dataset['digiIndex'])));
    },
    'ac-clear-history'() {
      connector.clearHistory();
      input.focus();
    },
    'ac-all'(_el, event) {
      event.preventDefault();
      perform(connector.choose(-1));
    },
  });

  return {
    element: host,
    input,
    connector,
    update(next) {
      if (next.templates) renderer.setTemplates({ ...autocompleteTemplates, ...next.templates });
    },
    flush: () => renderer.flush(),
    dispose() {
      voice?.dispose();
      connector.dispose();
      unsubscribe();
      offActions();
      input.removeEventListener('input', onInput);
      input.removeEventListener('focus', onFocus);
      input.removeEventListener('keydown', onKeyDown);
      panel.removeEventListener('mousedown', onPanelDown);
      host.ownerDocument.removeEventListener('mousedown', onDocumentDown);
      host.ownerDocument.defaultView?.removeEventListener('resize', onResize);
      if (!ownInput) {
        for (const name of [
          'aria-autocomplete',
          'aria-controls',
          'aria-expanded',
          'aria-activedescendant',
        ]) {
          input.removeAttribute(name);
        }
        if (previous.role === null) input.removeAttribute('role');
        else input.setAttribute('role', previous.role);
        if (previous.autocomplete === null) input.removeAttribute('autocomplete');
        else input.setAttribute('autocomplete', previous.autocomplete);
      }
      renderer.dispose();
      releaseHost(host);
    },
  };
}
