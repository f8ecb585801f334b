/**
 * The merchant demo page (/cdn/1/demo.html) as a shopper meets it, with the production bundle the
 * seed built: readable widget text (checked on computed styles, since a DOM-only test
 * passed while every line overprinted itself) and the search behaviour of an empty answer.
 */
import type { Page, Request } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures.ts';
import type { SearchResponse } from '#contract/public/search.ts';

const DEMO = '/cdn/1/demo.html';

interface TextStyle {
  text: string;
  cls: string;
  fontSize: number;
  lineHeight: string;
  fontFamily: string;
  height: number;
}

/** Computed styles of every visible widget element that holds text of its own. */
async function widgetTexts(page: Page, scope: string): Promise<TextStyle[]> {
  return page.locator(scope).evaluateAll((roots) => {
    const out: TextStyle[] = [];
    for (const root of roots)
      for (const el of [root, ...root.querySelectorAll('*')]) {
        const own = [...el.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent ?? '')
          .join('')
          .trim();
        if (own === '' || !(el instanceof HTMLElement)) continue;
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        // text for screen readers only (clipped to nothing on purpose)
        if (el.closest('.digi-visually-hidden')) continue;
        out.push({
          text: own.slice(0, 40),
          cls: typeof el.className === 'string' ? el.className : '',
          fontSize: parseFloat(style.fontSize),
          lineHeight: style.lineHeight,
          fontFamily: style.fontFamily,
          height: rect.height,
        });
      }
    return out;
  });
}

/** A readable line: line height at least the font size, a sans-serif face, an unclipped box. */
function expectReadable(texts: TextStyle[], what: string): void {
  expect(texts.length, `${what}: some widget text is rendered`).toBeGreaterThan(0);
  for (const t of texts) {
    const where = `${what}: «${t.text}» (.${t.cls})`;
    if (t.lineHeight !== 'normal')
      expect(
        parseFloat(t.lineHeight),
        `${where} line-height ${t.lineHeight}`,
      ).toBeGreaterThanOrEqual(t.fontSize);
    expect(t.fontFamily, `${where} font`).not.toMatch(/^\s*("?Georgia|"?Times|serif)/i);
    // the rendered box holds at least one line of its text (a 1.4px line box is ~1 px tall)
    expect(t.height, `${where} box height`).toBeGreaterThanOrEqual(t.fontSize * 0.9);
  }
}

const searches = (page: Page): Request[] => {
  const list: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/public/search') list.push(r);
  });
  return list;
};

const results = (page: Page) => page.locator('#search-results');

