/**
 * Merchandising end to end: a merchandiser pins a product for «платье» from the
 * preview and the demo storefront shows it first; a redirect CSV with one bad row shows the
 * partial-failure bar naming it, and the storefront follows the uploaded redirect.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

const DEMO = '/cdn/1/demo.html';

/** A console call with the session's XSRF token; answers the JSON body. */
async function apiCall<T>(page: Page, method: 'POST' | 'DELETE', url: string, data?: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const response = await page.request.fetch(url, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

interface Found {
  id: string;
  name: string;
  available: boolean;
}

/** Products of the demo catalog found by name, out of stock ones included (catalog lookup). */
async function catalogProducts(page: Page, search: string): Promise<Found[]> {
  const params = new URLSearchParams({ siteId: '1', limit: '500', ...(search && { search }) });
  const response = await page.request.get(`/api/catalog/products?${params}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Found[];
}

/** A rule's status icon's computed colours (the badge tone). */
const tone = (badge: Locator) =>
  badge.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, color: style.color };
  });

test.describe('merchandising rules on the storefront', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  // Two apps in one test (the console, then the storefront) on a shared, loaded machine.
  test.setTimeout(90_000);

  test('a merchandiser pins a product for «платье» to 1st place: preview, then the demo page', async ({
    page,
  }) => {
    await signIn(page, 'client', { at: '/merch-rules/search' });
    await expect(page.getByRole('heading', { name: 'Правила поиска', level: 1 })).toBeVisible();
    await page.getByLabel('Запрос для предпросмотра').fill('платье');
    await page.getByRole('button', { name: 'Показать' }).click();
    const without = page.getByRole('list', { name: /^Без правил/ });
    const withRules = page.getByRole('list', { name: /^С правилами/ });
    await expect(without.getByRole('listitem').first()).toBeVisible();
    const items = without.getByRole('listitem');
    const count = await items.count();
    expect(count).toBeGreaterThan(2);
    // the 10th product, or the last when the demo catalog has fewer dresses
    const target = items.nth(Math.min(9, count - 1));
    const name = (await target.locator('.merch-preview__name').textContent())!;
    const [productName, productId] = name.split(' · ') as [string, string];
    await expect(withRules.getByRole('listitem').first()).not.toContainText(productId);
    await target.getByRole('button', { name: /^Закрепить первым/ }).click();
    await expect(withRules.getByRole('listitem').first()).toContainText(productId);
    await expect(withRules.getByRole('listitem').first()).toContainText(
      `${Math.min(10, count)} → 1`,
    );
    await expect(page.getByRole('status').filter({ hasText: 'Сработали' })).toContainText(
      'PRODUCTS',
    );
    // the rule is listed with its status icons
    await expect(
      page.getByRole('table').getByRole('row', { name: /Закрепление: платье/ }),
    ).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath('merch-search-desktop.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('merch-search-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(DEMO);
    const answered = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/public/search' &&
        new URL(r.url()).searchParams.get('st') === 'платье',
    );
    await page.locator('#search-input').fill('платье');
    await answered;
    await expect(page.locator('#search-results .digi-card__name').first()).toHaveText(
      productName.trim(),
    );
  });

  test('a select inside a modal opens above the backdrop: an option is clicked, the modal stays', async ({
    page,
  }) => {
    await signIn(page, 'client', { at: '/merch-rules/search' });
    await page.getByRole('button', { name: 'Создать правило' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новое правило бустинга' });
    await expect(dialog).toBeVisible();
    const type = dialog.getByRole('combobox', { name: 'Тип' });
    await type.click();
    const option = page.getByRole('option', { name: 'Бренды', exact: true });
    await expect(option).toBeVisible();
    // what a pointer at the option's middle hits: the option, not the modal's backdrop above it
    const box = (await option.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => {
        const element = document.elementFromPoint(x!, y!);
        return element?.closest('[role=option]')?.textContent ?? element?.className ?? null;
      },
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe('Бренды');
    await page.screenshot({ path: test.info().outputPath('select-in-modal.png') });
    await option.click();
    await expect(dialog).toBeVisible();
    await expect(type).toHaveValue('Бренды');
    await expect(page.getByRole('listbox', { name: 'Тип' })).toBeHidden();
    // the form follows the choice: the items are brands now
    await expect(dialog.getByText('Бренды', { exact: true }).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a redirect CSV with one bad row: the partial-failure bar names it; the storefront follows the redirect', async ({
    page,
  }) => {
    await signIn(page, 'client', { at: '/merch-rules/search' });
    await page.getByRole('tab', { name: 'Редиректы' }).click();
    const csv = [
      'query,url,mobileUrl,name',
      'доставка,/demo/pictures/delivery.svg,,Доставка',
      'возврат,not-an-address,,Возврат',
    ].join('\n');
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'redirects.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const bar = page.getByRole('alert').filter({ hasText: 'Некоторые правила не применены' });
    await expect(bar).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Идентификаторы|Ids/ })).toHaveValue(/возврат/);
    await expect(page.getByRole('row', { name: /доставка/ })).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath('merch-redirect-upload.png'),
      fullPage: true,
    });

    await page.goto(DEMO);
    await page.locator('#search-input').fill('доставка');
    // a redirect follows a submitted query only (Enter), never one being typed
    await page.locator('#search-input').press('Enter');
    await page.waitForURL(/\/demo\/pictures\/delivery\.svg$/);
  });

  test('the rule list shows what a rule does: not active with the reason, or active with a warning', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    let products: Found[] = [];
    let st = '';
    // Last, the whole catalog: the demo's out-of-stock products are few (about one in ten).
    for (st of ['шапка', 'сумка', 'ремень', 'платье', 'куртка', '']) {
      products = await catalogProducts(page, st);
      if (products.some((p) => !p.available) && products.some((p) => p.available)) break;
    }
    const out = products.find((p) => !p.available)!;
    const inStock = products.find((p) => p.available)!;
    expect(out, 'an out-of-stock product in the demo catalog').toBeDefined();
    const tag = Date.now().toString(36);
    const create = (name: string, extra: Record<string, unknown>) =>
      apiCall<{ id: number }>(page, 'POST', '/api/merchandising/boosting?siteId=1', {
        name,
        queries: [st || out.name.split(' ')[0]!.toLowerCase()],
        fullMatch: true,
        boostType: 'PRODUCTS',
        ...extra,
      });
    const soldOut = await create(`Нет в наличии ${tag}`, { filters: [out.id], socket: 1 });
    const nowhere = await create(`Нигде ${tag}`, {
      filters: [inStock.id],
      socket: 2,
      ranking: false,
      autocomplete: false,
    });
    const fine = await create(`В порядке ${tag}`, { filters: [inStock.id], socket: 3 });
    try {
      await page.goto('/merch-rules/search');
      const table = page.getByRole('table', { name: 'Правила бустинга' });
      const row = (name: string) => table.getByRole('row', { name: new RegExp(name) });
      await expect(row(`В порядке ${tag}`)).toBeVisible();
      const status = (name: string, kind: string) =>
        row(name).locator(`.merch-status [data-status="${kind}"]`);

      // Acting, in search and autocomplete, nothing to say: green icons, no reason.
      const liveTone = await tone(status(`В порядке ${tag}`, 'live'));
      expect(liveTone.background).not.toBe('rgba(0, 0, 0, 0)');
      expect(await tone(status(`В порядке ${tag}`, 'search-on'))).toEqual(liveTone);
      await expect(row(`В порядке ${tag}`).locator('.merch-status__reason')).toHaveCount(0);

      // Acting in neither search nor autocomplete: not active, both off, and why.
      const notLive = status(`Нигде ${tag}`, 'not-live');
      await expect(notLive).toHaveAttribute('title', 'Не действует');
      expect(await tone(notLive)).not.toEqual(liveTone);
      await expect(status(`Нигде ${tag}`, 'search-off')).toBeVisible();
      await expect(status(`Нигде ${tag}`, 'ac-off')).toBeVisible();
      await expect(row(`Нигде ${tag}`).locator('.merch-status__reason')).toHaveText(
        'Не действует ни в поиске, ни в автодополнении',
      );

      // Pinning an out-of-stock product acts, with a warning naming the product.
      await expect(status(`Нет в наличии ${tag}`, 'live')).toBeVisible();
      const warning = status(`Нет в наличии ${tag}`, 'warning');
      await expect(warning).toHaveAttribute('title', new RegExp(out.id));
      const warningTone = await tone(warning);
      expect(warningTone.color).not.toEqual(liveTone.color);
      const reason = row(`Нет в наличии ${tag}`).locator('.merch-status__reason');
      await expect(reason).toHaveText(`Нет в наличии, но поиск всё равно покажет: ${out.id}`);
      expect(await reason.evaluate((e) => getComputedStyle(e).color)).toBe(warningTone.color);
      await row(`Нет в наличии ${tag}`).scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath('merch-rule-status.png') });
    } finally {
      for (const rule of [soldOut, nowhere, fine])
        await apiCall(page, 'DELETE', `/api/merchandising/boosting?siteId=1&id=${rule.id}`);
    }
  });
});
