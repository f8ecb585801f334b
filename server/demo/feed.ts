import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import iconv from 'iconv-lite';

/** A small deterministic random source, so the demo feed is the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Fashion sizes in their order (spec part 1 §9). */
export const DEMO_SIZES = ['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', '3xl'];
export const DEMO_COLOURS: [string, string][] = [
  ['чёрный', '222222'],
  ['белый', 'f2f2f2'],
  ['синий', '2f5aa8'],
  ['красный', 'c0392b'],
  ['зелёный', '2e8b57'],
  ['бежевый', 'd8c3a5'],
  ['серый', '8a8a8a'],
  ['розовый', 'e89ab5'],
];
export const DEMO_BRANDS = [
  'Zarina',
  'Befree',
  'Gloria Jeans',
  'Snow Queen',
  'Kari',
  'Lamoda Basic',
  'Ostin',
  'Love Republic',
  'Sela',
  'Finn Flare',
];

interface Leaf {
  id: number;
  name: string;
  /** Singular noun for product names. */
  noun: string;
  /** Grammatical gender of the noun, for the adjective: m, f, n or plural. */
  gender: 'm' | 'f' | 'n' | 'pl';
  sized: boolean;
  price: [number, number];
}

const ROOTS = ['Женщинам', 'Мужчинам', 'Детям'];
const GROUPS: { name: string; leaves: Omit<Leaf, 'id'>[] }[] = [
  {
    name: 'Одежда',
    leaves: [
      { name: 'Платья', noun: 'Платье', gender: 'n', sized: true, price: [1500, 9000] },
      { name: 'Футболки', noun: 'Футболка', gender: 'f', sized: true, price: [500, 2500] },
      { name: 'Джинсы', noun: 'Джинсы', gender: 'pl', sized: true, price: [1800, 7000] },
      { name: 'Куртки', noun: 'Куртка', gender: 'f', sized: true, price: [3500, 19000] },
      { name: 'Свитеры', noun: 'Свитер', gender: 'm', sized: true, price: [1500, 6500] },
    ],
  },
  {
    name: 'Обувь',
    leaves: [
      { name: 'Кроссовки', noun: 'Кроссовки', gender: 'pl', sized: true, price: [2500, 12000] },
      { name: 'Ботинки', noun: 'Ботинки', gender: 'pl', sized: true, price: [3500, 15000] },
    ],
  },
  {
    name: 'Аксессуары',
    leaves: [
      { name: 'Сумки', noun: 'Сумка', gender: 'f', sized: false, price: [1200, 8000] },
      { name: 'Ремни', noun: 'Ремень', gender: 'm', sized: false, price: [600, 3000] },
      { name: 'Шапки', noun: 'Шапка', gender: 'f', sized: false, price: [400, 2200] },
    ],
  },
];
/** Adjective stems with their m / f / n / plural endings. */
const ADJECTIVES: [string, string, string, string][] = [
  ['классический', 'классическая', 'классическое', 'классические'],
  ['базовый', 'базовая', 'базовое', 'базовые'],
  ['приталенный', 'приталенная', 'приталенное', 'приталенные'],
  ['летний', 'летняя', 'летнее', 'летние'],
  ['тёплый', 'тёплая', 'тёплое', 'тёплые'],
  ['хлопковый', 'хлопковая', 'хлопковое', 'хлопковые'],
  ['спортивный', 'спортивная', 'спортивное', 'спортивные'],
  ['вечерний', 'вечерняя', 'вечернее', 'вечерние'],
  ['повседневный', 'повседневная', 'повседневное', 'повседневные'],
];
const GENDER_INDEX = { m: 0, f: 1, n: 2, pl: 3 } as const;
const MATERIALS = ['хлопок', 'полиэстер', 'шерсть', 'лён', 'вискоза', 'кожа', 'деним'];

export interface DemoFeedOptions {
  /** At least this many offers. */
  offers: number;
  /** Absolute origin (or '') prefixed to `/demo/pictures/…` picture URLs. */
  pictureBase?: string;
  /** Where product pages live. */
  shopUrl?: string;
  seed?: number;
  /** Offer ids start here (for feeds that overlap or not with another one). */
  idOffset?: number;
}

/**
 * The params the Dolyame widget's alternative attributes read (contract/public/dolyame.ts): every
 * product but each seventh is sold in instalments (`Рассрочка Долями`), those at 5 % off when paid
 * with Dolyame (`Цена Долями`). Drawn from the product's number and price, never from the random
 * source, so every other field of the feed stays as it was.
 */
export const DEMO_INSTALMENT_PARAMS = { eligible: 'Рассрочка Долями', price: 'Цена Долями' };
function instalments(product: number, price: number): string[] {
  if (product % 7 === 0) return [`<param name="${DEMO_INSTALMENT_PARAMS.eligible}">нет</param>`];
  const dolyamePrice = Math.round((price * 0.95) / 10) * 10 - 1;
  return [
    `<param name="${DEMO_INSTALMENT_PARAMS.eligible}">да</param>`,
    `<param name="${DEMO_INSTALMENT_PARAMS.price}">${dolyamePrice}</param>`,
  ];
}

