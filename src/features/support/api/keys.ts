import type { KbLanguage } from '#contract/entities/support.ts';

/** Hierarchical keys: an edit of the knowledge base invalidates all of it (STYLE.md 11). */
export const supportKeys = {
  kb: ['knowledge-base'] as const,
  kbSections: ['knowledge-base', 'sections'] as const,
  kbList: (language: KbLanguage, search: string) =>
    ['knowledge-base', 'list', language, search] as const,
  kbArticle: (slug: string, language: KbLanguage) =>
    ['knowledge-base', 'article', slug, language] as const,
  feedback: (siteId: number) => ['internal-feedback', siteId] as const,
  threads: (siteId: number) => ['support-chat', siteId] as const,
  thread: (siteId: number, login: string) => ['support-chat', siteId, login] as const,
  unread: (siteId: number) => ['support-chat-unread', siteId] as const,
};