/** Signs the page's context in as the administrator through the API (no console needed). */
async function signInApi(page: Page): Promise<void> {
  await page.request.get('/api/me');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const login = await page.request.post('/api/login', {
    form: { username: 'admin', password: DEMO_PASSWORD },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(login.status(), await login.text()).toBeLessThan(400);
}

/** A console call as the signed-in user (the XSRF cookie echoed). */
async function apiCall(page: Page, method: 'POST' | 'PUT', url: string, data: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const response = await page.request.fetch(url, {
    method,
    data,
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: number };
}

async function open(page: Page): Promise<Request[]> {
  const list = searches(page);
  await page.goto(DEMO);
  // the loader injects the bundle, which mounts the widgets into the merchant's page
  await expect(
    page
      .locator(
        '#search-results #digi-shield, #search-results.digi-instant-search, #search-results .digi-instant-search',
      )
      .first(),
  ).toBeAttached();
  return list;
}

/** Types a query as a shopper does and waits for the instant search to answer it. */
async function search(page: Page, query: string): Promise<void> {
  const input = page.locator('#search-input');
  const answered = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/public/search' &&
      new URL(r.url()).searchParams.get('st') === query,
  );
  await input.fill(query);
  await answered;
  await expect(results(page).locator('.digi-instant-search__total')).toContainText(
    /Найдено|Ничего не найдено/,
  );
}

test.describe('storefront demo page', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('widget text is readable: line height ≥ font size, a sans-serif face (19.1)', async ({
    page,
  }) => {
    await open(page);
    const input = page.locator('#search-input');
    await input.click();
    await input.pressSequentially('свитер', { delay: 30 });
    // autocomplete drop-down
    await expect(
      page
        .locator('.digi-autocomplete__panel, [class*="digi-autocomplete"] [role="listbox"]')
        .first(),
    ).toBeVisible();
    expectReadable(await widgetTexts(page, '[class*="digi-autocomplete"]'), 'autocomplete');
    // instant search header, facets and result cards
    await expect(results(page).locator('.digi-card').first()).toBeVisible();
    expectReadable(await widgetTexts(page, '#search-results'), 'instant search');
    const cardName = results(page).locator('.digi-card__name').first();
    const style = await cardName.evaluate((el) => {
      const s = getComputedStyle(el);
      return { lineHeight: s.lineHeight, fontSize: s.fontSize };
    });
    expect(parseFloat(style.lineHeight)).toBeGreaterThanOrEqual(parseFloat(style.fontSize));
    await page.screenshot({ path: test.info().outputPath('demo-search.png') });
  });

  test('no catalogue before a search; nothing listed after the query is erased (19.8)', async ({
    page,
  }) => {
    const requests = await open(page);
    await page.waitForLoadState('networkidle');
    expect(requests).toHaveLength(0);
    await expect(results(page).locator('.digi-card')).toHaveCount(0);
    await expect(results(page)).not.toContainText('Найдено');
    await search(page, 'свитер');
    await expect(results(page).locator('.digi-card').first()).toBeVisible();
    await page.locator('#search-input').fill('');
    await expect(results(page).locator('.digi-card')).toHaveCount(0);
  });

  test('a new query drops the selected filters (19.8)', async ({ page }) => {
    const requests = await open(page);
    await search(page, 'свитер');
    await page.keyboard.press('Escape');
    const brand = results(page).locator('.digi-facet--DISTINCT input[type="checkbox"]').first();
    await brand.check();
    await expect(
      results(page).locator('.digi-filters__chip, [class*="chip"]').first(),
    ).toBeVisible();
    await expect.poll(() => requests.at(-1)?.url() ?? '').toContain('filter=');
    await search(page, 'джинсы');
    expect(new URL(requests.at(-1)!.url()).searchParams.getAll('filter')).toEqual([]);
    await expect(results(page).locator('[class*="chip"]')).toHaveCount(0);
    await expect(results(page).locator('.digi-instant-search__total')).toContainText('«джинсы»');
  });

  test('a corrected typo says «исправлено на …» (19.8)', async ({ page }) => {
    await open(page);
    await search(page, 'свитор');
    await expect(results(page).locator('.digi-instant-search__correction')).toHaveText(
      'Показаны результаты по запросу «свитер» — «свитор» исправлено на «свитер»',
    );
    await expect(results(page).locator('.digi-instant-search__total')).toContainText(
      'по запросу «свитер»',
    );
  });

  test('«Ничего не найдено» once, with queries to try that search when chosen (19.8)', async ({
    page,
  }) => {
    await open(page);
    await search(page, 'zzqqxx');
    await page.keyboard.press('Escape');
    await expect(results(page).getByText(/Ничего не найдено/)).toHaveCount(1);
    await expect(results(page).getByText('Часто ищут:')).toBeVisible();
    const suggestion = results(page).locator('.digi-product-list__suggestion').first();
    const query = (await suggestion.textContent())!.trim();
    await suggestion.click();
    await expect(results(page).locator('.digi-instant-search__total')).toContainText(`Найдено`);
    await expect(results(page).locator('.digi-instant-search__total')).toContainText(`«${query}»`);
    await expect(page.locator('#search-input')).toHaveValue(query);
  });

  test('the category facet drills down instead of a flat repeated list (19.8)', async ({
    page,
  }) => {
    await open(page);
    await search(page, 'свитер');
    await page.keyboard.press('Escape');
    const facet = results(page).locator('.digi-facet__group--category');
    const names = facet.locator('.digi-facet__category .digi-facet__text');
    // facets render after their own delay (spec §4: facetCategory 400 ms)
    await expect.poll(async () => (await names.allTextContents()).length).toBeGreaterThan(1);
    const roots = await names.allTextContents();
    expect(new Set(roots).size).toBe(roots.length);
    await facet.locator('.digi-facet__category').first().click();
    await expect(facet.locator('[aria-current="true"]')).toHaveText(roots[0]!);
    await expect.poll(() => names.allTextContents()).not.toEqual(roots);
    const children = await names.allTextContents();
    expect(new Set(children).size).toBe(children.length);
    await facet.getByRole('button', { name: 'Все категории' }).click();
    await expect.poll(() => names.allTextContents()).toEqual(roots);
  });

  test('a redirect rule applies to a submitted query only: typing stays on the page, Enter leaves', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInApi(page);
    const query = `доставка${Date.now()}`;
    await apiCall(page, 'POST', '/api/merchandising/redirect?siteId=1', {
      query,
      url: '/demo/pictures/delivery.svg',
      mobileUrl: null,
      name: 'Доставка',
    });
    await open(page);
    const answered = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/public/search' &&
        new URL(r.url()).searchParams.get('st') === query,
    );
    const input = page.locator('#search-input');
    await input.click();
    await input.pressSequentially(query, { delay: 20 });
    // the as-you-type search got the redirect rule's answer…
    const answer = (await (await answered).json()) as { redirect: { url: string } | null };
    expect(answer.redirect?.url).toMatch(/delivery\.svg$/);
    // …and lists it as any query: the shopper is still here, reading the results
    await expect(results(page).locator('.digi-instant-search__total')).toContainText(query);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe(DEMO);
    await expect(input).toHaveValue(query);
    await expect(input).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('demo-redirect-typed.png') });
    // Enter submits the query: now the redirect is followed
    await input.press('Enter');
    await page.waitForURL(/\/demo\/pictures\/delivery\.svg$/);
  });
});

