import { rmSync } from 'node:fs';
import { dirname } from 'node:path';

/** Removes the run's demo dump (playwright.config.ts). */
export default function teardown(): void {
  const snapshot = process.env.E2E_SNAPSHOT;
  if (snapshot) rmSync(dirname(snapshot), { recursive: true, force: true });
}
