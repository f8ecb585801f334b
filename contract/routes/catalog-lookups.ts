import * as z from 'zod';
import { defineRoute } from '../route.ts';
import {
  catalogAttribute,
  catalogAttributeValue,
  catalogBrand,
  catalogCategory,
  catalogProduct,
  catalogRegion,
} from '../entities/catalog.ts';

const siteId = z.coerce.number().int().positive();
const text = z.string().trim().max(200);
const limit = z.coerce.number().int().min(1).max(500).default(50);
/** A repeated or comma-separated query parameter. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().max(200)).max(500));

const lookup = {
  auth: true,
  roles: ['ROLE_CATALOG_VIEW'],
  site: 'query',
} as const;

export const catalogProductsRoute = defineRoute({
  ...lookup,
  method: 'GET',
  path: '/catalog/products',
  summary: 'Products of the live catalog by external id, or found by name or id',
  query: z.strictObject({ siteId, externalIds: idList.optional(), search: text.optional(), limit }),
  response: z.array(catalogProduct),
});

export const catalogAttributesRoute = defineRoute({
  ...lookup,
  method: 'GET',
  path: '/catalog/attributes',
  summary: 'Attributes (feed params) of the live catalog',
  query: z.strictObject({ siteId, search: text.optional(), limit }),
  response: z.array(catalogAttribute),
});

export const catalogAttributeValuesRoute = defineRoute({
  ...lookup,
  method: 'GET',
  path: '/catalog/attributes/values',
  summary: 'Values of one attribute, most frequent first',
  query: z.strictObject({ siteId, attribute: text.min(1), search: text.optional(), limit }),
  response: z.array(catalogAttributeValue),
});

export const catalogBrandsRoute = defineRoute({
  ...lookup,
  method: 'GET',
  path: '/catalog/brands',
  summary: 'Brands (vendors) of the live catalog',
  query: z.strictObject({ siteId, search: text.optional(), limit }),
  response: z.array(catalogBrand),
});

export const catalogRootCategoriesRoute = defineRoute({
  ...lookup,
  method: 'GET',
  path: '/catalog/categories',
  summary: 'Root categories, or categories found by name',
  query: z.strictObject({ siteId, search: text.optional() }),
  response: z.array(catalogCategory),
});

export const catalogAllCategoriesRoute = defineRoute({
  ...lookup,
  method: 'GET',
  path: '/catalog/categories/all',
  summary: 'Every category, root-first',
  query: z.strictObject({ siteId }),
  response: z.array(catalogCategory),
});

export const catalogChildCategoriesRoute = defineRoute({
  ...lookup,
  method: 'GET',
  path: '/catalog/categories/children',
  summary: 'The children of one category',
  query: z.strictObject({ siteId, categoryId: text.min(1) }),
  response: z.array(catalogCategory),
});

export const catalogRegionsRoute = defineRoute({
  ...lookup,
  method: 'GET',
  path: '/catalog/regions',
  summary: "Regions of the site's feeds ('global' first)",
  query: z.strictObject({ siteId }),
  response: z.array(catalogRegion),
});
