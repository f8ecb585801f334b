import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { COMPONENT_TYPES, COMPONENT_VIEWS, globalComponent } from '#contract/entities/config.ts';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { useCreateComponentMutation } from '../api/components-mutations.ts';

const createForm = globalComponent.pick({ name: true, type: true, view: true });
type CreateIn = z.input<typeof createForm>;
type CreateOut = z.output<typeof createForm>;

export function CreateComponentModal({
  siteId,
  ordering,
  onClose,
  onCreated,
}: {
  siteId: number;
  ordering: number;
  onClose: () => void;
  onCreated: (componentId: number) => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(createForm, {
    defaultValues: { name: '', type: 'PRODUCT', view: 'DEFAULT' },
  });
  const mutation = useCreateComponentMutation(siteId);
  const formId = 'create-global-component';
  return (
    <Modal
      open
      mode="CREATE"
      title={t('componentsUx.list.createTitle')}
      onClose={onClose}
      formId={formId}
      confirmLoading={mutation.isPending}
    >
      <Form<CreateIn, CreateOut>
        id={formId}
        form={form}
        onSubmit={async (values) => {
          // api() has shown the error; the modal stays open for another try.
          const created = await mutation.mutateAsync({ ...values, ordering }).catch(() => null);
          if (created) onCreated(created.component.componentId);
        }}
      >
        <FormTextField<CreateIn>
          name="name"
          label={t('componentsUx.fields.name')}
          hint={t('componentsUx.list.createHint')}
          required
        />
        <FormSelectField<CreateIn, string>
          name="type"
          label={t('componentsUx.fields.type')}
          options={COMPONENT_TYPES.map((value) => ({
            value,
            label: t(`componentsUx.types.${value}`),
          }))}
        />
        <FormSelectField<CreateIn, string>
          name="view"
          label={t('componentsUx.fields.view')}
          options={COMPONENT_VIEWS.map((value) => ({
            value,
            label: t(`componentsUx.views.${value}`),
          }))}
        />
      </Form>
    </Modal>
  );
}
