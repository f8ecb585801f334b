import { describe, expect, it } from 'vitest';
import {
  CONFIG_ROLES,
  globalComponent,
  isCssSelector,
  isUrlPattern,
  listedGlobalComponent,
  listedRecommendationsBlock,
  migrateSearchConfig,
  parseGlobalComponent,
  parseJsonObject,
  parseRecommendationsBlock,
  recommendationsBlock,
  searchConfig,
  serializeGlobalComponent,
  serializeRecommendationsBlock,
  trackingConfig,
  trackingConfigInput,
  unlistConfig,
} from '#contract/entities/config.ts';
import { hasAccess } from '#contract/roles.ts';
import { ROLE_PRESETS } from '#contract/role-presets.ts';
import { metricQuery, METRIC_NAMES } from '#contract/entities/metric.ts';

describe('config defaults (spec §9)', () => {
  it('gives instant search its documented defaults', () => {
    const config = searchConfig.parse({});
    expect(config.throttle).toBe(800);
    expect(config.throttleAutocomplete).toBe(300);
    expect(config.pagination.pageSize).toBe(20);
    expect(config.unavailableMultiplier).toBe(0.2);
    expect(config.customSettings.topBrands).toBe(10);
    expect(config.customSettings.topCategories).toBe(10);
    expect(config.customSettings.contentsSize).toBe(10);
    expect(config.strategyIS).toBe('advanced_xname,zero_queries');
    expect(config.customSettings.tokensApiType).toBe('JSON_BIN');
  });

  it('gives recommendation blocks the swiper defaults', () => {
    const block = recommendationsBlock.parse({ name: 'Похожие', test: true });
    const { breakpoints } = block.customSettings.swiperOptions;
    expect(block.customSettings.swiperOptions.speedDesktop).toBe(300);
    expect(
      [
        breakpoints.phones,
        breakpoints.tablets,
        breakpoints.laptops,
        breakpoints.monitors,
        breakpoints.tv,
      ].map((point) => point.slidesPerView),
    ).toEqual([2, 3, 4, 4, 5]);
    expect(breakpoints.phones.slidesPerGroup).toBe(1);
  });

  it('gives the cart button its async check defaults', () => {
    const settings = globalComponent.parse({ name: 'Cart', type: 'CART_BUTTON' }).customSettings;
    expect([
      settings.asyncCheckTime,
      settings.asyncMaxAttempts,
      settings.initCheckInterval,
      settings.initCheckAttempts,
    ]).toEqual([500, 5, 1000, 3]);
  });
});

describe('validation (spec §5)', () => {
  it('accepts selectors that parse and refuses those that do not', () => {
    expect(isCssSelector('#search > input.query[name="q"]')).toBe(true);
    expect(isCssSelector('#a >> ..b')).toBe(false);
    expect(searchConfig.safeParse({ selectors: { input: 'div[' } }).success).toBe(false);
    expect(searchConfig.safeParse({ selectors: { input: '' } }).success).toBe(true);
  });

  it('takes URL patterns by the rule "matches any non-letter character"', () => {
    for (const pattern of ['/product/', 'catalog.html', 'item-', '/каталог/', '\\/p\\/\\d+', '42'])
      expect(isUrlPattern(pattern), pattern).toBe(true);
    for (const pattern of ['product', 'Каталог', 'éte', ''])
      expect(isUrlPattern(pattern), pattern).toBe(false);
    const save = (urlPattern: string) =>
      trackingConfigInput.safeParse({ pageTypes: [{ pageType: 'PRODUCT', urlPattern }] });
    expect(save('/product/').success).toBe(true);
    expect(save('  /product/  ').data?.pageTypes[0]?.urlPattern).toBe('/product/');
    const lettersOnly = save('product');
    expect(lettersOnly.success).toBe(false);
    expect(lettersOnly.error?.issues[0]).toMatchObject({
      path: ['pageTypes', 0, 'urlPattern'],
      params: { i18nKey: 'errors.validation.urlPattern' },
    });
    expect(save('').success).toBe(false);
    expect(save('   ').success).toBe(false);
    // a version stored before the rule still reads
    expect(
      trackingConfig.safeParse({ pageTypes: [{ pageType: 'PRODUCT', urlPattern: 'product' }] })
        .success,
    ).toBe(true);
  });

  it('keeps the autocomplete content quantity within 1 to 50', () => {
    expect(searchConfig.safeParse({ customSettings: { contentsSize: 0 } }).success).toBe(false);
    expect(searchConfig.safeParse({ customSettings: { contentsSize: 51 } }).success).toBe(false);
    expect(searchConfig.safeParse({ customSettings: { contentsSize: 50 } }).success).toBe(true);
  });
});

