/**
 * Contrast checks in the studio: the storefront's own text-on-background pairs, read
 * from its compiled stylesheet, checked against the config's compiled tokens. Failures are shown at
 * the tokens (tokens panel) and in the generate confirmation.
 */
import { useMemo } from 'react';
import storefrontCss from '#storefront/styles/storefront.scss?inline';
import { checkContrast, extractContrastPairs, resolverFromCss } from '#tokens/core/contrast.ts';
import type { ContrastFinding, ContrastPair } from '#tokens/core/contrast.ts';

export type { ContrastFinding } from '#tokens/core/contrast.ts';

let pairs: ContrastPair[] | undefined;
/** Read once per page: the stylesheet is part of the bundle. */
export function storefrontContrastPairs(): ContrastPair[] {
  pairs ??= extractContrastPairs(storefrontCss);
  return pairs;
}

/** The check of a compiled token SCSS: every storefront pair, and those below WCAG 2.2. */
export interface ContrastCheck {
  checked: number;
  failures: ContrastFinding[];
}

const NOT_CHECKED: ContrastCheck = { checked: 0, failures: [] };

/** The contrast check of a compiled token SCSS ('' or null: nothing checked). */
export function contrastCheck(scss: string | null | undefined): ContrastCheck {
  if (!scss) return NOT_CHECKED;
  const findings = checkContrast(storefrontContrastPairs(), resolverFromCss(scss));
  return { checked: findings.length, failures: findings.filter((f) => !f.pass) };
}

/** The failing pairs of a compiled token SCSS ('' or null: none checked). */
export function contrastFailures(scss: string | null | undefined): ContrastFinding[] {
  return contrastCheck(scss).failures;
}

export function useContrastCheck(scss: string | null | undefined): ContrastCheck {
  return useMemo(() => contrastCheck(scss), [scss]);
}

export function useContrastFailures(scss: string | null | undefined): ContrastFinding[] {
  return useContrastCheck(scss).failures;
}
