/// <reference lib="webworker" />
/** Compiles SCSS off the main thread (scss-client.ts sends one request at a time). */
import varsScss from '#storefront/styles/_vars.scss?raw';
import { compileScss } from './compile-scss.ts';

/** What the SCSS may `@use`: the storefront's `vars` (its `token()` function), as on the server. */
const MODULES = { vars: varsScss };

export interface ScssRequest {
  id: number;
  scss: string;
  tokensScss: string;
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<ScssRequest>) => {
  const { id, scss, tokensScss } = event.data;
  const started = performance.now();
  const result = compileScss(scss, tokensScss, MODULES);
  scope.postMessage({ id, ...result, ms: performance.now() - started });
};