describe('wire forms (spec §3)', () => {
  it('moves ordering into customSettings on save and back on load', () => {
    const block = recommendationsBlock.parse({ name: 'Хиты', test: true, ordering: 4 });
    const wire = serializeRecommendationsBlock(block);
    expect(typeof wire.customSettings).toBe('string');
    expect(JSON.parse(wire.customSettings).ordering).toBe(4);
    expect(parseRecommendationsBlock({ ...wire, ordering: 0 }).ordering).toBe(4);
  });

  it('treats unparsable JSON text as an empty object (spec §8)', () => {
    expect(parseJsonObject('{oops')).toEqual({});
    expect(parseJsonObject('[1]')).toEqual({});
    const block = recommendationsBlock.parse({ name: 'B', test: false });
    const parsed = parseRecommendationsBlock({
      ...serializeRecommendationsBlock(block),
      customSettings: 'not json',
    });
    expect(parsed.customSettings.widgetType).toBe('SWIPER');
  });

  it('round-trips a component template as JSON text', () => {
    const component = globalComponent.parse({
      name: 'Card',
      template: { html: '<div>{{name}}</div>', script: '' },
    });
    expect(parseGlobalComponent(serializeGlobalComponent(component))).toEqual(component);
  });

  it('migrates the older autocomplete fields on load', () => {
    const config = searchConfig.parse(
      migrateSearchConfig({ customSettings: { verticalAutocomplete: true, inputWidth: false } }),
    );
    expect(config.customSettings.typesAC[0]).toBe('queries');
    expect(config.customSettings.acWidthType).toBe('FULL_WIDTH');
    expect(config.customSettings).not.toHaveProperty('verticalAutocomplete');
    expect(config.customSettings).not.toHaveProperty('inputWidth');
  });
});

describe('config roles (spec §6)', () => {
  const can = (preset: keyof typeof ROLE_PRESETS, roles: readonly string[]) =>
    hasAccess(ROLE_PRESETS[preset], roles as never);

  it('lets a layout designer generate autocomplete and a manager only preview it', () => {
    expect(can('layout designer', CONFIG_ROLES.autocomplete.generate)).toBe(true);
    expect(can('manager', CONFIG_ROLES.autocomplete.preview)).toBe(true);
    expect(can('manager', CONFIG_ROLES.autocomplete.generate)).toBe(false);
    expect(can('manager', CONFIG_ROLES.autocomplete.saveToProd)).toBe(false);
  });
});

describe('metric calls (spec §7)', () => {
  it('takes up to five names joined by a comma', () => {
    const query = metricQuery.parse({
      name: 'SESSIONS_TOTAL,MOBILE_AOV',
      from: '2026-11-01',
      to: '2026-11-07',
    });
    expect(query.name).toEqual(['SESSIONS_TOTAL', 'MOBILE_AOV']);
    expect(query.platform).toBe('ALL');
    const six = METRIC_NAMES.slice(0, 6).join(',');
    expect(metricQuery.safeParse({ name: six, from: '2026-11-01', to: '2026-11-07' }).success).toBe(
      false,
    );
    expect(
      metricQuery.safeParse({ name: 'NOPE', from: '2026-11-01', to: '2026-11-07' }).success,
    ).toBe(false);
    expect(
      metricQuery.safeParse({ name: 'AOV', from: '2026-11-08', to: '2026-11-07' }).success,
    ).toBe(false);
  });
});

describe('config list items (spec part 1 §7)', () => {
  const meta = {
    versionId: 7,
    version: 2,
    test: true,
    author: 'designer',
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it('has componentId, template and customSettings at the top level, the version beside them', () => {
    const wire = serializeGlobalComponent(
      globalComponent.parse({ componentId: 5, name: 'Карточка', template: { html: '<b/>' } }),
    );
    const item = listedGlobalComponent.parse({ ...wire, ...meta });
    expect(item).toMatchObject({ componentId: 5, versionId: 7, author: 'designer' });
    expect(typeof item.template).toBe('string');
    expect(typeof item.customSettings).toBe('string');
    // The old shape (fields under `config`) is not a list item.
    expect(listedGlobalComponent.safeParse({ ...meta, config: wire }).success).toBe(false);
    // And back: the stored shape the console edits, the config parsed as before.
    const stored = unlistConfig(item);
    expect(stored).toMatchObject(meta);
    expect(stored.config).not.toHaveProperty('versionId');
    expect(parseGlobalComponent(stored.config).template.html).toBe('<b/>');
  });

  it("keeps a block's own test flag in its config", () => {
    const wire = serializeRecommendationsBlock(
      recommendationsBlock.parse({ configId: 3, name: 'Похожие', test: false }),
    );
    const item = listedRecommendationsBlock.parse({ ...wire, ...meta, test: false });
    const stored = unlistConfig(item);
    expect(stored.test).toBe(false);
    expect(parseRecommendationsBlock(stored.config)).toMatchObject({ configId: 3, test: false });
    expect(listedRecommendationsBlock.safeParse({ ...wire, test: false }).success).toBe(false);
  });
});
