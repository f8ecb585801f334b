import * as z from 'zod';
import { defineRoute } from '../route.ts';
import { DOLYAME_READ_ROLES, DOLYAME_WRITE_ROLES } from '../call-roles.ts';
import {
  alternativeAttribute,
  alternativeAttributeInput,
  dolyameAppConfig,
  dolyameAppInput,
  dolyameWidgetConfig,
  dolyameWidgetInput,
} from '../entities/dolyame.ts';
import { ok } from './auth.ts';

/**
 * The Dolyame instalment calls of spec part 2 §7 "Instalment" (the console's side; the public
 * reads by apiKey are in contract/public/dolyame.ts). Spec §6 names no role for this area: site
 * viewers read it, site editors (ROLE_SITE_CONFIG) change it.
 */

const siteQuery = z.strictObject({ siteId: z.coerce.number().int().positive() });
const idQuery = siteQuery.extend({ id: z.coerce.number().int().positive() });

export const getDolyameAppRoute = defineRoute({
  method: 'GET',
  path: '/config/dolyame/app',
  summary: "The site's Dolyame app config, every default applied",
  auth: true,
  roles: DOLYAME_READ_ROLES,
  site: 'query',
  query: siteQuery,
  response: dolyameAppConfig,
});

export const saveDolyameAppRoute = defineRoute({
  method: 'POST',
  path: '/config/dolyame/app',
  summary: 'Save the Dolyame app config (empty fields take the defaults of spec §3)',
  auth: true,
  roles: DOLYAME_WRITE_ROLES,
  site: 'query',
  query: siteQuery,
  body: dolyameAppInput,
  refuseUnknownFields: true,
  response: dolyameAppConfig,
});

export const getDolyameWidgetRoute = defineRoute({
  method: 'GET',
  path: '/config/dolyame/widget',
  summary: "The site's Dolyame widget config (JSON text) and whether the storefront loads it",
  auth: true,
  roles: DOLYAME_READ_ROLES,
  site: 'query',
  query: siteQuery,
  response: dolyameWidgetConfig,
});

export const saveDolyameWidgetRoute = defineRoute({
  method: 'POST',
  path: '/config/dolyame/widget',
  summary:
    'Save the Dolyame widget config: the text must parse and follow the schema (400 names the line)',
  auth: true,
  roles: DOLYAME_WRITE_ROLES,
  site: 'query',
  query: siteQuery,
  body: dolyameWidgetInput,
  refuseUnknownFields: true,
  response: dolyameWidgetConfig,
});

export const listAlternativeAttributesRoute = defineRoute({
  method: 'GET',
  path: '/dolyame/alternative-attribute/all',
  summary: "The site's alternative attributes",
  auth: true,
  roles: DOLYAME_READ_ROLES,
  site: 'query',
  query: siteQuery,
  response: z.array(alternativeAttribute),
});

export const getAlternativeAttributeRoute = defineRoute({
  method: 'GET',
  path: '/dolyame/alternative-attribute',
  summary: 'One alternative attribute',
  auth: true,
  roles: DOLYAME_READ_ROLES,
  site: 'query',
  query: idQuery,
  response: alternativeAttribute,
});

export const createAlternativeAttributeRoute = defineRoute({
  method: 'POST',
  path: '/dolyame/alternative-attribute',
  summary: 'Add an alternative attribute',
  auth: true,
  roles: DOLYAME_WRITE_ROLES,
  site: 'query',
  query: siteQuery,
  body: alternativeAttributeInput,
  response: alternativeAttribute,
});

export const updateAlternativeAttributeRoute = defineRoute({
  method: 'PUT',
  path: '/dolyame/alternative-attribute',
  summary: 'Change an alternative attribute (the body carries its id)',
  auth: true,
  roles: DOLYAME_WRITE_ROLES,
  site: 'query',
  query: siteQuery,
  body: alternativeAttributeInput.extend({ id: z.number().int().positive() }),
  response: alternativeAttribute,
});

export const deleteAlternativeAttributeRoute = defineRoute({
  method: 'DELETE',
  path: '/dolyame/alternative-attribute',
  summary: 'Remove an alternative attribute',
  auth: true,
  roles: DOLYAME_WRITE_ROLES,
  site: 'query',
  query: idQuery,
  response: ok,
});
