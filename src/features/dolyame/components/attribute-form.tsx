import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  alternativeAttributeInput,
  type AlternativeAttribute,
} from '#contract/entities/dolyame.ts';
import { DOLYAME_FIELDS, type DolyameField } from '#contract/public/dolyame.ts';
import { hasAccess } from '#contract/roles.ts';
import { catalogAttributesRoute } from '#contract/routes/catalog-lookups.ts';
import { ApiError } from '#contract/client.ts';
import { applyServerIssues, reportError } from '#src/lib/api.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { catalogAttributesQueryOptions } from '../api/dolyame-queries.ts';
import { useSaveAttributeMutation } from '../api/dolyame-mutations.ts';

const FORM_ID = 'dolyame-attribute-form';
type AttributeForm = { attribute: string; alternative: DolyameField };

/**
 * Create or edit one alternative attribute in a modal (spec part 1 §2: CREATE / EDIT): the Dolyame
 * field, and the feed attribute picked from the live catalog's (typed when the catalog has none or
 * the user may not read it). A field another row maps is offered disabled.
 */
export function AttributeFormModal({
  siteId,
  editing,
  existing,
  onClose,
}: {
  siteId: number;
  editing: AlternativeAttribute | null;
  existing: readonly AlternativeAttribute[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mutation = useSaveAttributeMutation(siteId);
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const lookup = hasAccess(roles, catalogAttributesRoute.roles);
  const catalog = useQuery({ ...catalogAttributesQueryOptions(siteId), enabled: lookup });
  const taken = new Set(existing.filter((row) => row.id !== editing?.id).map((r) => r.alternative));
  const form = useZodForm(alternativeAttributeInput, {
    defaultValues: editing
      ? { attribute: editing.attribute, alternative: editing.alternative }
      : { attribute: '', alternative: DOLYAME_FIELDS.find((field) => !taken.has(field)) },
  });
  const fieldOptions = DOLYAME_FIELDS.map((field) => ({
    value: field,
    label: t(`dolyame.attributes.fields.${field}`),
    disabled: taken.has(field),
  }));
  const chosen = form.watch('alternative');
  const attributes = catalog.data ?? [];
  const attributeOptions = [
    ...attributes.map((a) => ({
      value: a.name,
      label: t('dolyame.attributes.inCatalog', { name: a.name, products: a.products }),
    })),
    // A saved attribute the current catalog no longer has stays choosable.
    ...(editing && !attributes.some((a) => a.name === editing.attribute)
      ? [
          {
            value: editing.attribute,
            label: t('dolyame.attributes.notInCatalog', { name: editing.attribute }),
          },
        ]
      : []),
  ];
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
              // The server names the clashing field of the body: the Dolyame field or the attribute.
              const field =
                error.issues[0]?.path[1] === 'alternative' ? 'alternative' : 'attribute';
              form.setError(field, {
                type: 'server',
                message: t(`dolyame.attributes.duplicate.${field}`),
              });
              return;
            }
            reportError(error);
          }
        }}
      >
        <FormSelectField<AttributeForm, DolyameField>
          name="alternative"
          label={t('dolyame.attributes.alternative')}
          hint={chosen ? t(`dolyame.attributes.fieldHints.${chosen}`) : undefined}
          options={fieldOptions}
          required
        />
        {lookup && (catalog.isPending || attributes.length > 0) ? (
          <FormSelectField<AttributeForm, string>
            name="attribute"
            label={t('dolyame.attributes.attribute')}
            hint={t('dolyame.attributes.attributePickHint')}
            options={attributeOptions}
            required
          />
        ) : (
          <FormTextField<AttributeForm>
            name="attribute"
            label={t('dolyame.attributes.attribute')}
            hint={t('dolyame.attributes.attributeHint')}
            required
          />
        )}
        <FormRootError />
      </Form>
    </Modal>
  );
}
