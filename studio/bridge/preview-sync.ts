/**
 * Keeps a preview frame in step with the studio's state, sending only what changed: the parts
 * whose template text changed (a removed override is sent as '' = back to the default), the CSS
 * when it changed, settings when they differ, a new `init` when the widget changes. Every edit
 * gets a sequence number the guest echoes in its reports.
 */
import type { PreviewHost } from './host.ts';
import type {
  PreviewViewport,
  PreviewWidget,
  TemplateSources,
  WidgetSettings,
} from './protocol.ts';

export interface PreviewState {
  widget: PreviewWidget;
  settings: WidgetSettings;
  templates: TemplateSources;
  css: string;
  viewport: PreviewViewport;
  query?: string | undefined;
}

export interface PreviewSync {
  /** Sends the whole state (the guest just said ready, or nothing was sent yet). */
  init(state: PreviewState): number;
  /** Sends the differences from what was last sent; returns the latest sequence number. */
  update(state: PreviewState): number;
  /** The sequence number of the last edit sent. */
  seq(): number;
}

/** Parts whose text differs; a part no longer overridden maps to ''. */
export function changedTemplates(prev: TemplateSources, next: TemplateSources): TemplateSources {
  const changed: Record<string, string> = {};
  for (const [part, text] of Object.entries(next)) if (prev[part] !== text) changed[part] = text;
  for (const part of Object.keys(prev)) if (!(part in next)) changed[part] = '';
  return changed;
}

const sameSettings = (a: WidgetSettings, b: WidgetSettings): boolean =>
  a === b || JSON.stringify(a) === JSON.stringify(b);

export function createPreviewSync(host: Pick<PreviewHost, 'send'>): PreviewSync {
  let sent: PreviewState | null = null;
  let seq = 0;

  function init(state: PreviewState): number {
    seq += 1;
    host.send('init', {
      widget: state.widget,
      settings: state.settings,
      templates: state.templates,
      css: state.css,
      viewport: state.viewport,
      ...(state.query !== undefined ? { query: state.query } : {}),
      seq,
    });
    sent = { ...state };
    return seq;
  }

  return {
    init,
    update(state) {
      if (sent === null || sent.widget !== state.widget) return init(state);
      const prev = sent;
      sent = { ...state };
      if (prev.templates !== state.templates) {
        const changed = changedTemplates(prev.templates, state.templates);
        if (Object.keys(changed).length > 0)
          host.send('templates', { templates: changed, seq: ++seq });
      }
      if (prev.css !== state.css) host.send('css', { css: state.css, seq: ++seq });
      if (!sameSettings(prev.settings, state.settings)) {
        host.send('settings', { settings: state.settings, seq: ++seq });
      }
      if (prev.viewport !== state.viewport) host.send('viewport', { viewport: state.viewport });
      if (prev.query !== state.query && state.query !== undefined) {
        host.send('query', { query: state.query });
      }
      return seq;
    },
    seq: () => seq,
  };
}
