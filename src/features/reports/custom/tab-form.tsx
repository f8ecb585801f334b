import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  customReportTabInput,
  type CustomReportTabInput,
} from '#contract/entities/custom-report.ts';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
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
  const [title, setTitle] = useState(initial.title);
  const [charts, setCharts] = useState(() => new Set(initial.chartsIds));
  const catalogue = useQuery(reportChartsQueryOptions());
  const parsed = customReportTabInput.safeParse({
    title,
    chartsIds: (catalogue.data ?? []).map((chart) => chart.id).filter((id) => charts.has(id)),
  });
  const titleError = title.trim() === '' ? t('errors.validation.required') : undefined;

  return (
    <Modal
      open
      mode={mode}
      title={t(mode === 'CREATE' ? 'reports.custom.createTitle' : 'reports.custom.editTitle')}
      onClose={onClose}
      formId={formId}
      confirmLabel={t('actions.save')}
      confirmDisabled={!parsed.success || !catalogue.data}
      confirmLoading={saving}
    >
      <form
        id={formId}
        className="reports-tab-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (parsed.success) onSave(parsed.data);
        }}
      >
        <TextInput
          label={t('reports.custom.title')}
          value={title}
          onChange={setTitle}
          required
          maxLength={100}
          error={titleError}
        />
        <fieldset className="reports-tab-form__charts">
          <legend className="ui-field__label">{t('reports.custom.charts')}</legend>
          {!catalogue.data && <Spinner label={t('ui.spinner.loading')} />}
          {catalogue.data?.map(({ id, title: chartTitle }) => (
            <Checkbox
              key={id}
              label={chartTitle}
              checked={charts.has(id)}
              onCheckedChange={(checked) =>
                setCharts((old) => {
                  const next = new Set(old);
                  if (checked) next.add(id);
                  else next.delete(id);
                  return next;
                })
              }
            />
          ))}
        </fieldset>
      </form>
    </Modal>
  );
}
