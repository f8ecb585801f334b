import { queryOptions } from '@tanstack/react-query';
import type { KbLanguage } from '#contract/entities/support.ts';
import {
  chatThreadRoute,
  chatThreadsRoute,
  chatUnreadRoute,
  getKbArticleRoute,
  listFeedbackRoute,
  listKbRoute,
  listKbSectionsRoute,
} from '#contract/routes/support.ts';
import { api } from '#src/lib/api.ts';
import { supportKeys } from './keys.ts';

export const kbSectionsQueryOptions = () =>
  queryOptions({
    queryKey: supportKeys.kbSections,
    queryFn: ({ signal }) => api(listKbSectionsRoute, { signal }, { overlay: false }),
  });

/** The staff alert of the site (conversations awaiting an answer); kept fresh by the stream. */
export const unreadQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: supportKeys.unread(siteId),
    queryFn: ({ signal }) =>
      api(chatUnreadRoute, { query: { siteId }, signal }, { overlay: false, quiet: true }),
  });

export const kbListQueryOptions = (language: KbLanguage, search: string) =>
  queryOptions({
    queryKey: supportKeys.kbList(language, search),
    queryFn: ({ signal }) =>
      api(
        listKbRoute,
        { query: { language, ...(search && { search }) }, signal },
        { overlay: false },
      ),
    placeholderData: (previous) => previous,
  });

export const kbArticleQueryOptions = (slug: string, language: KbLanguage) =>
  queryOptions({
    queryKey: supportKeys.kbArticle(slug, language),
    queryFn: ({ signal }) => api(getKbArticleRoute, { query: { slug, language }, signal }),
  });

export const feedbackQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: supportKeys.feedback(siteId),
    queryFn: ({ signal }) => api(listFeedbackRoute, { query: { siteId }, signal }),
  });

export const threadsQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: supportKeys.threads(siteId),
    queryFn: ({ signal }) =>
      api(chatThreadsRoute, { query: { siteId }, signal }, { overlay: false }),
  });

export const threadQueryOptions = (siteId: number, login: string) =>
  queryOptions({
    queryKey: supportKeys.thread(siteId, login),
    queryFn: ({ signal }) =>
      api(chatThreadRoute, { query: { siteId, login }, signal }, { overlay: false }),
  });
