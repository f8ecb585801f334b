/**
 * Default line height (spec §4): only for version V3, typography composites
 * without a line height get 110% in the product-card scope and 16px in the
 * main scope. V3.5 writes no default.
 */
import type { Scope, VersionKey } from '../types.ts';

export function defaultLineHeight(version: VersionKey, scope: Scope): string | null {
  if (version !== 'V3') return null;
  return scope === 'productCard' ? '110%' : '16px';
}
