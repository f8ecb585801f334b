import { describe, expect, it } from 'vitest';
import { searchConfig } from '#contract/entities/config.ts';
import {
  autocompletePreviewUrl,
  notLiveReason,
  searchPreviewUrl,
} from '#src/features/search-ux/lib/preview-windows.ts';
import { previewSettings, previewTemplates } from '#src/features/search-ux/lib/preview-settings.ts';
import { kindFromPath, templatePartsOf } from '#src/features/search-ux/lib/search-ux-kind.ts';

const config = searchConfig.parse({
  strategyIS: 'is-strategy',
  strategyAC: 'ac-strategy',
  treeFacets: true,
  pagination: { pageSize: 30 },
  unavailableMultiplier: 0.5,
  showUnavailableIS: false,
  forIs: true,
  customSettings: { withContent: true, typesAC: ['products', 'queries'] },
  htmlTemplate: { autocomplete: '<b>ac</b>', productItem: '', common: '<main></main>' },
});

const params = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('preview windows (spec §7)', () => {
  it('search: every parameter of the spec, from the config', () => {
    const url = searchPreviewUrl({ st: 'шуба', apiKey: 'k', config });
    expect(url.startsWith('/public/search?')).toBe(true);
    expect(params(url)).toEqual({
      st: 'шуба',
      apiKey: 'k',
      strategy: 'is-strategy',
      fullData: 'true',
      withCorrection: 'true',
      withFacets: 'true',
      treeFacets: 'true',
      regionId: 'global',
      useCategoryPrediction: 'false',
      size: '30',
      offset: '0',
      showUnavailable: 'false',
      unavailableMultiplier: '0.5',
      preview: 'true',
      withSku: 'true',
      sort: 'DEFAULT',
    });
  });

  it('autocomplete: every parameter of the spec, products size capped at 50', () => {
    const url = autocompletePreviewUrl({ st: 'ш', apiKey: 'k', config, baseUrl: 'https://x' });
    expect(url.startsWith('https://x/public/autocomplete?')).toBe(true);
    expect(params(url)).toEqual({
      st: 'ш',
      apiKey: 'k',
      strategy: 'ac-strategy',
      productsSize: '30',
      regionId: 'global',
      forIs: 'true',
      showUnavailable: 'true',
      unavailableMultiplier: '0.5',
      withContent: 'true',
      withSku: 'true',
    });
    const big = searchConfig.parse({ pagination: { pageSize: 120 } });
    expect(params(autocompletePreviewUrl({ st: '', apiKey: 'k', config: big })).productsSize).toBe(
      '50',
    );
  });

  it('not in production: search needs instant search, autocomplete either of the two', () => {
    expect(notLiveReason('search', { instantSearch: false, autocomplete: true })).toBe(
      'instantSearch',
    );
    expect(notLiveReason('search', { instantSearch: false, autocomplete: false })).toBe('both');
    expect(notLiveReason('autocomplete', { instantSearch: false, autocomplete: false })).toBe(
      'both',
    );
    expect(notLiveReason('autocomplete', { instantSearch: false, autocomplete: true })).toBeNull();
    expect(notLiveReason('search', { instantSearch: true, autocomplete: false })).toBeNull();
  });
});

describe('preview frame input', () => {
  it('autocomplete settings follow typesAC and the AC flags; templates only its own non-empty parts', () => {
    expect(previewSettings('autocomplete', config)).toMatchObject({
      blocks: ['products', 'queries'],
      strategy: 'ac-strategy',
      throttle: 300,
    });
    expect(previewTemplates('autocomplete', config)).toEqual({ autocomplete: '<b>ac</b>' });
    expect(previewTemplates('instant-search', config)).toEqual({ common: '<main></main>' });
  });

  it('kinds come from the route', () => {
    expect(kindFromPath('/anyquery/ux/autocomplete')).toBe('autocomplete');
    expect(kindFromPath('/anyquery/ux/search')).toBe('search');
    expect(kindFromPath('/anyquery/ux/instant-search')).toBe('instant-search');
    expect(templatePartsOf('autocomplete')).toEqual(['autocomplete']);
    expect(templatePartsOf('search')).not.toContain('autocomplete');
  });
});
