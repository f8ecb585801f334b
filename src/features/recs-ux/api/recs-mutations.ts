import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { toast } from '#src/ui/toast/toast-store.ts';
import { createBlock, deleteBlock, saveOrderings, type StoredBlock } from './blocks.ts';
import { recsUxKeys } from './keys.ts';
import { consoleCall } from './recs-queries.ts';

function success(): void {
  toast.success(i18next.t('ui.toast.successTitle'), i18next.t('ui.toast.successMessage'));
}

export function useCreateBlockMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; ordering: number }) =>
      createBlock(consoleCall(), siteId, input),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: recsUxKeys.all(siteId) });
      success();
    },
  });
}

export function useSaveOrderingsMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ordered: StoredBlock[]) => saveOrderings(consoleCall(), siteId, ordered),
    onMutate: (ordered) => {
      // Show the new order at once; the refetch below settles it either way.
      client.setQueryData(recsUxKeys.list(siteId, true), ordered);
    },
    onSuccess: () => success(),
    onSettled: () => client.invalidateQueries({ queryKey: recsUxKeys.all(siteId) }),
  });
}

export function useDeleteBlockMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (configId: number) => deleteBlock(consoleCall(), siteId, configId),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: recsUxKeys.all(siteId) });
      success();
    },
  });
}
