import { queryOptions } from '@tanstack/react-query';
import type { ApiCall } from '#contract/client.ts';
import { globalComponentVersionsRoute } from '#contract/routes/configs.ts';
import { api, type CallOptions } from '#src/lib/api.ts';
import { listComponents } from './components.ts';
import { componentsUxKeys } from './keys.ts';

/** The console's api() as a plain call: no success toast per step (the sequences toast once). */
export const consoleCall =
  (options: CallOptions = {}): ApiCall =>
  (route, input) =>
    api(route, input, { successToast: false, ...options });

export const componentsQueryOptions = (siteId: number, test: boolean) =>
  queryOptions({
    queryKey: componentsUxKeys.list(siteId, test),
    queryFn: ({ signal }) => listComponents(consoleCall(), siteId, test, signal),
  });

export const componentVersionsQueryOptions = (siteId: number, componentId: number, test: boolean) =>
  queryOptions({
    queryKey: componentsUxKeys.versions(siteId, componentId, test),
    queryFn: ({ signal }) =>
      api(
        globalComponentVersionsRoute,
        { params: { id: siteId }, query: { id: componentId, test: String(test) }, signal },
        { overlay: false },
      ),
  });
