import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { siteConfigs, artifactHelpers } from './artifacts-fixtures.ts';

/** The little of jsdom's API used here (the package ships no types). */
interface JsdomModule {
  JSDOM: {
    fromURL(
      url: string,
      options: {
        virtualConsole: unknown;
        runScripts: 'dangerously';
        resources: 'usable';
        pretendToBeVisual: boolean;
        beforeParse(window: Window): void;
      },
    ): Promise<{ window: Window & typeof globalThis }>;
  };
  VirtualConsole: new () => {
    on(event: string, listener: (...args: never[]) => void): void;
  };
}
const jsdomModule = 'jsdom';
const { JSDOM, VirtualConsole } = (await import(jsdomModule)) as JsdomModule;
describe.each(DATABASES)('artifacts, /cdn and rollback on %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
    apiKey = await apiKeyOf(server.database, 1);
  });
  afterAll(() => server.close());

  const { publish, get } = artifactHelpers(() => ({ server, apiKey }));

  /** Opens /cdn/1/demo.html in jsdom against the listening server, runs `check`, closes it. */
  async function onMerchantPage(
    check: (page: {
      window: Window & typeof globalThis;
      address: string;
      errors: unknown[];
      until(condition: () => boolean): Promise<boolean>;
    }) => Promise<void>,
  ): Promise<void> {
    const address = server.app.server.listening
      ? `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`
      : await server.app.listen({ port: 0, host: '127.0.0.1' });
    const errors: unknown[] = [];
    const inFlight = new Set<Promise<Response>>();
    const virtualConsole = new VirtualConsole();
    virtualConsole.on('error', (...args: unknown[]) => errors.push(args));
    virtualConsole.on('warn', (...args: unknown[]) => errors.push(args));
    virtualConsole.on('jsdomError', (error: Error) => errors.push(error.message));
    const dom = await JSDOM.fromURL(`${address}/cdn/1/demo.html`, {
      virtualConsole,
      runScripts: 'dangerously',
      resources: 'usable',
      pretendToBeVisual: true,
      beforeParse(window) {
        // the widgets' /public calls go to the listening server; tracked so none outlives the test
        (window as unknown as { fetch: typeof fetch }).fetch = (input, init) => {
          const request = fetch(input, init);
          inFlight.add(request);
          void request.catch(() => undefined).finally(() => inFlight.delete(request));
          return request;
        };
        window.addEventListener('error', (event: ErrorEvent) => errors.push(event.error));
      },
    });
    const until = async (condition: () => boolean, ms = 15_000) => {
      const end = Date.now() + ms;
      while (!condition() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      return condition();
    };
    try {
      const site = () =>
        (dom.window as unknown as { digi?: { site?: { ready: Promise<void> } } }).digi?.site;
      expect(await until(() => site() !== undefined)).toBe(true);
      await site()!.ready;
      await check({ window: dom.window, address, errors, until });
    } finally {
      dom.window.close();
      await Promise.allSettled([...inFlight]);
    }
  }

  it('the sandboxed demo page keeps its shopper in one session across pages, and a product page has the product block’s place', async () => {
    const first = await get('/cdn/1/demo.html?product=P1');
    const cookie = first.cookies.find((c) => c.name === 'vitrina_demo_session');
    expect(cookie).toMatchObject({ path: '/cdn/1/', httpOnly: true, sameSite: 'Lax' });
    const session = cookie!.value;
    expect(first.body).toContain(
      `<main data-digi-session-id="${session}" data-digi-product-id="P1">`,
    );
    expect(first.body).toContain('<section id="product-recommendations"');
    // the next page, with the cookie the browser keeps: the same session
    const next = await get('/cdn/1/demo.html', { cookie: `vitrina_demo_session=${session}` });
    expect(next.body).toContain(`<main data-digi-session-id="${session}">`);
    expect(next.body).not.toContain('product-recommendations');
    // another shopper (no cookie, or one no session id can be): a session of their own
    const other = await get('/cdn/1/demo.html', { cookie: 'vitrina_demo_session="><script>' });
    expect(other.body).not.toContain(session);
    expect(other.body).not.toContain('"><script>');
  });

  it('the merchant page, with only the loader, gets the production search widgets mounted', async () => {
    await importFeed(server.database, 1, await demoFeedUrl({ offers: 120 }));
    const published = await publish(
      siteConfigs({
        autocomplete: { selectors: { input: '#search-input', submit: '#search-submit' } },
      }),
    );
    expect(published.manifest.runtime).toMatch(/-search$/);
    const page = await get('/cdn/1/demo.html');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<script src="/cdn/1/digi.js"></script>');
    expect(page.body.match(/<script/g)).toHaveLength(1);

    await onMerchantPage(async ({ window, address, errors, until }) => {
      expect(errors).toEqual([]);
      const doc = window.document;
      expect(doc.querySelector('link[rel=stylesheet]')?.getAttribute('href')).toBe(
        `${address}${published.urls.css}`,
      );
      const input = doc.getElementById('search-input') as HTMLInputElement;
      expect(input.getAttribute('role')).toBe('combobox');
      // (two shields repeat the id: find the widgets by class, then check the shield around them)
      const ac = doc.querySelector('header .digi-autocomplete');
      expect(ac?.parentElement?.id).toBe('digi-shield');
      const is = doc.querySelector('#search-results .digi-instant-search');
      expect(is?.parentElement?.id).toBe('digi-shield');

      input.value = 'курт';
      input.dispatchEvent(new window.Event('input', { bubbles: true }));
      expect(
        await until(() => doc.querySelectorAll('.digi-autocomplete__item--product').length > 0),
      ).toBe(true);

      // the site's search button sends the typed query to the instant search on the page
      const results = doc.getElementById('search-results')!;
      const header = () => results.querySelector('.digi-instant-search__total')?.textContent ?? '';
      expect(header()).not.toContain('куртка');
      input.value = 'куртка';
      doc.getElementById('search-submit')!.click();
      expect(await until(() => header().includes('«куртка»'))).toBe(true);
      // the list re-renders after its own delay (500 ms against the header's 200 ms)
      const names = () =>
        [...results.querySelectorAll('.digi-card__name')].map((a) => a.textContent ?? '');
      expect(await until(() => names().some((name) => /куртк/i.test(name)))).toBe(true);
      expect(window.location.pathname).toBe('/cdn/1/demo.html'); // the form was not submitted
    });
  });

  it('a recommendation block mounts at its placement in the full runtime and runs its part script', async () => {
    const published = await publish(
      siteConfigs({
        // every visitor is in the first group (no autocomplete), none in the second
        mvt: [
          { name: 'no-autocomplete', enabled: true, action: 'DISABLE_AUTOCOMPLETE', share: 100 },
          { name: 'no-search', enabled: true, action: 'DISABLE_IS', share: 0 },
          { name: 'off', enabled: false, action: 'DISABLE_IS', share: 100 },
        ],
        recommendationBlocks: [
          {
            configId: 3,
            name: 'Хиты',
            // no placement: the wrapper function finds the element, the insert function adds the slot
            getWrapperContainerFunction: "return document.getElementById('recommendations');",
            insertFunction: 'placement.appendChild(element);',
            enabledDesktop: true,
            lazyLoad: false,
            strategy: 'popular',
            message: 'Хиты продаж',
            customSettings: { widgetType: 'INFINITY_LIST' },
            htmlTemplate: {
              common: { html: '', script: "element.setAttribute('data-rendered', part);" },
            },
          },
        ],
      }),
    );
    expect(published.manifest.runtime).toMatch(/-full$/);
    await onMerchantPage(async ({ window, errors, until }) => {
      expect(errors).toEqual([]);
      const doc = window.document;
      const placement = doc.getElementById('recommendations')!;
      const block = placement.querySelector<HTMLElement>(':scope > .digi-recommendations-slot')!;
      expect(block).not.toBeNull();
      expect(await until(() => block.querySelectorAll('.digi-card').length > 0)).toBe(true);
      expect(block.textContent).toContain('Хиты продаж');
      expect(block.getAttribute('data-rendered')).toBe('common');
      // the MVT group switches the autocomplete off: the site's input is left alone
      expect(doc.getElementById('search-input')!.getAttribute('role')).toBeNull();
      expect(doc.querySelector('#search-results .digi-instant-search')).not.toBeNull();
      const site = (window as unknown as { digi: { site: { mvtGroups: string[] } } }).digi.site;
      expect(site.mvtGroups).toEqual(['no-autocomplete']);
    });
  });
});