test.describe('storefront demo page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the filters fold behind «Фильтры»: the first product is on the first screen', async ({
    page,
  }) => {
    await open(page);
    await search(page, 'свитер');
    await page.keyboard.press('Escape');
    const first = results(page).locator('.digi-card').first();
    await expect(first).toBeVisible();
    const facets = results(page).locator('.digi-instant-search__facets');
    expect(await facets.evaluate((el) => getComputedStyle(el).display)).toBe('none');
    const top = await first.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(top, 'the first product starts on the first screen').toBeLessThan(844);
    await page.screenshot({ path: test.info().outputPath('demo-390-results.png') });
    const toggle = results(page).getByRole('button', { name: 'Фильтры' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(results(page).locator('.digi-facet').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('demo-390-filters.png'), fullPage: true });
    await toggle.click();
    expect(await facets.evaluate((el) => getComputedStyle(el).display)).toBe('none');
  });

  test('a product link with a tab hidden in "javascript:" runs nothing when the card is clicked', async ({
    page,
  }) => {
    // A catalog imported before links were checked still holds such URLs: the storefront must
    // render them inert. The public answer is rewritten as such a catalog would send it.
    const hostile = 'java\tscript:document.title="XSS";window.__xss=1';
    await page.route('**/public/search?**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as SearchResponse;
      for (const product of body.products) {
        product.link_url = hostile;
        for (const sku of product.skus ?? []) sku.link_url = hostile;
      }
      await route.fulfill({ response, json: body });
    });
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await open(page);
    await search(page, 'свитер');
    await page.keyboard.press('Escape');
    const link = results(page).locator('.digi-card a[href]').first();
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '#');
    await link.click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.title()).not.toBe('XSS');
    expect(dialogs).toBe(0);
    await page.screenshot({ path: test.info().outputPath('demo-hostile-link.png') });
  });
});
