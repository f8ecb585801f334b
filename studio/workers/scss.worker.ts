/// <reference lib="webworker" />
/** Compiles SCSS off the main thread (scss-client.ts sends one request at a time). */
import { compileScss } from './compile-scss.ts';

export interface ScssRequest {
  id: number;
  scss: string;
  tokensScss: string;
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<ScssRequest>) => {
  const { id, scss, tokensScss } = event.data;
  const started = performance.now();
  const result = compileScss(scss, tokensScss);
  scope.postMessage({ id, ...result, ms: performance.now() - started });
};
