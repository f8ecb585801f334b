import type { PublicWidgetError } from '#contract/public/errors.ts';

/** At most this many reports leave one page (the same error is reported once). */
export const MAX_ERROR_REPORTS = 5;

export type ReportedWidget = PublicWidgetError['widget'];

/**
 * Reports widget render errors (a template or part script that threw) to `/public/errors`, the
 * automatic rollback's signal (issue 18.4): a few per page, each distinct error once, sent as
 * text/plain with keepalive (no preflight, survives navigation); a failure to send is ignored.
 */
export function createErrorReporter(options: {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
}): (widget: ReportedWidget, part: string, error: unknown) => void {
  const base = options.baseUrl.replace(/\/+$/, '');
  const seen = new Set<string>();
  return (widget, part, error) => {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 400);
    const key = `${widget}\u0000${part}\u0000${message}`;
    if (seen.has(key) || seen.size >= MAX_ERROR_REPORTS) return;
    seen.add(key);
    const body: PublicWidgetError = {
      apiKey: options.apiKey,
      widget,
      part: part.slice(0, 100),
      message,
    };
    try {
      const send = options.fetch ?? globalThis.fetch.bind(globalThis);
      void send(`${base}/public/errors`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify(body),
        keepalive: true,
      }).catch(() => undefined);
    } catch {
      // reporting never breaks the page
    }
  };
}
