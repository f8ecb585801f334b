/**
 * Saved templates read the product in AnyQuery's field names after migration 0040: a template
 * stored with the old names (`{{url}}`, `{{picture}}`) renders a real search answer's product.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { searchResponse } from '#contract/public/search.ts';
import { configVersions } from '#server/platform/db/schema.ts';
import { appendVersion } from '#server/configs/repository.ts';
import { compileTemplate } from '#storefront/build/compile-template.ts';
import { bindTemplate } from '#storefront/runtime/templates.ts';
import { cardView } from '#storefront/runtime/product-view.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';

const SITE = 2;
const OLD_CARD = [
  '<a class="card" href="{{url}}">{{#if picture}}<img src="{{ picture }}">{{/if}}{{name}}</a>',
  '<span class="price">{{formatPrice price currency}}</span>',
  '<a class="site" href="{{allUrl}}">{{urls}}</a>',
].join('');
const OLD_AUTOCOMPLETE = '{{#if product.picture}}<img src="{{product.picture}}">{{/if}}';
const OLD_FACET_VALUES =
  '{{#each values}}<input data-digi-value="{{value}}"{{#unless count}} disabled{{/unless}}>{{label}} {{count}}{{/each}}';
const OLD_SLIDER = '<input min="{{facet.min}}" max="{{ facet.max }}" value="{{low}}">';

describe.each(DATABASES)('migration 0040 (template field names) on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
    await importFeed(server.database, 1, await demoFeedUrl({ offers: 60 }));
  });
  afterAll(() => server.close());

  it('rewrites every stored version, and the rewritten template renders a real product', async () => {
    const copy = { siteId: SITE, kind: 'instant-search' as const, key: 0, test: true };
    let base: number | null = null;
    for (const html of [OLD_CARD, `${OLD_CARD}<!-- v2 -->`])
      ({ id: base } = await appendVersion(server.database.db, {
        copy,
        data: {
          htmlTemplate: {
            productItem: html,
            autocomplete: OLD_AUTOCOMPLETE,
            facetCommon: OLD_FACET_VALUES,
            facetSlider: OLD_SLIDER,
            facets: '{{#each facets}}<div class="f--{{type}}"></div>{{/each}}',
          },
        },
        author: 'seed',
        baseVersionId: base,
      }));
    const text = readFileSync(
      new URL(
        '../../../server/platform/db/migrations/0040_anyquery_template_fields.sql',
        import.meta.url,
      ),
      'utf8',
    );
    for (const statement of text.split('--> statement-breakpoint'))
      await server.database.db.execute(sql.raw(statement));
    const rows = await server.database.db
      .select()
      .from(configVersions)
      .where(and(eq(configVersions.siteId, SITE), eq(configVersions.kind, 'instant-search')));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const template = (row.data as { htmlTemplate: Record<string, string> }).htmlTemplate;
      expect(template.productItem).toContain('href="{{link_url}}"');
      expect(template.productItem).toContain('{{#if image_url}}<img src="{{ image_url }}">');
      // Other names that only contain the old ones are left alone.
      expect(template.productItem).toContain('{{allUrl}}');
      expect(template.productItem).toContain('{{urls}}');
      expect(template.autocomplete).toBe(
        '{{#if product.image_url}}<img src="{{product.image_url}}">{{/if}}',
      );
      // Facet parts: a value's filter value is `id`, its count `value` (in that order).
      expect(template.facetCommon).toBe(
        '{{#each values}}<input data-digi-value="{{id}}"{{#unless value}} disabled{{/unless}}>{{label}} {{value}}{{/each}}',
      );
      expect(template.facetSlider).toBe('<input min="{{min}}" max="{{ max }}" value="{{low}}">');
      expect(template.facets).toBe('{{#each facets}}<div class="f--{{dataType}}"></div>{{/each}}');
    }

    const apiKey = await apiKeyOf(server.database, 1);
    const answer = await server.app.inject({
      url: `/public/search?${new URLSearchParams({ apiKey, st: 'платье', size: '1' })}`,
    });
    const product = searchResponse.parse(answer.json()).products[0]!;
    const compiled = compileTemplate(
      (rows[0]!.data as { htmlTemplate: Record<string, string> }).htmlTemplate.productItem!,
    );
    if (!compiled.ok) throw new Error(compiled.detail);
    const spec = new Function(`return ${compiled.code}`)() as object;
    const html = bindTemplate(spec)(cardView(product));
    expect(html).toContain(`href="${product.link_url}"`);
    if (product.image_url) expect(html).toContain(`<img src="${product.image_url}">`);
    // The price string is shown in the site's format, not as the wire's decimal.
    expect(html).toMatch(/<span class="price">[\d\s\u00a0]+₽<\/span>/);
  });
});
