/**
 * The query-list calls of spec part 2 §7 ("Query lists", "Transliterations", and the
 * `/autocomplete/{synonyms|queries/exclusions|black-list}` calls), each at its spec path under
 * /api with `siteId` in the query. Every list also has `…/enable` (per-site enablement) and an
 * upload; the four AQ lists and transliterations an edit (docs/query-lists.md).
 */
import * as z from 'zod';
import { defineRoute, type RouteDef } from '../route.ts';
import { QUERY_LIST_ROLES } from '../entities/query-list-roles.ts';
import {
  explainResult,
  queryListEnable,
  queryListEntry,
  queryListIds,
  queryListInput,
  queryListQuery,
  queryListKind,
  queryListUploadQuery,
  queryListUpdate,
  QUERY_LIST_MODES,
  type QueryListKind,
} from '../entities/query-lists.ts';
import { uploadReport } from '../entities/upload.ts';

const siteQuery = z.strictObject({ siteId: z.coerce.number().int().positive() });
const changed = z.object({ changed: z.number().int() });

interface ListPaths {
  /** GET (list). */
  list: string;
  add: { method: 'POST' | 'PUT'; path: string };
  update: { method: 'PUT' | 'POST'; path: string } | null;
  remove: string;
  enable: string;
  upload: string;
}

function listRoutes(list: QueryListKind, name: string, paths: ListPaths) {
  const { view, edit } = QUERY_LIST_ROLES[list];
  return {
    list: defineRoute({
      method: 'GET',
      path: paths.list,
      summary: `The ${name} entries of the site's verticals, each with whether it is enabled on the site`,
      auth: true,
      roles: [...view, ...edit],
      site: 'query',
      query: queryListQuery,
      response: z.array(queryListEntry),
    }),
    add: defineRoute({
      method: paths.add.method,
      path: paths.add.path,
      summary: `Add a ${name} entry (enabled on the site unless enabled is false); 409 for a duplicate`,
      auth: true,
      roles: edit,
      site: 'query',
      query: siteQuery,
      body: queryListInput,
      response: queryListEntry,
    }),
    update: paths.update
      ? defineRoute({
          method: paths.update.method,
          path: paths.update.path,
          summary: `Edit a ${name} entry`,
          auth: true,
          roles: edit,
          site: 'query',
          query: siteQuery,
          body: queryListUpdate,
          response: queryListEntry,
        })
      : null,
    remove: defineRoute({
      method: 'DELETE',
      path: paths.remove,
      summary: `Delete ${name} entries by id`,
      auth: true,
      roles: edit,
      site: 'query',
      query: siteQuery,
      body: queryListIds,
      response: changed,
    }),
    enable: defineRoute({
      method: 'PUT',
      path: paths.enable,
      summary: `Enable or disable ${name} entries on the site`,
      auth: true,
      roles: edit,
      site: 'query',
      query: siteQuery,
      body: queryListEnable,
      response: changed,
    }),
    upload: defineRoute({
      method: 'POST',
      path: paths.upload,
      summary: `Upload ${name} entries from CSV or XLSX (vertical, enableOnSiteId, disableOther as query parameters or form fields); a per-row report`,
      auth: true,
      roles: edit,
      site: 'query',
      query: queryListUploadQuery,
      bodyType: 'multipart',
      response: uploadReport,
    }),
  };
}

const aq = (list: QueryListKind, name: string) =>
  listRoutes(list, name, {
    list: `/aq/${list}`,
    add: { method: 'POST', path: `/aq/${list}` },
    update: { method: 'PUT', path: `/aq/${list}` },
    remove: `/aq/${list}`,
    enable: `/aq/${list}/enable`,
    upload: `/aq/${list}/upload`,
  });

const autocomplete = (list: QueryListKind, path: string, name: string) =>
  listRoutes(list, name, {
    list: path,
    add: { method: 'POST', path },
    update: null,
    remove: path,
    enable: `${path}/enable`,
    upload: `${path}/upload`,
  });

