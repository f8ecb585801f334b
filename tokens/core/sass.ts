/**
 * SCSS → CSS with `sass` (pure JS, runs in the browser and Node).
 *
 * Codes: `sass/error` (the SCSS did not compile; css is '').
 *
 * `charset: false`: the CSS is concatenated into the site's bundle, where sass's
 * `@charset "UTF-8";` (or, compressed, a byte-order mark) in the middle of the file is
 * invalid; the bundle is served as UTF-8.
 */
import * as sass from 'sass';
import type { Diagnostic } from './types.ts';

export function compileScss(scss: string, diagnostics: Diagnostic[]): { css: string; ms: number } {
  const t0 = performance.now();
  try {
    const css = sass.compileString(scss, {
      style: 'expanded',
      charset: false,
      logger: sass.Logger.silent,
    }).css;
    return { css, ms: performance.now() - t0 };
  } catch (e) {
    diagnostics.push({
      code: 'sass/error',
      path: '',
      severity: 'error',
      message: `sass could not compile the generated SCSS: ${e instanceof Error ? e.message : String(e)}`,
    });
    return { css: '', ms: performance.now() - t0 };
  }
}
