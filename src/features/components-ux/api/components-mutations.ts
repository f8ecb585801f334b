import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { toast } from '#src/ui/toast/toast-store.ts';
import {
  createComponent,
  deleteComponent,
  saveOrderings,
  type StoredComponent,
} from './components.ts';
import { componentsUxKeys } from './keys.ts';
import { consoleCall } from './components-queries.ts';

function success(): void {
  toast.success(i18next.t('ui.toast.successTitle'), i18next.t('ui.toast.successMessage'));
}

export function useCreateComponentMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Parameters<typeof createComponent>[2]) =>
      createComponent(consoleCall(), siteId, input),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: componentsUxKeys.all(siteId) });
      success();
    },
  });
}

export function useSaveOrderingsMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ordered: StoredComponent[]) => saveOrderings(consoleCall(), siteId, ordered),
    onMutate: (ordered) => {
      // Show the new order at once; the refetch below settles it either way.
      client.setQueryData(componentsUxKeys.list(siteId, true), ordered);
    },
    onSuccess: () => success(),
    onSettled: () => client.invalidateQueries({ queryKey: componentsUxKeys.all(siteId) }),
  });
}

export function useDeleteComponentMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (componentId: number) => deleteComponent(consoleCall(), siteId, componentId),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: componentsUxKeys.all(siteId) });
      success();
    },
  });
}
