import { useEffect, useMemo, useState } from 'react';
import {
  createScssCompiler,
  type ScssCompiler,
  type ScssDiagnostic,
} from '#studio/workers/scss-client.ts';
import { STOREFRONT_BASE_CSS } from '../lib/storefront-base-css.ts';

export interface CompiledStyles {
  /** The preview's whole stylesheet: the storefront's plus the config's. */
  css: string;
  diagnostics: ScssDiagnostic[];
  /** Compile time of the last result, ms; null before the first one. */
  ms: number | null;
  compiling: boolean;
}

/**
 * The config's SCSS with the token set's SCSS, compiled in a Web Worker (typing never waits on
 * sass); the last good CSS stays while the source has errors. One worker per caller, so the
 * integration and production copies do not supersede each other.
 */
export function useCompiledStyles(scss: string, tokensScss: string): CompiledStyles {
  const compiler = useMemo<ScssCompiler | null>(
    () => (typeof Worker === 'undefined' ? null : createScssCompiler()),
    [],
  );
  useEffect(() => () => compiler?.dispose(), [compiler]);
  const [state, setState] = useState<Omit<CompiledStyles, 'compiling'> & { source: string }>({
    css: STOREFRONT_BASE_CSS,
    diagnostics: [],
    ms: null,
    source: '',
  });
  const source = `${tokensScss}\u0000${scss}`;

  useEffect(() => {
    if (compiler === null) return;
    let live = true;
    compiler.compile(scss, tokensScss).then(
      (result) => {
        if (!live || result === null) return;
        setState((previous) => ({
          css:
            result.diagnostics.length === 0
              ? `${STOREFRONT_BASE_CSS}\n${result.css}`
              : previous.css,
          diagnostics: result.diagnostics,
          ms: result.ms,
          source,
        }));
      },
      (error: unknown) => {
        if (!live) return;
        setState((previous) => ({
          ...previous,
          source,
          diagnostics: [{ message: String(error), line: 1, column: 1 }],
        }));
      },
    );
    return () => {
      live = false;
    };
  }, [compiler, scss, tokensScss, source]);

  return {
    css: state.css,
    diagnostics: state.diagnostics,
    ms: state.ms,
    compiling: compiler !== null && state.source !== source,
  };
}
