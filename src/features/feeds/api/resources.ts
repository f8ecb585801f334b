import type { FeedRuleInput } from '#contract/entities/feeds.ts';
import {
  deleteFeedRuleRoute,
  listFeedRulesRoute,
  saveFeedRuleRoute,
} from '#contract/routes/feeds.ts';
import { api } from '#src/lib/api.ts';
import { defineResource } from '#src/lib/resource.ts';
import { feedKeys } from './keys.ts';

/** A site's feed rules: which categories, vendors and offers the import keeps or drops. */
export const feedRules = defineResource({
  keys: { all: feedKeys.rules, list: (siteId: number) => feedKeys.rules(siteId) },
  list: {
    route: listFeedRulesRoute,
    call: (siteId: number, _args: null, signal: AbortSignal) =>
      api(listFeedRulesRoute, { query: { siteId }, signal }),
  },
  create: {
    route: saveFeedRuleRoute,
    call: (siteId: number, body: FeedRuleInput) =>
      api(saveFeedRuleRoute, { query: { siteId }, body }),
  },
  remove: {
    route: deleteFeedRuleRoute,
    call: (siteId: number, ruleId: number) =>
      api(deleteFeedRuleRoute, { query: { siteId, ruleId } }),
  },
});
