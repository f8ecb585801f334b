/**
 * One frame of the studio's live preview: the sandboxed storefront page with its host, shown at a
 * real device's width and scaled to fit the stage (or at 100 %, the stage scrolling). It sends the
 * differences of its state after each render and reports the frame's errors and renders.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { PreviewTrackingStrategy } from '#contract/public/tracking.ts';
import type { createApiClient } from '#storefront/runtime/api-client.ts';
import { cx } from '#src/ui/cx.ts';
import { createPreviewHost } from '../bridge/host.ts';
import { createPreviewSync, type PreviewState } from '../bridge/preview-sync.ts';
import type { PreviewError, PreviewViewport } from '../bridge/protocol.ts';

/** Width of the desktop viewport: a common laptop, well above the mobile breakpoint. */
export const DESKTOP_WIDTH = 1280;
/**
 * Width of the mobile viewport: a phone's (390 px). The storefront switches to its mobile layout
 * below its 768 px breakpoint (`max-width: 767px`, spec part 1 §9), so a 768 px frame would still
 * show the desktop layout.
 */
export const MOBILE_WIDTH = 390;
/** The device's width by viewport. */
export const VIEWPORT_WIDTH: Readonly<Record<PreviewViewport, number>> = {
  desktop: DESKTOP_WIDTH,
  mobile: MOBILE_WIDTH,
};
/** Height of a frame's stage in the pane, CSS px (the frame is as tall, divided by its scale). */
export const STAGE_HEIGHT = 560;

/** Fit: the device's width scaled down to the stage; actual: 100 %, the stage scrolls. */
export type PreviewZoom = 'fit' | 'actual';

export interface PreviewFrameProps {
  title: string;
  zoom: PreviewZoom;
  /** The scale "fit" gives this frame, kept current as the pane resizes. */
  onFitScale?(scale: number): void;
  label: string | undefined;
  guestUrl: string;
  source: ReturnType<typeof createApiClient>;
  trackAs: PreviewTrackingStrategy | undefined;
  state: PreviewState;
  onErrors?(errors: PreviewError[]): void;
  onRendered?: ((part: string, ms: number, count: number) => void) | undefined;
}

const errorKey = (e: PreviewError): string => `${e.kind}:${e.part}`;

/** One sandboxed frame with its host; sends the differences of `state` after each render. */
export function PreviewFrame({
  title,
  label,
  guestUrl,
  source,
  trackAs,
  state,
  zoom,
  onFitScale,
  onErrors,
  onRendered,
}: PreviewFrameProps) {
  const iframe = useRef<HTMLIFrameElement>(null);
  const channel = useRef<{
    host: ReturnType<typeof createPreviewHost>;
    sync: ReturnType<typeof createPreviewSync>;
  } | null>(null);
  const latest = useRef(state);
  const callbacks = useRef({ onErrors, onRendered });
  // Declared before the channel's effect: its handlers read these.
  useEffect(() => {
    latest.current = state;
    callbacks.current = { onErrors, onRendered };
  });

  useEffect(() => {
    const frame = iframe.current;
    if (frame === null) return;
    const host = createPreviewHost(frame, { source, ...(trackAs && { trackAs }) });
    const sync = createPreviewSync(host);
    channel.current = { host, sync };
    const errors = new Map<string, PreviewError>();
    const publish = (): void => callbacks.current.onErrors?.([...errors.values()]);
    const offs = [
      // Also after the host reloaded a frame that navigated away: a fresh document, a full init.
      host.on('ready', () => {
        errors.clear();
        publish();
        sync.init(latest.current);
      }),
      host.on('error', (error) => {
        errors.set(errorKey(error), error);
        publish();
      }),
      host.on('compiled', ({ parts }) => {
        let changed = false;
        for (const part of parts) {
          changed = errors.delete(`compile:${part}`) || changed;
          changed = errors.delete(`render:${part}`) || changed;
        }
        if (changed) publish();
      }),
      host.on('rendered', ({ part, ms, count }) => {
        if (errors.delete(`render:${part}`) || errors.delete(`mount:${part}`)) publish();
        callbacks.current.onRendered?.(part, ms, count);
      }),
    ];
    return () => {
      for (const off of offs) off();
      host.dispose();
      channel.current = null;
    };
  }, [source, trackAs]);

  // At commit, not after paint: the edit reaches the frame without waiting a frame here.
  useLayoutEffect(() => {
    latest.current = state;
    const current = channel.current;
    // Until the (re)loaded frame is ready its init will carry the state: nothing to buffer.
    if (current?.host.isReady()) current.sync.update(state);
  });

  const stage = useRef<HTMLDivElement>(null);
  const { width: stageWidth, height: stageHeight } = useSize(stage);
  const deviceWidth = VIEWPORT_WIDTH[state.viewport];
  // Never enlarged; before the first measure (and without ResizeObserver) at its own size.
  const fit = stageWidth > 0 ? Math.min(1, stageWidth / deviceWidth) : 1;
  const scale = zoom === 'fit' ? fit : 1;
  const fitScaleRef = useRef(onFitScale);
  useEffect(() => {
    fitScaleRef.current = onFitScale;
  });
  useEffect(() => {
    if (stageWidth > 0) fitScaleRef.current?.(fit);
  }, [fit, stageWidth]);
  return (
    <figure className="vitrina-preview-pane__frame">
      {label !== undefined && (
        <figcaption className="vitrina-preview-pane__label">{label}</figcaption>
      )}
      <div
        ref={stage}
        className={cx(
          'vitrina-preview-pane__stage',
          zoom === 'actual' && 'vitrina-preview-pane__stage--actual',
        )}
        data-scale={scale.toFixed(3)}
        style={{ height: STAGE_HEIGHT }}
      >
        <iframe
          ref={iframe}
          title={title}
          src={guestUrl}
          sandbox="allow-scripts"
          referrerPolicy="no-referrer"
          className={cx(
            'vitrina-preview-pane__iframe',
            state.viewport === 'mobile' && 'vitrina-preview-pane__iframe--mobile',
          )}
          style={{
            width: deviceWidth,
            // At 100 % the stage scrolls sideways: as tall as what its scroll bar leaves.
            height:
              zoom === 'actual' ? stageHeight || STAGE_HEIGHT : Math.round(STAGE_HEIGHT / scale),
            transform: scale === 1 ? undefined : `scale(${scale})`,
            // Centred when narrower than the stage (a phone), from the left edge otherwise.
            left: Math.max(0, (stageWidth - deviceWidth * scale) / 2),
          }}
        />
      </div>
    </figure>
  );
}

/** An element's client size, kept current with ResizeObserver (0 until measured). */
function useSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setSize((current) =>
        current.width === element.clientWidth && current.height === element.clientHeight
          ? current
          : { width: element.clientWidth, height: element.clientHeight },
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
