import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { runtimeStory } from '../../stories/runtime-host.ts';
import { applyDolyame, type DolyameSettings } from './dolyame.ts';

/** The widget's settings with every default of spec part 2 §3, as the public read answers them. */
const DEFAULTS: DolyameSettings = {
  isSPA: false,
  productPagePathnamePart: '',
  productInsertDesktopSelector: '',
  productInsertMobileSelector: '',
  productPriceSelector: '',
  buttonInsertMode: 4,
  productButtonType: 1,
  checkoutPagePathNamePart: '',
  checkoutInputParentSelector: '',
  checkoutInputTitleSelector: '',
  checkoutPriceSelector: '',
  enableCheckoutLogo: false,
  checkoutMobileLogoAdvanced: false,
  checkoutLogoType: 1,
  logoInsertMode: 2,
  enableCheckoutScheme: false,
  schemeInsertMode: 2,
  productMaxPrice: 30000,
  productMinPrice: 1,
  parentSelector: '',
  elementSelector: '',
  textSelector: '',
  checkedSelector: 'input:checked',
  buttonSelector: '',
  listingCardDesktopSelector: '',
  listingCardMobileSelector: '',
  listingInsertDesktopSelector: '',
  listingInsertMobileSelector: '',
  listingPriceDesktopSelector: '',
  listingPriceMobileSelector: '',
  listingPagePathnameParts: [],
};

interface Args {
  price: string;
  productButtonType: 1 | 2;
  buttonInsertMode: 1 | 2 | 3 | 4;
  productMaxPrice: number;
}

/** A merchant's product page as plain markup; the widget finds it by the story's selectors. */
function mountProduct(container: HTMLElement, args: Args) {
  container.innerHTML = `
    <section class="sb-product" style="font-family: Georgia, serif; padding: 16px; border: 1px solid #ddd">
      <h2 style="margin: 0 0 8px">Кроссовки беговые</h2>
      <div class="sb-product__price" style="font-size: 22px; font-weight: bold">${args.price}</div>
      <div class="sb-product__buy"><button type="button">В корзину</button></div>
    </section>`;
  applyDolyame(
    { document: container.ownerDocument, pathname: '/product/42', mobile: false },
    {
      ...DEFAULTS,
      productPagePathnamePart: '/product/',
      productInsertDesktopSelector: '.sb-product__buy',
      productPriceSelector: '.sb-product__price',
      productButtonType: args.productButtonType,
      buttonInsertMode: args.buttonInsertMode,
      productMaxPrice: args.productMaxPrice,
    },
  );
  return { dispose: () => container.replaceChildren() };
}

const meta: Meta<Args> = {
  title: 'Storefront/Dolyame instalment',
  args: { price: '12 990 ₽', productButtonType: 1, buttonInsertMode: 4, productMaxPrice: 30000 },
  argTypes: {
    productButtonType: { control: 'inline-radio', options: [1, 2] },
    buttonInsertMode: { control: 'inline-radio', options: [1, 2, 3, 4] },
  },
  render: (args) => runtimeStory((el) => mountProduct(el, args)),
};
export default meta;
type Story = StoryObj<Args>;

export const Button: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: /4 платежа по 3 248 ₽/ });
    await userEvent.click(button);
    await expect(await canvas.findByRole('list', { name: 'График платежей' })).toBeVisible();
  },
};
export const Line: Story = { args: { productButtonType: 2 } };
export const InsideTheBuyBlock: Story = { args: { buttonInsertMode: 3 } };
export const AbovePriceRange: Story = {
  args: { price: '45 990 ₽' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-digi-dolyame]')).toBeNull();
  },
};
