import * as z from 'zod';

/** A product as the console's pickers show it (catalog lookups, spec part 2 §7 "Catalog"). */
export const catalogProduct = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  picture: z.string().nullable(),
  price: z.number(),
  currencyId: z.string(),
  available: z.boolean(),
  vendor: z.string().nullable(),
  categoryId: z.string(),
});
export type CatalogProduct = z.infer<typeof catalogProduct>;

export const catalogCategory = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  /** Root-first names, ending with this one's. */
  path: z.array(z.string()),
  hasChildren: z.boolean(),
  products: z.number().int(),
});
export type CatalogCategory = z.infer<typeof catalogCategory>;

/** An attribute (`<param name>`) of the catalog with how many products carry it. */
export const catalogAttribute = z.object({
  name: z.string(),
  products: z.number().int(),
  values: z.number().int(),
});

export const catalogAttributeValue = z.object({ value: z.string(), products: z.number().int() });
export const catalogBrand = z.object({ name: z.string(), products: z.number().int() });

/** A region of the site's feeds; 'global' is the global region. */
export const catalogRegion = z.object({ id: z.string(), lastUpload: z.string().nullable() });
