/**
 * The merchandising upload files: for each, the columns accepted and how one row validates
 * (boost rules by attribute or by product, redirects, recommendation rules, custom model lists).
 */
import * as z from 'zod';
import {
  localDateTime,
  type RECS_BOOST_TYPES,
  recsBoostType,
  redirectUrl,
} from '#contract/entities/merchandising.ts';
import type { BoostUploadLayout } from '#contract/routes/merchandising-search-rules.ts';
import { HttpError } from '../platform/http/http-error.ts';
import {
  hasColumn,
  type UploadSpec,
  type UploadSpecByHeader,
} from '../platform/uploads/receive.ts';

/**
 * A row's refusal: its English reason (the upload report's text) and the key the console words it
 * by (src/lib/error-text.ts `rejectionText` reads the reason back to `errors.rejection.<key>`).
 */
const refusal = (key: string, en: string) => ({
  message: en,
  params: { i18nKey: `errors.rejection.${key}` },
});

/** A ';'-separated list cell. */
const list = z
  .string()
  .optional()
  .transform((cell) =>
    (cell ?? '')
      .split(';')
      .map((item) => item.trim())
      .filter(Boolean),
  );
/** A date cell: `YYYY-MM-DD`, `YYYY-MM-DD HH:mm` or `YYYY-MM-DDTHH:mm`. */
const dateCell = z
  .string()
  .trim()
  .transform((cell) =>
    /^\d{4}-\d{2}-\d{2}$/.test(cell) ? `${cell}T00:00` : cell.replace(' ', 'T'),
  )
  .pipe(localDateTime);

export interface AttributeRow {
  boostName: string;
  query: string;
  attributeName: string;
  attributeValues: string[];
  weight: number;
}
export const attributeSpec: UploadSpec<AttributeRow> = {
  columns: {
    boostName: ['boostName', 'name'],
    query: ['query'],
    attributeName: ['attributeName', 'attribute'],
    attributeValues: ['attributeValues', 'values'],
    weight: ['weight'],
  },
  required: ['boostName', 'query', 'attributeName', 'attributeValues'],
  idKey: 'boostName',
  row: z.object({
    boostName: z.string().trim().min(1).max(200),
    query: z.string().trim().min(1).max(300),
    attributeName: z.string().trim().min(1).max(200),
    // «errors.rejection.noAttributeValues» in the console (src/lib/error-text.ts).
    attributeValues: list.pipe(z.array(z.string().max(300)).min(1, 'No attribute values')),
    weight: z.coerce.number().min(-100).max(100).default(1),
  }),
};

export interface ProductRowIn {
  boostName: string;
  query: string;
  productId: string;
  productIdOrder?: number | undefined;
}
export const productSpec: UploadSpec<ProductRowIn> = {
  columns: {
    boostName: ['boostName', 'name'],
    query: ['query'],
    productId: ['productId', 'product'],
    productIdOrder: ['productIdOrder', 'order'],
  },
  required: ['boostName', 'query', 'productId'],
  idKey: 'productId',
  row: z.object({
    boostName: z.string().trim().min(1).max(200),
    query: z.string().trim().min(1).max(300),
    productId: z.string().trim().min(1).max(300),
    productIdOrder: z.coerce.number().int().min(0).max(199).optional(),
  }),
};

export interface RedirectRowIn {
  query: string;
  url: string;
  mobileUrl?: string | undefined;
  name?: string | undefined;
}
export const redirectSpec: UploadSpec<RedirectRowIn> = {
  columns: { query: ['query'], url: ['url'], mobileUrl: ['mobileUrl'], name: ['name'] },
  required: ['query', 'url'],
  idKey: 'query',
  row: z.object({
    query: z.string().trim().min(1).max(300),
    url: redirectUrl,
    mobileUrl: redirectUrl.optional(),
    name: z.string().trim().max(200).optional(),
  }),
};

