/**
 * The Dolyame instalment widget (spec part 2 §2, §3 "Instalment widget config"): on a merchant's
 * product page it inserts the instalment button ('4 платежа по N ₽') next to the element the
 * configured selector finds, only when the product's price is within productMinPrice …
 * productMaxPrice; on listing pages it does the same on every product card; on the checkout page
 * it marks the Dolyame payment option with the logo and, once chosen, the payment scheme.
 *
 * The site's alternative attributes (contract/public/dolyame.ts) bring the catalog in: with a
 * `price` attribute the payments are computed from the product's value of it instead of the price
 * on the page; with an `eligible` attribute only the products it marks show the widget. The
 * product is the one the page names as the core runtime reads it (`data-digi-product-id` on the
 * product page, `data-digi-product-id` or `data-digi-product` on a listing card); its facts come
 * from the widget's public read, and nothing shows while they are on their way.
 *
 * It is its own chunk (storefront/entries/dolyame.ts), loaded only by the sites that enable it,
 * never part of the core runtime. No framework, no dependency: plain DOM.
 */
import type { DolyameAttributeMap, DolyameProductFacts } from '#contract/public/dolyame.ts';
import {
  cardProductId,
  inRange,
  pageProductId,
  priceFor,
  type DolyameProducts,
} from './dolyame-products.ts';
import {
  ensureStyle,
  instalmentElement,
  logo,
  MARK,
  parsePrice,
  schemeList,
} from './dolyame-view.ts';

export {
  formatRubles,
  instalmentElement,
  parsePrice,
  paymentLine,
  paymentOf,
} from './dolyame-view.ts';
export { inRange, instalmentPrice, type DolyameProducts } from './dolyame-products.ts';

/** The settings the public read answers (contract/entities/dolyame.ts, every default applied). */
export interface DolyameSettings {
  isSPA: boolean;
  productPagePathnamePart: string;
  productInsertDesktopSelector: string;
  productInsertMobileSelector: string;
  productPriceSelector: string;
  buttonInsertMode: 1 | 2 | 3 | 4;
  productButtonType: 1 | 2;
  checkoutPagePathNamePart: string;
  checkoutInputParentSelector: string;
  checkoutInputTitleSelector: string;
  checkoutPriceSelector: string;
  enableCheckoutLogo: boolean;
  checkoutMobileLogoAdvanced: boolean;
  checkoutLogoType: 1 | 2;
  logoInsertMode: 1 | 2 | 3 | 4;
  enableCheckoutScheme: boolean;
  schemeInsertMode: 1 | 2 | 3 | 4;
  productMaxPrice: number;
  productMinPrice: number;
  parentSelector: string;
  elementSelector: string;
  textSelector: string;
  checkedSelector: string;
  buttonSelector: string;
  listingCardDesktopSelector: string;
  listingCardMobileSelector: string;
  listingInsertDesktopSelector: string;
  listingInsertMobileSelector: string;
  listingPriceDesktopSelector: string;
  listingPriceMobileSelector: string;
  listingPagePathnameParts: string[];
}

const POSITIONS = { 1: 'beforebegin', 2: 'afterbegin', 3: 'beforeend', 4: 'afterend' } as const;
/** Spec part 1 §9: the mobile breakpoint. */
const MOBILE_BREAKPOINT = 768;

const pick = (mobile: boolean, desktop: string, phone: string): string =>
  (mobile && phone) || desktop;

/** Any selector the merchant wrote that the browser cannot parse finds nothing (no exception). */
function all(scope: ParentNode, selector: string): Element[] {
  if (!selector) return [];
  try {
    return [...scope.querySelectorAll(selector)];
  } catch {
    return [];
  }
}
const first = (scope: ParentNode, selector: string): Element | null =>
  all(scope, selector)[0] ?? null;

/** The element inserted for `anchor` last time, to replace it when the price changed. */
const inserted = new WeakMap<Element, HTMLElement>();

function place(
  anchor: Element,
  mode: 1 | 2 | 3 | 4,
  make: () => HTMLElement,
  price: number | null,
): void {
  const previous = inserted.get(anchor);
  if (previous?.isConnected && previous.dataset['price'] === String(price)) return;
  previous?.remove();
  inserted.delete(anchor);
  if (price === null) return;
  const element = make();
  anchor.insertAdjacentElement(POSITIONS[mode], element);
  inserted.set(anchor, element);
}

