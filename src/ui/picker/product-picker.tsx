import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { MultiPicker } from './multi-picker.tsx';

export interface PickedProduct {
  id: string;
  name: string;
}

export interface ProductPickerProps<P extends PickedProduct> {
  label?: ReactNode;
  value: readonly P[];
  onChange: (value: P[]) => void;
  /** Products found by name, id or vendor code. */
  searchProducts: (query: string, signal: AbortSignal) => Promise<P[]>;
  single?: boolean;
  max?: number;
  disabled?: boolean;
}

/** Products of the live catalog, found by name, id or vendor code; shown as «name (id)». */
export function ProductPicker<P extends PickedProduct>({
  label,
  searchProducts,
  ...rest
}: ProductPickerProps<P>) {
  const { t } = useTranslation();
  return (
    <MultiPicker<P>
      {...rest}
      label={label ?? t('ui.picker.products')}
      placeholder={t('ui.picker.productSearch')}
      search={searchProducts}
      getKey={(product) => product.id}
      getLabel={(product) => `${product.name} (${product.id})`}
    />
  );
}
