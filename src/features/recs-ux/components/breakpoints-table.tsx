import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { get, useFormContext, useFormState } from 'react-hook-form';
import type { FieldValues, FieldPath } from 'react-hook-form';
import { InputGrid } from '#src/ui/input-grid/input-grid.tsx';
import { useShownField } from '#src/ui/form/form.tsx';

const DEVICES = ['phones', 'tablets', 'laptops', 'monitors', 'tv'] as const;
const COLUMNS = ['slidesPerView', 'slidesPerGroup', 'spaceBetween', 'speed'] as const;
type Device = (typeof DEVICES)[number];
type Column = (typeof COLUMNS)[number];

/** One number of one device class, registered with the block's form. */
function BreakpointInput({ name, label }: { name: string; label: string }) {
  const { register, control } = useFormContext<FieldValues>();
  const { errors } = useFormState({ control, name });
  const error = (get(errors, name) as { message?: string } | undefined)?.message;
  const errorId = useId();
  useShownField(name);
  return (
    <>
      <input
        className="ui-input breakpoints__input"
        type="number"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...register(name as FieldPath<FieldValues>, { valueAsNumber: true })}
      />
      {error && (
        <div id={errorId} className="ui-field__error" role="alert">
          {error}
        </div>
      )}
    </>
  );
}

/** Swiper breakpoints (spec §3, defaults §9): one row per device class, four numbers each. */
export function BreakpointsTable() {
  const { t } = useTranslation();
  const name = (of: Device) => t(`recsUx.breakpoints.${of}`);
  const header = (column: Column) => t(`recsUx.breakpoints.${column}`);
  return (
    <InputGrid
      caption={t('recsUx.breakpoints.caption')}
      className="breakpoints"
      corner={t('recsUx.breakpoints.device')}
      rows={DEVICES}
      columns={COLUMNS}
      rowHeader={name}
      columnHeader={header}
      cell={(row, column) => (
        <BreakpointInput
          name={`customSettings.swiperOptions.breakpoints.${row}.${column}`}
          label={`${name(row)}: ${header(column)}`}
        />
      )}
    />
  );
}
