/**
 * The tracking config's URL patterns follow spec part 1 §5 ("URL pattern rule: matches any
 * non-letter character"): the save call refuses a pattern of letters alone or an empty one with a
 * 400 on the pattern's field and stores nothing; a pattern by the rule is saved trimmed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configVersionsRoute, saveTrackingConfigRoute } from '#contract/routes/configs.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';

/** Site 2 (the disabled demo site) starts with no configs; staff are attached to it. */
const SITE = 2;

describe.each(DATABASES)('tracking URL patterns on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('refuses patterns of letters alone (400 on the field) and saves those by the rule', async () => {
    const admin = await server.as('admin');
    const versions = () =>
      admin.call(configVersionsRoute, { params: { id: SITE, kind: 'tracking' }, query: {} });
    const before = (await versions()).length;
    for (const urlPattern of ['product', 'Каталог', '', '   ']) {
      const refused = await failure(
        admin.call(saveTrackingConfigRoute, {
          query: { siteId: SITE },
          body: {
            baseVersionId: null,
            pageTypes: [
              { pageType: 'HOME_PAGE', urlPattern: '/' },
              { pageType: 'PRODUCT', urlPattern },
            ],
          },
        }),
      );
      expect(refused.status, urlPattern).toBe(400);
      expect(
        refused.issues?.map((issue) => issue.path.join('.')),
        urlPattern,
      ).toEqual(['body.pageTypes.1.urlPattern']);
    }
    const lettersOnly = await failure(
      admin.call(saveTrackingConfigRoute, {
        query: { siteId: SITE },
        body: { baseVersionId: null, pageTypes: [{ pageType: 'PRODUCT', urlPattern: 'item' }] },
      }),
    );
    expect(lettersOnly.issues?.[0]?.message).toBe(
      'A URL pattern needs a character that is not a letter, such as / or .',
    );
    expect(await versions()).toHaveLength(before);

    const saved = await admin.call(saveTrackingConfigRoute, {
      query: { siteId: SITE },
      body: {
        baseVersionId: null,
        pageTypes: [
          { pageType: 'PRODUCT', urlPattern: ' /product/ ' },
          { pageType: 'CATEGORY', urlPattern: '/каталог/' },
        ],
      },
    });
    expect(saved.config.pageTypes).toEqual([
      { pageType: 'PRODUCT', urlPattern: '/product/' },
      { pageType: 'CATEGORY', urlPattern: '/каталог/' },
    ]);
    expect(await versions()).toHaveLength(before + 1);
  });
});