/** The demo YML feed as a sequence of text chunks (an offer or so each): never all in memory. */
export function* demoFeedChunks(options: DemoFeedOptions): Generator<string> {
  const rnd = random(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const shopUrl = options.shopUrl ?? 'https://shop.example.ru';
  const pictureBase = options.pictureBase ?? '';
  const date = '2026-11-21T12:00:00+03:00';
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="${date}">\n<shop>\n<name>Демо-магазин одежды</name>\n<company>ООО «Витрина Демо»</company>\n<url>${shopUrl}</url>\n<platform>Vitrina demo feed</platform>\n<currencies><currency id="RUR" rate="1"/></currencies>\n<categories>\n`;
  const leaves: Leaf[] = [];
  let nextId = 1;
  for (const root of ROOTS) {
    const rootId = nextId++;
    yield `<category id="${rootId}">${root}</category>\n`;
    for (const group of GROUPS) {
      const groupId = nextId++;
      yield `<category id="${groupId}" parentId="${rootId}">${group.name}</category>\n`;
      for (const leaf of group.leaves) {
        const id = nextId++;
        yield `<category id="${id}" parentId="${groupId}">${leaf.name}</category>\n`;
        leaves.push({ ...leaf, id });
      }
    }
  }
  yield '</categories>\n<offers>\n';
  let written = 0;
  let product = options.idOffset ?? 0;
  while (written < options.offers) {
    product += 1;
    const leaf = pick(leaves);
    const brand = pick(DEMO_BRANDS);
    const [colour, hex] = pick(DEMO_COLOURS);
    const adjective = pick(ADJECTIVES)[GENDER_INDEX[leaf.gender]];
    const material = pick(MATERIALS);
    const root = ROOTS[Math.floor((leaf.id - 1) / 14)] ?? '';
    const who = root === 'Мужчинам' ? 'мужские' : root === 'Детям' ? 'детские' : 'женские';
    const name = `${leaf.noun} ${adjective} ${brand} ${colour}`;
    const base =
      Math.round((leaf.price[0] + rnd() * (leaf.price[1] - leaf.price[0])) / 10) * 10 - 1;
    const discounted = rnd() < 0.35;
    const price = discounted ? Math.round((base * (0.6 + rnd() * 0.3)) / 10) * 10 - 1 : base;
    const popularity = Math.round(rnd() ** 3 * 1000);
    const pictures = [1, 2]
      .map(
        (n) =>
          `<picture>${pictureBase}/demo/pictures/${encodeURIComponent(`${leaf.name}-${hex}-${n}`)}.svg</picture>`,
      )
      .join('');
    const sizes = leaf.sized
      ? DEMO_SIZES.slice(Math.floor(rnd() * 3), 4 + Math.floor(rnd() * 5))
      : [null];
    const productUnavailable = rnd() < 0.08;
    for (const size of sizes) {
      const offerId = size === null ? `${product}` : `${product}-${size}`;
      const available = !productUnavailable && rnd() > 0.12;
      const group = size === null ? '' : ` group_id="${product}"`;
      const params = [
        `<param name="Цвет">${colour}</param>`,
        `<param name="Материал">${material}</param>`,
        `<param name="Пол">${who}</param>`,
        ...(size === null ? [] : [`<param name="Размер" unit="INT">${size.toUpperCase()}</param>`]),
        ...instalments(product, price),
      ].join('');
      yield `<offer id="${offerId}" available="${available}"${group}><url>${shopUrl}/p/${offerId}</url><price>${price}</price>${discounted ? `<oldprice>${base}</oldprice>` : ''}<currencyId>RUR</currencyId><categoryId>${leaf.id}</categoryId>${pictures}<name>${escapeXml(name)}</name><vendor>${escapeXml(brand)}</vendor><vendorCode>VC-${product}</vendorCode><description>${escapeXml(`${name}: ${material}, ${who} модели. Удобная посадка и аккуратные швы.`)}</description>${params}<popularity>${popularity}</popularity></offer>\n`;
      written += 1;
    }
  }
  yield '</offers>\n</shop>\n</yml_catalog>\n';
}

/** Writes the demo feed to a file (UTF-8, or windows-1251 for tests), streaming. */
export async function writeDemoFeed(
  path: string,
  options: DemoFeedOptions & { encoding?: 'utf-8' | 'windows-1251' },
): Promise<void> {
  const out = createWriteStream(path);
  const cp1251 = options.encoding === 'windows-1251';
  let pending = '';
  for (let chunk of demoFeedChunks(options)) {
    if (cp1251 && chunk.startsWith('<?xml')) chunk = chunk.replace('UTF-8', 'windows-1251');
    pending += chunk;
    if (pending.length < 64 * 1024) continue;
    if (!out.write(cp1251 ? iconv.encode(pending, 'win1251') : pending)) await once(out, 'drain');
    pending = '';
  }
  out.end(cp1251 ? iconv.encode(pending, 'win1251') : pending);
  await once(out, 'finish');
}

/** A picture for the demo feed, drawn from its name (`<category>-<hex colour>-<n>`). */
export function demoPicture(name: string): string {
  const match = /^(.*)-([0-9a-f]{6})-(\d)$/.exec(name);
  const label = escapeXml((match?.[1] ?? name).slice(0, 40));
  const colour = match?.[2] ?? '999999';
  const variant = Number(match?.[3] ?? 1);
  const shape =
    variant === 1
      ? `<rect x="90" y="70" width="120" height="170" rx="18" fill="#${colour}"/>`
      : `<circle cx="150" cy="150" r="85" fill="#${colour}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300"><rect width="300" height="300" fill="#f4f1ec"/>${shape}<text x="150" y="280" font-family="sans-serif" font-size="20" text-anchor="middle" fill="#333">${label}</text></svg>`;
}
