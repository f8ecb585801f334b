/**
 * The Dolyame instalment widget (spec part 2 §2, §3 "Instalment widget config"): on a merchant's
 * product page it inserts the instalment button ('4 платежа по N ₽') next to the element the
 * configured selector finds, only when the product's price is within productMinPrice …
 * productMaxPrice; on listing pages it does the same on every product card; on the checkout page
 * it marks the Dolyame payment option with the logo and, once chosen, the payment scheme.
 *
 * It is its own chunk (storefront/entries/dolyame.ts), loaded only by the sites that enable it,
 * never part of the core runtime. No framework, no dependency: plain DOM.
 */

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
const PAYMENTS = 4;
const STYLE_ID = 'digi-dolyame-style';
const MARK = 'data-digi-dolyame';

const numberFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

/** A price as the storefront shows it: thousands separated by a space, the ruble sign after. */
export const formatRubles = (value: number): string =>
  `${numberFormat.format(value).replace(/\s/g, ' ')} ₽`;

/** One of the four payments: a quarter of the price, rounded up to a whole rouble. */
export const paymentOf = (price: number): number => Math.ceil(price / PAYMENTS);

/** The button's line: '4 платежа по N ₽'. */
export const paymentLine = (price: number): string =>
  `${PAYMENTS} платежа по ${formatRubles(paymentOf(price))}`;

/**
 * A price read from the merchant's text ('12 990 ₽', '12 990,50 руб.', '1\u00a0299.00'): digits with
 * spaces as thousands separators and an optional decimal part. Null when there is no number.
 */
