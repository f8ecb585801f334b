/**
 * The contrast check off a screen's first render: the search UX screens show its findings only in
 * the generate confirmation, so the checker (postcss, culori and the storefront stylesheet, ≈ 34 KB
 * gz) loads after the screen, not with it (DESIGN.md budgets: a screen adds ≤ 100 KB).
 */
import { useEffect, useState } from 'react';
import type { ContrastFinding } from '#tokens/core/contrast.ts';

const NONE: ContrastFinding[] = [];

export function useDeferredContrastFailures(scss: string | null | undefined): ContrastFinding[] {
  const [checked, setChecked] = useState<{ scss: string; failures: ContrastFinding[] }>();
  useEffect(() => {
    if (!scss) return;
    let current = true;
    void import('./tokens-contrast.ts').then(({ contrastFailures }) => {
      if (current) setChecked({ scss, failures: contrastFailures(scss) });
    });
    return () => {
      current = false;
    };
  }, [scss]);
  // Findings of another stylesheet than the current one are not shown while the new check runs.
  return scss && checked?.scss === scss ? checked.failures : NONE;
}
