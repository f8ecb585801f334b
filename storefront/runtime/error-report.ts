import type { PublicBundleView, PublicWidgetError } from '#contract/public/errors.ts';

/** At most this many reports leave one page (the same error is reported once). */
export const MAX_ERROR_REPORTS = 5;

export type ReportedWidget = PublicWidgetError['widget'];

/** The hash of the bundle this page runs, as the loader recorded it (`window.__digiLoaded`). */
export function loadedBundle(win: Window | null | undefined): string | null {
  const loaded = (win as (Window & { __digiLoaded?: unknown }) | null | undefined)?.__digiLoaded;
  return typeof loaded === 'string' && /^[0-9a-f]{64}$/.test(loaded) ? loaded : null;
}

/**
 * Reports widget render errors (a template or part script that threw) to `/public/errors`, the
 * automatic rollback's signal. The page announces its view of the bundle once, at
 * start (`/public/errors/views`, answered with a view token), so the server can weigh errors
 * against views; each report names the bundle and carries that token. A few reports per page,
 * each distinct error once, sent as text/plain with keepalive (no preflight, survives
 * navigation); without a bundle hash (a page not started by the loader) nothing is sent, and a
 * failure to send is ignored.
 */
export function createErrorReporter(options: {
  baseUrl: string;
  apiKey: string;
  /** The bundle's hash; null: no view is announced and no error reported. */
  bundle: string | null;
  fetch?: typeof fetch;
}): (widget: ReportedWidget, part: string, error: unknown) => void {
  const base = options.baseUrl.replace(/\/+$/, '');
  const seen = new Set<string>();
  const send = (path: string, body: unknown) =>
    (options.fetch ?? globalThis.fetch.bind(globalThis))(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(body),
      keepalive: true,
    });
  const bundle = options.bundle;
  let view: Promise<string | null> = Promise.resolve(null);
  if (bundle) {
    const announce: PublicBundleView = { apiKey: options.apiKey, bundle };
    try {
      view = send('/public/errors/views', announce)
        .then(async (response) =>
          response.ok ? ((await response.json()) as { view?: unknown }).view : null,
        )
        .then((token) => (typeof token === 'string' ? token : null))
        .catch(() => null);
    } catch {
      // reporting never breaks the page
    }
  }
  return (widget, part, error) => {
    if (!bundle) return;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 400);
    const key = `${widget}\u0000${part}\u0000${message}`;
    if (seen.has(key) || seen.size >= MAX_ERROR_REPORTS) return;
    seen.add(key);
    void view
      .then((token) => {
        if (!token) return;
        const body: PublicWidgetError = {
          apiKey: options.apiKey,
          widget,
          part: part.slice(0, 100),
          message,
          bundle,
          view: token,
        };
        return send('/public/errors', body).then(() => undefined);
      })
      .catch(() => undefined);
  };
}
