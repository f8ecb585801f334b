import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import {
  alternativeAttributeInput,
  type AlternativeAttribute,
} from '#contract/entities/dolyame.ts';
import { DOLYAME_FIELDS, type DolyameField } from '#contract/public/dolyame.ts';
import { catalogAttributesRoute } from '#contract/routes/catalog-lookups.ts';
import { ApiError } from '#contract/client.ts';
import { applyServerIssues, reportError } from '#src/lib/api.ts';
import { useMayCall } from '#src/lib/resource.ts';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { ResourceFormModal } from '#src/ui/resource/resource-form-modal.tsx';
import { catalogAttributesQueryOptions } from '../api/dolyame-queries.ts';

const FORM_ID = 'dolyame-attribute-form';
type AttributeForm = z.input<typeof alternativeAttributeInput>;
type AttributeValues = z.output<typeof alternativeAttributeInput>;

/**
 * Create or edit one alternative attribute in a modal (spec part 1 §2: CREATE / EDIT): the Dolyame
 * field, and the feed attribute picked from the live catalog's (typed when the catalog has none or
 * the user may not read it). A field another row maps is offered disabled.
 */
export function AttributeFormModal({
  editing,
  existing,
  catalogSiteId,
  save,
  pending,
  onClose,
}: {
  editing: AlternativeAttribute | null;
  existing: readonly AlternativeAttribute[];
  /** The site whose live catalog the attribute is picked from. */
  catalogSiteId: number;
  save: (values: AttributeValues) => Promise<unknown>;
  pending: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lookup = useMayCall(catalogAttributesRoute);
  const catalog = useQuery({ ...catalogAttributesQueryOptions(catalogSiteId), enabled: lookup });
  const taken = new Set(existing.filter((row) => row.id !== editing?.id).map((r) => r.alternative));
  const fieldOptions = DOLYAME_FIELDS.map((field) => ({
    value: field,
    label: t(`dolyame.attributes.fields.${field}`),
    disabled: taken.has(field),
  }));
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
    <ResourceFormModal<AttributeForm, AttributeValues>
      formId={FORM_ID}
      mode={editing ? 'EDIT' : 'CREATE'}
      title={t(editing ? 'dolyame.attributes.edit' : 'dolyame.attributes.create')}
      schema={alternativeAttributeInput}
      defaultValues={
        editing
          ? { attribute: editing.attribute, alternative: editing.alternative }
          : { attribute: '', alternative: DOLYAME_FIELDS.find((field) => !taken.has(field)) }
      }
      save={save}
      pending={pending}
      onClose={onClose}
      onError={(error, form) => {
        if (applyServerIssues(error, form.setError)) return;
        if (error instanceof ApiError && error.status === 409) {
          // The server names the clashing field of the body: the Dolyame field or the attribute.
          const field = error.issues[0]?.path[1] === 'alternative' ? 'alternative' : 'attribute';
          form.setError(field, {
            type: 'server',
            message: t(`dolyame.attributes.duplicate.${field}`),
          });
          return;
        }
        reportError(error);
      }}
    >
      {(form) => {
        const chosen = form.watch('alternative');
        return (
          <>
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
          </>
        );
      }}
    </ResourceFormModal>
  );
}
