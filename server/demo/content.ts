/**
 * The demo shop's content pages (delivery, payment, returns, size and care guides): its content
 * feed, loaded through the real importer, so the storefront's search and autocomplete can answer
 * them (`withContent`).
 */
import type { Db } from '../platform/db/client.ts';
import { importContent } from '../feeds/content.ts';
import { DEFAULT_FEED_LIMITS } from '../feeds/intake/yml-model.ts';

const PAGES = [
  ['delivery', 'Доставка', 'Доставим заказ курьером за один–три дня, в пункт выдачи за два–пять.'],
  ['payment', 'Оплата', 'Картой на сайте, при получении или частями: четыре платежа Долями.'],
  ['returns', 'Возврат и обмен', 'Вернуть или обменять вещь можно в течение 30 дней.'],
  ['sizes', 'Таблица размеров', 'Как снять мерки и выбрать размер одежды и обуви.'],
  [
    'knitwear-care',
    'Уход за свитерами и трикотажем',
    'Шерстяной свитер стирают вручную в прохладной воде и сушат разложенным.',
  ],
  [
    'sneakers-guide',
    'Как выбрать кроссовки',
    'Кроссовки для бега, зала и города: подошва, амортизация, размер.',
  ],
] as const;

/** The content feed's XML (server/feeds/content.ts reads this shape). */
export function demoContentXml(siteUrl = 'https://shop.example.ru'): string {
  const pages = PAGES.map(
    ([id, title, text]) =>
      `<page id="${id}" url="${siteUrl}/info/${id}"><title>${title}</title><text>${text}</text></page>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<pages>\n${pages.join('\n')}\n</pages>\n`;
}

/** Loads the demo content pages into the site's live content. */
export async function seedDemoContent(db: Db, siteId: number): Promise<number> {
  const xml = Buffer.from(demoContentXml());
  const summary = await importContent(db, {
    siteId,
    source: {
      body: (async function* () {
        yield xml;
      })(),
      size: xml.length,
    },
    limits: DEFAULT_FEED_LIMITS,
  });
  return summary.pages;
}