export interface RecsRowIn {
  name: string;
  priority: number;
  type: (typeof RECS_BOOST_TYPES)[number];
  startDate: string;
  endDate?: string | undefined;
  regions: string[];
  products: string[];
  categories: string[];
  placements: string[];
  strategies: string[];
}
export const recsSpec: UploadSpec<RecsRowIn> = {
  columns: {
    name: ['name'],
    priority: ['priority'],
    type: ['type', 'boostType'],
    startDate: ['startDate', 'start'],
    endDate: ['endDate', 'end'],
    regions: ['regions', 'regionIds'],
    products: ['products', 'productIds'],
    categories: ['categories'],
    placements: ['placements'],
    strategies: ['strategies'],
  },
  required: ['name', 'type', 'startDate'],
  idKey: 'name',
  row: z
    .object({
      name: z.string().trim().min(1).max(200),
      priority: z.coerce.number().int().min(-1_000_000).max(1_000_000).default(0),
      type: z.string().trim().toUpperCase().pipe(recsBoostType),
      startDate: dateCell,
      endDate: dateCell.optional(),
      regions: list,
      products: list,
      categories: list,
      placements: list,
      strategies: list,
    })
    .refine(
      (row) => row.products.length > 0 || row.categories.length > 0,
      refusal('productsOrCategories', 'Name products or categories'),
    )
    .refine(
      (row) => row.type !== 'PIN' || row.products.length > 0,
      refusal('pinNeedsProducts', 'A pin names products'),
    )
    .refine(
      (row) => !row.endDate || row.endDate > row.startDate,
      refusal('endBeforeStart', 'The end is before the start'),
    ),
};

export interface ModelRowIn {
  query: string;
  productId: string;
  position?: number | undefined;
}
export const modelSpec: UploadSpec<ModelRowIn> = {
  columns: {
    query: ['query'],
    productId: ['productId', 'product'],
    position: ['position', 'order'],
  },
  required: ['query', 'productId'],
  idKey: 'productId',
  row: z.object({
    query: z.string().trim().min(1).max(300),
    productId: z.string().trim().min(1).max(300),
    position: z.coerce.number().int().min(0).max(10_000).optional(),
  }),
};

/** A row of a boost rules file, with the layout its columns say. */
export type BoostRowIn =
  { layout: 'ATTRIBUTES'; row: AttributeRow } | { layout: 'PRODUCTS'; row: ProductRowIn };

const tagged = <Row>(
  spec: UploadSpec<Row>,
  wrap: (row: Row) => BoostRowIn,
): UploadSpec<BoostRowIn> => ({ ...spec, row: spec.row.transform(wrap) });
const BOOST_SPECS: Record<BoostUploadLayout, UploadSpec<BoostRowIn>> = {
  ATTRIBUTES: tagged(attributeSpec, (row) => ({ layout: 'ATTRIBUTES', row })),
  PRODUCTS: tagged(productSpec, (row) => ({ layout: 'PRODUCTS', row })),
};

/**
 * The boost rules file (spec part 2 §3 "Upload CSV columns"): the layout named by `?layout=`, or
 * else the one its header says: an attributeName column is the file by attributes, a productId
 * column the file by products.
 */
export function boostSpec(
  layout?: BoostUploadLayout,
): UploadSpec<BoostRowIn> | UploadSpecByHeader<BoostRowIn> {
  if (layout) return BOOST_SPECS[layout];
  return {
    byHeader(header) {
      const attributes = hasColumn(header, [
        'attributeName',
        ...attributeSpec.columns['attributeName']!,
      ]);
      const products = hasColumn(header, ['productId', ...productSpec.columns['productId']!]);
      if (attributes === products)
        throw new HttpError(
          400,
          attributes
            ? 'The file has both attributeName and productId columns: upload boosts by attributes and by products as two files'
            : 'The file has no column attributeName or productId',
          { missing: ['attributeName', 'productId'] },
        );
      return BOOST_SPECS[attributes ? 'ATTRIBUTES' : 'PRODUCTS'];
    },
  };
}
