import { fixtureCatalog, longTitleProduct, type FixtureProduct } from '../fixtures/catalog.ts';

/** The fixture catalog the stories share (stories double as fixtures). */
export const catalog: FixtureProduct[] = fixtureCatalog();

export const sample = {
  /** Available, discounted, with sizes and colours. */
  fashion:
    catalog.find((p) => (p.skus?.length ?? 0) > 4 && p.available && p.oldPrice !== null) ??
    catalog[0]!,
  /** A smartphone: no SKUs. */
  plain:
    catalog.find((p) => p.categoryId === '31' && p.available && p.pictures.length > 0) ??
    catalog[0]!,
  unavailable: catalog.find((p) => !p.available) ?? catalog[0]!,
};

export const noImage = (p: FixtureProduct): FixtureProduct => ({
  ...p,
  pictures: [],
  skus: p.skus?.map((s) => ({ ...s, pictures: [] })) ?? [],
});

export const longTitles = (list: readonly FixtureProduct[]): FixtureProduct[] =>
  list.map(longTitleProduct);
