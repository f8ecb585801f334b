import { useTranslation } from 'react-i18next';
import {
  alternativeAttributeInput,
  type AlternativeAttribute,
} from '#contract/entities/dolyame.ts';
import { ApiError } from '#contract/client.ts';
import { applyServerIssues, reportError } from '#src/lib/api.ts';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { useSaveAttributeMutation } from '../api/dolyame-mutations.ts';

const FORM_ID = 'dolyame-attribute-form';
type AttributeForm = { attribute: string; alternative: string };

/** Create or edit one alternative attribute in a modal (spec part 1 §2: CREATE / EDIT). */
export function AttributeFormModal({
  siteId,
  editing,
  onClose,
}: {
  siteId: number;
  editing: AlternativeAttribute | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mutation = useSaveAttributeMutation(siteId);
  const form = useZodForm(alternativeAttributeInput, {
    defaultValues: editing
      ? { attribute: editing.attribute, alternative: editing.alternative }
      : { attribute: '', alternative: '' },
  });
  return (
    <Modal
      open
      mode={editing ? 'EDIT' : 'CREATE'}
      title={t(editing ? 'dolyame.attributes.edit' : 'dolyame.attributes.create')}
      onClose={onClose}
      formId={FORM_ID}
      confirmLoading={mutation.isPending}
    >
      <Form
        id={FORM_ID}
        form={form}
        onSubmit={async (values) => {
          try {
            await mutation.mutateAsync(editing ? { ...values, id: editing.id } : values);
            onClose();
          } catch (error) {
            if (applyServerIssues(error, form.setError)) return;
            if (error instanceof ApiError && error.status === 409) {
              form.setError('attribute', {
                type: 'server',
                message: t('dolyame.attributes.duplicate'),
              });
              return;
            }
            reportError(error);
          }
        }}
      >
        <FormTextField<AttributeForm>
          name="attribute"
          label={t('dolyame.attributes.attribute')}
          hint={t('dolyame.attributes.attributeHint')}
          required
        />
        <FormTextField<AttributeForm>
          name="alternative"
          label={t('dolyame.attributes.alternative')}
          required
        />
        <FormRootError />
      </Form>
    </Modal>
  );
}
