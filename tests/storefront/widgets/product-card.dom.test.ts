import { afterEach, describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { precompile } from '#storefront/build/precompile-templates.ts';
import { fixtureCatalog } from '#storefront/fixtures/catalog.ts';
import {
  mountProductCard,
  type ProductCardWidget,
} from '#storefront/widgets/product-card/product-card.ts';

const catalog = fixtureCatalog();
const withSizes = catalog.find(
  (p) => (p.skus?.length ?? 0) > 3 && p.available && p.oldPrice !== undefined,
)!;
const unavailable = catalog.find((p) => !p.available)!;
let widget: ProductCardWidget | undefined;

afterEach(() => {
  widget?.dispose();
  document.body.replaceChildren();
});

function mount(options: Parameters<typeof mountProductCard>[1]) {
  const container = document.body.appendChild(document.createElement('div'));
  widget = mountProductCard(container, { delays: { productCard: 0 }, ...options });
  return within(container);
}

describe('product card', { timeout: 20_000 }, () => {
  it('renders under #digi-shield with name, brand, prices, discount and buy button', () => {
    const view = mount({ product: withSizes });
    expect(document.querySelector('#digi-shield .digi-card')).not.toBeNull();
    expect(view.getByRole('link', { name: withSizes.name })).toHaveAttribute(
      'href',
      withSizes.link_url,
    );
    expect(view.getByText(withSizes.brand!)).toBeInTheDocument();
    expect(document.querySelector('.digi-card__price')?.textContent).toMatch(/^\d[\d\s]*\s₽$/);
    expect(document.querySelector('.digi-card__old-price')).not.toBeNull();
    expect(document.querySelector('.digi-card__discount')?.textContent).toMatch(/^−\d+%$/);
    expect(view.getByRole('button', { name: 'Купить' })).toBeEnabled();
  });

  it("says 'Нет в наличии' and disables the button for an unavailable product", () => {
    const view = mount({ product: unavailable });
    expect(view.getByRole('button', { name: 'Нет в наличии' })).toBeDisabled();
  });

  it('orders sizes in the fashion order and buys the picked SKU', async () => {
    const onBuy = vi.fn();
    const product = {
      ...withSizes,
      skus: ['xl', 's', 'm', 'xs'].map((size, i) => ({
        id: `s${i}`,
        price: `${1000 + i}.0`,
        available: true,
        link_url: `https://shop.example/${i}`,
        image_url: '',
        image_urls: [],
        attributes: { размер: [size] },
      })),
    };
    const view = mount({ product, onBuy });
    const sizes = within(view.getByRole('group', { name: 'Размер' })).getAllByRole('button');
    expect(sizes.map((b) => b.textContent)).toEqual(['xs', 's', 'm', 'xl']);
    await userEvent.click(sizes[2]!);
    widget!.flush();
    expect(view.getByRole('button', { name: 'm' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(view.getByRole('button', { name: 'Купить' }));
    expect(onBuy).toHaveBeenCalledWith(product, expect.objectContaining({ id: 's2' }));
  });

  it('escapes catalog text and neutralises javascript: URLs', () => {
    mount({
      product: {
        ...withSizes,
        name: '<img src=x onerror=alert(1)>',
        link_url: 'javascript:alert(1)',
      },
    });
    expect(document.querySelector('.digi-card img[src="x"]')).toBeNull();
    expect(document.querySelector('.digi-card__name')?.textContent).toBe(
      '<img src=x onerror=alert(1)>',
    );
    expect(document.querySelector('.digi-card__name')).toHaveAttribute('href', '#');
  });

  it.each([
    ['a tab inside the scheme', 'java\tscript:document.body.dataset.xss=1'],
    ['a newline inside the scheme', 'java\nscript:document.body.dataset.xss=1'],
    ['a control character before it', '\u0001javascript:document.body.dataset.xss=1'],
    ['an upper-case scheme', ' JAVASCRIPT:document.body.dataset.xss=1'],
  ])('runs no script when the card is clicked with %s in its URL', async (_what, url) => {
    // jsdom runs a script URL in its own realm: the proof it ran is what it did to the document
    delete document.body.dataset['xss'];
    mount({ product: { ...withSizes, link_url: url, skus: [] } });
    const link = document.querySelector<HTMLAnchorElement>('.digi-card__name')!;
    await userEvent.click(link);
    // jsdom runs a javascript: URL a task after the click, as a browser does
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.body.dataset['xss']).toBeUndefined();
    expect(link.getAttribute('href')).toBe('#');
  });

  it('shows a placeholder without a picture and removes everything on dispose', () => {
    mount({ product: { ...withSizes, image_url: '', image_urls: [], skus: [] } });
    expect(document.querySelector('.digi-card__no-image')).not.toBeNull();
    widget!.dispose();
    widget = undefined;
    expect(document.querySelector('#digi-shield')).toBeNull();
  });

  it('reports render times and template errors (the studio preview hooks)', () => {
    const onRender = vi.fn();
    const onError = vi.fn();
    mount({ product: withSizes, onRender, onError });
    expect(onRender).toHaveBeenCalledWith('productCard', expect.any(Number));
    widget!.update({
      templates: {
        productCard: () => {
          throw new Error('bad');
        },
      },
    });
    widget!.flush();
    expect(onError).toHaveBeenCalledWith('productCard', expect.any(Error));
    expect(document.querySelector('.digi-card')).not.toBeNull();
  });

  // Merchants' templates are written against AnyQuery's product: they render unchanged.
  it("renders a template written against the public product's fields", () => {
    const product = {
      ...withSizes,
      price: '11169.0',
      oldPrice: '12990.0',
      link_url: 'https://shop.example/p/1',
      image_url: 'https://shop.example/p/1.jpg',
      attributes: { ...withSizes.attributes, размер: ['S', 'M'] },
      skus: [],
    };
    mount({
      product,
      templates: {
        productCard: new Function(
          `return ${precompile(
            '<a class="x-link" href="{{link_url}}"><img src="{{image_url}}">{{name}}</a>' +
              '<span class="x-price">{{formatPrice price currency}} / {{price}}</span>' +
              '<s class="x-old">{{oldPrice}}</s><i class="x-size">{{lookup attributes "размер"}}</i>',
          )}`,
        )() as object,
      },
    });
    expect(document.querySelector('.x-link')).toHaveAttribute('href', 'https://shop.example/p/1');
    expect(document.querySelector('.x-link img')).toHaveAttribute(
      'src',
      'https://shop.example/p/1.jpg',
    );
    expect(document.querySelector('.x-link')?.textContent).toBe(product.name);
    expect(document.querySelector('.x-price')?.textContent).toMatch(/^11\s169\s₽ \/ 11169\.0$/);
    expect(document.querySelector('.x-old')?.textContent).toBe('12990.0');
    expect(document.querySelector('.x-size')?.textContent).toBe('S,M');
  });

  it('pickers match the configured params in any case and show the configured name', async () => {
    const product = {
      ...withSizes,
      skus: [
        ['Синий', 'M', true],
        ['Синий', 'L', false],
        ['Красный', 'M', true],
      ].map(([colour, size, available], i) => ({
        id: `v${i}`,
        price: `${2000 + i * 100}.0`,
        available: available as boolean,
        link_url: `https://shop.example/v${i}`,
        image_url: '',
        image_urls: [],
        attributes: { цвет: [colour as string], размер: [size as string] },
      })),
    };
    const view = mount({ product, pickerParams: ['ЦВЕТ', 'размер'] });
    expect(view.getByRole('group', { name: 'ЦВЕТ' })).toBeInTheDocument();
    const sizes = within(view.getByRole('group', { name: 'размер' })).getAllByRole('button');
    expect(sizes.map((b) => b.textContent)).toEqual(['M', 'L']);
    await userEvent.click(view.getByRole('button', { name: 'Красный' }));
    widget!.flush();
    // the picked SKU's price shows; L has no red SKU
    expect(document.querySelector('.digi-card__price')?.textContent).toMatch(/^2\s200\s₽$/);
    expect(view.getByRole('button', { name: 'L' })).toHaveClass('digi-card__option--unavailable');
  });
});
