import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderCapRoute } from '#contract/routes/reports.ts';
import { api } from '#src/lib/api.ts';
import { reportKeys } from './keys.ts';

/** Sets the site's order cap (null: none); `savedText` is the success toast. */
export function useSaveOrderCapMutation(siteId: number, savedText: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cap: number | null) =>
      api(orderCapRoute, { params: { id: siteId }, body: { cap } }, { successToast: savedText }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.orderQuarantine(siteId) }),
  });
}