/** Every list's calls, by list. */
export const QUERY_LIST_ROUTES = {
  'white-list': aq('white-list', 'white list'),
  'black-list': aq('black-list', 'black list'),
  synonyms: aq('synonyms', 'synonym'),
  brands: aq('brands', 'brand'),
  'stemmer-exclusions': listRoutes('stemmer-exclusions', 'stemmer exclusion', {
    list: '/aq/stemmer/exclusions',
    add: { method: 'POST', path: '/aq/stemmer/exclusions' },
    update: null,
    remove: '/aq/stemmer/exclusions',
    enable: '/aq/stemmer/exclusions/enable',
    upload: '/aq/stemmer/exclusions/upload',
  }),
  'brand-exclusions': listRoutes('brand-exclusions', 'brand exclusion', {
    list: '/aq/brand_exclude',
    add: { method: 'PUT', path: '/aq/brand_exclude' },
    update: null,
    remove: '/aq/brand_exclude',
    enable: '/aq/brand_exclude/enable',
    upload: '/aq/brand_exclude/upload',
  }),
  transliterations: listRoutes('transliterations', 'transliteration', {
    list: '/transliterations',
    add: { method: 'POST', path: '/transliterations/save' },
    update: { method: 'PUT', path: '/transliterations/save' },
    remove: '/transliterations/delete',
    enable: '/transliterations/enable',
    upload: '/transliterations/saveFromFile',
  }),
  'autocomplete-synonyms': autocomplete(
    'autocomplete-synonyms',
    '/autocomplete/synonyms',
    'autocomplete synonym',
  ),
  'query-exclusions': autocomplete(
    'query-exclusions',
    '/autocomplete/queries/exclusions',
    'autocomplete query exclusion',
  ),
  'autocomplete-black-list': autocomplete(
    'autocomplete-black-list',
    '/autocomplete/black-list',
    'autocomplete black list',
  ),
} as const;

/** GET /transliterations/search: the pairs whose source or target contains the text. */
export const searchTransliterationsRoute = defineRoute({
  method: 'GET',
  path: '/transliterations/search',
  summary: 'Transliteration pairs whose source or target contains the query',
  auth: true,
  roles: ['ROLE_AQ_VIEW', 'ROLE_AQ_SYNONYMS_CONFIG'],
  site: 'query',
  query: z.strictObject({
    siteId: z.coerce.number().int().positive(),
    query: z.string().max(200).default(''),
  }),
  response: z.array(queryListEntry),
});

/** DELETE /transliterations/delete/:id. */
export const deleteTransliterationRoute = defineRoute({
  method: 'DELETE',
  path: '/transliterations/delete/:id',
  summary: 'Delete one transliteration pair',
  auth: true,
  roles: ['ROLE_AQ_SYNONYMS_CONFIG'],
  site: 'query',
  params: z.strictObject({ id: z.coerce.number().int().positive() }),
  query: siteQuery,
  response: changed,
});

/**
 * The query pipeline's steps for one query on the site's catalog (the explain view of the list
 * screens): for console users only, never for a shopper's apiKey.
 */
export const explainQueryRoute = defineRoute({
  method: 'GET',
  path: '/aq/explain',
  summary: 'Each step of the query pipeline for a query, and the first products it finds',
  auth: true,
  roles: ['ROLE_AQ_VIEW', 'ROLE_AUTOCOMPLETE_VIEW'],
  site: 'query',
  query: z.strictObject({
    siteId: z.coerce.number().int().positive(),
    st: z.string().max(200),
    channel: z.enum(['search', 'autocomplete']).default('search'),
  }),
  response: explainResult,
});

/** An unsaved change of one list, for the before/after preview. */
export const draftChange = z.discriminatedUnion('op', [
  z.strictObject({
    op: z.literal('add'),
    term: z.string().trim().min(1).max(200),
    variants: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
    mode: z.enum(QUERY_LIST_MODES).optional(),
  }),
  z.strictObject({
    op: z.literal('update'),
    id: z.number().int().positive(),
    term: z.string().trim().min(1).max(200),
    variants: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
    mode: z.enum(QUERY_LIST_MODES).optional(),
  }),
  z.strictObject({
    op: z.literal('delete'),
    ids: z.array(z.number().int().positive()).min(1).max(100),
  }),
]);
export type DraftChange = z.input<typeof draftChange>;

/**
 * POST /aq/explain/compare: what the shopper gets for a query now and with an unsaved change of
 * one list (nothing is written), side by side. The same readers as the explain view.
 */
export const compareQueryRoute = defineRoute({
  method: 'POST',
  path: '/aq/explain/compare',
  reads: true,
  summary:
    'The pipeline and results for a query now and with an unsaved list change (nothing written)',
  auth: true,
  roles: ['ROLE_AQ_VIEW', 'ROLE_AUTOCOMPLETE_VIEW'],
  site: 'query',
  query: siteQuery,
  body: z.strictObject({
    st: z.string().trim().min(1).max(200),
    channel: z.enum(['search', 'autocomplete']).default('search'),
    list: queryListKind,
    change: draftChange,
  }),
  refuseUnknownFields: true,
  response: z.object({ before: explainResult, after: explainResult }),
});

/** Every route of this area, for the server's registration and the role matrix. */
export const queryListsArea: Record<string, RouteDef> = Object.fromEntries(
  [
    ...Object.values(QUERY_LIST_ROUTES).flatMap((routes) =>
      [routes.list, routes.add, routes.update, routes.remove, routes.enable, routes.upload].filter(
        (route): route is NonNullable<typeof route> => route !== null,
      ),
    ),
    searchTransliterationsRoute,
    deleteTransliterationRoute,
    explainQueryRoute,
    compareQueryRoute,
  ].map((route) => [`${route.method} ${route.path}`, route]),
);
