import { rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';

/**
 * Removes the run's demo dump and its folder (playwright.config.ts), only the temporary folder the
 * config made: an E2E_SNAPSHOT given from outside names a file whose folder is not ours to remove.
 */
export default function teardown(): void {
  const snapshot = process.env.E2E_SNAPSHOT;
  if (snapshot && basename(dirname(snapshot)).startsWith('vitrina-e2e-demo-'))
    rmSync(dirname(snapshot), { recursive: true, force: true });
}
