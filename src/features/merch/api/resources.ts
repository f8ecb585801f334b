import {
  RECS_RULES_PAGE_SIZE,
  type BoostCriteria,
  type BoostRuleInput,
  type RecsRuleFilter,
  type RecsRuleInput,
  type RedirectRuleInput,
} from '#contract/entities/merchandising.ts';
import {
  boostCriteriaRoute,
  createBoostRuleRoute,
  createRecsRuleRoute,
  deleteRecsRuleRoute,
  filterRecsRulesRoute,
  listRecsRulesRoute,
  updateRecsRuleRoute,
  createRedirectRoute,
  deleteBoostRuleRoute,
  deleteRedirectRoute,
  redirectFilterRoute,
  updateBoostRuleRoute,
  updateRedirectRoute,
  createCustomModelRoute,
  deleteCustomModelRoute,
  listCustomModelsRoute,
  updateCustomModelRoute,
} from '#contract/routes/merchandising.ts';
import type { RouteBody } from '#contract/route.ts';
import { api } from '#src/lib/api.ts';
import { defineResource } from '#src/lib/resource.ts';
import { merchKeys } from './keys.ts';

const QUIET_READ = { overlay: false } as const;

export interface BoostListArgs {
  offset: number;
  limit: number;
  query: string;
  body: BoostCriteria;
}

/** Boost rules of a site: newest first, filtered by the criteria call. */
export const boostRules = defineResource({
  keys: {
    all: merchKeys.all,
    list: (siteId: number, args: BoostListArgs) => merchKeys.boosts(siteId, args),
  },
  list: {
    route: boostCriteriaRoute,
    call: (siteId: number, args: BoostListArgs, signal: AbortSignal) =>
      api(
        boostCriteriaRoute,
        {
          query: {
            siteId,
            offset: args.offset,
            limit: args.limit,
            ...(args.query && { query: args.query }),
          },
          body: args.body,
          signal,
        },
        QUIET_READ,
      ),
  },
  create: {
    route: createBoostRuleRoute,
    call: (siteId: number, body: BoostRuleInput) =>
      api(createBoostRuleRoute, { query: { siteId }, body }, { quiet: true }),
  },
  update: {
    route: updateBoostRuleRoute,
    call: (siteId: number, id: number, body: BoostRuleInput) =>
      api(updateBoostRuleRoute, { query: { siteId }, body: { ...body, id } }, { quiet: true }),
  },
  remove: {
    route: deleteBoostRuleRoute,
    call: (siteId: number, id: number) => api(deleteBoostRuleRoute, { query: { siteId, id } }),
  },
});

export interface RedirectListArgs {
  offset: number;
  limit: number;
  text: string;
}

/** Redirect rules of a site: the query that opens a page instead of results. */
export const redirectRules = defineResource({
  keys: {
    all: merchKeys.all,
    list: (siteId: number, args: RedirectListArgs) => merchKeys.redirects(siteId, args),
  },
  list: {
    route: redirectFilterRoute,
    call: (siteId: number, args: RedirectListArgs, signal: AbortSignal) =>
      api(
        redirectFilterRoute,
        {
          query: { siteId, offset: args.offset, limit: args.limit },
          body: { text: args.text },
          signal,
        },
        QUIET_READ,
      ),
  },
  create: {
    route: createRedirectRoute,
    call: (siteId: number, body: RedirectRuleInput) =>
      api(createRedirectRoute, { query: { siteId }, body }, { quiet: true }),
  },
  update: {
    route: updateRedirectRoute,
    call: (siteId: number, id: number, body: RedirectRuleInput) =>
      api(updateRedirectRoute, { query: { siteId }, body: { ...body, id } }, { quiet: true }),
  },
  remove: {
    route: deleteRedirectRoute,
    call: (siteId: number, id: number) => api(deleteRedirectRoute, { query: { siteId, id } }),
  },
});

export interface RecsListArgs {
  offset: number;
  /** Null: every rule (the plain list call); otherwise the filter call. */
  filter: RecsRuleFilter | null;
}

/** Recommendation rules of a site, a page of RECS_RULES_PAGE_SIZE. */
export const recsRules = defineResource({
  keys: {
    all: merchKeys.all,
    list: (siteId: number, args: RecsListArgs) => merchKeys.recs(siteId, args),
  },
  list: {
    route: listRecsRulesRoute,
    call: (siteId: number, args: RecsListArgs, signal: AbortSignal) => {
      const query = { siteId, offset: args.offset, limit: RECS_RULES_PAGE_SIZE };
      return args.filter
        ? api(filterRecsRulesRoute, { query, body: args.filter, signal }, QUIET_READ)
        : api(listRecsRulesRoute, { query, signal }, QUIET_READ);
    },
  },
  create: {
    route: createRecsRuleRoute,
    call: (siteId: number, body: RecsRuleInput) =>
      api(createRecsRuleRoute, { query: { siteId }, body }, { quiet: true }),
  },
  update: {
    route: updateRecsRuleRoute,
    call: (siteId: number, id: number, body: RecsRuleInput) =>
      api(updateRecsRuleRoute, { query: { siteId }, body: { ...body, id } }, { quiet: true }),
  },
  remove: {
    route: deleteRecsRuleRoute,
    call: (siteId: number, id: number) => api(deleteRecsRuleRoute, { query: { siteId, id } }),
  },
});

type CustomModelInput = RouteBody<typeof createCustomModelRoute>;

/** Custom models of a site, each with its queries' product lists (uploaded per model). */
export const customModels = defineResource({
  keys: { all: merchKeys.all, list: (siteId: number) => merchKeys.models(siteId) },
  list: {
    route: listCustomModelsRoute,
    call: (siteId: number, _args: null, signal: AbortSignal) =>
      api(listCustomModelsRoute, { query: { siteId }, signal }, QUIET_READ),
  },
  create: {
    route: createCustomModelRoute,
    call: (siteId: number, body: CustomModelInput) =>
      api(createCustomModelRoute, { query: { siteId }, body }),
  },
  update: {
    route: updateCustomModelRoute,
    call: (siteId: number, id: number, body: CustomModelInput) =>
      api(updateCustomModelRoute, { query: { siteId }, body: { ...body, id } }),
  },
  remove: {
    route: deleteCustomModelRoute,
    call: (siteId: number, id: number) => api(deleteCustomModelRoute, { query: { siteId, id } }),
  },
});
