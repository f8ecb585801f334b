import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { APP_ROUTES, findRoute, homePath, mayOpen, menuFor } from '#src/app/routes.ts';
import { isStaff } from '#contract/roles.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, test, expect } from './fixtures.ts';
import { englishOffences, KNOWN_EN, watchData } from './english-text.ts';
import { localeText } from './ru-text.ts';
import { KNOWN, offences, visibleText } from './russian-text.ts';
import {
  addRows,
  addressOf,
  exactly,
  go,
  landing,
  overflow,
  watchCalls,
  type Trouble,
} from './walk.ts';

/*
 * The console walk (its own Playwright project, run first on servers no other spec has written
 * to: other specs' data is not interface text). Every demo login, signed in once on a 390 px
 * phone and then on a desktop, opens every route of the route table in one page, client-side as a
 * menu click does. A route the login may open renders its heading without the error boundary, an
 * uncaught error or a failed call, reads in Russian (no raw i18n key, no English word but the
 * listed ones, e2e/russian-text.ts) and fits the window; one it may not open sends it home. Every
 * trouble is named at the end, not only the first. Screenshots land in test-results/console-walk.
 *
 * The same walk in English for admin (every route) and the designer (the studio screens, with the
 * read-only forms and their reasons a designer sees): the language is chosen on the sign-in page
 * as a user does (the cookie keeps it), and every screen reads in English (no raw key, no text of
 * the Russian locale, no Cyrillic in headings, labels, buttons and menus but the data's, English
 * dates: e2e/english-text.ts).
 */

const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
/** The phone walk: each login's first screens of its menu. */
const PHONE_SCREENS = 5;

const SHOTS = 'test-results/console-walk';
mkdirSync(SHOTS, { recursive: true });
/**
 * Screens this worker has read and photographed, per language and device: a screen's text and
 * layout are read by the first login that opens it (the others still open it, see its heading,
 * and fail no call).
 */
const read = new Set<string>();

type Locale = 'ru' | 'en';

/**
 * What a screen must not show in a language (a reader set up once per page, before it signs in),
 * and the gaps known per route.
 */
const LANGUAGES: Record<
  Locale,
  { name: string; reader: (page: Page) => () => Promise<string[]>; known: typeof KNOWN }
> = {
  ru: {
    name: 'Russian',
    reader: (page) => async () => offences(await visibleText(page)),
    known: KNOWN,
  },
  en: {
    name: 'English',
    reader: (page) => {
      const data = watchData(page);
      return () => englishOffences(page, data);
    },
    known: KNOWN_EN,
  },
};

/** Reads the screen once per worker, language and device: its language, fits the window; photographs it. */
async function readScreen(
  page: Page,
  troubles: Trouble[],
  path: string,
  device: keyof typeof VIEWPORTS,
  locale: Locale,
  offences: () => Promise<string[]>,
  settle: () => Promise<void>,
): Promise<void> {
  const shot = `${locale === 'ru' ? '' : `${locale}-`}${device}${path.replaceAll('/', '_')}`;
  if (read.has(shot)) return;
  read.add(shot);
  // Read the new screen once committed, not the last one still shown while this one loads.
  const route = findRoute(path);
  const title = route && `Vitrina · ${localeText(locale, route.titleKey)}`;
  if (title && (await page.title()) !== title) {
    await expect.soft(page, `${path}: title`).toHaveTitle(title, { timeout: 15_000 });
    await settle();
  }
  const language = LANGUAGES[locale];
  const known = new Set(language.known[path] ?? []);
  const words = (await offences()).filter((word) => !known.has(word));
  if (words.length) troubles.push({ path, what: `not ${language.name}: ${words.join(', ')}` });
  const wide = await overflow(page);
  if (wide) troubles.push({ path, what: `${device}: ${wide}` });
  await page.screenshot({ path: `${SHOTS}/${shot}.png` });
}

