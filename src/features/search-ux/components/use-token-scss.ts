import { useEffect, useMemo, useState } from 'react';
import type { CompiledTokens, TokenSession } from '#studio/panels/tokens-panel-compiler.ts';
import type { TokenTree } from '#tokens/core/types.ts';

const EMPTY: CompiledTokens = {
  scss: '',
  diagnostics: [],
  valueOf: () => undefined,
  recompiled: 0,
};

/**
 * useCompiledTokens, with the token compiler (and culori) loaded after the screen: it is a third
 * of the route's JS and the form does not need it to appear (DESIGN.md budget: ≤ 100 KB a route).
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
  return useMemo(() => (session ? session.update(tree) : EMPTY), [session, tree]);
}
