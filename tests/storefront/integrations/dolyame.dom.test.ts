/**
 * The Dolyame widget on plain markup: price parsing, the price bounds, insert modes, listing cards
 * re-checked when their price changes, the checkout logo and scheme, and defaults that agree with
 * the contract's schema; with alternative attributes, the price the payments are computed from and
 * the products they apply to, as the catalog's facts say, read once per product.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dolyameWidgetSettings } from '#contract/entities/dolyame.ts';
import type { DolyameProductFacts } from '#contract/public/dolyame.ts';
import {
  applyDolyame,
  instalmentPrice,
  mountDolyame,
  parsePrice,
  paymentLine,
  type DolyameProducts,
  type DolyameSettings,
} from '#storefront/integrations/dolyame/dolyame.ts';

const defaults = (): DolyameSettings => dolyameWidgetSettings.parse({});
const page = (pathname: string, mobile = false) => ({ document, pathname, mobile });

afterEach(() => document.body.replaceChildren());

describe('Dolyame widget', () => {
  it('reads prices as merchants write them and words the payment line', () => {
    expect(parsePrice('12 990 ₽')).toBe(12990);
    expect(parsePrice('Цена: 1\u00a0299,50 руб.')).toBe(1299.5);
    expect(parsePrice('нет цены')).toBeNull();
    expect(paymentLine(12990)).toBe('4 платежа по 3 248 ₽');
    expect(paymentLine(400)).toBe('4 платежа по 100 ₽');
  });

  it('inserts the button by the selector and mode only within the price bounds, once', () => {
    document.body.innerHTML =
      '<div id="p"><span class="price">29 999 ₽</span><div class="buy"><button>Купить</button></div></div>';
    const settings = {
      ...defaults(),
      productPagePathnamePart: '/product/',
      productInsertDesktopSelector: '.buy',
      productPriceSelector: '.price',
      buttonInsertMode: 2 as const,
    };
    applyDolyame(page('/catalog/'), settings);
    expect(document.querySelector('[data-digi-dolyame]')).toBeNull();
    applyDolyame(page('/product/1'), settings);
    applyDolyame(page('/product/1'), settings);
    const inserted = document.querySelectorAll('[data-digi-dolyame="product"]');
    expect(inserted).toHaveLength(1);
    expect(document.querySelector('.buy')!.firstElementChild).toBe(inserted[0]);
    expect(inserted[0]!.textContent).toContain('4 платежа по 7 500 ₽');

    document.querySelector('.price')!.textContent = '30 001 ₽';
    applyDolyame(page('/product/1'), settings);
    expect(document.querySelector('[data-digi-dolyame]')).toBeNull();

    document.querySelector('.price')!.textContent = '0,50 ₽';
    applyDolyame(page('/product/1'), settings);
    expect(document.querySelector('[data-digi-dolyame]')).toBeNull();
  });

  it('uses the mobile selectors below the breakpoint and survives a selector that does not parse', () => {
    document.body.innerHTML =
      '<span class="price">5 000 ₽</span><div class="desk"></div><div class="mob"></div>';
    const settings = {
      ...defaults(),
      productPagePathnamePart: '/p',
      productInsertDesktopSelector: '.desk',
      productInsertMobileSelector: '.mob',
      productPriceSelector: '.price',
      productButtonType: 2 as const,
      buttonInsertMode: 3 as const,
    };
    applyDolyame(page('/p', true), settings);
    expect(document.querySelector('.mob [data-digi-dolyame]')?.textContent).toContain(
      '4 платежа по 1 250 ₽',
    );
    expect(document.querySelector('.desk [data-digi-dolyame]')).toBeNull();
    expect(() =>
      applyDolyame(page('/p'), { ...settings, productInsertDesktopSelector: 'div[[' }),
    ).not.toThrow();
  });

  it('marks each listing card within the bounds', () => {
    document.body.innerHTML = [5000, 45000, 100]
      .map((p) => `<article class="card"><b class="pr">${p} ₽</b><div class="ins"></div></article>`)
      .join('');
    applyDolyame(page('/search'), {
      ...defaults(),
      listingPagePathnameParts: ['/search'],
      listingCardDesktopSelector: '.card',
      listingInsertDesktopSelector: '.ins',
      listingPriceDesktopSelector: '.pr',
      buttonInsertMode: 3,
    });
    expect(
      [...document.querySelectorAll('.card')].map(
        (card) => card.querySelector('[data-digi-dolyame]') !== null,
      ),
    ).toEqual([true, false, true]);
  });

  it('offers no instalments on a card of a product out of stock, whatever the catalog says', () => {
    document.body.innerHTML = `
      <article class="card digi-card digi-card--unavailable" data-digi-product="a"><b class="pr">5 000 ₽</b></article>
      <article class="card" data-digi-available="false" data-digi-product="b"><b class="pr">5 000 ₽</b></article>
      <article class="card" data-digi-product="c"><b class="pr">5 000 ₽</b></article>`;
    const settings = {
      ...defaults(),
      listingPagePathnameParts: ['/search'],
      listingCardDesktopSelector: '.card',
      listingPriceDesktopSelector: '.pr',
      buttonInsertMode: 3 as const,
    };
    const marked = () =>
      [...document.querySelectorAll('.card')].map(
        (card) => card.querySelector('[data-digi-dolyame]') !== null,
      );
    applyDolyame(page('/search'), settings);
    expect(marked()).toEqual([false, false, true]);
    // the catalog's instalment price stands in for the page's, never for the stock
    const facts: DolyameProductFacts = { price: 4000, eligible: true };
    applyDolyame(page('/search'), settings, {
      attributes: { price: 'Цена Долями', eligible: 'Рассрочка Долями' },
      facts: () => facts,
    });
    expect(marked()).toEqual([false, false, true]);
  });

  it('adds the logo to the Dolyame payment option and the scheme once it is chosen', () => {
    document.body.innerHTML = `
      <div class="total">8 000 ₽</div>
      <label class="opt"><input type="radio" name="pay"><span class="t">Картой</span></label>
      <label class="opt"><input type="radio" name="pay" id="d"><span class="t">Долями</span></label>
      <button class="pay"><span class="label">Оформить</span></button>`;
    const settings = {
      ...defaults(),
      checkoutPagePathNamePart: '/checkout',
      checkoutInputParentSelector: '.opt',
      checkoutInputTitleSelector: '.t',
      checkoutPriceSelector: '.total',
      enableCheckoutLogo: true,
      enableCheckoutScheme: true,
      buttonSelector: '.pay',
      elementSelector: '.label',
    };
    applyDolyame(page('/checkout'), settings);
    expect(document.querySelectorAll('.digi-dolyame-logo')).toHaveLength(1);
    expect(document.querySelector('[data-digi-dolyame="scheme"]')).toBeNull();
    (document.getElementById('d') as HTMLInputElement).checked = true;
    applyDolyame(page('/checkout'), settings);
    expect(document.querySelector('[data-digi-dolyame="scheme"]')?.textContent).toContain(
      'Сегодня: 2 000 ₽',
    );
    expect(document.querySelector('.label')!.textContent).toBe('Оплатить Долями');
    (document.getElementById('d') as HTMLInputElement).checked = false;
    applyDolyame(page('/checkout'), settings);
    expect(document.querySelector('.label')!.textContent).toBe('Оформить');
    expect(document.querySelectorAll('.digi-dolyame-logo')).toHaveLength(1);
  });

  it('computes the payments from the catalog price and shows only on eligible products', () => {
    const bounds = { productMinPrice: 1, productMaxPrice: 30000 };
    const both = { price: 'Цена Долями', eligible: 'Рассрочка Долями' };
    const facts = (price: number | null, eligible: boolean | null): DolyameProductFacts => ({
      price,
      eligible,
    });
    // no attributes: the page's price within the bounds, whatever the catalog says
    expect(instalmentPrice(12990, null, {}, bounds)).toBe(12990);
    expect(instalmentPrice(40000, facts(100, true), {}, bounds)).toBeNull();
    // the price attribute replaces the page's price, which stays when the product has none
    expect(instalmentPrice(12990, facts(9999, null), { price: 'x' }, bounds)).toBe(9999);
    expect(instalmentPrice(12990, facts(null, null), { price: 'x' }, bounds)).toBe(12990);
    expect(instalmentPrice(12990, null, { price: 'x' }, bounds)).toBe(12990);
    // …and the bounds apply to the price used
    expect(instalmentPrice(12990, facts(45000, null), { price: 'x' }, bounds)).toBeNull();
    // the eligible attribute: a marked product only; unmarked, unknown or no product: hidden
    expect(instalmentPrice(12990, facts(2739, true), both, bounds)).toBe(2739);
    expect(instalmentPrice(12990, facts(2739, false), both, bounds)).toBeNull();
    expect(instalmentPrice(12990, null, both, bounds)).toBeNull();
    expect(paymentLine(instalmentPrice(12990, facts(2739, true), both, bounds)!)).toBe(
      '4 платежа по 685 ₽',
    );
  });

  it('waits for the facts of the products the page names, then shows what they say', () => {
    document.body.innerHTML = `
      <main data-digi-product-id="p1">
        <span class="price">12 990 ₽</span><div class="buy"></div>
        <article class="card" data-digi-product="a"><b class="pr">5 000 ₽</b></article>
        <article class="card"><a data-digi-product-id="b"></a><b class="pr">6 000 ₽</b></article>
        <article class="card"><b class="pr">7 000 ₽</b></article>
      </main>`;
    const settings: DolyameSettings = {
      ...defaults(),
      productPagePathnamePart: '/p',
      productInsertDesktopSelector: '.buy',
      productPriceSelector: '.price',
      listingPagePathnameParts: ['/p'],
      listingCardDesktopSelector: '.card',
      listingPriceDesktopSelector: '.pr',
      buttonInsertMode: 3,
    };
    const known = new Map<string, DolyameProductFacts | null>();
    const products: DolyameProducts = {
      attributes: { price: 'Цена Долями', eligible: 'Рассрочка Долями' },
      facts: (id) => known.get(id),
    };
    const lines = () =>
      [...document.querySelectorAll('[data-digi-dolyame]')].map((el) => el.textContent);

    // nothing is shown while the facts are on their way; the card naming no product never shows
    expect(applyDolyame(page('/p'), settings, products).sort()).toEqual(['a', 'b', 'p1']);
    expect(lines()).toEqual([]);

    known.set('p1', { price: 2739, eligible: true });
    known.set('a', { price: null, eligible: true });
    known.set('b', { price: 5700, eligible: false });
    expect(applyDolyame(page('/p'), settings, products)).toEqual([]);
    expect(document.querySelector('.buy [data-digi-dolyame]')?.textContent).toContain(
      '4 платежа по 685 ₽',
    );
    const cards = [...document.querySelectorAll('.card')].map(
      (card) => card.querySelector('[data-digi-dolyame]')?.textContent ?? null,
    );
    // a: the page's price (no catalog price); b: not eligible; the third: no product id
    expect(cards).toEqual([expect.stringContaining('4 платежа по 1 250 ₽'), null, null]);

    // the product loses its eligibility: the button goes
    known.set('p1', { price: 2739, eligible: false });
    applyDolyame(page('/p'), settings, products);
    expect(document.querySelector('.buy [data-digi-dolyame]')).toBeNull();
  });

  it('reads each product once, in one call, and passes over the page again when the facts arrive', async () => {
    document.body.innerHTML = `
      <main data-digi-product-id="p1"><span class="price">12 990 ₽</span><div class="buy"></div></main>`;
    const calls: string[][] = [];
    const win = {
      document,
      location: { pathname: '/p' },
      innerWidth: 1280,
      requestAnimationFrame: (run: () => void) => setTimeout(run, 0),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    } as unknown as Window;
    const mounted = mountDolyame(
      win,
      {
        ...defaults(),
        productPagePathnamePart: '/p',
        productInsertDesktopSelector: '.buy',
        productPriceSelector: '.price',
      },
      {
        attributes: { price: 'Цена Долями' },
        read: async (ids) => {
          calls.push(ids);
          return { p1: { price: 2739, eligible: null } };
        },
      },
    );
    expect(document.querySelector('[data-digi-dolyame]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('[data-digi-dolyame]')?.textContent).toContain(
      '4 платежа по 685 ₽',
    );
    expect(calls).toEqual([['p1']]);
    mounted.dispose();
  });

  it('takes a failed read as a product the catalog does not have', async () => {
    document.body.innerHTML = `
      <main data-digi-product-id="p1"><span class="price">12 990 ₽</span><div class="buy"></div></main>`;
    const win = {
      document,
      location: { pathname: '/p' },
      innerWidth: 1280,
      requestAnimationFrame: (run: () => void) => setTimeout(run, 0),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    } as unknown as Window;
    const settings = {
      ...defaults(),
      productPagePathnamePart: '/p',
      productInsertDesktopSelector: '.buy',
      productPriceSelector: '.price',
    };
    const failing = (attributes: DolyameProducts['attributes']) => ({
      attributes,
      read: () => Promise.reject(new Error('HTTP 503')),
    });
    // only a price attribute: the page's price applies
    const priced = mountDolyame(win, settings, failing({ price: 'Цена Долями' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('[data-digi-dolyame]')?.textContent).toContain(
      '4 платежа по 3 248 ₽',
    );
    priced.dispose();
    // an eligible attribute: an unknown product is not shown
    document.body.innerHTML = `
      <main data-digi-product-id="p1"><span class="price">12 990 ₽</span><div class="buy"></div></main>`;
    const marked = mountDolyame(win, settings, failing({ eligible: 'Рассрочка Долями' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('[data-digi-dolyame]')).toBeNull();
    marked.dispose();
  });
});
