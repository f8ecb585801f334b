import { useRef, type ReactNode } from 'react';
import {
  catalogAllCategoriesRoute,
  catalogAttributesRoute,
  catalogAttributeValuesRoute,
  catalogBrandsRoute,
  catalogProductsRoute,
} from '#contract/routes/catalog-lookups.ts';
import {
  AttributeValuePicker,
  type AttributeValuePickerProps,
  type PickedAttribute,
} from '#src/ui/picker/attribute-value-picker.tsx';
import { MultiPicker } from '#src/ui/picker/multi-picker.tsx';
import { ProductPicker, type PickedProduct } from '#src/ui/picker/product-picker.tsx';
import { api } from './api.ts';

/*
 * The src/ui pickers bound to the catalog lookups (/api/catalog/*, ROLE_CATALOG_VIEW) of one
 * site: what the merchandising and configuration screens use. Lookups run without the loading
 * overlay and are cancelled when the text changes. The list pickers hold ids (what a form keeps)
 * and remember the names they found, so a chosen item shows its name.
 */

const quiet = { overlay: false } as const;
const searchText = (search: string) => (search.trim() ? { search: search.trim() } : {});

/** What every list picker of ids takes besides the site. */
interface IdListProps {
  siteId: number;
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** The chosen ids, in the order chosen. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Lets an id be typed and added with Enter (one the lookup does not list). */
  addTyped?: boolean;
  placeholder?: string;
  disabled?: boolean;
}

/** The items found so far by id: a chosen id shows the item found for it, else the id. */
function useFound<T>(keyOf: (item: T) => string) {
  const found = useRef(new Map<string, T>());
  const remember = (items: T[]) => {
    for (const item of items) found.current.set(keyOf(item), item);
    return items;
  };
  return { remember, get: (id: string) => found.current.get(id) };
}

export function CatalogProductPicker({
  siteId,
  value,
  onChange,
  addTyped,
  ...rest
}: IdListProps & { single?: boolean; max?: number }) {
  const found = useFound<PickedProduct>((product) => product.id);
  return (
    <ProductPicker<PickedProduct>
      {...rest}
      value={value.map((id) => found.get(id) ?? { id, name: id })}
      onChange={(products) => onChange(products.map((product) => product.id))}
      {...(addTyped && { addTyped: (id: string) => ({ id, name: id }) })}
      searchProducts={async (search, signal) =>
        found.remember(
          await api(
            catalogProductsRoute,
            { query: { siteId, limit: 20, ...searchText(search) }, signal },
            quiet,
          ),
        )
      }
    />
  );
}

/** Brands of the catalog (their names), with how many products each has. */
export function CatalogBrandPicker({
  siteId,
  label,
  addTyped,
  ...rest
}: IdListProps & { label: ReactNode }) {
  return (
    <MultiPicker<{ name: string; products?: number }>
      {...rest}
      label={label}
      value={rest.value.map((name) => ({ name }))}
      onChange={(brands) => rest.onChange(brands.map((brand) => brand.name))}
      {...(addTyped && { addTyped: (name: string) => ({ name }) })}
      search={(search, signal) =>
        api(
          catalogBrandsRoute,
          { query: { siteId, limit: 20, ...searchText(search) }, signal },
          quiet,
        )
      }
      getKey={(brand) => brand.name}
      getLabel={(brand) => brand.name}
      getNote={(brand) => (brand.products === undefined ? undefined : String(brand.products))}
    />
  );
}

interface PathCategory {
  id: string;
  name: string;
  products?: number;
}

/**
 * Categories found by any part of their path («Одежда / Платья»), shown by it with how many
 * products each has: every category of the site, loaded at once and filtered here.
 */
export function CatalogCategorySearchPicker({
  siteId,
  label,
  value,
  onChange,
  addTyped,
  ...rest
}: IdListProps & { label: ReactNode }) {
  const found = useFound<PathCategory>((category) => category.id);
  return (
    <MultiPicker<PathCategory>
      {...rest}
      label={label}
      value={value.map((id) => found.get(id) ?? { id, name: id })}
      onChange={(categories) => onChange(categories.map((category) => category.id))}
      {...(addTyped && { addTyped: (id: string) => ({ id, name: id }) })}
      search={async (search, signal) => {
        const all = await api(catalogAllCategoriesRoute, { query: { siteId }, signal }, quiet);
        const needle = search.trim().toLowerCase();
        return found.remember(
          all
            .map((c) => ({ id: c.id, name: c.path.join(' / '), products: c.products }))
            .filter((c) => !needle || c.name.toLowerCase().includes(needle)),
        );
      }}
      getKey={(category) => category.id}
      getLabel={(category) => category.name}
      getNote={(category) =>
        category.products === undefined ? undefined : String(category.products)
      }
    />
  );
}

export function CatalogAttributePicker(
  props: {
    siteId: number;
    value: PickedAttribute | null;
    onChange: (value: PickedAttribute | null) => void;
  } & Omit<AttributeValuePickerProps, 'searchAttributes' | 'searchValues' | 'value' | 'onChange'>,
) {
  const { siteId, ...rest } = props;
  return (
    <AttributeValuePicker
      {...rest}
      searchAttributes={(search, signal) =>
        api(
          catalogAttributesRoute,
          { query: { siteId, limit: 50, ...searchText(search) }, signal },
          quiet,
        )
      }
      searchValues={(attribute, search, signal) =>
        api(
          catalogAttributeValuesRoute,
          { query: { siteId, attribute, limit: 50, ...searchText(search) }, signal },
          quiet,
        )
      }
    />
  );
}
