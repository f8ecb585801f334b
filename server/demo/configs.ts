import {
  globalComponent,
  recommendationsBlock,
  searchConfig,
  type ConfigKind,
} from '#contract/entities/config.ts';
import { publishBundle } from '../publishing/bundle/publish.ts';
import type { Db } from '../platform/db/client.ts';
import { appendVersion, createConfigRepository } from '../configs/repository.ts';
import { apiKeyOfSite } from '../sites/repository.ts';
import { bundleConfigs, latestCopies } from '../publishing/bundle-configs.ts';

/**
 * The demo site's configs, in both copies, aimed at storefront/demo/merchant.html
 * (#search-input, #search-results, #recommendations).
 */
function demoConfigs(siteId: number) {
  const search = (extra: Record<string, unknown>) =>
    searchConfig.parse({ siteId, enabled: true, mobileEnabled: true, ...extra });
  return {
    instantSearch: search({ selectors: { container: '#search-results', input: '#search-input' } }),
    autocomplete: search({ selectors: { input: '#search-input' } }),
    block: recommendationsBlock.parse({
      name: 'Популярные товары',
      test: true,
      strategy: 'popular',
      placement: '#recommendations',
      pageType: 'HOME_PAGE',
      enabledDesktop: true,
      enabledMobile: true,
      message: 'Популярное в магазине',
    }),
    component: globalComponent.parse({ name: 'Карточка товара', type: 'PRODUCT' }),
  };
}

/**
 * Seeds the demo configs (integration copy, then the production copy as generate makes it)
 * and, unless told not to, builds the first production and preview bundles so the site's
 * /cdn loaders serve something.
 */
export async function seedDemoConfigs(
  db: Db,
  siteId: number,
  options: { bundle?: boolean } = {},
): Promise<void> {
  const configs = createConfigRepository(db);
  const demo = demoConfigs(siteId);
  const entries: DemoEntry[] = [
    { kind: 'instant-search', key: 0, data: demo.instantSearch },
    { kind: 'autocomplete', key: 0, data: demo.autocomplete },
  ];
  const blockId = await configs.allocateKey();
  entries.push({
    kind: 'recommendations-block',
    key: blockId,
    data: { ...demo.block, configId: blockId },
  });
  const componentId = await configs.allocateKey();
  entries.push({
    kind: 'global-component',
    key: componentId,
    data: { ...demo.component, componentId },
  });
  await writeBothCopies(db, siteId, entries);
  if (options.bundle === false) return;
  await publishDemoBundles(db, siteId);
}

type DemoEntry = { kind: ConfigKind; key: number; data: Record<string, unknown> };

/** Writes each entry's integration copy, then its production copy as generate makes it. */
async function writeBothCopies(db: Db, siteId: number, entries: DemoEntry[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const entry of entries) {
      const test = await appendVersion(tx, {
        copy: { siteId, kind: entry.kind, key: entry.key, test: true },
        data: entry.data,
        author: 'seed',
        baseVersionId: null,
      });
      await appendVersion(tx, {
        copy: { siteId, kind: entry.kind, key: entry.key, test: false },
        data: entry.kind === 'recommendations-block' ? { ...entry.data, test: false } : entry.data,
        author: 'seed',
        baseVersionId: null,
        sourceVersionId: test.id,
        action: 'generate',
      });
    }
  });
}

/** Builds the site's production and preview bundles from its latest copies. */
async function publishDemoBundles(db: Db, siteId: number): Promise<void> {
  const apiKey = await apiKeyOfSite(db, siteId);
  if (apiKey === null) throw new Error(`Site ${siteId} does not exist`);
  for (const slot of ['production', 'preview'] as const) {
    const rows = await latestCopies(db, siteId, slot === 'preview');
    await publishBundle(db, {
      siteId,
      apiKey,
      publicBaseUrl: '',
      configs: bundleConfigs(rows),
      slot,
      login: 'seed',
    });
  }
}

/** Where the demo page's product-page block mounts: demo.html?product=ID has this element. */
export const PRODUCT_BLOCK_PLACEMENT = '#product-recommendations';

/**
 * The demo product page's recommendation block, on the session-aware strategy (the site's
 * enabled session_knn strategy, by model name): what the shopper's session viewed so far decides
 * what it shows. Both copies, then the bundles again.
 */
export async function seedDemoProductBlock(
  db: Db,
  siteId: number,
  options: { bundle?: boolean } = {},
): Promise<void> {
  const configId = await createConfigRepository(db).allocateKey();
  const block = recommendationsBlock.parse({
    name: 'Товарная страница: по просмотрам сессии',
    test: true,
    strategy: 'session_knn',
    placement: PRODUCT_BLOCK_PLACEMENT,
    pageType: 'PRODUCT',
    enabledDesktop: true,
    enabledMobile: true,
    message: 'Подобрано по вашим просмотрам',
  });
  await writeBothCopies(db, siteId, [
    { kind: 'recommendations-block', key: configId, data: { ...block, configId } },
  ]);
  if (options.bundle !== false) await publishDemoBundles(db, siteId);
}
