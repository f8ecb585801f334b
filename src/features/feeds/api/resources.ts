import type { FeedRuleInput, FeedUrlInput } from '#contract/entities/feeds.ts';
import {
  createFeedUrlRoute,
  deleteFeedRuleRoute,
  deleteFeedUrlRoute,
  listFeedRulesRoute,
  listFeedUrlsRoute,
  saveFeedRuleRoute,
  updateFeedUrlRoute,
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

/**
 * A site's feed URLs, one per feed type and region. A write refreshes every feed read of the
 * site (the loader's resources list the URLs too). Failures are the form's to show.
 */
export const feedUrls = defineResource({
  keys: { all: feedKeys.all, list: (siteId: number) => feedKeys.urls(siteId) },
  list: {
    route: listFeedUrlsRoute,
    call: (siteId: number, _args: null, signal: AbortSignal) =>
      api(listFeedUrlsRoute, { query: { siteId }, signal }),
  },
  create: {
    route: createFeedUrlRoute,
    call: (siteId: number, body: FeedUrlInput) =>
      api(createFeedUrlRoute, { query: { siteId }, body }, { quiet: true }),
  },
  update: {
    route: updateFeedUrlRoute,
    call: (siteId: number, id: number, body: FeedUrlInput) =>
      api(updateFeedUrlRoute, { query: { siteId }, body: { id, url: body.url } }, { quiet: true }),
  },
  remove: {
    route: deleteFeedUrlRoute,
    call: (siteId: number, id: number) => api(deleteFeedUrlRoute, { query: { siteId, id } }),
  },
});
