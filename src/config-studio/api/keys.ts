import type { ConfigKind } from '#contract/entities/config.ts';

/** Hierarchical keys of the config frame: a mutation invalidates one level (STYLE.md 11). */
export const configStudioKeys = {
  defaultTemplates: ['config-default-templates'] as const,
  /** The site's design-token tree for one copy (`test` as the config call spells it). */
  siteTokens: (siteId: number, test: 'true' | 'false') =>
    ['config-styles', 'site-tokens', siteId, test] as const,
  /** Both copies' versions, refetched after every save (`base`) and promotion (`promoted`). */
  versions: (
    siteId: number,
    kind: ConfigKind,
    configKey: number,
    base: number | null,
    promoted: number | null,
  ) => ['config-versions', siteId, kind, configKey, base, promoted] as const,
  artifacts: (siteId: number) => ['artifacts', siteId] as const,
  /** The builds list, read again when production's newest version changes. */
  artifactsAt: (siteId: number, newestProduction: number | null) =>
    [...configStudioKeys.artifacts(siteId), newestProduction] as const,
  rolloutWatches: (siteId: number) => ['rollout-watches', siteId] as const,
  rolloutSettings: (siteId: number) => ['rollout-settings', siteId] as const,
  scheduledPromotions: (siteId: number) => ['scheduled-promotions', siteId] as const,
};
