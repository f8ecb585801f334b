const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
  '`': '&#x60;',
  '=': '&#x3D;',
};

/** Escapes text for HTML content and quoted attributes (the same set as Handlebars). */
export function escapeHtml(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/[&<>"'`=]/g, (ch) => htmlEscapes[ch] ?? ch);
}

const PICTURE_DATA = /^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i;
/** Leading/trailing C0 controls and spaces, and tabs/newlines anywhere: what browsers drop. */
// eslint-disable-next-line no-control-regex -- the control characters are what is stripped
const STRIPPED_EDGES = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const STRIPPED_INSIDE = /[\t\n\r]/g;

/**
 * A URL from the catalog as the browser will use it, or null when it is not safe for an href
 * (`picture`: for an img src). The text is parsed as the browser parses it (controls and spaces at
 * the ends and tabs/newlines inside removed, resolved against the page) and only the parsed
 * protocol decides: `http:` and `https:` (relative and protocol-relative URLs resolve to the
 * page's) pass, and for pictures raster/SVG `data:image/…`; `javascript:` in any spelling, other
 * data URLs and anything unparsable do not. The server's feed import uses it too.
 */
export function cleanUrl(value: unknown, kind: 'link' | 'picture' = 'link'): string | null {
  if (typeof value !== 'string') return null;
  const url = value.replace(STRIPPED_EDGES, '').replace(STRIPPED_INSIDE, '');
  if (url === '') return null;
  let parsed: URL;
  try {
    // The page's own scheme is http(s); any base of that scheme gives a relative URL the same one.
    parsed = new URL(url, 'https://relative.invalid/');
  } catch {
    return null;
  }
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return url;
  if (kind === 'picture' && parsed.protocol === 'data:' && PICTURE_DATA.test(url)) return url;
  return null;
}

/** `cleanUrl` for rendering: an unsafe or missing URL becomes `#`. */
export function safeUrl(value: unknown, kind: 'link' | 'picture' = 'link'): string {
  return cleanUrl(value, kind) ?? '#';
}
