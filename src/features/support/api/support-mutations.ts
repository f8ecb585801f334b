import { useMutation } from '@tanstack/react-query';
import type {
  FeedbackStatus,
  KbArticleInput,
  KbSectionInput,
  KbSectionAdmin,
} from '#contract/entities/support.ts';
import {
  answerChatRoute,
  createFeedbackRoute,
  createKbSectionRoute,
  deleteKbArticleRoute,
  deleteKbSectionRoute,
  feedbackScreenshotRoute,
  orderKbSectionsRoute,
  readChatThreadRoute,
  renameKbSectionRoute,
  saveKbArticleRoute,
  setFeedbackStatusRoute,
} from '#contract/routes/support.ts';
import { api } from '#src/lib/api.ts';
import { uploadFile } from '#src/lib/upload.ts';

/*
 * The screens' own calls, as plain functions: each screen words its refusals and refreshes what
 * it shows itself (form issues on their fields, the cache updated in place).
 */

export const saveKbArticle = (article: KbArticleInput) =>
  api(saveKbArticleRoute, { body: article });

export const deleteKbArticle = (id: number) => api(deleteKbArticleRoute, { query: { id } });

/** A feedback message with its screenshot; without one, a nameless part the server skips. */
export const sendFeedback = (
  siteId: number,
  fields: { area: string; text: string },
  file: File | undefined,
) => uploadFile(createFeedbackRoute, { query: { siteId }, fields, file: file ?? new File([], '') });

export const setFeedbackStatus = (siteId: number, id: number, status: FeedbackStatus) =>
  api(setFeedbackStatusRoute, { query: { siteId, id }, body: { status } });

export const feedbackScreenshot = (siteId: number, id: number) =>
  api(feedbackScreenshotRoute, { query: { siteId, id } });

/** The desk has read a conversation up to `upTo`; silent (a failure is tried at the next change). */
export const readChatThread = (siteId: number, login: string, upTo: number) =>
  api(
    readChatThreadRoute,
    { query: { siteId, login }, body: { upTo } },
    { successToast: false, overlay: false, quiet: true },
  );

export const answerChat = (siteId: number, login: string, text: string) =>
  api(answerChatRoute, { query: { siteId, login }, body: { text } }, { successToast: false });

/*
 * The knowledge base's section edits. The sections editor reads the knowledge base again after
 * each, whether it worked or not (its `act`), and words the refusals itself: no invalidation here.
 */

/** The menu order; a failed order is dropped (the list is read again and shows what stands). */
export function useOrderKbSectionsMutation() {
  return useMutation({
    mutationFn: (ids: number[]) =>
      api(orderKbSectionsRoute, { body: { ids } }, { successToast: false }).catch(() => undefined),
  });
}

export function useRenameKbSectionMutation() {
  return useMutation({
    mutationFn: ({
      id,
      titles,
    }: {
      id: number;
      titles: Pick<KbSectionAdmin, 'titleRu' | 'titleEn'>;
    }) => api(renameKbSectionRoute, { query: { id }, body: titles }),
  });
}

/** `quiet`: a section holding articles (409) is explained in the editor. */
export function useDeleteKbSectionMutation() {
  return useMutation({
    mutationFn: (id: number) => api(deleteKbSectionRoute, { query: { id } }, { quiet: true }),
  });
}

/** `quiet`: a slug taken (409) and bad fields land on the form's fields. */
export function useCreateKbSectionMutation() {
  return useMutation({
    mutationFn: (body: KbSectionInput) => api(createKbSectionRoute, { body }, { quiet: true }),
  });
}
