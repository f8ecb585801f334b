import * as z from 'zod';
import { apiKeyParam } from './common.ts';

/** Text without NUL characters (PostgreSQL text cannot hold one: it was a 500). */
const text = () =>
  z.string().refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');
/** Highest page number and product position a widget event may carry (2^31 was a 500). */
export const MAX_WIDGET_PAGE = 10_000;
export const MAX_WIDGET_POSITION = 100_000;

/**
 * Widget tracking event (spec part 1 §7 "Tracking"), POSTed as JSON to
 * /public/tracking/widget. The runtime swallows every failure.
 */
const widgetEventBase = {
  /** The widget kind: a recommendation block's customSettings.widgetType or a component type. */
  widgetType: text().min(1).max(64),
  /** Id of one showing of the widget; the view and its clicks share it. */
  viewGUID: text().min(1).max(64),
  /** Tracking session id (cookie, 30 minutes). */
  sessionId: text().min(1).max(64),
  /** document.referrer ('' when none). */
  referer: text().max(2048),
  /** location.href of the page showing the widget. */
  location: text().max(2048),
  apiKey: apiKeyParam.refine(
    (value) => !value.includes('\u0000'),
    'must not contain NUL characters',
  ),
  /** Ids of the products the widget shows. */
  pageProducts: z.array(text().max(200)).max(500),
  /** Page of the widget's products; 1 unless the widget pages. */
  pageNumber: z.number().int().min(1).max(MAX_WIDGET_PAGE).default(1),
  /** MVT groups the visitor is in. */
  mvtGroups: z.array(text().max(100)).max(50),
  /** The strategy that produced the products; previews from the console send 'dashboard_user' or 'dashboard_digi'. */
  strategy: text().min(1).max(200),
  /** Visitor id (cookie, 30 days). */
  userGUID: text().min(1).max(64),
  /** The recommendation block showing the widget (its configId), for the CTR per block. */
  blockId: text().max(64).optional(),
};

export const widgetViewEvent = z.strictObject({
  eventType: z.literal('WIDGET_VIEW'),
  ...widgetEventBase,
});
export type WidgetViewEvent = z.infer<typeof widgetViewEvent>;

export const widgetClickEvent = z.strictObject({
  eventType: z.literal('WIDGET_CLICK'),
  ...widgetEventBase,
  productId: text().min(1).max(200),
  /** 0-based position of the clicked product in the widget. */
  position: z.number().int().min(0).max(MAX_WIDGET_POSITION).default(0),
});
export type WidgetClickEvent = z.infer<typeof widgetClickEvent>;

export const widgetEvent = z.discriminatedUnion('eventType', [widgetViewEvent, widgetClickEvent]);

/**
 * The strategies the console's previews send their widget events under (spec part 1 §7 "Widget
 * tracking"): a client user's preview, or a staff member's. They are stored, and kept out of the
 * shop's reports.
 */
export const PREVIEW_TRACKING_STRATEGIES = ['dashboard_user', 'dashboard_digi'] as const;
export type PreviewTrackingStrategy = (typeof PREVIEW_TRACKING_STRATEGIES)[number];
export const isPreviewTracking = (strategy: string): boolean =>
  (PREVIEW_TRACKING_STRATEGIES as readonly string[]).includes(strategy);

/** Which of them a console user's previews send: a client's, or the provider's staff's. */
export const previewTrackingStrategy = (user: { isClient: boolean }): PreviewTrackingStrategy =>
  user.isClient ? 'dashboard_user' : 'dashboard_digi';

/**
 * A widget event as a preview frame reports it: the console adds the site's apiKey, the preview
 * strategy and the console page's address (the frame has none of them).
 */
const previewFields = { apiKey: true, strategy: true, referer: true, location: true } as const;
export const previewWidgetEvent = z.discriminatedUnion('eventType', [
  widgetViewEvent.omit(previewFields),
  widgetClickEvent.omit(previewFields),
]);
export type PreviewWidgetEvent = z.infer<typeof previewWidgetEvent>;
export type WidgetEvent = z.infer<typeof widgetEvent>;
export type WidgetEventInput = z.input<typeof widgetEvent>;
