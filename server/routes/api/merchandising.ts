import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod';
import {
  type FiredRule,
  localDateTime,
  RECS_BOOST_TYPES,
  recsBoostType,
  redirectUrl,
} from '#contract/entities/merchandising.ts';
import type { UploadRejection } from '#contract/entities/upload.ts';
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
import { knownProducts, recsRuleTargets, upsertRedirect } from '../../merchandising/lookups.ts';
import { merchandisingPlan, queryKey } from '../../search/merchandising.ts';
import { recordAudit } from '../../platform/audit/repository.ts';
import { recommendations } from '../../recs/query.ts';
import { search } from '../../search/search.ts';
import { HttpError } from '../../platform/http/http-error.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { createMerchandisingRepository, type SiteZone } from '../../merchandising/rules.ts';
import { applyUpload, receiveUpload, type UploadSpec } from '../../platform/uploads/receive.ts';
import { searchParams } from '#contract/public/search.ts';
import { recommendationsParams } from '#contract/public/recommendations.ts';

const zone = (site: Site): SiteZone => ({ siteId: site.siteId, timeZone: site.timeZone });
const OK = { ok: true as const };
/** The strategies every site has; the site's own are listed by hash. */
const FIXED_STRATEGIES = ['popular', 'same_category', 'similar_price'];

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

interface AttributeRow {
  boostName: string;
  query: string;
  attributeName: string;
  attributeValues: string[];
  weight: number;
}
const attributeSpec: UploadSpec<AttributeRow> = {
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
    attributeValues: list.pipe(z.array(z.string().max(300)).min(1, 'No attribute values')),
    weight: z.coerce.number().min(-100).max(100).default(1),
  }),
};

