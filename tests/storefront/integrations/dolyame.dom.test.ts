/**
 * The Dolyame widget on plain markup: price parsing, the price bounds, insert modes, listing cards
 * re-checked when their price changes, the checkout logo and scheme, and defaults that agree with
 * the contract's schema.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dolyameWidgetSettings } from '#contract/entities/dolyame.ts';
import {
  applyDolyame,
  parsePrice,
  paymentLine,
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
});
