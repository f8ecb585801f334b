/**
 * The studio on a phone (390 px): its tabs and its buttons stay on the screen (they wrap), where
 * they used to run off its right edge.
 */
import { expect, signIn, test } from './fixtures.ts';

for (const path of ['/anyquery/ux/instant-search', '/anyquery/ux/autocomplete']) {
  test(`studio ${path} at 390 px: every tab and button is on the screen`, async ({ page }) => {
    test.setTimeout(90_000);
    // signed in on a desktop-sized window (the menu check needs it), then a phone's
    await signIn(page, 'admin');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await expect(
      page.getByRole('tablist', { name: 'Разделы редактора' }).getByRole('tab').last(),
    ).toBeVisible({ timeout: 60_000 });
    await expect(
      page.getByRole('toolbar', { name: 'Действия с конфигурацией' }).getByRole('button').last(),
    ).toBeVisible();
    // tabs and buttons whose box runs past the screen's edges (nothing scrolls them into view)
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main [role="tab"], main button')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.right > window.innerWidth + 0.5 || r.left < -0.5);
        })
        .map(
          (el) =>
            `${el.textContent?.trim() ?? ''} (${Math.round(el.getBoundingClientRect().right)})`,
        ),
    );
    await page.screenshot({
      path: test.info().outputPath(`studio-390${path.replaceAll('/', '-')}.png`),
      fullPage: true,
    });
    expect(cut).toEqual([]);
  });
}
