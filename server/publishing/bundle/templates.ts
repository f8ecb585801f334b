/**
 * Handlebars templates from configs precompiled on the server, so the shipped bundle carries
 * `handlebars/runtime` only. The text returned is a JavaScript expression (the template spec)
 * that storefront/runtime/templates.ts binds with `env.template`. The compiler is the one the
 * storefront's build and the studio's preview use (storefront/build/compile-template.ts).
 */
import { compileTemplate } from '#storefront/build/compile-template.ts';
import type { BundleDiagnostic } from './types.ts';

/** Precompiles one template; a syntax error is a diagnostic naming `path` and the line. */
export function precompileTemplate(
  source: string,
  path: string,
  diagnostics: BundleDiagnostic[],
): string | null {
  const result = compileTemplate(source);
  if (result.ok) return result.code;
  diagnostics.push({ code: 'template/syntax', path, message: result.detail, severity: 'error' });
  return null;
}
