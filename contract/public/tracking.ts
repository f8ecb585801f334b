import * as z from 'zod';
import { apiKeyParam } from './common.ts';

/**
 * Widget tracking event (spec part 1 §7 "Tracking"), POSTed as JSON to
 * /public/tracking/widget. The runtime swallows every failure.
 */
const widgetEventBase = {
  /** The widget kind: a recommendation block's customSettings.widgetType or a component type. */
  widgetType: z.string().min(1).max(64),
  /** Id of one showing of the widget; the view and its clicks share it. */
  viewGUID: z.string().min(1).max(64),
  /** Tracking session id (cookie, 30 minutes). */
  sessionId: z.string().min(1).max(64),
  /** document.referrer ('' when none). */
  referer: z.string().max(2048),
  /** location.href of the page showing the widget. */
  location: z.string().max(2048),
  apiKey: apiKeyParam,
  /** Ids of the products the widget shows. */
  pageProducts: z.array(z.string().max(200)).max(500),
  /** Page of the widget's products; 1 unless the widget pages. */
  pageNumber: z.number().int().min(1).default(1),
  /** MVT groups the visitor is in. */
  mvtGroups: z.array(z.string().max(100)).max(50),
  /** The strategy that produced the products; previews from the console send 'dashboard_user' or 'dashboard_digi'. */
  strategy: z.string().min(1).max(200),
  /** Visitor id (cookie, 30 days). */
  userGUID: z.string().min(1).max(64),
};

export const widgetViewEvent = z.strictObject({
  eventType: z.literal('WIDGET_VIEW'),
  ...widgetEventBase,
});
export type WidgetViewEvent = z.infer<typeof widgetViewEvent>;

export const widgetClickEvent = z.strictObject({
  eventType: z.literal('WIDGET_CLICK'),
  ...widgetEventBase,
  productId: z.string().min(1).max(200),
  /** 0-based position of the clicked product in the widget. */
  position: z.number().int().min(0).default(0),
});
export type WidgetClickEvent = z.infer<typeof widgetClickEvent>;

export const widgetEvent = z.discriminatedUnion('eventType', [widgetViewEvent, widgetClickEvent]);
export type WidgetEvent = z.infer<typeof widgetEvent>;
export type WidgetEventInput = z.input<typeof widgetEvent>;
