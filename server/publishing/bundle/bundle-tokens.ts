/** The design tokens of a bundle: the site's set, else the storefront's default for its template version. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchConfig } from '#contract/entities/config.ts';
import { compileTokens, type TokenInput } from '#tokens/index.ts';
import { STOREFRONT_DIR } from './runtime.ts';
import type { BundleDiagnostic, SiteBundleConfigs } from './types.ts';

function defaultTokens(versionKey: 'V3' | 'V3.5'): TokenInput {
  const file = versionKey === 'V3' ? 'default-v3.json' : 'default-v3.5.json';
  return JSON.parse(
    readFileSync(join(STOREFRONT_DIR, 'styles/tokens', file), 'utf8'),
  ) as TokenInput;
}

export interface BundleTokens {
  css: string;
  /** The site's own set; null: the default set was compiled. */
  siteTokens: TokenInput | null;
  versionKey: string;
}

/** Compiles the tokens; their diagnostics join the bundle's (only a compiler failure is an error). */
export function bundleTokens(
  configs: SiteBundleConfigs,
  is: SearchConfig | null,
  ac: SearchConfig | null,
  diagnostics: BundleDiagnostic[],
): BundleTokens {
  const templateVersion = (is ?? ac)?.customSettings.templateVersion ?? '3.5';
  const defaultVersion = templateVersion === '3' ? 'V3' : 'V3.5';
  const siteTokens = (configs.tokens ?? is?.tokens ?? ac?.tokens ?? null) as TokenInput | null;
  const tokenInput = siteTokens ?? defaultTokens(defaultVersion);
  const tokens = compileTokens(tokenInput, siteTokens ? {} : { versionKey: defaultVersion });
  for (const d of tokens.diagnostics) {
    if (d.severity === 'info') continue;
    diagnostics.push({
      code: `tokens/${d.code}`,
      path: `tokens${d.path ? `.${d.path}` : ''}`,
      message: d.message,
      // bad tokens still build (the spec's UNDEFINED value): only a compiler failure stops us
      severity: d.code === 'sass/error' || d.code === 'internal/error' ? 'error' : 'warning',
    });
  }
  const declaredVersion = (tokenInput as { tokenVersionKey?: unknown }).tokenVersionKey;
  const versionKey = typeof declaredVersion === 'string' ? declaredVersion : defaultVersion;
  return { css: tokens.css, siteTokens, versionKey };
}
