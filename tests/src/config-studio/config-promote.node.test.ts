import { describe, expect, it } from 'vitest';
import { bundleChanges, newestProductionVersion } from '#src/config-studio/config-promote.ts';

const manifest = (...configs: Array<[string, number | null, number]>) => ({
  configs: configs.map(([kind, id, version]) => ({ kind, id, version, versionId: version * 10 })),
});

describe('what a rollback to an earlier build changes', () => {
  it('names every config of the bundle whose version differs, appears or goes, not only one', () => {
    const live = manifest(
      ['instant-search', null, 5],
      ['autocomplete', null, 3],
      ['recommendations-block', 7, 4],
      ['global-component', 9, 1],
    );
    const earlier = manifest(
      ['instant-search', null, 4],
      ['autocomplete', null, 3],
      ['recommendations-block', 7, 2],
      ['recommendations-block', 8, 1],
    );
    expect(bundleChanges(live, earlier)).toEqual([
      { kind: 'global-component', id: 9, from: 1, to: null },
      { kind: 'instant-search', id: null, from: 5, to: 4 },
      { kind: 'recommendations-block', id: 7, from: 4, to: 2 },
      { kind: 'recommendations-block', id: 8, from: null, to: 1 },
    ]);
    expect(bundleChanges(live, live)).toEqual([]);
  });

  it('the newest production version of a list', () => {
    expect(
      newestProductionVersion([
        { versionId: 12, test: true },
        { versionId: 9, test: false },
        { versionId: 11, test: false },
      ]),
    ).toBe(11);
    expect(newestProductionVersion(undefined)).toBeNull();
  });
});
