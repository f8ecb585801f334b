import { useTranslation } from 'react-i18next';
import { COMPONENT_TYPES, COMPONENT_VIEWS, globalComponent } from '#contract/entities/config.ts';
import { CreateModal } from '#src/ui/create-modal/create-modal.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { useCreateComponentMutation } from '../api/components-mutations.ts';

const createForm = globalComponent.pick({ name: true, type: true, view: true });

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
  const mutation = useCreateComponentMutation(siteId);
  return (
    <CreateModal
      formId="create-global-component"
      title={t('componentsUx.list.createTitle')}
      schema={createForm}
      defaultValues={{ name: '', type: 'PRODUCT', view: 'DEFAULT' }}
      create={async (values) =>
        (await mutation.mutateAsync({ ...values, ordering })).component.componentId
      }
      pending={mutation.isPending}
      onClose={onClose}
      onCreated={onCreated}
    >
      <FormTextField
        name="name"
        label={t('componentsUx.fields.name')}
        hint={t('componentsUx.list.createHint')}
        required
      />
      <FormSelectField
        name="type"
        label={t('componentsUx.fields.type')}
        options={COMPONENT_TYPES.map((value) => ({
          value,
          label: t(`componentsUx.types.${value}`),
        }))}
      />
      <FormSelectField
        name="view"
        label={t('componentsUx.fields.view')}
        options={COMPONENT_VIEWS.map((value) => ({
          value,
          label: t(`componentsUx.views.${value}`),
        }))}
      />
    </CreateModal>
  );
}
