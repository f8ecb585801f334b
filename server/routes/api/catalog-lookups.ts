import type { FastifyInstance } from 'fastify';
import {
  catalogAllCategoriesRoute,
  catalogAttributesRoute,
  catalogAttributeValuesRoute,
  catalogBrandsRoute,
  catalogChildCategoriesRoute,
  catalogProductsRoute,
  catalogRegionsRoute,
  catalogRootCategoriesRoute,
} from '#contract/routes/catalog-lookups.ts';
import { createCatalogLookups } from '../../search/lookups.ts';
import { registerRoute } from '../../platform/http/register-route.ts';

export async function catalogLookupRoutes(app: FastifyInstance) {
  const lookups = createCatalogLookups(app.database.db);
  registerRoute(app, catalogProductsRoute, ({ site, query }) =>
    lookups.products(site.siteId, {
      limit: query.limit,
      ...(query.externalIds && { externalIds: query.externalIds }),
      ...(query.search && { search: query.search }),
    }),
  );
  registerRoute(app, catalogAttributesRoute, ({ site, query }) =>
    lookups.attributes(site.siteId, {
      limit: query.limit,
      ...(query.search && { search: query.search }),
    }),
  );
  registerRoute(app, catalogAttributeValuesRoute, ({ site, query }) =>
    lookups.attributeValues(site.siteId, {
      attribute: query.attribute,
      limit: query.limit,
      ...(query.search && { search: query.search }),
    }),
  );
  registerRoute(app, catalogBrandsRoute, ({ site, query }) =>
    lookups.brands(site.siteId, {
      limit: query.limit,
      ...(query.search && { search: query.search }),
    }),
  );
  registerRoute(app, catalogRootCategoriesRoute, ({ site, query }) =>
    lookups.rootCategories(site.siteId, query.search || undefined),
  );
  registerRoute(app, catalogAllCategoriesRoute, ({ site }) => lookups.allCategories(site.siteId));
  registerRoute(app, catalogChildCategoriesRoute, ({ site, query }) =>
    lookups.childCategories(site.siteId, query.categoryId),
  );
  registerRoute(app, catalogRegionsRoute, ({ site }) => lookups.regions(site.siteId));
}
