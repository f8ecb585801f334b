/**
 * Compiles a part's Handlebars SOURCE in the preview frame (in the browser the full compiler runs
 * only here; the merchant runtime ships precompiled templates). The result is a precompiled spec,
 * bound by the storefront runtime's own environment, so previews use exactly its helpers and
 * partials.
 * Problems the runtime would only hit while rendering (an unknown helper or partial) are found
 * here, with their template line. The compiler is the one the bundle build and the storefront's
 * own build use (storefront/build/compile-template.ts): the spec is the bundle's, with its source
 * positions kept so a render error names its line.
 */
import {
  compileTemplate as compileSource,
  describeTemplateError,
  type TemplateProblem,
} from '#storefront/build/compile-template.ts';
import { partialSpecs } from '#storefront/runtime/partials.templates.ts';
import type { TemplateSpec } from '#storefront/runtime/templates.ts';

export { describeTemplateError, type TemplateProblem };

/** Helpers of storefront/runtime/templates.ts (a test keeps this list in step with it). */
export const RUNTIME_HELPERS: readonly string[] = [
  'formatPrice',
  'discountPercent',
  'highlight',
  'safeUrl',
  'eq',
  'not',
  'gt',
  'plural',
  'json',
  'concat',
];
const KNOWN = {
  helpers: new Set(RUNTIME_HELPERS),
  partials: new Set(Object.keys(partialSpecs)),
};

export type CompileResult = { ok: true; spec: TemplateSpec } | ({ ok: false } & TemplateProblem);

export function compileTemplate(source: string): CompileResult {
  const result = compileSource(source, { known: KNOWN, positions: true });
  if (!result.ok) {
    const { ok: _ok, detail: _detail, ...problem } = result;
    return { ok: false, ...problem };
  }
  try {
    // The precompiled spec is an object literal of functions: evaluating it needs 'unsafe-eval'
    // in the frame's CSP (the full compiler's compile() evaluates code the same way).
    const spec = new Function(`return ${result.code};`)() as TemplateSpec;
    return { ok: true, spec };
  } catch (error) {
    return { ok: false, ...describeTemplateError(error) };
  }
}
