import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  KbArticle,
  KbLanguage,
  KbSection,
  KbSectionAdmin,
  KbSectionInput,
  KbArticleInput,
} from '#contract/entities/support.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { containsPattern } from '../platform/db/like.ts';
import { run } from '../platform/db/sql.ts';
import { kbArticles, kbSections } from '../platform/db/schema.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { conflict, HttpError, notFound } from '../platform/http/http-error.ts';

/** Marks of the matched words in a snippet (private-use characters: never in an article). */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';

/**
 * The words of a search as a prefix tsquery (`слов:* & фид:*`): letters and digits only, so no
 * text reaches to_tsquery's syntax. Null when nothing searchable is left.
 */
export function prefixTsquery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, 10);
  return unique.length === 0 ? null : unique.map((word) => `${word}:*`).join(' & ');
}

type Row = typeof kbArticles.$inferSelect;

const firstRow = (rows: readonly { section_id: number }[], sectionId: number) =>
  rows.findIndex((row) => row.section_id === sectionId);

function toArticle(row: Omit<Row, 'search'>): KbArticle {
  return {
    id: row.id,
    slug: row.slug,
    language: row.language,
    title: row.title,
    sectionId: row.sectionId,
    body: row.body,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const articleColumns = {
  id: kbArticles.id,
  sectionId: kbArticles.sectionId,
  slug: kbArticles.slug,
  language: kbArticles.language,
  title: kbArticles.title,
  body: kbArticles.body,
  position: kbArticles.position,
  updatedBy: kbArticles.updatedBy,
  updatedAt: kbArticles.updatedAt,
};

type SectionRow = typeof kbSections.$inferSelect;
const sectionState = (row: SectionRow) => ({
  slug: row.slug,
  titleRu: row.titleRu,
  titleEn: row.titleEn,
  position: row.position,
});

export function createKnowledgeBase(db: Db) {
  /** The sections in menu order with how many articles (slugs) each holds. */
  const sections = async (tx: Db | Tx = db): Promise<KbSectionAdmin[]> => {
    const { rows } = await run<{
      id: number;
      slug: string;
      title_ru: string;
      title_en: string;
      position: number;
      article_count: number;
    }>(
      tx,
      sql`select s.id, s.slug, s.title_ru, s.title_en, s.position,
            (select count(distinct a.slug) from kb_articles a where a.section_id = s.id) as article_count
          from kb_sections s order by s.position, s.id`,
    );
    return rows.map((row) => ({
      id: Number(row.id),
      slug: row.slug,
      titleRu: row.title_ru,
      titleEn: row.title_en,
      position: Number(row.position),
      articleCount: Number(row.article_count),
    }));
  };
  const sectionById = async (tx: Db | Tx, id: number) => {
    const found = (await sections(tx)).find((section) => section.id === id);
    if (!found) throw notFound('Knowledge-base section');
    return found;
  };

  /** The rows shown in `language`: its own, and the Russian ones of slugs it has no version of. */
  const shown = (language: KbLanguage) =>
    language === 'ru'
      ? sql`a.language = 'ru'`
      : sql`(a.language = ${language} or (a.language = 'ru' and not exists (
          select 1 from kb_articles t where t.slug = a.slug and t.language = ${language})))`;

  return {
    async list(language: KbLanguage, search?: string): Promise<KbSection[]> {
      const sections = await db.select().from(kbSections).orderBy(asc(kbSections.position));
      const tsquery = search ? prefixTsquery(search) : null;
      const searching = Boolean(search && search.trim());
      // Russian rows are searched with Russian stemming, English ones with English.
      const query = sql`(case when a.language = 'en' then to_tsquery('english', ${tsquery ?? ''})
        else to_tsquery('russian', ${tsquery ?? ''}) end)`;
      const { rows } = await run<{
        id: number;
        section_id: number;
        slug: string;
        language: KbLanguage;
        title: string;
        snippet: string | null;
      }>(
        db,
        searching
          ? sql`select a.id, a.section_id, a.slug, a.language, a.title,
              ts_headline(case when a.language = 'en' then 'english'::regconfig else 'russian'::regconfig end,
                a.body, ${query},
                ${`StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, MaxFragments=1`}) as snippet
            from kb_articles a
            where ${shown(language)}
              and (${tsquery ? sql`a.search @@ ${query}` : sql`false`}
                or a.title ilike ${containsPattern(search!.trim())})
            order by ${tsquery ? sql`ts_rank(a.search, ${query}) desc,` : sql``} a.position, a.id`
          : sql`select a.id, a.section_id, a.slug, a.language, a.title, null as snippet
            from kb_articles a where ${shown(language)} order by a.position, a.id`,
      );
      return (
        sections
          .map((section) => ({
            id: section.id,
            slug: section.slug,
            title: language === 'en' ? section.titleEn : section.titleRu,
            articles: rows
              .filter((row) => row.section_id === section.id)
              .map((row) => ({
                id: Number(row.id),
                slug: row.slug,
                language: row.language,
                title: row.title,
                snippet: row.snippet,
              })),
          }))
          .filter((section) => !searching || section.articles.length > 0)
          // Searching: the section of the best match first (rows come ranked).
          .sort((a, b) => (searching ? firstRow(rows, a.id) - firstRow(rows, b.id) : 0))
      );
    },

    async get(slug: string, language: KbLanguage): Promise<KbArticle> {
      const rows = await db
        .select(articleColumns)
        .from(kbArticles)
        .where(eq(kbArticles.slug, slug));
      const row =
        rows.find((r) => r.language === language) ?? rows.find((r) => r.language === 'ru');
      if (!row) throw notFound('Article');
      return toArticle(row);
    },

    async save(input: KbArticleInput & { title: string; body: string }, actor: string) {
      return db.transaction(async (tx) => {
        // Shared lock: a section being deleted meanwhile is waited for, then not found (400).
        const [section] = await tx
          .select({ id: kbSections.id })
          .from(kbSections)
          .where(eq(kbSections.id, input.sectionId))
          .for('share');
        if (!section) throw new HttpError(400, `No knowledge-base section ${input.sectionId}`);
        const where = and(eq(kbArticles.slug, input.slug), eq(kbArticles.language, input.language));
        const [before] = await tx
          .select(articleColumns)
          .from(kbArticles)
          .where(where)
          .for('update');
        const values = {
          sectionId: input.sectionId,
          title: input.title,
          body: input.body,
          updatedBy: actor,
          updatedAt: new Date(),
        };
        const [row] = before
          ? await tx.update(kbArticles).set(values).where(where).returning(articleColumns)
          : await tx
              .insert(kbArticles)
              .values({ ...values, slug: input.slug, language: input.language, position: 1000 })
              .returning(articleColumns);
        await recordAudit(tx, {
          actor,
          action: before ? 'update' : 'create',
          entity: 'kb-article',
          entityId: `${input.slug}:${input.language}`,
          before: before
            ? { sectionId: before.sectionId, title: before.title, body: before.body }
            : null,
          after: { sectionId: input.sectionId, title: input.title, body: input.body },
        });
        return toArticle(row!);
      });
    },

    sections: () => sections(),

    async createSection(input: KbSectionInput, actor: string): Promise<KbSectionAdmin> {
      return db.transaction(async (tx) => {
        // Serialises concurrent additions so positions stay distinct.
        await tx.execute(sql`lock table kb_sections in share row exclusive mode`);
        const [last] = await tx
          .select({ position: sql<number>`coalesce(max(${kbSections.position}), -1)` })
          .from(kbSections);
        const [row] = await tx
          .insert(kbSections)
          .values({
            slug: input.slug,
            titleRu: input.titleRu,
            titleEn: input.titleEn,
            position: Number(last?.position ?? -1) + 1,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw conflict(`A knowledge-base section "${input.slug}" already exists`);
        await recordAudit(tx, {
          actor,
          action: 'create',
          entity: 'kb-section',
          entityId: row.slug,
          after: sectionState(row),
        });
        return sectionById(tx, row.id);
      });
    },

    async renameSection(
      id: number,
      titles: { titleRu: string; titleEn: string },
      actor: string,
    ): Promise<KbSectionAdmin> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(kbSections)
          .where(eq(kbSections.id, id))
          .for('update');
        if (!before) throw notFound('Knowledge-base section');
        const [after] = await tx
          .update(kbSections)
          .set(titles)
          .where(eq(kbSections.id, id))
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'update',
          entity: 'kb-section',
          entityId: before.slug,
          before: sectionState(before),
          after: sectionState(after!),
        });
        return sectionById(tx, id);
      });
    },

    /** `ids`: every section exactly once, in the new menu order; a stale list is 409. */
    async orderSections(ids: readonly number[], actor: string): Promise<KbSectionAdmin[]> {
      return db.transaction(async (tx) => {
        const current = await tx
          .select()
          .from(kbSections)
          .orderBy(asc(kbSections.position), asc(kbSections.id))
          .for('update');
        const known = new Set(current.map((row) => row.id));
        if (ids.length !== current.length || ids.some((id) => !known.has(id))) {
          throw conflict(
            'The knowledge-base sections were changed by someone else: reload them and order again',
          );
        }
        for (const [position, id] of ids.entries()) {
          await tx.update(kbSections).set({ position }).where(eq(kbSections.id, id));
        }
        const slugOf = new Map(current.map((row) => [row.id, row.slug]));
        await recordAudit(tx, {
          actor,
          action: 'reorder',
          entity: 'kb-section',
          entityId: 'order',
          before: { order: current.map((row) => row.slug) },
          after: { order: ids.map((id) => slugOf.get(id)) },
        });
        return sections(tx);
      });
    },

    /** Only an empty section goes, and never the last one (articles need a section): else 409. */
    async removeSection(id: number, actor: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(kbSections).where(eq(kbSections.id, id)).for('update');
        if (!row) throw notFound('Knowledge-base section');
        const [held] = await tx
          .select({ count: sql<number>`count(distinct ${kbArticles.slug})` })
          .from(kbArticles)
          .where(eq(kbArticles.sectionId, id));
        const count = Number(held?.count ?? 0);
        if (count > 0) {
          throw conflict(
            `The knowledge-base section "${row.slug}" is not empty: it holds ${count} article(s); move them to another section or delete them first`,
          );
        }
        const [others] = await tx
          .select({ count: sql<number>`count(*)` })
          .from(kbSections)
          .where(sql`${kbSections.id} <> ${id}`);
        if (Number(others?.count ?? 0) === 0) {
          throw conflict('The knowledge base keeps at least one section');
        }
        await tx.delete(kbSections).where(eq(kbSections.id, id));
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'kb-section',
          entityId: row.slug,
          before: sectionState(row),
        });
      });
    },

    async remove(id: number, actor: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(kbArticles).where(eq(kbArticles.id, id)).returning();
        if (!row) throw notFound('Article');
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'kb-article',
          entityId: `${row.slug}:${row.language}`,
          before: { sectionId: row.sectionId, title: row.title, body: row.body },
        });
      });
    },
  };
}
