import type { RouteBody } from '#contract/route.ts';
import { createVerticalRoute, listVerticalsRoute } from '#contract/routes/sites.ts';
import { api } from '#src/lib/api.ts';
import { defineResource } from '#src/lib/resource.ts';
import { siteKeys } from './keys.ts';

/** The verticals (not a site's: every site's), with how many sites each; a new one by name. */
export const verticals = defineResource({
  keys: { all: () => siteKeys.verticals, list: () => siteKeys.verticals },
  list: {
    route: listVerticalsRoute,
    call: (_scope: null, _args: null, signal: AbortSignal) => api(listVerticalsRoute, { signal }),
  },
  create: {
    route: createVerticalRoute,
    call: (_scope: null, body: RouteBody<typeof createVerticalRoute>) =>
      api(createVerticalRoute, { body }),
  },
});
