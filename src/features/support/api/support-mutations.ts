import { useMutation } from '@tanstack/react-query';
import type { KbSectionInput, KbSectionAdmin } from '#contract/entities/support.ts';
import {
  createKbSectionRoute,
  deleteKbSectionRoute,
  orderKbSectionsRoute,
  renameKbSectionRoute,
} from '#contract/routes/support.ts';
import { api } from '#src/lib/api.ts';

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
