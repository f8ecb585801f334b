import { queryOptions } from '@tanstack/react-query';
import { orderQuarantineRoute } from '#contract/routes/reports.ts';
import { widgetCtrRoute } from '#contract/routes/recs.ts';
import { api } from '#src/lib/api.ts';
import type { Period } from '../lib/period.ts';
import { reportKeys } from './keys.ts';

/** How many quarantined orders the reporting page lists. */
export const QUARANTINE_SHOWN = 50;

export const quarantineQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: reportKeys.orderQuarantine(siteId),
    queryFn: ({ signal }) =>
      api(
        orderQuarantineRoute,
        { params: { id: siteId }, query: { limit: QUARANTINE_SHOWN }, signal },
        { overlay: false },
      ),
  });

export const widgetCtrQueryOptions = (siteId: number, period: Period) =>
  queryOptions({
    queryKey: reportKeys.widgetCtr(siteId, period),
    queryFn: ({ signal }) =>
      api(
        widgetCtrRoute,
        { params: { id: siteId }, query: { from: period.from, to: period.to }, signal },
        { overlay: false },
      ),
  });
