/**
 * Whether a CSS selector parses, by the browser's own parser: the one the storefront's
 * querySelector will use (Node's twin, css-selector.ts, uses css-what).
 */
export function isCssSelector(value: string): boolean {
  try {
    document.createDocumentFragment().querySelector(value);
    return true;
  } catch {
    return false;
  }
}
