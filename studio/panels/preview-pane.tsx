/**
 * The studio's live preview: the real storefront runtime in a sandboxed frame (never
 * allow-same-origin), fed by postMessage (studio/bridge). The frame has a real device's width
 * (desktop 1280 px, phone 390 px: below the storefront's 768 px breakpoint, spec part 1 §9) and is
 * scaled down with a CSS transform to fit the pane ("fit"), or shown at its own size with the
 * stage scrolling ("100 %"), so the widget lays itself out as on that device. The integration copy
 * can be compared with the production one, stacked (each as wide as the pane, the default) or in
 * two columns. Only what changed crosses the channel.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewTrackingStrategy } from '#contract/public/tracking.ts';
import { createApiClient } from '#storefront/runtime/api-client.ts';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { cx } from '#src/ui/cx.ts';
import type {
  PreviewError,
  PreviewViewport,
  PreviewWidget,
  TemplateSources,
  WidgetSettings,
} from '../bridge/protocol.ts';
import type texts from '../locales/ru/preview.json';
import { PreviewFrame, type PreviewZoom } from './preview-frame.tsx';
import './preview-pane.css';

/** The frame's page, built into the console's output by studio/preview/build-guest.ts. */
export const PREVIEW_GUEST_URL = '/studio-preview.html';
/** How the two copies are compared: one above the other, or in two columns. */
export type CompareLayout = 'stacked' | 'columns';

export interface PreviewCopy {
  templates: TemplateSources;
  css: string;
  settings: WidgetSettings;
}

export interface PreviewPaneProps {
  /** The site's public apiKey: the host answers the frame's data requests with it. */
  apiKey: string;
  widget: PreviewWidget;
  settings: WidgetSettings;
  /** Handlebars source by part (overrides of the widget's defaults). */
  templates: TemplateSources;
  /** Compiled CSS (compileScssInWorker). */
  css: string;
  /** A query typed into the previewed search box. */
  query?: string;
  /** The production copy, for the side-by-side view. */
  compare?: PreviewCopy;
  /** The integration frame's current errors (compile, render, data), after every change. */
  onErrors?(errors: PreviewError[]): void;
  /** A part rendered (`count` slots, e.g. a list's items, taking `ms` in all). */
  onRendered?(part: string, ms: number, count: number): void;
  /** Origin of the public API. @default '' (this origin) */
  apiBaseUrl?: string;
  /** @default PREVIEW_GUEST_URL */
  guestUrl?: string;
  /** @default 'desktop' */
  defaultViewport?: PreviewViewport;
  /**
   * The strategy the frames' widget events are sent under (spec part 1 §7: the signed-in user's
   * 'dashboard_user' or 'dashboard_digi'), kept out of the shop's reports. None: not sent.
   */
  trackAs?: PreviewTrackingStrategy;
}

type TextKey = keyof typeof texts extends infer K
  ? K extends `${infer Base}_${'one' | 'few' | 'many' | 'other'}`
    ? Base
    : K
  : never;

/** The pane's strings: `studio.preview.*` (studio/locales/{ru,en}/preview.json). */
function usePreviewText(): (key: TextKey, options?: Record<string, unknown>) => string {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return (key, options) => translate(`studio.preview.${key}`, options);
}

export function PreviewPane({
  apiKey,
  widget,
  settings,
  templates,
  css,
  query,
  compare,
  onErrors,
  onRendered,
  apiBaseUrl = '',
  guestUrl = PREVIEW_GUEST_URL,
  defaultViewport = 'desktop',
  trackAs,
}: PreviewPaneProps) {
  const text = usePreviewText();
  const [viewport, setViewport] = useState<PreviewViewport>(defaultViewport);
  const [sideBySide, setSideBySide] = useState(false);
  const [zoom, setZoom] = useState<PreviewZoom>('fit');
  const [layout, setLayout] = useState<CompareLayout>('stacked');
  // The fit scale of the (first) frame, shown on the fit button.
  const [fitScale, setFitScale] = useState<number | null>(null);
  const [errors, setErrors] = useState<PreviewError[]>([]);
  const source = useMemo(
    () => createApiClient({ baseUrl: apiBaseUrl, apiKey }),
    [apiBaseUrl, apiKey],
  );
  const showCompare = sideBySide && compare !== undefined;
  const onErrorsRef = useRef(onErrors);
  useEffect(() => {
    onErrorsRef.current = onErrors;
  });

  return (
    <section className="vitrina-preview-pane" aria-label={text('toolbar')}>
      <div className="vitrina-preview-pane__toolbar">
        <Toggles
          label={text('viewport')}
          value={viewport}
          onChange={(next) => setViewport(next)}
          options={[
            { value: 'desktop', text: text('desktop') },
            { value: 'mobile', text: text('mobile') },
          ]}
        />
        <Toggles
          label={text('zoom')}
          value={zoom}
          onChange={(next) => setZoom(next)}
          options={[
            {
              value: 'fit',
              text:
                fitScale !== null && fitScale < 1
                  ? text('fitPercent', { percent: Math.round(fitScale * 100) })
                  : text('fit'),
            },
            { value: 'actual', text: text('actual') },
          ]}
        />
        {compare !== undefined && (
          <Checkbox
            label={text('sideBySide')}
            checked={sideBySide}
            onCheckedChange={setSideBySide}
          />
        )}
        {showCompare && (
          <Toggles
            label={text('layout')}
            value={layout}
            onChange={(next) => setLayout(next)}
            options={[
              { value: 'stacked', text: text('stacked') },
              { value: 'columns', text: text('columns') },
            ]}
          />
        )}
        {errors.length > 0 && (
          <p className="vitrina-preview-pane__errors" role="status">
            {text('errors', { count: errors.length })}
          </p>
        )}
      </div>
      <div
        className={cx(
          'vitrina-preview-pane__frames',
          showCompare && layout === 'columns' && 'vitrina-preview-pane__frames--columns',
        )}
        role="group"
        aria-label={text('frames')}
      >
        <PreviewFrame
          title={text('frameTitle', { copy: text('integration') })}
          label={showCompare ? text('integration') : undefined}
          guestUrl={guestUrl}
          source={source}
          trackAs={trackAs}
          state={{ widget, settings, templates, css, viewport, query }}
          zoom={zoom}
          onFitScale={setFitScale}
          onErrors={(list) => {
            setErrors(list);
            onErrorsRef.current?.(list);
          }}
          onRendered={onRendered}
        />
        {showCompare && (
          <PreviewFrame
            title={text('frameTitle', { copy: text('production') })}
            label={text('production')}
            guestUrl={guestUrl}
            source={source}
            trackAs={trackAs}
            state={{ widget, ...compare, viewport, query }}
            zoom={zoom}
          />
        )}
      </div>
    </section>
  );
}

/** A group of pressed-state buttons choosing one value (viewport, zoom, layout). */
function Toggles<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange(value: T): void;
  options: { value: NoInfer<T>; text: string }[];
}) {
  return (
    <div role="group" aria-label={label} className="vitrina-preview-pane__viewport">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={cx(
            'vitrina-preview-pane__toggle',
            value === option.value && 'vitrina-preview-pane__toggle--on',
          )}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.text}
        </button>
      ))}
    </div>
  );
}
