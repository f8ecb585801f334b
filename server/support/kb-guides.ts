/** The knowledge base's built-in guides (./kb/<language>/), written into a fresh installation. */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { KbLanguage } from '#contract/entities/support.ts';
import type { Db } from '../platform/db/client.ts';
import { kbArticles, kbSections } from '../platform/db/schema.ts';

/** The built-in sections, in menu order; the guides live in ./kb/<language>/<section>--<nn>-<slug>.md. */
const SECTIONS = [
  { slug: 'getting-started', titleRu: 'Начало работы', titleEn: 'Getting started' },
  { slug: 'catalog', titleRu: 'Каталог и фиды', titleEn: 'Catalog and feeds' },
  { slug: 'analytics', titleRu: 'Трекинг и отчёты', titleEn: 'Tracking and reports' },
  { slug: 'storefront', titleRu: 'Витрина и дизайн', titleEn: 'Storefront and design' },
] as const;

const GUIDES_DIR = fileURLToPath(new URL('./kb/', import.meta.url));

/**
 * Writes the built-in guides into an empty knowledge base (a fresh installation); staff edits are
 * never overwritten: once any section exists nothing is seeded. Safe to run from several processes.
 */
export async function seedKnowledgeBase(db: Db): Promise<void> {
  const [existing] = await db.select({ id: kbSections.id }).from(kbSections).limit(1);
  if (existing) return;
  const files = new Map<KbLanguage, string[]>();
  for (const language of ['ru', 'en'] as const) {
    files.set(language, (await readdir(`${GUIDES_DIR}${language}`)).sort());
  }
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(kbSections)
      .values(SECTIONS.map((section, position) => ({ ...section, position })))
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return;
    const ids = new Map(inserted.map((section) => [section.slug, section.id]));
    for (const [language, names] of files) {
      for (const name of names) {
        const match = /^(.+)--(\d+)-(.+)\.md$/.exec(name);
        const sectionId = match && ids.get(match[1]!);
        if (!match || !sectionId) continue;
        const text = await readFile(`${GUIDES_DIR}${language}/${name}`, 'utf8');
        const [first, ...rest] = text.split('\n');
        await tx
          .insert(kbArticles)
          .values({
            sectionId,
            slug: match[3]!,
            language,
            title: first!.replace(/^#\s*/, '').trim(),
            body: rest.join('\n').trim(),
            position: Number(match[2]),
          })
          .onConflictDoNothing();
      }
    }
  });
}
