/**
 * SCSS → CSS with `sass` (pure JS, runs in the browser and Node).
 *
 * Codes: `sass/error` (the SCSS did not compile; css is '').
 */
import * as sass from 'sass';
import type { Diagnostic } from './types.ts';

export function compileScss(scss: string, diagnostics: Diagnostic[]): { css: string; ms: number } {
  const t0 = performance.now();
  try {
    const css = sass.compileString(scss, { style: 'expanded', logger: sass.Logger.silent }).css;
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
