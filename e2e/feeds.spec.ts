import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { demoFeedChunks } from '#server/demo/feed.ts';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';

/*
 * An operator's feed life: a feed URL served by a loopback HTTP server started here
 * (the e2e server allows 127.0.0.1 through FETCH_ALLOW_HOSTS), a schedule, a load with its
 * progress, the monitoring list, then a broken feed: the checker's report and the failure e-mail
 * in the outbox (the e2e server has no SMTP_URL).
 */

const SHOTS = 'test-results/feeds';
mkdirSync(SHOTS, { recursive: true });

const GOOD = Buffer.from([...demoFeedChunks({ offers: 300 })].join(''));
/** The same feed with two offers' prices broken: they are skipped, each reported with its line. */
const BAD_OFFERS = Buffer.from(
  GOOD.toString('utf8')
    .replace(/<price>[^<]*<\/price>/, '<price>дёшево</price>')
    .replace(/(<offer [\s\S]*?<\/offer>[\s\S]*?)<price>[^<]*<\/price>/, '$1<price>-5</price>'),
);
const OFFERS = (GOOD.toString('utf8').match(/<offer[\s>]/g) ?? []).length;
/** The feed cut off before its end: not XML, the whole load fails. */
const BROKEN = GOOD.subarray(0, Math.floor(GOOD.length * 0.8));

let feedServer: Server;
let feedUrl = '';
let serving: 'good' | 'broken' | 'bad-offers' = 'good';

test.beforeAll(async () => {
  // Sent in 20 slices a tenth of a second apart with a Content-Length: the load has a progress.
  feedServer = createServer((_request, response) => {
    const body = { good: GOOD, broken: BROKEN, 'bad-offers': BAD_OFFERS }[serving];
    response.writeHead(200, { 'content-type': 'application/xml', 'content-length': body.length });
    const step = Math.ceil(body.length / 20);
    let at = 0;
    const send = () => {
      if (at >= body.length) return response.end();
      response.write(body.subarray(at, at + step));
      at += step;
      setTimeout(send, 100);
    };
    send();
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.xml`;
});

test.afterAll(async () => {
  await new Promise((resolve) => feedServer.close(resolve));
});

async function shoot(page: Page, name: string) {
  for (const [kind, size] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${kind}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an operator loads a feed on a schedule, then checks a broken one and gets the failure e-mail', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'integrator', { at: '/site/feed-loader' });
  await expect(page.getByRole('heading', { level: 1, name: 'Загрузка фидов' })).toBeVisible({
    timeout: 20_000,
  });

  // The feed URL.
  const add = page.getByRole('form', { name: 'Добавить адрес' });
  await add.getByLabel('URL').fill(feedUrl);
  // «Заменить адрес» when a retry finds the URL its first try added on the same server.
  await add.getByRole('button', { name: /^(Добавить|Заменить) адрес$/ }).click();
  await expect(page.getByLabel('URL фида YML (global)')).toHaveValue(feedUrl);

  // The schedule: every 2 hours (production), from the YML settings; under 2 h is advised against.
  const yml = page.getByRole('form', { name: 'Полный фид (YML или OZON)' });
  await yml.getByLabel('Загружать по расписанию').check();
  await yml.getByLabel('Интервал обновления, часов').fill('1');
  await expect(yml.getByRole('status')).toHaveText(/Чаще чем раз в 2 часа/);
  await yml.getByLabel('Интервал обновления, часов').fill('2');
  await expect(yml.getByRole('status')).toHaveCount(0);
  await yml.getByRole('button', { name: 'Сохранить' }).click();
  const schedules = page.getByRole('table', { name: 'Расписание' });
  await expect(schedules.getByRole('row', { name: /Загрузка фида \(YML\/OZON\)/ })).toContainText(
    '0 */2 * * *',
  );
  // The delta hints of §5.
  const delta = page.getByRole('form', { name: 'Дельта-фид' });
  await delta.getByLabel('Интервал дельты, минут').fill('12');
  await expect(delta.getByRole('status')).toHaveText(
    'Интервал дельты меньше 15 минут не рекомендуется',
  );
  await delta.getByLabel('Интервал дельты, минут').fill('5');
  await expect(delta.getByRole('status')).toHaveText(
    'Интервал дельты меньше 10 минут нужно согласовать с эксплуатацией',
  );

  // The monitoring list.
  await page.getByLabel('E-mail', { exact: true }).fill('ops@shop.example.ru');
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Адреса рассылки' })).toContainText(
    'ops@shop.example.ru',
  );

  // The load, with its progress.
  const load = page.locator('.feed-job', { hasText: 'Загрузка фида (YML/OZON)' });
  await load.getByRole('button', { name: 'Запустить' }).click();
  await expect(load.getByRole('progressbar')).toBeVisible();
  await expect(load.getByText('Готово')).toBeVisible({ timeout: 60_000 });
  const status = page.getByRole('table', { name: 'Последняя загрузка по регионам' });
  const global = status.getByRole('row', { name: /global \(глобальный\)\s+YML/ });
  // 'MMM Do YYYY, H:mm:ss' in Russian: '24 нояб. 2026, 3:05:09'.
  await expect(global).toContainText(/\d{1,2} [а-я]+\.? \d{4}, \d{1,2}:\d{2}:\d{2}/);
  await expect(global.getByRole('link', { name: 'Фид YML (global)' })).toHaveAttribute(
    'href',
    /feedType=YML/,
  );
  await expectAccessible(page);
  await shoot(page, 'feed-loader');

  // The feed breaks: the load fails, the checker says why, the subscriber gets an e-mail.
  serving = 'broken';
  await load.getByRole('button', { name: 'Запустить' }).click();
  await expect(load.getByText('Ошибка')).toBeVisible({ timeout: 60_000 });
  await expect(load.getByRole('alert')).toBeVisible();

  const outbox = page.getByRole('list', { name: 'Исходящие письма' });
  await expect(outbox).toContainText('Импорт фида не удался', { timeout: 15_000 });
  await expect(outbox).toContainText('ops@shop.example.ru');
  await shoot(page, 'feed-loader-failed');

  await page.goto('/site/feed-checker');
  await page.getByRole('button', { name: 'Проверить фид' }).click();
  const report = page.getByRole('region', { name: /Результат проверки/ });
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(report.getByRole('status')).toHaveText('Фид не будет загружен');
  await expect(report).toContainText('Фид отклонён целиком');
  await expect(report).toContainText(/unclosed tag/);
  await shoot(page, 'feed-checker-fatal');

  // Bad offers: the check counts what would load and lists every problem with its line and reason.
  serving = 'bad-offers';
  await page.getByRole('button', { name: 'Проверить фид' }).click();
  await expect(report.getByRole('status')).toHaveText('Фид можно загрузить', { timeout: 60_000 });
  const problems = report.getByRole('table', { name: /Ошибки \(2\)/ });
  await expect(problems.getByRole('row')).toHaveCount(3);
  for (const row of await problems.getByRole('row').all()) {
    if ((await row.getByRole('columnheader').count()) > 0) continue;
    await expect(row.getByRole('cell').first()).toHaveText(/^\d+$/);
  }
  await expect(report.getByRole('definition').first()).toHaveText(String(OFFERS - 2));
  await expect(report.getByRole('definition').nth(3)).toHaveText('2');
  await expectAccessible(page);
  await shoot(page, 'feed-checker');

  await page.goto('/site/feed-configurator');
  await expect(page.getByRole('heading', { level: 2, name: 'Правила фида' })).toBeVisible();
  await shoot(page, 'feed-configurator');
});
