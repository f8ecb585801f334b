import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe-core on `root` and fails on serious or critical violations. Colour contrast is
 * off: jsdom computes no styles. Floating UI's focus guards are left out: jsdom reports an
 * Apple `navigator.vendor`, so they take the nameless `role="button"` Floating UI gives
 * them only for Safari's VoiceOver; in Chromium they are `aria-hidden`.
 */
export async function expectNoSeriousA11yViolations(root: Element = document.body): Promise<void> {
  const result = await axe.run(
    { include: [root], exclude: ['[data-floating-ui-focus-guard]'] },
    {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    },
  );
  const serious = result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.html),
    }));
  expect(serious).toEqual([]);
}
