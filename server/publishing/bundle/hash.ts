import { createHash } from 'node:crypto';

/** sha256 of js + css: an artifact's content address. */
export function bundleHash(js: string, css: string): string {
  return createHash('sha256').update(js).update('\0').update(css).digest('hex');
}
