/**
 * The studio ↔ preview iframe channel (DESIGN.md "Studio and preview", STYLE.md 27): every message
 * is an envelope `{channel, v, type, payload}` validated with zod on arrival. Anything that does not
 * parse is ignored, so a template running scripts inside the sandbox cannot make either side act on
 * a malformed message.
 */
import * as z from 'zod';
import { previewWidgetEvent } from '#contract/public/tracking.ts';

export const PREVIEW_CHANNEL = 'vitrina-preview';
export const PREVIEW_PROTOCOL_VERSION = 1;

/** Widgets the preview can mount (storefront/widgets). */
export const previewWidget = z.enum([
  'instant-search',
  'autocomplete',
  'recommendations',
  'product-card',
  'slider',
  'cart-button',
  'favorite-button',
]);
export type PreviewWidget = z.infer<typeof previewWidget>;

/** Desktop (a 1280 px frame), or mobile (a 390 px frame: below the storefront's 768 px breakpoint). */
export const previewViewport = z.enum(['desktop', 'mobile']);
export type PreviewViewport = z.infer<typeof previewViewport>;

const MAX_TEMPLATE = 200_000;
const MAX_CSS = 2_000_000;

const partName = z.string().regex(/^[A-Za-z][\w-]{0,63}$/);
/** Handlebars SOURCE text by part name (the guest compiles it). */
export const templateSources = z.record(partName, z.string().max(MAX_TEMPLATE));
export type TemplateSources = z.infer<typeof templateSources>;

/** The widget's settings (its mount options besides templates and the data source). */
export const widgetSettings = z.record(z.string(), z.unknown());
export type WidgetSettings = z.infer<typeof widgetSettings>;

/** Sequence number of an edit; the guest echoes the latest one it applied. */
const seq = z.number().int().nonnegative();

export const dataCall = z.enum(['search', 'autocomplete', 'recommendations']);
export type DataCall = z.infer<typeof dataCall>;

const paramValue = z.union([
  z.string().max(2000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(2000)).max(200),
]);
/** Parameters of a public API call without `apiKey` (the host adds it, the guest never sees it). */
export const dataParams = z.record(z.string().max(64), paramValue.optional());

// ---- host → guest --------------------------------------------------------------------------

export const hostPayloads = {
  init: z.object({
    widget: previewWidget,
    settings: widgetSettings,
    templates: templateSources,
    css: z.string().max(MAX_CSS),
    viewport: previewViewport,
    query: z.string().max(500).optional(),
    seq,
  }),
  /** Only the parts that changed; a part mapped to '' goes back to the default template. */
  templates: z.object({ templates: templateSources, seq }),
  css: z.object({ css: z.string().max(MAX_CSS), seq }),
  settings: z.object({ settings: widgetSettings, seq }),
  viewport: z.object({ viewport: previewViewport }),
  /** Types a query into the previewed search box. */
  query: z.object({ query: z.string().max(500) }),
  'data-response': z.union([
    z.object({ id: z.number().int(), ok: z.literal(true), data: z.unknown() }),
    z.object({
      id: z.number().int(),
      ok: z.literal(false),
      status: z.number().int().optional(),
      message: z.string(),
    }),
  ]),
} as const;

// ---- guest → host --------------------------------------------------------------------------

export const guestPayloads = {
  ready: z.object({}),
  /**
   * The guest's document is going away (`pagehide`/`beforeunload`): whatever replaces it in the
   * frame is not this guest, so the host stops sending at once.
   */
  bye: z.object({}),
  /** The part rendered `count` slots (a list's items) in one go, taking `ms` in all. */
  rendered: z.object({
    part: z.string().max(64),
    ms: z.number().nonnegative(),
    count: z.number().int().positive().default(1),
    seq,
  }),
  /** The parts whose templates compiled in the edit `seq` (their earlier compile errors are gone). */
  compiled: z.object({ parts: z.array(z.string().max(64)).max(100), seq }),
  /** `css` after the stylesheet of edit `seq` is in the document. */
  styled: z.object({ seq }),
  error: z.object({
    part: z.string().max(64),
    /** compile: the template did not compile; render: it threw while rendering; data: a call failed. */
    kind: z.enum(['compile', 'render', 'data', 'mount']),
    message: z.string().max(4000),
    line: z.number().int().positive().optional(),
    column: z.number().int().nonnegative().optional(),
    seq,
  }),
  'data-request': z.object({ id: z.number().int(), call: dataCall, params: dataParams }),
  /** A widget event of the previewed widget: the host sends it as the console's (spec part 1 §7). */
  track: previewWidgetEvent,
} as const;

type Payloads<M extends Record<string, z.ZodType>> = { [K in keyof M]: z.infer<M[K]> };
export type HostPayloads = Payloads<typeof hostPayloads>;
export type GuestPayloads = Payloads<typeof guestPayloads>;
export type HostMessageType = keyof HostPayloads;
export type GuestMessageType = keyof GuestPayloads;
export type PreviewError = GuestPayloads['error'];

export type Envelope<M, T extends keyof M = keyof M> = {
  [K in T]: { channel: typeof PREVIEW_CHANNEL; v: 1; type: K; payload: M[K] };
}[T];
export type HostMessage = Envelope<HostPayloads>;
export type GuestMessage = Envelope<GuestPayloads>;

function envelopeSchema<M extends Record<string, z.ZodType>>(payloads: M) {
  const variants = Object.entries(payloads).map(([type, payload]) =>
    z.object({
      channel: z.literal(PREVIEW_CHANNEL),
      v: z.literal(PREVIEW_PROTOCOL_VERSION),
      type: z.literal(type),
      payload,
    }),
  );
  return z.discriminatedUnion('type', variants as never as [z.ZodObject, ...z.ZodObject[]]);
}

const hostEnvelope = envelopeSchema(hostPayloads);
const guestEnvelope = envelopeSchema(guestPayloads);

/** A host → guest message, or null when `data` is not one. */
export function parseHostMessage(data: unknown): HostMessage | null {
  const result = hostEnvelope.safeParse(data);
  return result.success ? (result.data as HostMessage) : null;
}

/** A guest → host message, or null when `data` is not one. */
export function parseGuestMessage(data: unknown): GuestMessage | null {
  const result = guestEnvelope.safeParse(data);
  return result.success ? (result.data as GuestMessage) : null;
}

export function envelope<M, K extends keyof M>(
  type: K,
  payload: M[K],
): { channel: typeof PREVIEW_CHANNEL; v: 1; type: K; payload: M[K] } {
  return { channel: PREVIEW_CHANNEL, v: PREVIEW_PROTOCOL_VERSION, type, payload };
}

/** A host → guest envelope. */
export const hostMessage = <T extends HostMessageType>(type: T, payload: HostPayloads[T]) =>
  envelope<HostPayloads, T>(type, payload);

/** A guest → host envelope. */
export const guestMessage = <T extends GuestMessageType>(type: T, payload: GuestPayloads[T]) =>
  envelope<GuestPayloads, T>(type, payload);
