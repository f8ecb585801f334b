import type { PartRendererOptions } from './renderer.ts';
import type { PartTemplates } from './templates.ts';
import type { Texts } from './texts.ts';

/** Options every widget takes besides its own settings. */
export interface WidgetRenderOptions {
  /** Templates by part name, replacing the defaults (precompiled specs or functions). */
  templates?: PartTemplates;
  /** Storefront texts. @default TEXTS_RU */
  texts?: Texts;
  /** Per-part re-render delays, ms, overriding spec §4. */
  delays?: Readonly<Record<string, number>>;
  /** Called after each part render with its duration (the studio's preview reports it). */
  onRender?(part: string, ms: number): void;
  /** Called when a template throws; the part keeps its previous DOM. */
  onError?(part: string, error: unknown): void;
}

/** The renderer options a widget passes on from its own options, plus its own render hook. */
export function renderHooks<S>(
  options: WidgetRenderOptions,
  own?: (part: string) => void,
): Pick<PartRendererOptions<S>, 'delays' | 'onRender' | 'onError'> {
  return {
    ...(options.delays ? { delays: options.delays } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
    ...(options.onRender || own
      ? {
          onRender(part: string, ms: number) {
            own?.(part);
            options.onRender?.(part, ms);
          },
        }
      : {}),
  };
}
