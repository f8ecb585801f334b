import type { SearchUxKind } from '../lib/search-ux-kind.ts';

/** Hierarchical keys: a save invalidates one copy's versions (STYLE.md 11). */
export const searchUxKeys = {
  all: ['configs'] as const,
  copy: (siteId: number, kind: SearchUxKind, test: boolean) =>
    ['configs', siteId, kind, test ? 'integration' : 'production'] as const,
  versions: (siteId: number, kind: SearchUxKind, test: boolean) =>
    [...searchUxKeys.copy(siteId, kind, test), 'versions'] as const,
  version: (siteId: number, kind: SearchUxKind, versionId: number) =>
    ['configs', siteId, kind, 'version', versionId] as const,
  defaultTemplates: ['configs', 'default-templates'] as const,
};
