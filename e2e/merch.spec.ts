/**
 * Merchandising end to end (issue 14): a merchandiser pins a product for «платье» from the
 * preview and the demo storefront shows it first; a redirect CSV with one bad row shows the
 * partial-failure bar naming it, and the storefront follows the uploaded redirect.
 */
import { expect, signIn, test } from './fixtures.ts';

const DEMO = '/cdn/1/demo.html';

test.describe('merchandising rules on the storefront', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  // Two apps in one test (the console, then the storefront) on a shared, loaded machine.
  test.setTimeout(90_000);

  test('a merchandiser pins a product for «платье» to 1st place: preview, then the demo page', async ({
    page,
  }) => {
    await signIn(page, 'client');
    await page.goto('/merch-rules/search');
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
    await signIn(page, 'client');
    await page.goto('/merch-rules/search');
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
    await signIn(page, 'client');
    await page.goto('/merch-rules/search');
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
});
