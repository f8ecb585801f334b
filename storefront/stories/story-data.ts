import { fixtureCatalog, longTitleProduct, type FixtureProduct } from '../fixtures/catalog.ts';

/** The fixture catalog the stories share (stories double as fixtures). */
export const catalog: FixtureProduct[] = fixtureCatalog();

export const sample = {
  /** Available, discounted, with sizes and colours. */
  fashion:
    catalog.find((p) => (p.skus?.length ?? 0) > 4 && p.available && p.oldPrice !== undefined) ??
    catalog[0]!,
  /** A smartphone: no SKUs. */
  plain:
    catalog.find((p) => p.categoryId === '31' && p.available && p.image_url !== '') ?? catalog[0]!,
  unavailable: catalog.find((p) => !p.available) ?? catalog[0]!,
};

export const noImage = (p: FixtureProduct): FixtureProduct => ({
  ...p,
  image_url: '',
  image_urls: [],
  skus: p.skus?.map((s) => ({ ...s, image_url: '', image_urls: [] })) ?? [],
});

export const longTitles = (list: readonly FixtureProduct[]): FixtureProduct[] =>
  list.map(longTitleProduct);
