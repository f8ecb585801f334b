import * as z from 'zod';

/** The console languages an article exists in (Russian is the source; English optional). */
export const kbLanguage = z.enum(['ru', 'en']);
export type KbLanguage = z.infer<typeof kbLanguage>;

export const KB_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const KB_BODY_MAX = 50_000;
export const KB_SEARCH_MAX = 200;

/** One article in a list: no body; `snippet` is the matching passage when searching. */
export const kbArticleSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  language: kbLanguage,
  title: z.string(),
  /**
   * The passage matching the search, the matched words between U+E000 and U+E001 (the console
   * marks them; the text itself is shown as text, never as HTML). Null when not searching.
   */
  snippet: z.string().nullable(),
});
export type KbArticleSummary = z.infer<typeof kbArticleSummary>;

export const kbSection = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  articles: z.array(kbArticleSummary),
});
export type KbSection = z.infer<typeof kbSection>;

export const kbArticle = kbArticleSummary.omit({ snippet: true }).extend({
  sectionId: z.number().int(),
  body: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type KbArticle = z.infer<typeof kbArticle>;

/** The slug rule's message: the console's error map words it by i18nKey, the server with `en`. */
const KB_SLUG_MESSAGE = {
  params: {
    i18nKey: 'errors.validation.kbSlug',
    en: 'slug: lower-case latin letters, digits and hyphens',
  },
};

export const kbArticleInput = z.strictObject({
  sectionId: z.number().int().positive(),
  slug: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine((value) => KB_SLUG.test(value), KB_SLUG_MESSAGE),
  language: kbLanguage,
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(KB_BODY_MAX),
});
export type KbArticleInput = z.input<typeof kbArticleInput>;

const sectionTitle = z.string().trim().min(1).max(100);

/** A section as staff edit it: both titles, its place in the menu and how many articles it holds. */
export const kbSectionAdmin = z.object({
  id: z.number().int(),
  slug: z.string(),
  titleRu: z.string(),
  titleEn: z.string(),
  position: z.number().int(),
  /** Articles in it (one per slug, whatever languages it has): a section is deleted only empty. */
  articleCount: z.number().int(),
});
export type KbSectionAdmin = z.infer<typeof kbSectionAdmin>;

/** A new section; it goes to the end of the menu. */
export const kbSectionInput = z.strictObject({
  slug: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine((value) => KB_SLUG.test(value), KB_SLUG_MESSAGE),
  titleRu: sectionTitle,
  titleEn: sectionTitle,
});
export type KbSectionInput = z.input<typeof kbSectionInput>;

/** Renaming a section: its titles (the slug stays, it names the section for good). */
export const kbSectionTitles = kbSectionInput.omit({ slug: true });

/** The menu order of the sections: every section's id exactly once, first to last. */
export const kbSectionOrder = z.strictObject({
  ids: z
    .array(z.number().int().positive())
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'ids: each section once' }),
});

/** Where in the console a piece of feedback is about (the form's choice). */
export const FEEDBACK_AREAS = [
  'home',
  'reports',
  'merchandising',
  'search',
  'recommendations',
  'feeds',
  'ux',
  'integrations',
  'admin',
  'other',
] as const;
export const feedbackArea = z.enum(FEEDBACK_AREAS);
export type FeedbackArea = z.infer<typeof feedbackArea>;

export const FEEDBACK_STATUSES = ['new', 'in_progress', 'done'] as const;
export const feedbackStatus = z.enum(FEEDBACK_STATUSES);
export type FeedbackStatus = z.infer<typeof feedbackStatus>;

export const FEEDBACK_TEXT_MAX = 5000;

/** What staff send as feedback (besides the optional screenshot file of the multipart form). */
export const feedbackInput = z.strictObject({
  area: feedbackArea,
  text: z.string().trim().min(1).max(FEEDBACK_TEXT_MAX),
});
export type FeedbackInput = z.input<typeof feedbackInput>;
/** Screenshot types accepted (checked by their leading bytes, not only the declared type). */
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const feedback = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  authorLogin: z.string(),
  area: feedbackArea,
  text: z.string(),
  status: feedbackStatus,
  hasScreenshot: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Feedback = z.infer<typeof feedback>;

export const feedbackScreenshot = z.object({
  mediaType: z.enum(SCREENSHOT_TYPES),
  /** The image, base64. */
  data: z.string(),
});

export const CHAT_TEXT_MAX = 2000;
export const CHAT_TOKEN_HEADER = 'x-chat-token';

export const chatMessage = z.object({
  id: z.number().int(),
  /** The client user whose conversation it belongs to. */
  userLogin: z.string(),
  siteId: z.number().int(),
  fromStaff: z.boolean(),
  authorLogin: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatMessageInput = z.strictObject({
  text: z.string().trim().min(1).max(CHAT_TEXT_MAX),
});

/** What the client widget opens with. */
export const chatSession = z.object({
  /** The per-installation help channel (HELP_CHANNEL_URL); null when none is configured. */
  helpChannelUrl: z.string().nullable(),
  messages: z.array(chatMessage),
  /** The newest message the client has read: staff replies after it are unread. */
  readUpTo: z.number().int(),
});
export type ChatSession = z.infer<typeof chatSession>;

/** One conversation in the staff inbox. */
export const chatThread = z.object({
  userLogin: z.string(),
  userName: z.string(),
  lastMessage: chatMessage,
  /**
   * Client messages no staff member has read yet (opening the thread or answering it reads it,
   * for the whole desk: docs/support-chat.md). Above 0 the thread awaits an answer.
   */
  unread: z.number().int(),
  /** Who of the staff last read it, and when; null when nobody has yet. */
  readBy: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type ChatThread = z.infer<typeof chatThread>;

/** The staff alert of a site: conversations awaiting an answer and their unread messages. */
export const chatUnread = z.object({
  threads: z.number().int(),
  messages: z.number().int(),
});
export type ChatUnread = z.infer<typeof chatUnread>;

/** Reading a conversation up to a message (the newest one shown); never moves back. */
export const chatReadInput = z.strictObject({
  upTo: z.number().int().positive(),
});

/**
 * The `read` server-sent event: a side read a conversation up to `upTo` (staff: to the site's
 * inbox streams; client: to the client's own streams).
 */
export const chatReadEvent = z.object({
  siteId: z.number().int(),
  userLogin: z.string(),
  side: z.enum(['staff', 'client']),
  upTo: z.number().int(),
});
export type ChatReadEvent = z.infer<typeof chatReadEvent>;
