import { parse } from 'css-what';

/**
 * Whether a CSS selector parses (Node: css-what). The browser build resolves
 * `#contract/entities/css-selector.ts` to css-selector.browser.ts instead (package.json
 * "imports", condition "browser"): the browser's own selector parser, no parser shipped.
 */
export function isCssSelector(value: string): boolean {
  try {
    parse(value);
    return true;
  } catch {
    return false;
  }
}
