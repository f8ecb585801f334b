import { useQuery } from '@tanstack/react-query';
import { useFieldArray, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { imshopRegions, type ImshopRegion } from '#contract/entities/feeds.ts';
import { showSaveError } from '#src/lib/api.ts';
import { Button } from '#src/ui/button/button.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { imshopRegionsQueryOptions } from '../api/feed-queries.ts';
import { useSaveImshopRegionsMutation } from '../api/feed-mutations.ts';

/** The call's body is the list itself; the form holds it under one name. */
const regionsForm = z.object({ regions: imshopRegions });

/** The server's issues name rows of the list (`0.name`): the form's rows are under `regions`. */
const underRegions =
  <T extends FieldValues>(setError: UseFormSetError<T>): UseFormSetError<T> =>
  (name, error, options) =>
    setError((name.startsWith('root') ? name : `regions.${name}`) as Path<T>, error, options);

/** Imshop (mobile app) regions: an ordered list edited and saved as a whole. */
export function ImshopRegions({ siteId, canEdit }: { siteId: number; canEdit: boolean }) {
  const regions = useQuery(imshopRegionsQueryOptions(siteId));
  if (!regions.data) return null;
  // A fresh draft whenever the saved list changes.
  return (
    <RegionsForm
      key={JSON.stringify(regions.data)}
      siteId={siteId}
      saved={regions.data}
      canEdit={canEdit}
    />
  );
}

function RegionsForm({
  siteId,
  saved,
  canEdit,
}: {
  siteId: number;
  saved: ImshopRegion[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const form = useZodForm(regionsForm, { defaultValues: { regions: saved } });
  const regions = useFieldArray({ control: form.control, name: 'regions' });
  const save = useSaveImshopRegionsMutation(siteId);
  return (
    <Form
      form={form}
      className="feed-urls"
      aria-label={t('feeds.configurator.regions')}
      onSubmit={async (values) => {
        try {
          await save.mutateAsync(values.regions);
        } catch (error) {
          showSaveError(error, underRegions(form.setError));
        }
      }}
    >
      <fieldset disabled={!canEdit || save.isPending} className="feed-urls">
        {regions.fields.map((field, index) => (
          <div key={field.id} className="feed-urls__add">
            <FormTextField
              name={`regions.${index}.regionId`}
              label={t('feeds.configurator.regionId')}
            />
            <FormTextField
              name={`regions.${index}.name`}
              label={t('feeds.configurator.regionName')}
            />
            {canEdit && (
              <Button size="sm" onClick={() => regions.remove(index)}>
                {t('feeds.configurator.remove')}
              </Button>
            )}
          </div>
        ))}
      </fieldset>
      <FormRootError />
      {canEdit && (
        <div className="form-actions">
          <Button onClick={() => regions.append({ regionId: '', name: '' })}>
            {t('feeds.configurator.addRegion')}
          </Button>
          <Button type="submit" variant="primary" loading={save.isPending}>
            {t('feeds.configurator.saveRegions')}
          </Button>
        </div>
      )}
    </Form>
  );
}
