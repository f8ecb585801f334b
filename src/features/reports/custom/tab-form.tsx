import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  customReportTabInput,
  type CustomReportTabInput,
} from '#contract/entities/custom-report.ts';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { reportChartsQueryOptions } from '../api/custom-report-queries.ts';

/** Create or edit a tab: its title and the charts it shows, from the report catalogue. */
export function TabFormModal({
  mode,
  initial,
  saving,
  onSave,
  onClose,
}: {
  mode: 'CREATE' | 'EDIT';
  initial: CustomReportTabInput;
  saving: boolean;
  onSave: (input: CustomReportTabInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const form = useZodForm(customReportTabInput, { mode: 'onChange', defaultValues: initial });
  const catalogue = useQuery(reportChartsQueryOptions());

  return (
    <Modal
      open
      mode={mode}
      title={t(mode === 'CREATE' ? 'reports.custom.createTitle' : 'reports.custom.editTitle')}
      onClose={onClose}
      formId={formId}
      confirmLabel={t('actions.save')}
      // Save waits for a valid form, as the contract checks it.
      confirmDisabled={!catalogue.data || !form.formState.isValid}
      confirmLoading={saving}
    >
      <Form
        id={formId}
        form={form}
        className="reports-tab-form"
        onSubmit={(input) =>
          // The tab shows its charts in the catalogue's order; ids the catalogue lost are dropped.
          onSave({
            ...input,
            chartsIds: (catalogue.data ?? [])
              .map((chart) => chart.id)
              .filter((id) => input.chartsIds.includes(id)),
          })
        }
      >
        <FormTextField<CustomReportTabInput>
          name="title"
          label={t('reports.custom.title')}
          required
          maxLength={100}
        />
        <fieldset className="reports-tab-form__charts">
          <legend className="ui-field__label">{t('reports.custom.charts')}</legend>
          {!catalogue.data && <Spinner label={t('ui.spinner.loading')} />}
          <Controller
            control={form.control}
            name="chartsIds"
            render={({ field }) => (
              <>
                {catalogue.data?.map(({ id, title: chartTitle }) => (
                  <Checkbox
                    key={id}
                    label={chartTitle}
                    checked={field.value.includes(id)}
                    onCheckedChange={(checked) =>
                      field.onChange(
                        checked ? [...field.value, id] : field.value.filter((item) => item !== id),
                      )
                    }
                  />
                ))}
              </>
            )}
          />
        </fieldset>
      </Form>
    </Modal>
  );
}
