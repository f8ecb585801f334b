import type { ReactNode } from 'react';

/**
 * A wide table's scroll box: focusable and named, so keyboard users can scroll it too
 * (axe: scrollable-region-focusable).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ui-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