export function parsePrice(text: string | null | undefined): number | null {
  if (!text) return null;
  const match = /\d[\d\s\u00a0\u202f]*(?:[.,]\d{1,2})?/.exec(text);
  if (!match) return null;
  const value = Number(match[0].replace(/[\s\u00a0\u202f]/g, '').replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

export const inRange = (price: number, settings: DolyameSettings): boolean =>
  price >= settings.productMinPrice && price <= settings.productMaxPrice;

const CSS = `
.digi-dolyame{font:14px/1.4 Arial,Helvetica,sans-serif;color:#1f1f1f;margin:8px 0;box-sizing:border-box}
.digi-dolyame *{box-sizing:border-box}
.digi-dolyame__button{display:inline-flex;align-items:center;gap:8px;min-height:44px;padding:8px 14px;border:0;border-radius:10px;background:#1f1f1f;color:#fff;font:inherit;cursor:pointer}
.digi-dolyame__button:focus-visible{outline:2px solid #1f6feb;outline-offset:2px}
.digi-dolyame__logo{display:inline-flex;align-items:center;justify-content:center;width:24px;height:24px;border-radius:50%;background:#fff;color:#1f1f1f;font-weight:700;font-size:13px}
.digi-dolyame__brand{font-weight:700}
.digi-dolyame--line{display:flex;align-items:center;gap:6px}
.digi-dolyame--line .digi-dolyame__logo{background:#1f1f1f;color:#fff}
.digi-dolyame__scheme{display:flex;gap:8px;flex-wrap:wrap;margin:8px 0 0;padding:0;list-style:none}
.digi-dolyame__scheme li{padding:4px 8px;border-radius:6px;background:#f1f1f1;color:#1f1f1f;font-size:12px}
.digi-dolyame__scheme[hidden]{display:none}
.digi-dolyame-logo{display:inline-flex;align-items:center;gap:4px;margin:0 6px;font:700 13px/1 Arial,Helvetica,sans-serif;color:#1f1f1f}
`;

function ensureStyle(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = CSS;
  (doc.head ?? doc.documentElement).appendChild(style);
}

const SCHEME_STEPS = ['Сегодня', 'Через 2 недели', 'Через 4 недели', 'Через 6 недель'];

function schemeList(doc: Document, price: number, hidden: boolean): HTMLUListElement {
  const list = doc.createElement('ul');
  list.className = 'digi-dolyame__scheme';
  list.setAttribute('aria-label', 'График платежей');
  list.hidden = hidden;
  for (const step of SCHEME_STEPS) {
    const item = doc.createElement('li');
    item.textContent = `${step}: ${formatRubles(paymentOf(price))}`;
    list.appendChild(item);
  }
  return list;
}

function logo(doc: Document, withWord: boolean): HTMLSpanElement {
  const span = doc.createElement('span');
  span.className = 'digi-dolyame__logo';
  span.setAttribute('aria-hidden', 'true');
  span.textContent = 'Д';
  const wrap = doc.createElement('span');
  wrap.appendChild(span);
  if (withWord) {
    const word = doc.createElement('span');
    word.className = 'digi-dolyame__brand';
    word.textContent = 'Долями';
    wrap.appendChild(word);
  }
  wrap.style.display = 'inline-flex';
  wrap.style.alignItems = 'center';
  wrap.style.gap = '6px';
  return wrap;
}

/** The product's instalment element: a button that unfolds the scheme (1) or a line (2). */
export function instalmentElement(
  doc: Document,
  price: number,
  type: 1 | 2,
  where: 'product' | 'listing',
): HTMLElement {
  const root = doc.createElement('div');
  root.setAttribute(MARK, where);
  root.dataset['price'] = String(price);
  if (type === 2 || where === 'listing') {
    root.className = 'digi-dolyame digi-dolyame--line';
    root.append(logo(doc, false), doc.createTextNode(paymentLine(price)));
    return root;
  }
  root.className = 'digi-dolyame digi-dolyame--button';
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'digi-dolyame__button';
  button.setAttribute('aria-expanded', 'false');
  const text = doc.createElement('span');
  text.textContent = paymentLine(price);
  button.append(logo(doc, true), text);
  const scheme = schemeList(doc, price, true);
  button.addEventListener('click', () => {
    scheme.hidden = !scheme.hidden;
    button.setAttribute('aria-expanded', String(!scheme.hidden));
  });
  root.append(button, scheme);
  return root;
}

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

function applyProduct(page: DolyamePage, s: DolyameSettings): void {
  const doc = page.document;
  const anchor = first(
    doc,
    pick(page.mobile, s.productInsertDesktopSelector, s.productInsertMobileSelector),
  );
  if (!anchor) return;
  const price = parsePrice(first(doc, s.productPriceSelector)?.textContent);
  const shown = price !== null && inRange(price, s) ? price : null;
  place(
    anchor,
    s.buttonInsertMode,
    () => instalmentElement(doc, shown!, s.productButtonType, 'product'),
    shown,
  );
}

function applyListing(page: DolyamePage, s: DolyameSettings): void {
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
    const shown = price !== null && inRange(price, s) ? price : null;
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

/** One pass over the page: inserts (or removes) what the settings call for. Idempotent. */
export function applyDolyame(page: DolyamePage, s: DolyameSettings): void {
  ensureStyle(page.document);
  const kinds = pageKinds(page.pathname, s);
  if (kinds.product) applyProduct(page, s);
  if (kinds.listing) applyListing(page, s);
  if (kinds.checkout) applyCheckout(page, s);
}

export interface Disposable {
  dispose(): void;
}

/**
 * Runs the widget on a live page: once, and with `isSPA` again after every change of the page
 * (a client-side route change, results rendered later), batched per animation frame.
 */
export function mountDolyame(win: Window, s: DolyameSettings): Disposable {
  const doc = win.document;
  const run = () =>
    applyDolyame(
      {
        document: doc,
        pathname: win.location.pathname,
        mobile: win.innerWidth < MOBILE_BREAKPOINT,
      },
      s,
    );
  run();
  if (!s.isSPA) return { dispose: () => undefined };
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    win.requestAnimationFrame(() => {
      pending = false;
      observer.disconnect();
      run();
      observer.observe(doc.body, { childList: true, subtree: true, characterData: true });
    });
  };
  const observer = new MutationObserver(schedule);
  observer.observe(doc.body, { childList: true, subtree: true, characterData: true });
  win.addEventListener('popstate', schedule);
  win.addEventListener('resize', schedule);
  return {
    dispose() {
      observer.disconnect();
      win.removeEventListener('popstate', schedule);
      win.removeEventListener('resize', schedule);
    },
  };
}
