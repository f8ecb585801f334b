/**
 * The storefront's own stylesheet (`styles/storefront.scss`), compiled once here for both of its
 * readers: the runtime the server bundles (server/publishing/bundle/runtime.ts) and the standalone
 * build (build-runtime.ts).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as sass from 'sass';

const styles = join(dirname(fileURLToPath(import.meta.url)), '../styles/storefront.scss');

export function compileStorefrontStyles(): string {
  return sass.compile(styles, {
    style: 'compressed',
    // No byte-order mark (compressed) or @charset: this CSS is concatenated after the tokens',
    // where a mid-file BOM invalidates the first rule (#digi-shield's font and line height).
    charset: false,
  }).css;
}
