/**
 * The YML parser on what real shops' exports hold (tests/fixtures/feeds, offers copied from real
 * feeds): the RetailCRM ICML dialect, vendor.model offers, unknown and several categories,
 * prices in several currencies and as shops write them, windows-1251 with CRLF and tabs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createDecoder, detectEncoding } from '#server/feeds/intake/feed-decode.ts';
import {
  createYmlParser,
  feedNumber,
  NO_CATEGORY,
  type CategoryInfo,
  type CategoryRow,
  type OfferRow,
} from '#server/feeds/intake/yml-parse.ts';

function parseFixture(name: string) {
  const bytes = readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url));
  const offers: { row: OfferRow; category: CategoryInfo }[] = [];
  const categories: CategoryRow[] = [];
  const problems: string[] = [];
  const parser = createYmlParser({
    offer: (row, category) => offers.push({ row, category }),
    categories: (rows) => categories.push(...rows),
    problem: (id, _line, { reason }) => problems.push(`${id}: ${reason}`),
  });
  const decoder = createDecoder(detectEncoding(bytes));
  parser.write(decoder.write(bytes));
  parser.write(decoder.end());
  const result = parser.close();
  const offer = (id: string) => offers.find((o) => o.row.id === id)?.row;
  return { offers, categories, problems, result, offer };
}

describe('real shops feeds', () => {
  it('reads a RetailCRM ICML feed: no XML declaration, categories with child elements, quantity, several categoryIds', () => {
    const { categories, problems, result, offer, offers } = parseFixture('icml-retailcrm.xml');
    expect(categories.map((c) => [c.id, c.name, c.pathNames])).toEqual([
      ['71', 'Тепловизоры для охоты', ['Тепловизоры для охоты']],
      ['74', 'Тепловизионные монокуляры', ['Тепловизоры для охоты', 'Тепловизионные монокуляры']],
      ['90', 'Оптические прицелы', ['Оптические прицелы']],
    ]);
    expect(result).toMatchObject({ offers: 3, skipped: 1, changed: 0, currencies: [] });
    // No `available` attribute: available, unless the stock quantity is zero.
    expect(offer('4207')).toMatchObject({ available: false, price: 109900, categoryId: '74' });
    expect(offer('4206')).toMatchObject({
      available: true,
      price: 209990.5,
      categoryId: '74',
      categoryIds: ['74', '90', '71'],
      quantity: 30,
    });
    expect(offer('4205')).toMatchObject({ available: true, price: 1990, categoryId: '90' });
    // Every category is kept: the paths' union, root first, each id once.
    expect(offers.find((o) => o.row.id === '4206')!.category).toEqual({
      pathIds: ['71', '74', '90'],
      pathNames: ['Тепловизоры для охоты', 'Тепловизионные монокуляры', 'Оптические прицелы'],
    });
    expect(offer('4205')).toMatchObject({ categoryIds: ['90'], quantity: null });
    // Numeric character references, decimal and hexadecimal.
    expect(offer('4206')!.name).toBe('Монокуляр Pulsar Axion «XQ38» №2');
    expect(problems).toEqual(['4204: Missing or invalid price ""']);
  });

  it('builds vendor.model names, keeps offers of unknown categories under "no category", reads decimal commas', () => {
    const { categories, problems, result, offer, offers } = parseFixture('dsklad-quirks.xml');
    expect(result).toMatchObject({ offers: 5, skipped: 0, changed: 2, categories: 3 });
    expect(offer('19561')!.name).toBe('Стул Дизайн Склад Eames DSW');
    expect(offer('19562')).toMatchObject({
      name: 'Vitra Panton',
      vendor: 'Vitra',
      available: true,
    });
    expect(offer('19560')).toMatchObject({ categoryId: NO_CATEGORY.id, available: false });
    expect(offer('19563')).toMatchObject({ categoryId: NO_CATEGORY.id });
    expect(offers.find((o) => o.row.id === '19563')!.category.pathNames).toEqual([
      NO_CATEGORY.name,
    ]);
    // The node is sent once, as a root, after the feed's own tree.
    expect(categories.filter((c) => c.id === NO_CATEGORY.id)).toEqual([
      {
        id: NO_CATEGORY.id,
        parentId: null,
        name: 'Без категории',
        url: null,
        pathIds: [NO_CATEGORY.id],
        pathNames: ['Без категории'],
      },
    ]);
    expect(problems).toEqual([
      '19560: Unknown category 742: taken under "Без категории" (~no-category)',
      '19563: The offer has no categoryId: taken under "Без категории" (~no-category)',
    ]);
    // A stray space after the attribute: `<param name="Вес" unit="кг" >`.
    expect(offer('19553')).toMatchObject({
      price: 12890,
      oldPrice: 15490,
      params: [
        { name: 'Цвет', value: 'белый', unit: null },
        { name: 'Вес', value: '3,85', unit: 'кг' },
      ],
      description: 'Стол Oslo Rectangle WT — образец минималистичного дизайна.',
    });
  });

  it('converts prices in other currencies with the feed rates, refuses a currency it cannot convert', () => {
    const { problems, result, offer } = parseFixture('bitrix-currencies.windows-1251.xml');
    expect(result).toMatchObject({ offers: 4, skipped: 2, changed: 0 });
    expect(offer('7001')).toMatchObject({
      price: 3990.5,
      currencyId: 'RUB',
      name: 'Смеситель "Gappo" G1002 для ванной',
      description: 'Мягкий фильтр\n\tРучка хромированная',
    });
    expect(offer('7002')).toMatchObject({ price: 717.38, oldPrice: 1147.8, currencyId: 'RUB' });
    // A decimal comma in the rate as well.
    expect(offer('7003')).toMatchObject({ price: 6277, currencyId: 'RUB' });
    expect(offer('7006')).toMatchObject({ price: 1990, currencyId: 'RUB', name: 'Смеситель Ёлка' });
    expect(problems).toEqual([
      '7004: Currency KZT has the rate "CBRF": only a number can convert its prices to RUB',
      '7005: Unknown currency GBP: <currencies> gives no rate for it',
    ]);
  });

  it('keeps several categoryIds and the stock quantity; an unknown one of them is a change', () => {
    const { problems, result, offer, offers } = parseFixture('multi-category-quantity.xml');
    expect(result).toMatchObject({ offers: 8, skipped: 0, changed: 3 });
    expect(offer('m1')).toMatchObject({ categoryId: '4', categoryIds: ['4', '3'], quantity: 12 });
    expect(offers.find((o) => o.row.id === 'm1')!.category.pathIds).toEqual(['1', '2', '4', '3']);
    // <count> is read as the quantity too; the `available` attribute wins over a zero.
    expect(offer('m2')).toMatchObject({ categoryIds: ['2'], quantity: 0, available: true });
    expect(offer('m3')).toMatchObject({ quantity: null });
    expect(problems).toEqual([
      'm1: Unknown category 99: taken under 4, 3',
      'k3: Unknown category 77: taken under "Без категории" (~no-category)',
      'n1: Unknown category 88: taken under "Без категории" (~no-category)',
    ]);
  });

  it('reads numbers as shops write them', () => {
    expect(feedNumber('3,85')).toBe(3.85);
    expect(feedNumber('1 990,50')).toBe(1990.5);
    expect(feedNumber('1\u00a0990')).toBe(1990);
    expect(feedNumber('1,990.50')).toBe(1990.5);
    expect(feedNumber(' 1990.00 ')).toBe(1990);
    expect(feedNumber('.5')).toBe(0.5);
    expect(feedNumber('')).toBeNull();
    expect(feedNumber('-5')).toBeNull();
    expect(feedNumber('дорого')).toBeNull();
    expect(feedNumber('12abc')).toBeNull();
  });
});
