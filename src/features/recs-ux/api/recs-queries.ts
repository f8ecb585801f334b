import { queryOptions } from '@tanstack/react-query';
import type { ApiCall } from '#contract/client.ts';
import { recommendationBlockVersionsRoute } from '#contract/routes/configs.ts';
import { api, type CallOptions } from '#src/lib/api.ts';
import { listBlocks } from './blocks.ts';
import { recsUxKeys } from './keys.ts';

/** The console's api() as a plain call: no success toast per step (the sequences toast once). */
export const consoleCall =
  (options: CallOptions = {}): ApiCall =>
  (route, input) =>
    api(route, input, { successToast: false, ...options });

export const blocksQueryOptions = (siteId: number, test: boolean) =>
  queryOptions({
    queryKey: recsUxKeys.list(siteId, test),
    queryFn: ({ signal }) => listBlocks(consoleCall(), siteId, test, signal),
  });

export const blockVersionsQueryOptions = (siteId: number, configId: number, test: boolean) =>
  queryOptions({
    queryKey: recsUxKeys.versions(siteId, configId, test),
    queryFn: ({ signal }) =>
      api(
        recommendationBlockVersionsRoute,
        { params: { id: siteId }, query: { id: configId, test: String(test) }, signal },
        { overlay: false },
      ),
  });
