/**
 * Delegated actions: template elements name their action in `data-digi-action`; one listener on
 * the widget root dispatches it. Survives re-renders (morphdom keeps the root).
 */
export type ActionHandler = (element: HTMLElement, event: Event) => void;

export function onActions(
  root: HTMLElement,
  type: keyof HTMLElementEventMap,
  handlers: Readonly<Record<string, ActionHandler>>,
): () => void {
  const listener = (event: Event): void => {
    const target = event.target instanceof Element ? event.target : null;
    const element = target?.closest<HTMLElement>('[data-digi-action]');
    if (!element || !root.contains(element)) return;
    const handler = handlers[element.dataset['digiAction'] ?? ''];
    if (handler) handler(element, event);
  };
  root.addEventListener(type, listener);
  return () => root.removeEventListener(type, listener);
}

/** What a card's buttons do; shared by every widget that shows product cards. */
export interface CardHandlers {
  /** The visitor picked `value` of SKU param `param`. */
  pick(productId: string, param: string, value: string): void;
  /** The buy button was pressed. */
  buy(productId: string): void;
  /** A link to the product was followed (for click tracking); position is 0-based. */
  open?(productId: string, position: number): void;
}

export function cardActionHandlers(handlers: CardHandlers): Record<string, ActionHandler> {
  return {
    pick(el) {
      const { digiProduct, digiParam, digiValue } = el.dataset;
      if (digiProduct && digiParam && digiValue !== undefined)
        handlers.pick(digiProduct, digiParam, digiValue);
    },
    buy(el) {
      const id = el.dataset['digiProduct'];
      if (id && !(el as HTMLButtonElement).disabled) handlers.buy(id);
    },
    open(el) {
      const id = el.dataset['digiProduct'];
      if (id) handlers.open?.(id, Number(el.dataset['digiPosition'] ?? 0));
    },
  };
}
