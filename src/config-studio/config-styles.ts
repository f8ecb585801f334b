/**
 * The studio previews' stylesheet, one pipeline for every config screen (search, autocomplete,
 * instant search, global components, recommendation blocks), as the server's bundle build makes
 * it (server/publishing/bundle/build-bundle.ts): the storefront's own stylesheet, the site's design
 * tokens compiled by tokens/, and the config's SCSS compiled with those tokens in a Web Worker.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultTemplatesRoute, getConfigRoute } from '#contract/routes/configs.ts';
import { scssProblemText, type Translate } from '#studio/editors/problem-text.ts';
import type { CompiledTokens, TokenSession } from '#studio/panels/tokens-panel-compiler.ts';
import {
  createScssCompiler,
  type ScssCompiler,
  type ScssDiagnostic,
} from '#studio/workers/scss-client.ts';
import type { TokenTree } from '#tokens/core/types.ts';
// The storefront's own stylesheet (compiled by Vite). Loaded only by the studio screens' chunks.
import storefrontCss from '#storefront/styles/storefront.scss?inline';
import { api } from '#src/lib/api.ts';
import { configStudioKeys } from './api/keys.ts';

export const STOREFRONT_BASE_CSS: string = storefrontCss;

const NO_TOKENS: CompiledTokens = {
  scss: '',
  diagnostics: [],
  valueOf: () => undefined,
  recompiled: 0,
};

/**
 * A token tree compiled to SCSS (incrementally, TokenSession), with the token compiler (and
 * culori) loaded after the screen: it is a third of a route's JS and the form does not need it to
 * appear (DESIGN.md budget: ≤ 100 KB a route).
 */
export function useTokenScss(tree: TokenTree | null): CompiledTokens {
  const [Session, setSession] = useState<(new () => TokenSession) | null>(null);
  useEffect(() => {
    let live = true;
    void import('#studio/panels/tokens-panel-compiler.ts').then((module) => {
      if (live) setSession(() => module.TokenSession);
    });
    return () => {
      live = false;
    };
  }, []);
  const session = useMemo(() => (Session ? new Session() : null), [Session]);
  return useMemo(() => (session ? session.update(tree) : NO_TOKENS), [session, tree]);
}

export interface CompiledStyles {
  /** The preview's whole stylesheet: the storefront's plus the config's (with the tokens). */
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

  // sass's own words, in the interface language (studio/editors/problem-text.ts).
  const { t } = useTranslation();
  const diagnostics = useMemo(
    () =>
      state.diagnostics.map((d) => ({
        ...d,
        message: scssProblemText(t as unknown as Translate, d.message),
      })),
    [state.diagnostics, t],
  );
  return {
    css: state.css,
    diagnostics,
    ms: state.ms,
    compiling: compiler !== null && state.source !== source,
  };
}

const quiet = { overlay: false, quiet: true } as const;

/**
 * The site's design-token tree for configs that carry none (global components, recommendation
 * blocks), chosen as the bundle build chooses it: the instant search config's `tokens`, else the
 * autocomplete's, else the storefront's default set. null while loading.
 */
export function useSiteTokenTree(siteId: number, test: boolean): TokenTree | null {
  const copy = test ? 'true' : 'false';
  const query = useQuery({
    queryKey: configStudioKeys.siteTokens(siteId, copy),
    queryFn: async ({ signal }): Promise<TokenTree> => {
      for (const kind of ['instant-search', 'autocomplete'] as const) {
        const stored = await api(
          getConfigRoute,
          { params: { id: siteId, kind }, query: { test: copy }, signal },
          quiet,
        ).catch(() => null);
        const tokens = (stored?.config as { tokens?: unknown } | undefined)?.tokens;
        if (tokens !== null && typeof tokens === 'object') return tokens as TokenTree;
      }
      return (await api(defaultTemplatesRoute, { signal }, quiet)).tokens as TokenTree;
    },
    staleTime: 60_000,
  });
  return query.data ?? null;
}

/** A component's or block's SCSS with the site's tokens, over the storefront's stylesheet. */
export function useSiteStyles(scss: string, siteId: number, test: boolean): CompiledStyles {
  const tokens = useTokenScss(useSiteTokenTree(siteId, test));
  return useCompiledStyles(scss, tokens.scss);
}
