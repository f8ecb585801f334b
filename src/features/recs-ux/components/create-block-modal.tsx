import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { recommendationsBlock } from '#contract/entities/config.ts';
import { reportError } from '#src/lib/api.ts';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { useCreateBlockMutation } from '../api/recs-mutations.ts';

const createForm = recommendationsBlock.pick({ name: true });
type CreateForm = z.input<typeof createForm>;

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
  const form = useZodForm(createForm, { defaultValues: { name: '' } });
  const mutation = useCreateBlockMutation(siteId);
  const formId = 'create-recs-block';
  return (
    <Modal
      open
      mode="CREATE"
      title={t('recsUx.list.createTitle')}
      onClose={onClose}
      formId={formId}
      confirmLoading={mutation.isPending}
    >
      <Form<CreateForm, { name: string }>
        id={formId}
        form={form}
        onSubmit={async ({ name }) => {
          try {
            const created = await mutation.mutateAsync({ name, ordering });
            onCreated(created.block.configId);
          } catch (error) {
            reportError(error, { quiet: true });
          }
        }}
      >
        <FormTextField<CreateForm>
          name="name"
          label={t('recsUx.fields.name')}
          hint={t('recsUx.list.createHint')}
          required
        />
      </Form>
    </Modal>
  );
}
