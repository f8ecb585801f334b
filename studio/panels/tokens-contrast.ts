/**
 * Contrast checks in the studio: the storefront's own text-on-background pairs, read
 * from its compiled stylesheet, checked against the config's compiled tokens. Failures are shown at
 * the tokens (tokens panel) and in the generate confirmation.
 */
import { useMemo } from 'react';
import storefrontCss from '#storefront/styles/storefront.scss?inline';
import {
  checkContrast,
  extractContrastPairs,
  failuresByToken,
  resolverFromCss,
} from '#tokens/core/contrast.ts';
import type { ContrastFinding, ContrastPair } from '#tokens/core/contrast.ts';

export type { ContrastFinding } from '#tokens/core/contrast.ts';

let pairs: ContrastPair[] | undefined;
/** Read once per page: the stylesheet is part of the bundle. */
export function storefrontContrastPairs(): ContrastPair[] {
  pairs ??= extractContrastPairs(storefrontCss);
  return pairs;
}

/** The failing pairs of a compiled token SCSS ('' or null: none checked). */
export function contrastFailures(scss: string | null | undefined): ContrastFinding[] {
  if (!scss) return [];
  return checkContrast(storefrontContrastPairs(), resolverFromCss(scss)).filter((f) => !f.pass);
}

export function useContrastFailures(scss: string | null | undefined): ContrastFinding[] {
  return useMemo(() => contrastFailures(scss), [scss]);
}

export function useContrastByToken(
  scss: string | null | undefined,
): Map<string, ContrastFinding[]> {
  const failures = useContrastFailures(scss);
  return useMemo(() => failuresByToken(failures), [failures]);
}
