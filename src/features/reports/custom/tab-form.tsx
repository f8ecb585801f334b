import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  customReportTabInput,
  type CustomReportTabInput,
} from '#contract/entities/custom-report.ts';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { CHART_IDS } from '../lib/metric-groups.ts';

/** Create or edit a tab: its title and the charts it shows, from the contract's catalogue. */
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
  const parsed = customReportTabInput.safeParse({
    title,
    chartsIds: CHART_IDS.filter((id) => charts.has(id)),
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
      confirmDisabled={!parsed.success}
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
          {CHART_IDS.map((id) => (
            <Checkbox
              key={id}
              label={t(`reports.charts.${id}`)}
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