/** One login's walk in one language. */
async function walk(page: Page, login: string, roles: readonly string[], locale: Locale) {
  const text = (key: string) => localeText(locale, key);
  const errorTitle = text('shell.error.title');
  const troubles: Trouble[] = [];
  let current = '/login';
  const settle = watchCalls(page, troubles, () => current);
  const readText = LANGUAGES[locale].reader(page);

  // Signed in on a phone: the sidebar folds behind the menu button; the first screens fit.
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/login');
  // Another language is chosen on the sign-in page, as a user does (Russian is the default).
  if (locale !== 'ru') {
    await page
      .getByRole('group', { name: localeText('ru', 'shell.language') })
      .getByRole('button', { name: locale.toUpperCase() })
      .click();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
  }
  await page.getByLabel(text('auth.username')).fill(login);
  await page.getByLabel(text('auth.password')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: text('auth.submit'), exact: true }).click();
  const toggle = page.getByRole('button', { name: text('shell.menuOpen') });
  await expect(toggle).toBeVisible({ timeout: 30_000 });
  const menu = page.getByRole('navigation', { name: text('shell.menu') });
  await expect(menu).not.toBeInViewport();
  const phonePaths = menuFor(roles)
    .flatMap((group) => group.routes.map((route) => route.path))
    .slice(0, PHONE_SCREENS);
  const heading = page.getByRole('heading', { level: 1 });
  for (const path of phonePaths) {
    current = path;
    await go(page, path);
    await expect.soft(heading, `${login} ${path}: heading on a phone`).toBeVisible({
      timeout: 15_000,
    });
    await settle();
    await readScreen(page, troubles, path, 'phone', locale, readText, settle);
  }
  await toggle.click();
  await expect(menu).toBeInViewport();
  await page.screenshot({
    path: `${SHOTS}/${locale === 'ru' ? '' : `${locale}-`}phone-menu-${login}.png`,
  });

  // On a desktop: every route of the table.
  await page.setViewportSize(VIEWPORTS.desktop);
  if (login === 'admin') await addRows(page);
  const me = (await page.evaluate(async () => (await fetch('/api/me')).json())) as {
    isClient: boolean;
    tabs: { pathName: string; enabled: boolean }[];
  };
  const client = me.isClient || !isStaff(roles);
  const tab = me.tabs.find((t) => t.enabled)?.pathName;
  const started = Date.now();
  let opened = 0;
  for (const route of APP_ROUTES) {
    const path = addressOf(route, tab);
    if (!path) continue;
    current = path;
    await go(page, path);
    if (mayOpen(route, roles, client)) {
      opened += 1;
      const lands = landing(route, path, roles);
      await expect.soft(page, `${login} ${path}: opens`).toHaveURL(exactly(lands));
      await expect.soft(heading, `${login} ${path}: heading`).toBeVisible({ timeout: 15_000 });
      await settle();
      await expect.soft(heading, `${login} ${path}: error boundary`).not.toHaveText(errorTitle);
      await expect
        .soft(page, `${login} ${path}: still there after loading`)
        .toHaveURL(exactly(lands));
      if (lands === path)
        await readScreen(page, troubles, path, 'desktop', locale, readText, settle);
    } else {
      const home = path === '/home' ? null : homePath(roles);
      if (home) await expect.soft(page, `${login} ${path}: sent home`).toHaveURL(exactly(home));
      else await expect.soft(page, `${login} ${path}: sent elsewhere`).not.toHaveURL(/\/home$/);
      await expect.soft(heading, `${login} ${path}: home heading`).toBeVisible({ timeout: 15_000 });
      await settle();
    }
  }
  test.info().annotations.push({
    type: 'walk',
    description: `${login} (${locale}): ${opened} routes opened in ${Date.now() - started} ms`,
  });
  expect(troubles.map((t) => `${t.path}: ${t.what}`)).toEqual([]);
}

// One test per login and language, each in its own page: the two workers share them.
test.describe.configure({ mode: 'parallel' });

// Dozens of screens, the studio ones with their editors: minutes on a loaded machine.
const MINUTES_15 = 900_000;

for (const [login, roles] of Object.entries(DEMO_LOGINS)) {
  test(`${login}: every route opens in Russian, fits, and fails no call — or sends them home`, async ({
    page,
  }) => {
    test.setTimeout(MINUTES_15);
    await walk(page, login, roles, 'ru');
  });
}

// Admin opens every route; the designer sees the studio screens as a designer.
for (const login of ['admin', 'designer']) {
  test(`${login} in English: every route opens in English, fits, and fails no call — or sends them home`, async ({
    page,
  }) => {
    test.setTimeout(MINUTES_15);
    await walk(page, login, DEMO_LOGINS[login]!, 'en');
  });
}
