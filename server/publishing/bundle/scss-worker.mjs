// Compiles config SCSS off the main thread (server/publishing/bundle/styles.ts): sass is synchronous and
// a `@while` that never ends would otherwise freeze the API process. The compiler is the one the
// studio's preview runs (tokens/core/config-styles.ts), loaded through tsx so this file starts
// without the TypeScript loader.
import { parentPort } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

/** The only module config SCSS may load: the storefront's own (`@use 'vars' as *`). */
const MODULES = {
  vars: readFileSync(new URL('../../../storefront/styles/_vars.scss', import.meta.url), 'utf8'),
};

const compiler = tsImport('../../../tokens/core/config-styles.ts', import.meta.url);

parentPort.on('message', async ({ id, scss }) => {
  try {
    const { compileStyles } = await compiler;
    parentPort.postMessage({ id, ...compileStyles(scss, { modules: MODULES }) });
  } catch (error) {
    const message = String(error instanceof Error ? error.message : error);
    parentPort.postMessage({ id, css: '', problems: [{ code: 'css/scss', message }] });
  }
});
