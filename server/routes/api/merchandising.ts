import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type FiredRule, RECS_BOOST_TYPES } from '#contract/entities/merchandising.ts';
import {
  boostCriteriaRoute,
  boostProductsRoute,
  createBoostRuleRoute,
  createCustomModelRoute,
  createRecsRuleRoute,
  createRedirectRoute,
  deleteBoostRuleRoute,
  deleteCustomModelProductRoute,
  deleteCustomModelQueryRoute,
  deleteCustomModelRoute,
  deleteRecsRuleRoute,
  deleteRedirectRoute,
  excludeProductsRoute,
  filterRecsRulesRoute,
  getBoostRuleRoute,
  getRecsRuleRoute,
  importRecsRulesRoute,
  listCustomModelsRoute,
  listRecsRulesRoute,
  recsPreviewRoute,
  recsRulesContextRoute,
  redirectFilterRoute,
  searchPreviewRoute,
  updateBoostRuleRoute,
  updateCustomModelRoute,
  updateRecsRuleRoute,
  updateRedirectRoute,
  uploadBoostRulesRoute,
  uploadCustomModelRoute,
  uploadRedirectsRoute,
} from '#contract/routes/merchandising.ts';
import type { Site } from '#contract/entities/site.ts';
import { recsRuleTargets } from '../../merchandising/lookups.ts';
import { merchandisingPlan } from '../../search/merchandising.ts';
import { recommendations } from '../../recs/query.ts';
import { search } from '../../search/search.ts';
import { HttpError } from '../../platform/http/http-error.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { createMerchandisingRepository, type SiteZone } from '../../merchandising/rules.ts';
import { boostSpec, modelSpec, recsSpec, redirectSpec } from '../../merchandising/upload-rows.ts';
import { createMerchandisingUploads } from '../../merchandising/uploads.ts';
import { applyUpload, receiveUpload, type UploadSpec } from '../../platform/uploads/receive.ts';
import { searchParams } from '#contract/public/search.ts';
import { recommendationsParams } from '#contract/public/recommendations.ts';

const zone = (site: Site): SiteZone => ({ siteId: site.siteId, timeZone: site.timeZone });
const OK = { ok: true as const };
/** The strategies every site has; the site's own are listed by hash. */
const FIXED_STRATEGIES = ['popular', 'same_category', 'similar_price'];

