import type { DataSource } from './data-source.ts';
import { randomId, trackingIdentity } from './identity.ts';

export interface WidgetTrackerOptions {
  source: Pick<DataSource, 'apiKey' | 'trackWidget'>;
  widgetType: string;
  strategy: string;
  mvtGroups?: readonly string[];
  /** The recommendation block (configId) the widget shows, for the CTR per block. */
  blockId?: string;
}

export interface WidgetTracker {
  /** Starts a new showing (new viewGUID) and sends WIDGET_VIEW with the shown products. */
  view(productIds: readonly string[], pageNumber?: number): void;
  /** Sends WIDGET_CLICK for the product at `position` (0-based) of the current showing. */
  click(productId: string, position: number): void;
  readonly viewGUID: string;
}

/** Widget tracking client (spec §7 "Tracking"): fire-and-forget, failures swallowed. */
export function createWidgetTracker(options: WidgetTrackerOptions): WidgetTracker {
  let viewGUID = randomId();
  let pageProducts: string[] = [];
  let pageNumber = 1;
  const base = () => {
    const { sessionId, userGUID } = trackingIdentity();
    return {
      widgetType: options.widgetType,
      viewGUID,
      sessionId,
      userGUID,
      referer: document.referrer,
      location: location.href,
      apiKey: options.source.apiKey,
      pageProducts,
      pageNumber,
      mvtGroups: [...(options.mvtGroups ?? [])],
      strategy: options.strategy,
      ...(options.blockId && { blockId: options.blockId }),
    };
  };
  const send = (event: Parameters<DataSource['trackWidget']>[0]): void => {
    options.source.trackWidget(event).catch(() => undefined);
  };
  return {
    view(productIds, page = 1) {
      viewGUID = randomId();
      pageProducts = [...productIds];
      pageNumber = page;
      send({ eventType: 'WIDGET_VIEW', ...base() });
    },
    click(productId, position) {
      send({ eventType: 'WIDGET_CLICK', ...base(), productId, position });
    },
    get viewGUID() {
      return viewGUID;
    },
  };
}
