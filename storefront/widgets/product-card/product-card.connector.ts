import type { Product } from '#contract/public/product.ts';
import {
  cardView,
  type CardLayout,
  type CardView,
  type SkuSelection,
} from '../../runtime/product-view.ts';
import { createStore, type Store } from '../../runtime/store.ts';

export interface ProductCardState {
  product: Product;
  layout: CardLayout;
  selection: SkuSelection;
  pickerParams: readonly string[] | undefined;
}

export interface ProductCardConnector {
  store: Store<ProductCardState>;
  view(): CardView;
  /** Picks `value` of a SKU param; picking the picked value again clears it. */
  pick(param: string, value: string): void;
  setProduct(product: Product): void;
  setLayout(layout: CardLayout): void;
}

export function createProductCardConnector(
  product: Product,
  options: { layout?: CardLayout; pickerParams?: readonly string[] } = {},
): ProductCardConnector {
  const store = createStore<ProductCardState>({
    product,
    layout: options.layout ?? 'default',
    selection: {},
    pickerParams: options.pickerParams,
  });
  return {
    store,
    view() {
      const { product: p, layout, selection, pickerParams } = store.get();
      return cardView(p, { layout, selection, ...(pickerParams ? { pickerParams } : {}) });
    },
    pick(param, value) {
      store.set(({ selection }) => {
        const next = { ...selection };
        if (next[param] === value) delete next[param];
        else next[param] = value;
        return { selection: next };
      });
    },
    setProduct(next) {
      store.set({ product: next, selection: {} });
    },
    setLayout(layout) {
      store.set({ layout });
    },
  };
}