interface ProductRowIn {
  boostName: string;
  query: string;
  productId: string;
  productIdOrder?: number | undefined;
}
const productSpec: UploadSpec<ProductRowIn> = {
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

interface RedirectRowIn {
  query: string;
  url: string;
  mobileUrl?: string | undefined;
  name?: string | undefined;
}
const redirectSpec: UploadSpec<RedirectRowIn> = {
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

interface RecsRowIn {
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
const recsSpec: UploadSpec<RecsRowIn> = {
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
    .refine((row) => row.products.length > 0 || row.categories.length > 0, {
      message: 'Name products or categories',
    })
    .refine((row) => row.type !== 'PIN' || row.products.length > 0, {
      message: 'A pin names products',
    })
    .refine((row) => !row.endDate || row.endDate > row.startDate, {
      message: 'The end is before the start',
    }),
};

interface ModelRowIn {
  query: string;
  productId: string;
  position?: number | undefined;
}
const modelSpec: UploadSpec<ModelRowIn> = {
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

export async function merchandisingRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const repo = createMerchandisingRepository(db);
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
    const z0 = zone(site);
    const base = {
      fullMatch: false,
      multiplier: 1,
      status: true,
      startDate: null,
      endDate: null,
      ranking: true,
      autocomplete: false,
    };
    if (query.layout === 'ATTRIBUTES') {
      const received = await receive(request, attributeSpec);
      return applyUpload(app.database, received, (tx, rows) =>
        repo.insertBoostRules(
          tx,
          z0,
          user.login,
          rows.map(({ row }) => ({
            name: row.boostName,
            query: row.query,
            input: {
              ...base,
              boostType: 'ATTRIBUTES',
              weight: row.weight,
              socket: null,
              attributeName: row.attributeName,
              filters: row.attributeValues,
            },
          })),
        ),
      );
    }
    const received = await receive(request, productSpec);
    return applyUpload(app.database, received, async (tx, rows) => {
      const known = await knownProducts(
        tx,
        site.siteId,
        rows.map(({ row }) => row.productId),
      );
      const refused: UploadRejection[] = [];
      // One rule per boostName and query; the products in productIdOrder (from 0), then file order.
      const groups = new Map<string, { name: string; query: string; rows: ProductRowIn[] }>();
      for (const { line, row, id } of rows) {
        if (!known.has(row.productId)) {
          refused.push({ line, reason: `Unknown product ${row.productId}`, ...(id && { id }) });
          continue;
        }
        const key = `${row.boostName}\u0000${queryKey(row.query)}`;
        const group = groups.get(key) ?? { name: row.boostName, query: row.query, rows: [] };
        group.rows.push(row);
        groups.set(key, group);
      }
      await repo.insertBoostRules(
        tx,
        z0,
        user.login,
        [...groups.values()].map((group) => {
          const ordered = group.rows
            .map((row, index) => ({ row, index }))
            .sort(
              (a, b) =>
                (a.row.productIdOrder ?? 1e9) - (b.row.productIdOrder ?? 1e9) || a.index - b.index,
            );
          const orders = group.rows.flatMap((row) =>
            row.productIdOrder === undefined ? [] : [row.productIdOrder],
          );
          return {
            name: group.name,
            query: group.query,
            input: {
              ...base,
              boostType: 'PRODUCTS' as const,
              weight: 1,
              socket: orders.length ? Math.min(...orders) + 1 : null,
              attributeName: null,
              filters: [...new Set(ordered.map(({ row }) => row.productId))],
            },
          };
        }),
      );
      return refused;
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
      totalWith: withRules.total,
      totalWithout: withoutRules.total,
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
    return applyUpload(app.database, received, async (tx, rows) => {
      const refused: UploadRejection[] = [];
      const seen = new Map<string, number>();
      for (const { line, row, id } of rows) {
        const key = queryKey(row.query);
        if (!key) {
          refused.push({ line, reason: 'The query has no words', ...(id && { id }) });
          continue;
        }
        const earlier = seen.get(key);
        if (earlier !== undefined) {
          refused.push({
            line,
            reason: `The same query as line ${earlier}`,
            ...(id && { id }),
          });
          continue;
        }
        seen.set(key, line);
        await upsertRedirect(tx, {
          siteId: site.siteId,
          query: row.query,
          queryKey: key,
          url: row.url,
          mobileUrl: row.mobileUrl ?? null,
          name: row.name ?? null,
        });
      }
      await recordAudit(tx, {
        actor: user.login,
        action: 'upload',
        entity: 'redirect-rule',
        entityId: site.siteId,
        after: { queries: [...seen.keys()] },
      });
      return refused;
    });
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
    return applyUpload(app.database, received, async (tx, rows) => {
      for (const { row } of rows)
        await repo.saveRecs(
          zone(site),
          {
            name: row.name,
            priority: row.priority,
            boostType: row.type,
            startDate: row.startDate,
            endDate: row.endDate ?? null,
            regionIds: row.regions,
            productIds: row.products,
            categories: row.categories,
            placements: row.placements,
            strategies: row.strategies,
          },
          user.login,
          undefined,
          tx,
        );
    });
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
    return applyUpload(app.database, received, async (tx, rows) => {
      const known = await knownProducts(
        tx,
        site.siteId,
        rows.map(({ row }) => row.productId),
      );
      const refused: UploadRejection[] = [];
      const lists = new Map<
        string,
        { query: string; entries: { row: ModelRowIn; index: number }[] }
      >();
      rows.forEach(({ line, row, id }, index) => {
        const key = queryKey(row.query);
        if (!key) refused.push({ line, reason: 'The query has no words', ...(id && { id }) });
        else if (!known.has(row.productId))
          refused.push({ line, reason: `Unknown product ${row.productId}`, ...(id && { id }) });
        else {
          const entry = lists.get(key) ?? { query: row.query, entries: [] };
          if (!entry.entries.some((e) => e.row.productId === row.productId))
            entry.entries.push({ row, index });
          lists.set(key, entry);
        }
      });
      await repo.replaceModelLists(
        tx,
        site.siteId,
        modelId,
        user.login,
        new Map(
          [...lists].map(([key, value]) => [
            key,
            {
              query: value.query,
              productIds: value.entries
                .sort(
                  (a, b) => (a.row.position ?? 1e9) - (b.row.position ?? 1e9) || a.index - b.index,
                )
                .map((e) => e.row.productId),
            },
          ]),
        ),
      );
      return refused;
    });
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
