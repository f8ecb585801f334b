import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { MultiPicker } from './multi-picker.tsx';

export interface PickedProduct {
  id: string;
  /** The id itself for a product known only by its id (typed, or not found). */
  name: string;
  /** The product's picture, shown in the list (null: it has none). */
  picture?: string | null;
}

export interface ProductPickerProps<P extends PickedProduct> {
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  value: readonly P[];
  onChange: (value: P[]) => void;
  /** Products found by name, id or vendor code. */
  searchProducts: (query: string, signal: AbortSignal) => Promise<P[]>;
  /** Lets an id be typed and added with Enter (a product the search does not list). */
  addTyped?: (id: string) => P;
  single?: boolean;
  max?: number;
  disabled?: boolean;
  /** @default «Название, id или артикул» */
  placeholder?: string;
}

const labelOf = (product: PickedProduct) =>
  product.name === product.id ? product.id : `${product.name} (${product.id})`;

/**
 * Products of the live catalog, found by name, id or vendor code; shown as «name (id)», with
 * their pictures in the list.
 */
export function ProductPicker<P extends PickedProduct>({
  label,
  placeholder,
  searchProducts,
  ...rest
}: ProductPickerProps<P>) {
  const { t } = useTranslation();
  return (
    <MultiPicker<P>
      {...rest}
      label={label ?? t('ui.picker.products')}
      placeholder={placeholder ?? t('ui.picker.productSearch')}
      search={searchProducts}
      getKey={(product) => product.id}
      getLabel={labelOf}
      getPicture={(product) => product.picture}
    />
  );
}
