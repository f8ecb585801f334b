import type { ReactNode } from 'react';
import type * as z from 'zod';
import type { catalogProduct } from '#contract/entities/catalog.ts';
import {
  catalogAttributesRoute,
  catalogAttributeValuesRoute,
  catalogChildCategoriesRoute,
  catalogProductsRoute,
  catalogRegionsRoute,
  catalogRootCategoriesRoute,
} from '#contract/routes/catalog-lookups.ts';
import {
  AttributeValuePicker,
  type PickedAttribute,
} from '#src/ui/picker/attribute-value-picker.tsx';
import { CategoryTreePicker, type TreeCategory } from '#src/ui/picker/category-tree-picker.tsx';
import { ProductPicker } from '#src/ui/picker/product-picker.tsx';
import { RegionPicker } from '#src/ui/picker/region-picker.tsx';
import { api } from './api.ts';

/*
 * The src/ui pickers bound to the catalog lookups (/api/catalog/*, ROLE_CATALOG_VIEW) of one
 * site: what the merchandising and configuration screens use. Lookups run without the loading
 * overlay and are cancelled when the text changes.
 */

type CatalogProduct = z.infer<typeof catalogProduct>;
const quiet = { overlay: false } as const;

export function CatalogProductPicker(props: {
  siteId: number;
  label?: ReactNode;
  value: readonly CatalogProduct[];
  onChange: (value: CatalogProduct[]) => void;
  single?: boolean;
  max?: number;
  disabled?: boolean;
}) {
  const { siteId, ...rest } = props;
  return (
    <ProductPicker<CatalogProduct>
      {...rest}
      searchProducts={(search, signal) =>
        api(
          catalogProductsRoute,
          { query: { siteId, limit: 20, ...(search.trim() && { search: search.trim() }) }, signal },
          quiet,
        )
      }
    />
  );
}

export function CatalogCategoryPicker(props: {
  siteId: number;
  label: ReactNode;
  value: readonly TreeCategory[];
  onChange: (value: TreeCategory[]) => void;
  disabled?: boolean;
}) {
  const { siteId, ...rest } = props;
  return (
    <CategoryTreePicker
      {...rest}
      loadRoots={(signal) => api(catalogRootCategoriesRoute, { query: { siteId }, signal }, quiet)}
      loadChildren={(categoryId, signal) =>
        api(catalogChildCategoriesRoute, { query: { siteId, categoryId }, signal }, quiet)
      }
    />
  );
}

export function CatalogAttributePicker(props: {
  siteId: number;
  value: PickedAttribute | null;
  onChange: (value: PickedAttribute | null) => void;
  disabled?: boolean;
}) {
  const { siteId, ...rest } = props;
  return (
    <AttributeValuePicker
      {...rest}
      searchAttributes={(search, signal) =>
        api(
          catalogAttributesRoute,
          { query: { siteId, limit: 50, ...(search.trim() && { search: search.trim() }) }, signal },
          quiet,
        )
      }
      searchValues={(attribute, search, signal) =>
        api(
          catalogAttributeValuesRoute,
          {
            query: {
              siteId,
              attribute,
              limit: 50,
              ...(search.trim() && { search: search.trim() }),
            },
            signal,
          },
          quiet,
        )
      }
    />
  );
}

export function CatalogRegionPicker(props: {
  siteId: number;
  label?: ReactNode;
  value: readonly string[];
  onChange: (value: string[]) => void;
  single?: boolean;
  disabled?: boolean;
}) {
  const { siteId, ...rest } = props;
  return (
    <RegionPicker
      {...rest}
      loadRegions={(signal) => api(catalogRegionsRoute, { query: { siteId }, signal }, quiet)}
    />
  );
}
