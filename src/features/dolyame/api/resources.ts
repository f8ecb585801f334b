import type { RouteBody } from '#contract/route.ts';
import {
  createAlternativeAttributeRoute,
  deleteAlternativeAttributeRoute,
  listAlternativeAttributesRoute,
  updateAlternativeAttributeRoute,
} from '#contract/routes/dolyame.ts';
import { api } from '#src/lib/api.ts';
import { defineResource } from '#src/lib/resource.ts';
import { dolyameKeys } from './keys.ts';

type AttributeInput = RouteBody<typeof createAlternativeAttributeRoute>;

/**
 * A site's alternative attributes: the feed attribute each Dolyame field is read from. The form's
 * writes are quiet (it shows their failure); a delete's failure is the call's toast.
 */
export const alternativeAttributes = defineResource({
  keys: { all: dolyameKeys.attributes, list: (siteId: number) => dolyameKeys.attributes(siteId) },
  list: {
    route: listAlternativeAttributesRoute,
    call: (siteId: number, _args: null, signal: AbortSignal) =>
      api(listAlternativeAttributesRoute, { query: { siteId }, signal }),
  },
  create: {
    route: createAlternativeAttributeRoute,
    call: (siteId: number, body: AttributeInput) =>
      api(createAlternativeAttributeRoute, { query: { siteId }, body }, { quiet: true }),
  },
  update: {
    route: updateAlternativeAttributeRoute,
    call: (siteId: number, id: number, body: AttributeInput) =>
      api(
        updateAlternativeAttributeRoute,
        { query: { siteId }, body: { ...body, id } },
        { quiet: true },
      ),
  },
  remove: {
    route: deleteAlternativeAttributeRoute,
    call: (siteId: number, id: number) =>
      api(deleteAlternativeAttributeRoute, { query: { siteId, id } }),
  },
});
