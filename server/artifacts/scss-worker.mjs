// Compiles config SCSS off the main thread (server/artifacts/styles.ts): sass is synchronous and
// a `@while` that never ends would otherwise freeze the API process. Plain JavaScript so it
// starts without the TypeScript loader.
import { parentPort } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import * as sass from 'sass';

const STOREFRONT_STYLES = new URL('../../storefront/styles/', import.meta.url);

/** The only modules config SCSS may load: the storefront's own (`@use 'vars' as *`). */
const MODULES = new Map([
  ['vars', '_vars.scss'],
  ['_vars', '_vars.scss'],
  ['vars.scss', '_vars.scss'],
  ['_vars.scss', '_vars.scss'],
]);

/** Resolves storefront modules by name and refuses any other load (files, ../, URLs). */
const storefrontImporter = {
  canonicalize(url) {
    if (url.startsWith('vitrina-storefront:')) return new URL(url);
    const file = MODULES.get(url);
    if (!file) {
      throw new Error(
        `cannot load "${url}": only the storefront's modules (@use 'vars' as *) are available`,
      );
    }
    return new URL(`vitrina-storefront:${file}`);
  },
  load(canonicalUrl) {
    const file = canonicalUrl.pathname;
    if (![...MODULES.values()].includes(file)) return null;
    return { contents: readFileSync(new URL(file, STOREFRONT_STYLES), 'utf8'), syntax: 'scss' };
  },
};

parentPort.on('message', ({ id, scss }) => {
  try {
    const { css } = sass.compileString(scss, {
      style: 'expanded',
      // No @charset/BOM: this CSS is concatenated after the storefront's (a mid-file BOM drops a rule).
      charset: false,
      importers: [storefrontImporter],
      logger: sass.Logger.silent,
    });
    parentPort.postMessage({ id, css });
  } catch (error) {
    const message =
      error instanceof sass.Exception
        ? `${error.sassMessage} (line ${error.span.start.line + 1}, column ${error.span.start.column + 1})`
        : String(error instanceof Error ? error.message : error);
    parentPort.postMessage({ id, error: message });
  }
});
