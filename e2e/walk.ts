import type { Page } from '@playwright/test';
import { findRoute, mayOpen, type AppRoute } from '#src/app/routes.ts';
import { expect } from './fixtures.ts';

/*
 * How the console walk (e2e/console-walk.spec.ts) moves through the console and watches it, in
 * either language: client-side navigation, the calls in flight, where a route lands, what is wider
 * than the window, and the rows the list screens need.
 */

export interface Trouble {
  path: string;
  what: string;
}

/**
 * Watches the page's calls and errors into `troubles`; returns a wait until the calls in flight
 * have finished (screens with a poll never go quiet for long).
 */
export function watchCalls(page: Page, troubles: Trouble[], current: () => string) {
  let inFlight = 0;
  // Event streams (the chat's) stay open for good: not a screen still loading.
  const counted = (url: string) => url.includes('/api/') && !url.includes('/stream');
  page.on('request', (request) => {
    if (counted(request.url())) inFlight += 1;
  });
  const done = (url: string) => {
    if (counted(url)) inFlight = Math.max(0, inFlight - 1);
  };
  page.on('requestfinished', (request) => done(request.url()));
  page.on('requestfailed', (request) => done(request.url()));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400)
      troubles.push({
        path: current(),
        what: `${response.request().method()} ${url.pathname} → ${response.status()}`,
      });
  });
  page.on('pageerror', (error) => troubles.push({ path: current(), what: `uncaught: ${error}` }));
  return async () => {
    // Quiet for 150 ms in a row, or 10 s at most. A screen's calls start as it mounts, and the
    // walk settles once its heading shows: by then they are in flight. (The walk settles about
    // 580 times: each 150 ms more was a minute and a half of the run.) The clock is this
    // process's, not a round trip to the browser.
    let quietSince = Date.now();
    const start = Date.now();
    while (Date.now() - start < 10_000) {
      if (inFlight > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= 150) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await expect(page.locator('.ui-spinner').first()).toBeHidden({ timeout: 30_000 });
  };
}

/** Client-side navigation, as the router does on a link click. */
export async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export const exactly = (path: string) =>
  new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Where opening a route lands: the route itself, or the page that replaces it for these roles (the two homes). */
export function landing(route: AppRoute, path: string, roles: readonly string[]): string {
  const other = route.menu?.replacedBy && findRoute(route.menu.replacedBy);
  return other && mayOpen(other, roles, false) ? other.path : path;
}

/** The concrete address of a route (a pattern like /reporting/:name takes the user's first tab). */
export function addressOf(route: AppRoute, tab: string | undefined): string | null {
  if (!route.path.includes(':')) return route.path;
  if (route.path === '/reporting/:name') return tab ? `/reporting/${tab}` : null;
  return null;
}

/** The outermost elements wider than the window, named (none: the screen fits). */
export async function overflow(page: Page): Promise<string | null> {
  const { px, wide } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .filter(
        (el) => !(el.parentElement && el.parentElement.getBoundingClientRect().right > width + 1),
      )
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    return { px: document.documentElement.scrollWidth - width, wide: out };
  });
  return px > 1 ? `${px} px wider than the window (${wide.join(', ')})` : null;
}

/** Rows on the list screens and in the journal: a widget, a query-list entry. */
export async function addRows(page: Page): Promise<void> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const call = async (url: string, data: unknown) => {
    const response = await page.request.post(url, { data, headers: { 'x-xsrf-token': xsrf } });
    expect(response.status(), `POST ${url}: ${await response.text()}`).toBeLessThan(300);
  };
  await call('/api/recs/1/widgets?siteId=1', {
    widgetId: `walk-slider-${Date.now() % 1_000_000}`,
    name: 'Слайдер обхода',
    type: 'SLIDER',
    placements: ['#walk-slider'],
    strategyHash: null,
  });
  await call('/api/aq/white-list?siteId=1', { term: `обход экранов ${Date.now() % 1_000_000}` });
}
