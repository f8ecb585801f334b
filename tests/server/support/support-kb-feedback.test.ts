/**
 * Support on both databases: the knowledge base (seeded guides, search in both languages,
 * staff-only edits, audited), knowledge-base sections (staff add, rename, order and delete empty
 * ones, audited) and internal feedback (staff only, screenshot checks, the outbox e-mail in the
 * same transaction).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createKbSectionRoute,
  deleteKbArticleRoute,
  deleteKbSectionRoute,
  feedbackScreenshotRoute,
  getKbArticleRoute,
  listFeedbackRoute,
  listKbRoute,
  listKbSectionsRoute,
  orderKbSectionsRoute,
  renameKbSectionRoute,
  saveKbArticleRoute,
  setFeedbackStatusRoute,
} from '#contract/routes/support.ts';
import {
  auditLog,
  internalFeedback,
  kbArticles,
  kbSections,
  mailOutbox,
} from '#server/platform/db/schema.ts';
import { DATABASES, failure, type TestClient, type TestServer } from '#tests/helpers/server.ts';
import { PNG, SITE, sendFeedback, startSupportServer } from './support-fixtures.ts';

describe.each(DATABASES)('support on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let client: TestClient;
  let manager: TestClient;
  let superuser: TestClient;

  beforeAll(async () => {
    ({ server, admin, client, manager, superuser } = await startSupportServer(kind));
  });
  afterAll(() => server.close());

  describe('knowledge base', () => {
    it('is seeded with the product guides, by section, in Russian and in English', async () => {
      const ru = await client.call(listKbRoute, { query: { language: 'ru' } });
      expect(ru.map((s) => s.title)).toEqual([
        'Начало работы',
        'Каталог и фиды',
        'Трекинг и отчёты',
        'Витрина и дизайн',
      ]);
      const titles = ru.flatMap((s) => s.articles.map((a) => a.title));
      expect(titles).toEqual([
        'Установка загрузчика на сайт магазина',
        'Выкладка в продакшен',
        'Форматы фидов',
        'События трекинга',
        'Шаблоны и дизайн-токены',
      ]);
      const en = await client.call(listKbRoute, { query: { language: 'en' } });
      expect(en[0]!.articles.map((a) => [a.title, a.language])).toEqual([
        ['Installing the loader on a shop', 'en'],
        ['Promotion to production', 'en'],
      ]);
      const article = await client.call(getKbArticleRoute, {
        query: { slug: 'install-loader', language: 'ru' },
      });
      expect(article.body).toContain('/cdn/{siteId}/digi.js');
    });

    it('searches server-side with stemming and prefixes, and marks the passage', async () => {
      // «фидов» and «фиды» share a stem; «загрузч» is a prefix of «загрузчик».
      const feeds = await client.call(listKbRoute, { query: { language: 'ru', search: 'фиды' } });
      expect(feeds.flatMap((s) => s.articles.map((a) => a.slug))[0]).toBe('feed-formats');
      const loader = await client.call(listKbRoute, {
        query: { language: 'ru', search: 'загрузч' },
      });
      const hit = loader.flatMap((s) => s.articles).find((a) => a.slug === 'install-loader');
      expect(hit?.snippet).toMatch(/\uE000[^\uE001]*\uE001/);
      const events = await client.call(listKbRoute, {
        query: { language: 'en', search: 'ORDER revenue' },
      });
      expect(events.flatMap((s) => s.articles.map((a) => a.slug))).toEqual(['tracking-events']);
      const none = await client.call(listKbRoute, {
        query: { language: 'ru', search: 'абракадабра' },
      });
      expect(none).toEqual([]);
      // to_tsquery syntax in the search is only text.
      const odd = await client.call(listKbRoute, { query: { language: 'ru', search: "'&|!:*(" } });
      expect(odd).toEqual([]);
    });

    it('lets staff edit articles (audited), refuses clients and other roles', async () => {
      const [section] = await admin.call(listKbRoute, { query: { language: 'ru' } });
      const body = {
        sectionId: section!.id,
        slug: 'two-factor',
        language: 'ru' as const,
        title: 'Двухфакторный вход',
        body: 'Включите **одноразовые коды** в профиле.',
      };
      expect((await failure(client.call(saveKbArticleRoute, { body }))).status).toBe(403);
      expect((await failure(manager.call(saveKbArticleRoute, { body }))).status).toBe(403);
      const saved = await admin.call(saveKbArticleRoute, { body });
      expect(saved.updatedBy).toBe('admin');
      const found = await client.call(listKbRoute, {
        query: { language: 'ru', search: 'одноразовых кодов' },
      });
      expect(found.flatMap((s) => s.articles.map((a) => a.slug))).toEqual(['two-factor']);
      // Without an English version the English list shows the Russian one.
      const en = await client.call(listKbRoute, { query: { language: 'en' } });
      expect(en[0]!.articles.find((a) => a.slug === 'two-factor')?.language).toBe('ru');
      const audit = await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'kb-article'), eq(auditLog.entityId, 'two-factor:ru')));
      expect(audit.map((a) => a.action)).toEqual(['create']);
      expect(
        (await failure(admin.call(saveKbArticleRoute, { body: { ...body, sectionId: 99999 } })))
          .status,
      ).toBe(400);
      expect(
        (await failure(client.call(deleteKbArticleRoute, { query: { id: saved.id } }))).status,
      ).toBe(403);
      await admin.call(deleteKbArticleRoute, { query: { id: saved.id } });
      expect(
        (
          await failure(
            client.call(getKbArticleRoute, { query: { slug: 'two-factor', language: 'ru' } }),
          )
        ).status,
      ).toBe(404);
    });

    it('lets staff add, rename and order sections (audited); clients and other roles get 403', async () => {
      const input = { slug: 'billing', titleRu: 'Оплата', titleEn: 'Billing' };
      for (const caller of [client, manager]) {
        expect((await failure(caller.call(listKbSectionsRoute, {}))).status).toBe(403);
        expect((await failure(caller.call(createKbSectionRoute, { body: input }))).status).toBe(
          403,
        );
      }
      const created = await superuser.call(createKbSectionRoute, { body: input });
      expect(created).toMatchObject({ ...input, articleCount: 0 });
      const listed = await admin.call(listKbSectionsRoute, {});
      expect(listed.map((s) => s.slug)).toEqual([
        'getting-started',
        'catalog',
        'analytics',
        'storefront',
        'billing',
      ]);
      expect(listed.find((s) => s.slug === 'catalog')!.articleCount).toBe(1);
      // A slug in use: 409; a slug that is not one: 400; nothing added.
      const taken = await failure(admin.call(createKbSectionRoute, { body: input }));
      expect([taken.status, taken.message]).toEqual([
        409,
        'A knowledge-base section "billing" already exists',
      ]);
      expect(
        (await failure(admin.call(createKbSectionRoute, { body: { ...input, slug: 'Счета' } })))
          .status,
      ).toBe(400);
      expect(await admin.call(listKbSectionsRoute, {})).toHaveLength(5);

      const renamed = await admin.call(renameKbSectionRoute, {
        query: { id: created.id },
        body: { titleRu: 'Оплата и счета', titleEn: 'Billing and invoices' },
      });
      expect(renamed).toMatchObject({ slug: 'billing', titleRu: 'Оплата и счета' });
      expect(
        (
          await failure(
            manager.call(renameKbSectionRoute, {
              query: { id: created.id },
              body: { titleRu: 'x', titleEn: 'x' },
            }),
          )
        ).status,
      ).toBe(403);
      expect(
        (
          await failure(
            admin.call(renameKbSectionRoute, {
              query: { id: 99999 },
              body: { titleRu: 'x', titleEn: 'x' },
            }),
          )
        ).status,
      ).toBe(404);

      // The new order is the menu's, in both languages.
      const ids = listed.map((s) => s.id);
      const order = [created.id, ...ids.filter((id) => id !== created.id)];
      expect(
        (await failure(client.call(orderKbSectionsRoute, { body: { ids: order } }))).status,
      ).toBe(403);
      const ordered = await admin.call(orderKbSectionsRoute, { body: { ids: order } });
      expect(ordered.map((s) => s.id)).toEqual(order);
      const ru = await client.call(listKbRoute, { query: { language: 'ru' } });
      expect(ru.map((s) => s.title).slice(0, 2)).toEqual(['Оплата и счета', 'Начало работы']);
      const en = await client.call(listKbRoute, { query: { language: 'en' } });
      expect(en[0]!.title).toBe('Billing and invoices');
      // A list missing a section (added or deleted meanwhile) is stale: 409; one twice: 400.
      const stale = await failure(
        admin.call(orderKbSectionsRoute, { body: { ids: order.slice(1) } }),
      );
      expect(stale.status).toBe(409);
      expect(
        (
          await failure(
            admin.call(orderKbSectionsRoute, { body: { ids: [...order.slice(1), order[1]!] } }),
          )
        ).status,
      ).toBe(400);
      expect((await admin.call(listKbSectionsRoute, {})).map((s) => s.id)).toEqual(order);
      // Back to the seeded order for the tests after.
      await admin.call(orderKbSectionsRoute, { body: { ids } });

      const audit = await server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity, 'kb-section'));
      expect(audit.map((a) => [a.actor, a.action, a.entityId])).toEqual([
        ['superuser', 'create', 'billing'],
        ['admin', 'update', 'billing'],
        ['admin', 'reorder', 'order'],
        ['admin', 'reorder', 'order'],
      ]);
      expect(audit[1]!.before).toMatchObject({ titleRu: 'Оплата' });
      expect(audit[1]!.after).toMatchObject({ titleRu: 'Оплата и счета' });
    });

    it('deletes only an empty section: one with articles is 409 with nothing deleted', async () => {
      const sections = await admin.call(listKbSectionsRoute, {});
      const catalog = sections.find((s) => s.slug === 'catalog')!;
      const billing = sections.find((s) => s.slug === 'billing')!;
      expect(
        (await failure(client.call(deleteKbSectionRoute, { query: { id: billing.id } }))).status,
      ).toBe(403);
      const full = await failure(admin.call(deleteKbSectionRoute, { query: { id: catalog.id } }));
      expect([full.status, full.message]).toEqual([
        409,
        'The knowledge-base section "catalog" is not empty: it holds 1 article(s); move them to another section or delete them first',
      ]);
      const rows = await server.database.db
        .select()
        .from(kbArticles)
        .where(eq(kbArticles.sectionId, catalog.id));
      expect(rows.map((r) => r.slug)).toEqual(['feed-formats', 'feed-formats']);
      // The database refuses too (no cascade deleting the articles with their section).
      await expect(
        server.database.db.delete(kbSections).where(eq(kbSections.id, catalog.id)),
      ).rejects.toThrow();

      // A section holding an article (one language is enough) is refused; moved away, it goes.
      const saved = await admin.call(saveKbArticleRoute, {
        body: {
          sectionId: billing.id,
          slug: 'guide-billing',
          language: 'ru',
          title: 'Счета',
          body: 'Счета приходят первого числа.',
        },
      });
      expect(
        (await failure(admin.call(deleteKbSectionRoute, { query: { id: billing.id } }))).status,
      ).toBe(409);
      await admin.call(saveKbArticleRoute, {
        body: {
          sectionId: catalog.id,
          slug: 'guide-billing',
          language: 'ru',
          title: 'Счета',
          body: 'Счета приходят первого числа.',
        },
      });
      await admin.call(deleteKbSectionRoute, { query: { id: billing.id } });
      expect((await admin.call(listKbSectionsRoute, {})).map((s) => s.slug)).not.toContain(
        'billing',
      );
      expect(
        (await failure(admin.call(deleteKbSectionRoute, { query: { id: billing.id } }))).status,
      ).toBe(404);
      await admin.call(deleteKbArticleRoute, { query: { id: saved.id } });
      const audit = await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'kb-section'), eq(auditLog.action, 'delete')));
      expect(audit.map((a) => [a.entityId, (a.before as { titleRu: string }).titleRu])).toEqual([
        ['billing', 'Оплата и счета'],
      ]);
    });
  });

  describe('internal feedback', () => {
    it('is refused to client users (403) and writes nothing', async () => {
      const answer = await sendFeedback(client, { text: 'Хочу тёмную тему', area: 'ux' });
      expect(answer.statusCode).toBe(403);
      expect(
        (await failure(client.call(listFeedbackRoute, { query: { siteId: SITE } }))).status,
      ).toBe(403);
      const rows = await server.database.db.select().from(internalFeedback);
      expect(rows).toEqual([]);
    });

    it('stores the feedback with its screenshot and queues the e-mail in one transaction', async () => {
      const answer = await sendFeedback(
        admin,
        { text: 'Отчёт по запросам грузится долго', area: 'reports' },
        { name: 'shot.png', bytes: PNG },
      );
      expect(answer.statusCode).toBe(200);
      const created = answer.json() as { id: number; status: string; hasScreenshot: boolean };
      expect(created).toMatchObject({ status: 'new', hasScreenshot: true });
      const mail = await server.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.siteId, SITE), eq(mailOutbox.kind, 'internal-feedback')));
      expect(mail).toHaveLength(1);
      expect(mail[0]!.recipient).toBe('admin@vitrina.example');
      expect(mail[0]!.body).toContain('Отчёт по запросам грузится долго');
      expect(mail[0]!.subject).toContain('reports');
      const shot = await admin.call(feedbackScreenshotRoute, {
        query: { siteId: SITE, id: created.id },
      });
      expect(shot).toEqual({ mediaType: 'image/png', data: PNG.toString('base64') });

      const moved = await admin.call(setFeedbackStatusRoute, {
        query: { siteId: SITE, id: created.id },
        body: { status: 'in_progress' },
      });
      expect(moved.status).toBe('in_progress');
      const list = await admin.call(listFeedbackRoute, {
        query: { siteId: SITE, status: 'in_progress' },
      });
      expect(list.map((f) => f.id)).toEqual([created.id]);
      const audit = await server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity, 'internal-feedback'));
      expect(audit.map((a) => a.action).sort()).toEqual(['create', 'status']);
    });

    it('refuses a bad form, a non-image and an oversized screenshot with nothing written', async () => {
      const before = (await server.database.db.select().from(internalFeedback)).length;
      const mails = (await server.database.db.select().from(mailOutbox)).length;
      expect((await sendFeedback(admin, { text: '', area: 'reports' })).statusCode).toBe(400);
      expect((await sendFeedback(admin, { text: 'x', area: 'kitchen' })).statusCode).toBe(400);
      const fake = await sendFeedback(
        admin,
        { text: 'x', area: 'other' },
        { name: 'shot.png', bytes: Buffer.from('<svg onload=alert(1)>') },
      );
      expect(fake.statusCode).toBe(415);
      const big = Buffer.concat([PNG, Buffer.alloc(5000)]);
      const tooBig = await sendFeedback(
        admin,
        { text: 'x', area: 'other' },
        { name: 'big.png', bytes: big },
      );
      expect(tooBig.statusCode).toBe(413);
      expect((await server.database.db.select().from(internalFeedback)).length).toBe(before);
      expect((await server.database.db.select().from(mailOutbox)).length).toBe(mails);
    });
  });
});
