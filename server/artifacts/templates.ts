/**
 * Handlebars templates from configs precompiled on the server, so the shipped bundle carries
 * `handlebars/runtime` only. The text returned is a JavaScript expression (the template spec)
 * that storefront/runtime/templates.ts binds with `env.template`.
 */
import Handlebars from 'handlebars';
import type { BundleDiagnostic } from './types.ts';

// Source positions only feed error messages and are most of the output's weight (as in
// storefront/build/precompile-templates.ts).
const LOC = /,"loc":\{"start":\{"line":\d+,"column":\d+\},"end":\{"line":\d+,"column":\d+\}\}/g;

/** Precompiles one template; a syntax error is a diagnostic naming `path` and the line. */
export function precompileTemplate(
  source: string,
  path: string,
  diagnostics: BundleDiagnostic[],
): string | null {
  try {
    return String(Handlebars.precompile(source, { strict: false })).replace(LOC, '');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    diagnostics.push({
      code: 'template/syntax',
      path,
      message: message.replace(/\s+/g, ' ').trim(),
      severity: 'error',
    });
    return null;
  }
}
