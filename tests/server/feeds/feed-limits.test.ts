// Hostile feeds: a gzip bomb, a huge field, too many offers, entity
// declarations, invalid UTF-8 and refused encodings each fail with a clear message and leave the
// live catalog and no staged rows.
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { importYml, openFeed } from '#server/feeds/intake/yml-import.ts';
import { catalogCategories, catalogImports, catalogOffers } from '#server/platform/db/schema.ts';
import { AllowList } from '#server/platform/net/addresses.ts';
import {
  demoFeedUrl,
  feedDir,
  feedPolicy,
  liveCatalog,
  offerXml,
  ymlDocument,
} from '#tests/helpers/catalog.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';

const CATEGORIES = `<category id="1">Одежда</category><category id="2" parentId="1">Платья</category><category id="3" parentId="2">Вечерние</category>`;

let counter = 0;
/** Writes raw bytes as a feed file under the feeds' DATA_DIR. */
function bytesUrl(bytes: Buffer): string {
  const path = join(feedDir, `hostile-${++counter}.yml`);
  writeFileSync(path, bytes);
  return pathToFileURL(path).href;
}

let http: Server;
let port = 0;
beforeAll(async () => {
  // A 20 MB feed that gzips to about 20 KB: a bomb for a 1 MB cap.
  const bomb = gzipSync(
    Buffer.from(
      ymlDocument({
        categories: CATEGORIES,
        offers: offerXml({ id: 'g1', category: '3' }) + ' '.repeat(20 * 1024 * 1024),
      }),
    ),
  );
  http = createServer((_request, response) => {
    response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/xml' });
    response.end(bomb);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  port = (http.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

describe.each(DATABASES)('hostile feeds on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
    await importYmlFrom(await demoFeedUrl({ offers: 50 }));
  });
  afterAll(() => server.close());

  async function importYmlFrom(url: string, limits = { maxFieldChars: 100_000, maxOffers: 1000 }) {
    return importYml(server.database.db, {
      siteId: 2,
      source: await openFeed(url, { policy: feedPolicy, maxBytes: 1024 * 1024 }),
      limits,
    });
  }

  /** The import fails with this message; the live catalog and its rows stay, nothing is staged. */
  async function refused(run: () => Promise<unknown>, code: string, message: RegExp) {
    const before = await liveCatalog(server.database, 2);
    const error = (await run().then(
      () => null,
      (e: unknown) => e,
    )) as { code?: string; message?: string } | null;
    expect(error, 'the import should fail').not.toBeNull();
    expect(error).toMatchObject({ code, message: expect.stringMatching(message) });
    expect(await liveCatalog(server.database, 2)).toEqual(before);
    const staged = await server.database.db
      .select()
      .from(catalogImports)
      .where(and(eq(catalogImports.siteId, 2), ne(catalogImports.state, 'live')));
    expect(staged).toEqual([]);
  }

  it('stops a gzip bomb at the decompressed size cap', async () => {
    const policy = { ...feedPolicy, allowHosts: new AllowList(['127.0.0.1']) };
    await refused(
      async () =>
        importYml(server.database.db, {
          siteId: 2,
          source: await openFeed(`http://127.0.0.1:${port}/feed.xml`, {
            policy,
            maxBytes: 1024 * 1024,
          }),
        }),
      'too-large',
      /^The response is larger than the limit of 1 MB$/,
    );
  });

  it('refuses a field over FEED_MAX_FIELD_CHARS and a feed over FEED_MAX_OFFERS', async () => {
    const longName = 'Платье '.repeat(20_000); // 140 000 characters
    await refused(
      () =>
        importYmlFrom(
          bytesUrl(
            Buffer.from(
              ymlDocument({
                categories: CATEGORIES,
                offers: offerXml({ id: 'l1', category: '3', name: longName }),
              }),
            ),
          ),
        ),
      'field-too-long',
      /<name> holds more than 100000 characters \(FEED_MAX_FIELD_CHARS\)$/,
    );
    const offers = Array.from({ length: 12 }, (_, i) => offerXml({ id: `o${i}`, category: '3' }));
    await refused(
      () =>
        importYmlFrom(
          bytesUrl(Buffer.from(ymlDocument({ categories: CATEGORIES, offers: offers.join('') }))),
          { maxFieldChars: 100_000, maxOffers: 10 },
        ),
      'too-many-offers',
      /^The feed has more than 10 offers \(max offers count exceeded/,
    );
  });

  it.each([
    ['a text node', '<name>', 'x', '</name>'],
    ['a CDATA section of markup characters', '<description><![CDATA[', '<>', ']]></description>'],
    ['a comment', '<!--', 'x', '-->'],
    ['an attribute value', '<param name="', 'x', '">1</param>'],
  ])(
    'stops %s over the cap while streaming, long before the end of the feed',
    async (_what, open, filler, close) => {
      // 32 MB of one unfinished token: the cap must hold while it streams, not once it is whole.
      const chunk = Buffer.from(filler.repeat(65_536 / filler.length));
      const total = 512;
      let sent = 0;
      const head = ymlDocument({
        categories: CATEGORIES,
        offers: `<offer id="big" available="true"><url>https://test.example/p/big</url><price>1</price><categoryId>3</categoryId>${open}`,
      }).split('</offers>')[0]!;
      const source = {
        size: 0,
        body: (async function* () {
          yield Buffer.from(head);
          for (; sent < total; sent += 1) yield chunk;
          yield Buffer.from(`${close}<name>x</name></offer></offers></shop></yml_catalog>`);
        })(),
      };
      await refused(
        () =>
          importYml(server.database.db, {
            siteId: 2,
            source,
            limits: { maxFieldChars: 100_000, maxOffers: 10 },
          }),
        'field-too-long',
        /holds more than 100000 characters \(FEED_MAX_FIELD_CHARS\)$/,
      );
      // the cap is 100 000 characters (1.6 M raw with character references): a few 64 KB chunks past it
      expect(sent * chunk.byteLength).toBeLessThan(3 * 1024 * 1024);
    },
  );

  it('refuses entity declarations and undefined entities; a plain DOCTYPE line is fine', async () => {
    const laughs = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE yml_catalog [<!ENTITY a "hahahahaha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<yml_catalog><shop><name>&b;</name></shop></yml_catalog>`;
    await refused(
      () => importYmlFrom(bytesUrl(Buffer.from(laughs))),
      'doctype',
      /DOCTYPE with declarations: XML entities are not accepted/,
    );
    const undefinedEntity = ymlDocument({
      categories: CATEGORIES,
      offers: offerXml({ id: 'e1', category: '3', name: 'Платье &xxe;' }),
    });
    await refused(
      () => importYmlFrom(bytesUrl(Buffer.from(undefinedEntity))),
      'invalid-xml',
      /^The feed is not valid XML: .*undefined entity/i,
    );
    const plain = ymlDocument({
      categories: CATEGORIES,
      offers: offerXml({ id: 'd1', category: '3' }),
    }).replace('<yml_catalog', '<!DOCTYPE yml_catalog SYSTEM "shops.dtd">\n<yml_catalog');
    const summary = await importYmlFrom(bytesUrl(Buffer.from(plain)));
    expect(summary.offers).toBe(1);
    await importYmlFrom(await demoFeedUrl({ offers: 50 }));
  });

  it('refuses offers whose link parses to a script or data URL and drops such pictures', async () => {
    const link = (id: string, url: string, pictures = '') =>
      `<offer id="${id}" available="true"><url>${url}</url><price>100</price><currencyId>RUR</currencyId><categoryId>3</categoryId><name>Платье ${id}</name>${pictures}</offer>`;
    const xml = ymlDocument({
      categories: `<category id="1" url="java&#9;script:alert(1)">Одежда</category><category id="2" parentId="1" url="https://test.example/c/2">Платья</category><category id="3" parentId="2">Вечерние</category>`,
      offers: [
        link('tab', 'java&#9;script:alert(document.cookie)'),
        link('tab-raw', 'java\tscript:alert(1)'),
        link('newline', 'java&#10;script:alert(1)'),
        link('upper', ' JAVASCRIPT:alert(1)'),
        link('html', 'data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;'),
        link(
          'ok',
          ' https://test.example/p/ok ',
          '<picture>java&#9;script:alert(1)</picture><picture>data:text/html,x</picture>' +
            '<picture>https://test.example/ok.jpg</picture><picture>data:image/png;base64,iVBOR</picture>',
        ),
        link('relative', '/p/relative'),
      ].join(''),
    });
    const summary = await importYml(server.database.db, {
      siteId: 2,
      source: await openFeed(bytesUrl(Buffer.from(xml)), { policy: feedPolicy }),
      holdShare: 1,
    });
    expect(summary).toMatchObject({ offers: 2, applied: true });
    const reasons = summary.problems.map((p) => `${p.offerId}: ${p.message}`);
    for (const id of ['tab', 'tab-raw', 'newline', 'upper', 'html'])
      expect(reasons).toContainEqual(
        expect.stringMatching(new RegExp(`^${id}: The offer url .* is not an http\\(s\\) link$`)),
      );
    expect(reasons).toContain('ok: 2 pictures are not http(s) or image data URLs: dropped');
    const live = { importId: summary.importId };
    expect(await liveCatalog(server.database, 2)).toMatchObject(live);
    const offers = await server.database.db
      .select({ id: catalogOffers.id, url: catalogOffers.url, pictures: catalogOffers.pictures })
      .from(catalogOffers)
      .where(eq(catalogOffers.importId, live.importId))
      .orderBy(catalogOffers.id);
    expect(offers).toEqual([
      {
        id: 'ok',
        url: 'https://test.example/p/ok',
        pictures: ['https://test.example/ok.jpg', 'data:image/png;base64,iVBOR'],
      },
      { id: 'relative', url: '/p/relative', pictures: [] },
    ]);
    const categories = await server.database.db
      .select({ id: catalogCategories.id, url: catalogCategories.url })
      .from(catalogCategories)
      .where(eq(catalogCategories.importId, live.importId))
      .orderBy(catalogCategories.id);
    expect(categories).toEqual([
      { id: '1', url: null },
      { id: '2', url: 'https://test.example/c/2' },
      { id: '3', url: null },
    ]);
    await importYmlFrom(await demoFeedUrl({ offers: 50 }));
  });

  it('fails on invalid UTF-8 instead of importing replacement characters', async () => {
    const xml = ymlDocument({
      categories: CATEGORIES,
      offers: offerXml({ id: 'u1', category: '3', name: 'Платье BAD' }),
    });
    const bytes = Buffer.from(xml);
    const at = bytes.indexOf('BAD');
    bytes[at] = 0xff;
    bytes[at + 1] = 0xfe;
    await refused(
      () => importYmlFrom(bytesUrl(bytes)),
      'invalid-utf8',
      /^The feed is not valid UTF-8 \(a bad byte sequence after byte \d+\)/,
    );
  });

  it('accepts only UTF-8 and windows-1251: UTF-16, UTF-7 and others are refused clearly', async () => {
    const xml = ymlDocument({
      categories: CATEGORIES,
      offers: offerXml({ id: 'x1', category: '3' }),
    });
    await refused(
      () =>
        importYmlFrom(
          bytesUrl(
            Buffer.concat([
              Buffer.from([0xff, 0xfe]),
              Buffer.from(xml.replace('UTF-8', 'UTF-16'), 'utf16le'),
            ]),
          ),
        ),
      'encoding',
      /^The feed is in UTF-16 or UTF-32: only UTF-8 and windows-1251 are accepted$/,
    );
    await refused(
      () => importYmlFrom(bytesUrl(Buffer.from(xml.replace('UTF-8', 'UTF-16'), 'utf16le'))),
      'encoding',
      /UTF-16/,
    );
    for (const declared of ['utf-7', 'UTF-16', 'koi8-r']) {
      await refused(
        () => importYmlFrom(bytesUrl(Buffer.from(xml.replace('UTF-8', declared)))),
        'encoding',
        new RegExp(
          `^The feed declares the encoding "${declared.toLowerCase()}": only UTF-8 and windows-1251 are accepted$`,
        ),
      );
    }
  });
});
