import * as z from 'zod';
import { normaliseTerm } from '../text.ts';

/**
 * The query lists of spec part 2 §1–§3 ("Query lists", "Transliteration"). The spec shows no
 * fields; docs/query-lists.md gives the ones designed here and what each list does to a query.
 */
export const QUERY_LISTS = [
  'white-list',
  'black-list',
  'synonyms',
  'brands',
  'stemmer-exclusions',
  'brand-exclusions',
  'transliterations',
  'autocomplete-synonyms',
  'query-exclusions',
  'autocomplete-black-list',
] as const;
export type QueryListKind = (typeof QUERY_LISTS)[number];
export const queryListKind = z.enum(QUERY_LISTS);

/**
 * Spec part 2 §3 "Query lists": "Service types: WHITE_LIST, BLACK_LIST, AQ_SYNONYM, BRAND,
 * AUTOCOMPLETE_SYNONYM." Each names one of the lists above (the others have no service type);
 * entries carry theirs (`serviceType`), written by the server from this one table.
 */
export const QUERY_LIST_SERVICE_TYPES = [
  'WHITE_LIST',
  'BLACK_LIST',
  'AQ_SYNONYM',
  'BRAND',
  'AUTOCOMPLETE_SYNONYM',
] as const;
export type QueryListServiceType = (typeof QUERY_LIST_SERVICE_TYPES)[number];
export const queryListServiceType = z.enum(QUERY_LIST_SERVICE_TYPES);
/** The list each service type names. */
export const SERVICE_TYPE_LISTS: Readonly<Record<QueryListServiceType, QueryListKind>> = {
  WHITE_LIST: 'white-list',
  BLACK_LIST: 'black-list',
  AQ_SYNONYM: 'synonyms',
  BRAND: 'brands',
  AUTOCOMPLETE_SYNONYM: 'autocomplete-synonyms',
};
/** The service type of a list, or null for the lists the spec gives none. */
export function serviceTypeOf(list: QueryListKind): QueryListServiceType | null {
  const found = QUERY_LIST_SERVICE_TYPES.find((type) => SERVICE_TYPE_LISTS[type] === list);
  return found ?? null;
}

/**
 * How an entry matches: a black-list entry is a whole `query` or a `word`; a synonym group is
 * `two-way` (every term finds every other) or `one-way` (the term finds its variants only).
 */
export const QUERY_LIST_MODES = ['none', 'word', 'query', 'one-way', 'two-way'] as const;
export type QueryListMode = (typeof QUERY_LIST_MODES)[number];

/** The modes each list takes, the first being the default. */
export const LIST_MODES: Record<QueryListKind, readonly QueryListMode[]> = {
  'white-list': ['none'],
  'black-list': ['query', 'word'],
  synonyms: ['two-way', 'one-way'],
  brands: ['none'],
  'stemmer-exclusions': ['none'],
  'brand-exclusions': ['none'],
  transliterations: ['none'],
  'autocomplete-synonyms': ['two-way', 'one-way'],
  'query-exclusions': ['none'],
  'autocomplete-black-list': ['query', 'word'],
};

/** What `variants` holds per list: none, the synonyms, the brand's aliases, the one target. */
export const LIST_VARIANTS: Record<QueryListKind, 'none' | 'many' | 'optional' | 'one'> = {
  'white-list': 'none',
  'black-list': 'none',
  synonyms: 'many',
  brands: 'optional',
  'stemmer-exclusions': 'none',
  'brand-exclusions': 'none',
  transliterations: 'one',
  'autocomplete-synonyms': 'many',
  'query-exclusions': 'none',
  'autocomplete-black-list': 'none',
};

export const MAX_TERM_LENGTH = 200;
export const MAX_VARIANTS = 50;

/** A term as the lists compare it: the one splitter's words joined by one space. */
export { normaliseTerm };

const term = z
  .string()
  .trim()
  .min(1)
  .max(MAX_TERM_LENGTH)
  .refine((value) => normaliseTerm(value) !== '', {
    params: { i18nKey: 'errors.validation.termNoWord', en: 'must have a letter or a digit' },
  });

export const queryListEntry = z.object({
  id: z.number().int(),
  list: queryListKind,
  /** The list's service type (spec part 2 §3), null for the lists the spec gives none. */
  serviceType: queryListServiceType.nullable(),
  vertical: z.string(),
  term: z.string(),
  variants: z.array(z.string()),
  mode: z.enum(QUERY_LIST_MODES),
  /** Enabled on the site of the call. */
  enabled: z.boolean(),
  /** How many sites the entry is enabled on. */
  siteCount: z.number().int(),
  updatedAt: z.string(),
});
export type QueryListEntry = z.infer<typeof queryListEntry>;

export const queryListInput = z.strictObject({
  term,
  variants: z.array(term).max(MAX_VARIANTS).default([]),
  mode: z.enum(QUERY_LIST_MODES).optional(),
  vertical: z.string().trim().max(100).default(''),
  /** Enable on the site of the call (default) or keep it off there. */
  enabled: z.boolean().default(true),
});
export type QueryListInput = z.input<typeof queryListInput>;

export const queryListUpdate = queryListInput
  .omit({ enabled: true })
  .extend({ id: z.number().int().positive() });

export const queryListIds = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(10_000),
});

export const queryListEnable = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(10_000),
  enabled: z.boolean(),
});

/**
 * The options of a list upload (spec part 2 §7 "POST /aq/{list}/upload (query vertical,
 * enableOnSiteId, disableOther; file)"): the vertical the file replaces, the site its entries are
 * enabled on ('', 'null' or 'none': none) and whether the vertical's other entries are disabled
 * there. Sent as query parameters, or as form fields beside the file.
 */
export const queryListUploadOptions = z.object({
  vertical: z.string().trim().max(100).optional(),
  enableOnSiteId: z
    .string()
    .trim()
    .refine((value) => /^([1-9]\d{0,9}|null|none|)$/.test(value), {
      params: { i18nKey: 'queryLists.errors.siteId', en: 'enableOnSiteId must be a site id' },
    })
    .optional(),
  disableOther: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false', '1', '0', ''], 'disableOther must be true or false'))
    .optional(),
});
export type QueryListUploadOptions = z.infer<typeof queryListUploadOptions>;
export const queryListUploadQuery = z.strictObject({
  siteId: z.coerce.number().int().positive(),
  ...queryListUploadOptions.shape,
});

export const queryListQuery = z.strictObject({
  siteId: z.coerce.number().int().positive(),
  search: z.string().max(200).optional(),
  vertical: z.string().max(100).optional(),
});

/** One step of the query pipeline as the explain view shows it. */
export const explainStep = z.object({
  step: z.string(),
  output: z.string(),
  note: z.string().nullable(),
});
export type ExplainStep = z.infer<typeof explainStep>;

export const explainResult = z.object({
  query: z.string(),
  /** The query as the catalog is searched (alternatives in parentheses), '' when blocked. */
  rewritten: z.string(),
  blocked: z.boolean(),
  steps: z.array(explainStep),
  total: z.number().int(),
  products: z.array(z.object({ id: z.string(), name: z.string(), brand: z.string().nullable() })),
});
export type ExplainResult = z.infer<typeof explainResult>;
