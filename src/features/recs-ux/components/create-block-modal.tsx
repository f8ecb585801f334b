import { useTranslation } from 'react-i18next';
import { recommendationsBlock } from '#contract/entities/config.ts';
import { CreateModal } from '#src/ui/create-modal/create-modal.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { useCreateBlockMutation } from '../api/recs-mutations.ts';

const createForm = recommendationsBlock.pick({ name: true });

export function CreateBlockModal({
  siteId,
  ordering,
  onClose,
  onCreated,
}: {
  siteId: number;
  /** The new block goes last. */
  ordering: number;
  onClose: () => void;
  onCreated: (configId: number) => void;
}) {
  const { t } = useTranslation();
  const mutation = useCreateBlockMutation(siteId);
  return (
    <CreateModal
      formId="create-recs-block"
      title={t('recsUx.list.createTitle')}
      schema={createForm}
      defaultValues={{ name: '' }}
      create={async ({ name }) => (await mutation.mutateAsync({ name, ordering })).block.configId}
      pending={mutation.isPending}
      onClose={onClose}
      onCreated={onCreated}
    >
      <FormTextField
        name="name"
        label={t('recsUx.fields.name')}
        hint={t('recsUx.list.createHint')}
        required
      />
    </CreateModal>
  );
}
