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

/**
 * A URL from the catalog made safe for href/src: http(s), protocol-relative, relative paths and
 * raster/SVG data-URI pictures pass; `javascript:` and everything else becomes `#`.
 */
export function safeUrl(value: unknown): string {
  if (typeof value !== 'string') return '#';
  const url = value.trim();
  if (url === '') return '#';
  if (/^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i.test(url)) return url;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (scheme === null) return url;
  const name = scheme[1]?.toLowerCase();
  return name === 'http' || name === 'https' ? url : '#';
}
