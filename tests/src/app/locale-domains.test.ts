import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import ru from '#src/locales/ru/index.ts';
import { APP_ROUTES, LAYOUT_LOCALES, MENU_SECTION_TITLES } from '#src/app/routes.ts';
import { CORE_LOCALES } from '#src/lib/i18n-domains.ts';
import { domainsNamed, relativeToRoot, sourceClosure } from './source-graph.ts';

/**
 * Each route loads its key domains with its chunk (src/app/route-objects.tsx): a key of a domain
 * nobody loaded would show raw. These checks read the sources: every domain a screen's code names
 * is loaded for it. A failure names the route and the domain to add to its `locales`.
 */
const DOMAINS = Object.keys(ru);
/** The route table (`src/app/routes.ts` and its sections in `src/app/routes/`) names every domain. */
const ROUTE_TABLE = /[\\/]src[\\/]app[\\/]routes(\.ts$|[\\/])/;

/** The page module a route's `page` imports (vitest rewrites '#src/…' to a path under /src/). */
const pageFile = (page: () => unknown) =>
  /src\/(features\/[^'"?]+\.tsx)/.exec(page.toString())![1]!;
const used = (entry: string) =>
  domainsNamed(
    [...sourceClosure(entry)].filter((file) => !ROUTE_TABLE.test(file)),
    DOMAINS,
  );
const missing = (entry: string, loaded: readonly string[]) =>
  [...used(entry)].filter((domain) => !loaded.includes(domain)).sort();

describe('key domains per route', () => {
  it('the sign-in route and the error screens need only the core domains', () => {
    for (const entry of [
      'src/main.tsx',
      'src/features/auth/login-page.tsx',
      'src/features/system/not-found-page.tsx',
    ])
      expect({ entry, missing: missing(entry, CORE_LOCALES) }).toEqual({ entry, missing: [] });
  });

  it('the signed-in frame loads what the sidebar, breadcrumbs and titles show', () => {
    const loaded: readonly string[] = [...CORE_LOCALES, ...LAYOUT_LOCALES];
    expect(missing('src/layout/dashboard-layout.tsx', loaded)).toEqual([]);
    const titles = [
      ...Object.values(MENU_SECTION_TITLES),
      ...APP_ROUTES.flatMap((route) => [route.titleKey, ...route.breadcrumbs]),
    ];
    expect(titles.filter((key) => !loaded.includes(key.split('.')[0]!))).toEqual([]);
  });

  it.each(APP_ROUTES.map((route) => [route.path, route] as const))(
    '%s loads every domain its screen names',
    (_, route) => {
      const loaded: readonly string[] = [...CORE_LOCALES, ...LAYOUT_LOCALES, ...route.locales];
      expect(missing(`src/${pageFile(route.page)}`, loaded)).toEqual([]);
    },
  );

  it('no app module bundles a whole language', () => {
    const bundles = [...sourceClosure('src/main.tsx')]
      .map(relativeToRoot)
      .filter((file) => /locales[\\/](ru|en)[\\/]index\.ts$/.test(file));
    expect(bundles).toEqual([]);
    // The checker sees through a module graph (a broken walk would pass everything above).
    expect(sourceClosure('src/main.tsx').size).toBeGreaterThan(10);
    expect(used('src/features/mvt/mvt-page.tsx').has('mvt')).toBe(true);
  });

  it('every domain is a file in both languages', () => {
    const file = (domain: string) => domain.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    for (const lang of ['ru', 'en'])
      for (const domain of DOMAINS.filter((d) => d !== 'studio'))
        expect(() => readFileSync(`src/locales/${lang}/${file(domain)}.json`)).not.toThrow();
  });
});
