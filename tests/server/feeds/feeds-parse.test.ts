/**
 * The feed parsers without a database: the parsing config's tag mapping on a non-standard YML
 * feed, the regional data of YML offers, and the OZON (Ozon merchant XML) mapping.
 */
import { describe, expect, it } from 'vitest';
import { createOzonParser } from '#server/feeds/intake/ozon-parse.ts';
import {
  createYmlParser,
  type OfferRegion,
  type OfferRow,
  type YmlHandlers,
} from '#server/feeds/intake/yml-parse.ts';
import { createOfferFilter, createParamFilter } from '#server/feeds/rules.ts';

function collect() {
  const offers: { row: OfferRow; regions: OfferRegion[] }[] = [];
  const problems: string[] = [];
  const handlers: YmlHandlers = {
    offer: (row, _category, regions) => offers.push({ row, regions }),
    categories: () => {},
    problem: (id, line, { reason }) => problems.push(`${line}:${id}:${reason}`),
  };
  return { offers, problems, handlers };
}

describe('feed parsers', () => {
  it('maps the tags of a non-standard feed through the parsing config', () => {
    const { offers, problems, handlers } = collect();
    const parser = createYmlParser(handlers, undefined, {
      tagMap: new Map([
        ['catalog', 'yml_catalog'],
        ['items', 'offers'],
        ['item', 'offer'],
        ['title', 'name'],
        ['cost', 'price'],
        ['link', 'url'],
        ['section', 'categoryId'],
        ['colour', 'param:Цвет'],
      ]),
    });
    parser.write(`<?xml version="1.0"?><catalog><shop><categories><category id="5">Кеды</category></categories>
<items><item id="K1"><title>Кеды Ноль</title><cost>1990</cost><link>https://x.example/k1</link>
<section>5</section><colour>красный</colour></item></items></shop></catalog>`);
    parser.close();
    expect(problems).toEqual([]);
    expect(offers).toHaveLength(1);
    expect(offers[0]!.row).toMatchObject({
      id: 'K1',
      name: 'Кеды Ноль',
      price: 1990,
      url: 'https://x.example/k1',
      categoryId: '5',
      params: [{ name: 'Цвет', value: 'красный', unit: null }],
    });
  });

  it('reads the regions of an offer', () => {
    const { offers, handlers } = collect();
    const parser = createYmlParser(handlers);
    parser.write(`<yml_catalog><shop><categories><category id="1">A</category></categories><offers>
<offer id="1"><name>A</name><url>https://x/</url><price>10</price><categoryId>1</categoryId>
<regions><region id="msk" price="9" oldprice="12"/><region id="spb" available="false">
<param name="Срок доставки" unit="дн">2</param></region></regions><param name="Цвет">белый</param></offer>
</offers></shop></yml_catalog>`);
    parser.close();
    expect(offers[0]!.regions).toEqual([
      { regionId: 'msk', price: 9, oldPrice: 12, available: null, params: [] },
      {
        regionId: 'spb',
        price: null,
        oldPrice: null,
        available: false,
        // A <param> inside a <region> is the region's value, not the offer's.
        params: [{ name: 'Срок доставки', value: '2', unit: 'дн' }],
      },
    ]);
    expect(offers[0]!.row.params).toEqual([{ name: 'Цвет', value: 'белый', unit: null }]);
  });

  it('maps an Ozon merchant XML product and reports the broken ones with their line', () => {
    const { offers, problems, handlers } = collect();
    const parser = createOzonParser(handlers);
    parser.write(`<Products>
<Product MerchantSKU="S1" ProductTypeID="77"><SKU><Name>Чайник</Name><ManufacturerIdentifier>M1</ManufacturerIdentifier></SKU>
<Price><SellingPrice>1 500</SellingPrice></Price><Availability><SellingState>ForSale</SellingState><Qty>0</Qty></Availability>
<Description><Brand>Bork</Brand><Volume>1.7</Volume></Description></Product>
<Product MerchantSKU="S2"><SKU><Name>Без типа</Name></SKU></Product>
</Products>`);
    parser.close();
    expect(offers.map((o) => o.row)).toEqual([
      expect.objectContaining({
        id: 'S1',
        name: 'Чайник',
        price: 1500,
        available: false,
        categoryId: '77',
        vendor: 'Bork',
        vendorCode: 'M1',
        params: [
          { name: 'Brand', value: 'Bork', unit: null },
          { name: 'Volume', value: '1.7', unit: null },
        ],
      }),
    ]);
    expect(problems).toEqual(['5:S2:The product has no ProductTypeID']);
  });

  it('applies feed rules and attributes', () => {
    const accept = createOfferFilter([
      { ruleId: 1, entityId: '1', entityName: 'CATEGORY', type: 'INCLUDE' },
      { ruleId: 2, entityId: 'bad brand', entityName: 'VENDOR', type: 'EXCLUDE' },
      { ruleId: 3, entityId: 'G7', entityName: 'OFFER', type: 'EXCLUDE' },
    ])!;
    expect(accept({ id: 'a', categoryId: '2', vendor: 'Good' }, ['1', '2'])).toBe(true);
    expect(accept({ id: 'b', categoryId: '3', vendor: 'Good' }, ['3'])).toBe(false);
    expect(accept({ id: 'c', categoryId: '2', vendor: 'Bad Brand' }, ['1', '2'])).toBe(false);
    expect(accept({ id: 'd', groupId: 'G7', categoryId: '2' }, ['1', '2'])).toBe(false);
    expect(createOfferFilter([])).toBeNull();
    const keep = createParamFilter(['Цвет'])!;
    expect(
      keep([
        { name: 'цвет ', value: 'x', unit: null },
        { name: 'Вес', value: '1', unit: null },
      ]),
    ).toEqual([{ name: 'цвет ', value: 'x', unit: null }]);
  });
});