export interface DolyamePage {
  document: Document;
  pathname: string;
  /** Narrower than the mobile breakpoint: the mobile selectors apply. */
  mobile: boolean;
}

function applyProduct(
  page: DolyamePage,
  s: DolyameSettings,
  products: DolyameProducts | undefined,
  pending: Set<string>,
): void {
  const doc = page.document;
  const anchor = first(
    doc,
    pick(page.mobile, s.productInsertDesktopSelector, s.productInsertMobileSelector),
  );
  if (!anchor) return;
  const price = parsePrice(first(doc, s.productPriceSelector)?.textContent);
  const shown = priceFor(price, pageProductId(doc, anchor), s, products, pending);
  place(
    anchor,
    s.buttonInsertMode,
    () => instalmentElement(doc, shown!, s.productButtonType, 'product'),
    shown,
  );
}

/** A card that says its product is out of stock (the storefront's cards, or the merchant's mark). */
const outOfStock = (card: Element): boolean =>
  card.classList.contains('digi-card--unavailable') ||
  card.querySelector('.digi-card--unavailable') !== null ||
  card.getAttribute('data-digi-available') === 'false';

function applyListing(
  page: DolyamePage,
  s: DolyameSettings,
  products: DolyameProducts | undefined,
  pending: Set<string>,
): void {
  const doc = page.document;
  const cards = all(
    doc,
    pick(page.mobile, s.listingCardDesktopSelector, s.listingCardMobileSelector),
  );
  const insertSelector = pick(
    page.mobile,
    s.listingInsertDesktopSelector,
    s.listingInsertMobileSelector,
  );
  const priceSelector = pick(
    page.mobile,
    s.listingPriceDesktopSelector,
    s.listingPriceMobileSelector,
  );
  for (const card of cards) {
    const anchor = insertSelector ? first(card, insertSelector) : card;
    if (!anchor) continue;
    const price = parsePrice(first(card, priceSelector)?.textContent);
    // the catalog's instalment price would stand in for a missing page price: check stock first
    const shown = outOfStock(card)
      ? null
      : priceFor(price, cardProductId(card), s, products, pending);
    place(
      anchor,
      s.buttonInsertMode,
      () => instalmentElement(doc, shown!, s.productButtonType, 'listing'),
      shown,
    );
  }
}

const DOLYAME_OPTION = /долями|dolyame/i;

function applyCheckout(page: DolyamePage, s: DolyameSettings): void {
  const doc = page.document;
  const price = parsePrice(first(doc, s.checkoutPriceSelector)?.textContent);
  for (const option of all(doc, s.checkoutInputParentSelector)) {
    const title = first(option, s.checkoutInputTitleSelector) ?? option;
    if (!DOLYAME_OPTION.test(title.textContent ?? '')) continue;
    if (s.enableCheckoutLogo && !title.querySelector('.digi-dolyame-logo')) {
      const mark = doc.createElement('span');
      mark.className = 'digi-dolyame-logo';
      mark.setAttribute(MARK, 'logo');
      const advanced = !page.mobile || s.checkoutMobileLogoAdvanced;
      mark.appendChild(logo(doc, s.checkoutLogoType === 1 && advanced));
      title.insertAdjacentElement(POSITIONS[s.logoInsertMode], mark);
    }
    if (s.enableCheckoutScheme) {
      const chosen = Boolean(first(option, s.checkedSelector));
      const shown = chosen && price !== null && inRange(price, s) ? price : null;
      place(
        option,
        s.schemeInsertMode,
        () => {
          const root = doc.createElement('div');
          root.className = 'digi-dolyame';
          root.setAttribute(MARK, 'scheme');
          root.dataset['price'] = String(shown);
          root.appendChild(schemeList(doc, shown!, false));
          return root;
        },
        shown,
      );
    }
  }
  // The merchant's own pay button says so while the Dolyame option is the chosen one.
  const button = first(doc, s.buttonSelector);
  const chosen = all(doc, s.parentSelector || s.checkoutInputParentSelector).find(
    (option) =>
      first(option, s.checkedSelector) &&
      DOLYAME_OPTION.test(
        first(option, s.textSelector || s.checkoutInputTitleSelector)?.textContent ??
          option.textContent ??
          '',
      ),
  );
  const label = first(button ?? doc, s.elementSelector) ?? button;
  if (label instanceof HTMLElement) {
    if (chosen && label.dataset['digiDolyameText'] === undefined) {
      label.dataset['digiDolyameText'] = label.textContent ?? '';
      label.textContent = 'Оплатить Долями';
    } else if (!chosen && label.dataset['digiDolyameText'] !== undefined) {
      label.textContent = label.dataset['digiDolyameText'];
      delete label.dataset['digiDolyameText'];
    }
  }
}