export async function merchandisingRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const repo = createMerchandisingRepository(db);
  const uploads = createMerchandisingUploads(repo);
  const maxRows = () => ({ maxRows: app.env.UPLOAD_MAX_ROWS });
  const receive = <Row>(request: FastifyRequest, spec: UploadSpec<Row>) =>
    receiveUpload(request, spec, maxRows());

  // ---- boost rules ----
  registerRoute(app, boostCriteriaRoute, ({ site, query, body }) =>
    repo.criteria(zone(site), body, query),
  );
  registerRoute(app, getBoostRuleRoute, ({ site, params, query }) =>
    repo.getBoost(zone(site), params.id, query.boostType),
  );
  registerRoute(app, createBoostRuleRoute, ({ site, body, user }) =>
    repo.createBoost(zone(site), body, user.login),
  );
  registerRoute(app, updateBoostRuleRoute, ({ site, body, user }) =>
    repo.updateBoost(zone(site), body.id, body, user.login),
  );
  registerRoute(app, deleteBoostRuleRoute, async ({ site, query, user }) => {
    await repo.deleteBoost(site.siteId, query.id, user.login);
    return OK;
  });
  registerRoute(app, boostProductsRoute, ({ site, body, user }) =>
    repo.pinProducts(zone(site), user.login, body),
  );
  registerRoute(app, excludeProductsRoute, ({ site, body, user }) =>
    repo.excludeProducts(zone(site), user.login, body),
  );

  registerRoute(app, uploadBoostRulesRoute, async ({ site, query, request, user }) => {
    const received = await receiveUpload(request, boostSpec(query.layout), maxRows());
    // One file is one layout: its rows all carry the same tag.
    return applyUpload(app.database, received, (tx, rows) => {
      const attributes = rows.flatMap(({ row, ...at }) =>
        row.layout === 'ATTRIBUTES' ? [{ ...at, row: row.row }] : [],
      );
      const products = rows.flatMap(({ row, ...at }) =>
        row.layout === 'PRODUCTS' ? [{ ...at, row: row.row }] : [],
      );
      return attributes.length
        ? uploads.attributeBoosts(tx, zone(site), user.login, attributes)
        : uploads.productBoosts(tx, zone(site), user.login, products);
    });
  });

  registerRoute(app, searchPreviewRoute, async ({ site, query }) => {
    const params = searchParams.parse({
      st: query.query,
      apiKey: site.apiKey,
      size: query.size,
      withFacets: 'false',
      preview: 'true',
    });
    const [withRules, withoutRules, plan] = await Promise.all([
      search(db, site.siteId, params),
      search(db, site.siteId, params, {}, { surface: 'search', off: true }),
      merchandisingPlan(db, site.siteId, query.query, { surface: 'search' }),
    ]);
    return {
      query: withRules.query,
      with: withRules.products,
      without: withoutRules.products,
      totalWith: withRules.totalHits,
      totalWithout: withoutRules.totalHits,
      fired: plan.fired,
      redirect: withRules.redirect,
    };
  });

  // ---- redirects ----
  registerRoute(app, redirectFilterRoute, ({ site, query, body }) =>
    repo.redirects(site.siteId, body.text, query),
  );
  registerRoute(app, createRedirectRoute, ({ site, body, user }) =>
    repo.saveRedirect(site.siteId, body, user.login),
  );
  registerRoute(app, updateRedirectRoute, ({ site, body, user }) =>
    repo.saveRedirect(site.siteId, body, user.login, body.id),
  );
  registerRoute(app, deleteRedirectRoute, async ({ site, query, user }) => {
    await repo.deleteRedirect(site.siteId, query.id, user.login);
    return OK;
  });
  registerRoute(app, uploadRedirectsRoute, async ({ site, request, user }) => {
    const received = await receive(request, redirectSpec);
    return applyUpload(app.database, received, (tx, rows) =>
      uploads.redirects(tx, site.siteId, user.login, rows),
    );
  });

  // ---- recommendation rules ----
  registerRoute(app, listRecsRulesRoute, ({ site, query }) =>
    repo.recsRules(zone(site), null, query),
  );
  registerRoute(app, filterRecsRulesRoute, ({ site, query, body }) =>
    repo.recsRules(zone(site), body, query),
  );
  registerRoute(app, recsRulesContextRoute, async ({ site }) => {
    const targets = await recsRuleTargets(db, site.siteId);
    return {
      boostTypes: [...RECS_BOOST_TYPES],
      regions: targets.regions,
      placements: targets.placements,
      strategies: [...FIXED_STRATEGIES, ...targets.strategies],
    };
  });
  registerRoute(app, getRecsRuleRoute, ({ site, params }) => repo.getRecs(zone(site), params.id));
  registerRoute(app, createRecsRuleRoute, ({ site, body, user }) =>
    repo.saveRecs(zone(site), body, user.login),
  );
  registerRoute(app, updateRecsRuleRoute, ({ site, body, user }) =>
    repo.saveRecs(zone(site), body, user.login, body.id),
  );
  registerRoute(app, deleteRecsRuleRoute, async ({ site, query, user }) => {
    await repo.deleteRecs(site.siteId, query.id, user.login);
    return OK;
  });
  registerRoute(app, importRecsRulesRoute, async ({ site, request, user }) => {
    const received = await receive(request, recsSpec);
    return applyUpload(app.database, received, (tx, rows) =>
      uploads.recsRules(tx, zone(site), user.login, rows),
    );
  });
  registerRoute(app, recsPreviewRoute, async ({ site, query }) => {
    const params = recommendationsParams.parse({
      apiKey: site.apiKey,
      strategy: query.strategy,
      size: query.size,
      regionId: query.regionId,
      ...(query.placement && { blockId: query.placement }),
      ...(query.productId && { productId: query.productId }),
    });
    let fired: FiredRule[] = [];
    const [withRules, withoutRules] = await Promise.all([
      recommendations(db, site.siteId, params, { onFired: (rules) => (fired = rules) }),
      recommendations(db, site.siteId, params, { off: true }),
    ]);
    return { with: withRules.products, without: withoutRules.products, fired };
  });

  // ---- custom models ----
  registerRoute(app, listCustomModelsRoute, ({ site }) => repo.models(site.siteId));
  registerRoute(app, createCustomModelRoute, ({ site, body, user }) =>
    repo.saveModel(site.siteId, body, user.login),
  );
  registerRoute(app, updateCustomModelRoute, ({ site, body, user }) =>
    repo.saveModel(site.siteId, body, user.login, body.id),
  );
  registerRoute(app, deleteCustomModelRoute, async ({ site, query, user }) => {
    await repo.deleteModel(site.siteId, query.id, user.login);
    return OK;
  });
  registerRoute(app, uploadCustomModelRoute, async ({ site, request, user }) => {
    let received;
    try {
      received = await receive(request, modelSpec);
    } catch (error) {
      // Spec part 2 §5, §8: uploading into a custom model without a real file is a type error.
      if (error instanceof HttpError && error.status === 400 && /Send the file/.test(error.message))
        throw new HttpError(400, 'TypeError: the upload needs a real file in the field "file"', {
          code: 'type',
        });
      throw error;
    }
    if (received.total === 0 && received.rejected.length === 0)
      throw new HttpError(400, 'TypeError: the file is empty', { code: 'type' });
    const modelId = Number(received.fields['modelId']);
    if (!Number.isInteger(modelId) || modelId <= 0)
      throw new HttpError(400, 'Send the model in the form field "modelId"');
    await repo.modelOf(db, site.siteId, modelId);
    return applyUpload(app.database, received, (tx, rows) =>
      uploads.modelLists(tx, site.siteId, modelId, user.login, rows),
    );
  });
  registerRoute(app, deleteCustomModelQueryRoute, async ({ site, query, user }) => {
    await repo.deleteModelEntries(site.siteId, query.modelId, user.login, { query: query.query });
    return OK;
  });
  registerRoute(app, deleteCustomModelProductRoute, async ({ site, query, user }) => {
    await repo.deleteModelEntries(site.siteId, query.modelId, user.login, {
      productId: query.productId,
      query: query.query,
    });
    return OK;
  });
}
