/**
 * The Dolyame widget's own elements (storefront/integrations/dolyame/dolyame.ts places them): the
 * payment line, the button that unfolds the payment scheme, the logo, their style sheet, and the
 * price read from a merchant's text.
 */

const PAYMENTS = 4;
const STYLE_ID = 'digi-dolyame-style';
/** The attribute that marks every element the widget inserts (its value: where). */
export const MARK = 'data-digi-dolyame';

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

export function ensureStyle(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = CSS;
  (doc.head ?? doc.documentElement).appendChild(style);
}

const SCHEME_STEPS = ['Сегодня', 'Через 2 недели', 'Через 4 недели', 'Через 6 недель'];

export function schemeList(doc: Document, price: number, hidden: boolean): HTMLUListElement {
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

export function logo(doc: Document, withWord: boolean): HTMLSpanElement {
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