/** Which kinds of page this path is, by the configured parts of its pathname. */
export function pageKinds(pathname: string, s: DolyameSettings) {
  return {
    product: s.productPagePathnamePart !== '' && pathname.includes(s.productPagePathnamePart),
    listing: s.listingPagePathnameParts.some((part) => part !== '' && pathname.includes(part)),
    checkout: s.checkoutPagePathNamePart !== '' && pathname.includes(s.checkoutPagePathNamePart),
  };
}

/**
 * One pass over the page: inserts (or removes) what the settings call for. Idempotent. Answers
 * the ids of the products whose facts it waited for (nothing shown for them yet).
 */
export function applyDolyame(
  page: DolyamePage,
  s: DolyameSettings,
  products?: DolyameProducts,
): string[] {
  ensureStyle(page.document);
  const kinds = pageKinds(page.pathname, s);
  const pending = new Set<string>();
  if (kinds.product) applyProduct(page, s, products, pending);
  if (kinds.listing) applyListing(page, s, products, pending);
  if (kinds.checkout) applyCheckout(page, s);
  return [...pending];
}

export interface Disposable {
  dispose(): void;
}

/** Where the widget reads the facts of the page's products (the entry: its public read). */
export interface DolyameProductSource {
  attributes: DolyameAttributeMap;
  read(ids: string[]): Promise<Record<string, DolyameProductFacts | null>>;
}

// Object.hasOwn is younger than the browsers the chunk is built for (es2020).
const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** The most ids one read asks for (the server takes up to 100). */
const READ_BATCH = 50;

/**
 * Runs the widget on a live page: once, and with `isSPA` again after every change of the page
 * (a client-side route change, results rendered later), batched per animation frame. With
 * alternative attributes, the products a pass meets are read from `source` (each id once) and
 * the page is passed over again when their facts arrive; a failed read counts as "not in the
 * catalog".
 */
export function mountDolyame(
  win: Window,
  s: DolyameSettings,
  source?: DolyameProductSource,
): Disposable {
  const doc = win.document;
  const known = new Map<string, DolyameProductFacts | null>();
  const asked = new Set<string>();
  const products: DolyameProducts | undefined = source && {
    attributes: source.attributes,
    facts: (id) => known.get(id),
  };
  let disposed = false;
  let observer: MutationObserver | null = null;
  let scheduled = false;
  // A card re-rendered in place may change only its class (in stock → out of stock).
  const watch = () =>
    observer?.observe(doc.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributeFilter: ['class', 'data-digi-available'],
    });
  const run = () => {
    const pending = applyDolyame(
      {
        document: doc,
        pathname: win.location.pathname,
        mobile: win.innerWidth < MOBILE_BREAKPOINT,
      },
      s,
      products,
    );
    readFacts(pending.filter((id) => !asked.has(id)));
  };
  const schedule = () => {
    if (scheduled || disposed) return;
    scheduled = true;
    win.requestAnimationFrame(() => {
      scheduled = false;
      observer?.disconnect();
      run();
      watch();
    });
  };
  function readFacts(ids: string[]): void {
    if (!source) return;
    for (let at = 0; at < ids.length; at += READ_BATCH) {
      const batch = ids.slice(at, at + READ_BATCH);
      for (const id of batch) asked.add(id);
      source
        .read(batch)
        .then(
          (answer) => {
            for (const id of batch) known.set(id, own(answer, id) ? (answer[id] ?? null) : null);
          },
          () => {
            for (const id of batch) known.set(id, null);
          },
        )
        .then(schedule);
    }
  }
  run();
  if (s.isSPA) {
    observer = new MutationObserver(schedule);
    watch();
    win.addEventListener('popstate', schedule);
    win.addEventListener('resize', schedule);
  }
  return {
    dispose() {
      disposed = true;
      observer?.disconnect();
      win.removeEventListener('popstate', schedule);
      win.removeEventListener('resize', schedule);
    },
  };
}
