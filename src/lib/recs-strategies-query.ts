import { queryOptions } from '@tanstack/react-query';
import { listStrategiesRoute } from '#contract/routes/recs.ts';
import { api } from './api.ts';

/**
 * A site's recommendation strategies, read by the recommendation screens and by the block
 * editor's strategy field.
 */
export const recsStrategiesKey = (siteId: number) => ['recs', siteId, 'strategies'] as const;

export const strategiesQuery = (siteId: number) =>
  queryOptions({
    queryKey: recsStrategiesKey(siteId),
    queryFn: ({ signal }) =>
      api(
        listStrategiesRoute,
        { params: { site: siteId }, query: { siteId }, signal },
        { overlay: false },
      ),
  });
