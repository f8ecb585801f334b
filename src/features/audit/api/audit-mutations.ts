import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '#contract/entities/audit.ts';
import { restoreAuditRoute } from '#contract/routes/audit.ts';
import { api } from '#src/lib/api.ts';
import { auditKeys } from './keys.ts';

/** Puts an entry's before back: `onSuccess` (the dialog closes), then every page of the log is read again. */
export function useRestoreAuditMutation({ onSuccess }: { onSuccess?: () => void } = {}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entry: AuditEntry) =>
      api(restoreAuditRoute, { params: { id: entry.id } }, { successToast: t('audit.restored') }),
    onSuccess: async () => {
      onSuccess?.();
      await client.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
