import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { get, useFormContext, useFormState } from 'react-hook-form';
import type { FieldValues, FieldPath } from 'react-hook-form';
import { useShownField } from '#src/ui/form/form.tsx';

const DEVICES = ['phones', 'tablets', 'laptops', 'monitors', 'tv'] as const;
const COLUMNS = ['slidesPerView', 'slidesPerGroup', 'spaceBetween', 'speed'] as const;

function Cell({ name, label }: { name: string; label: string }) {
  const { register, control } = useFormContext<FieldValues>();
  const { errors } = useFormState({ control, name });
  const error = (get(errors, name) as { message?: string } | undefined)?.message;
  const errorId = useId();
  useShownField(name);
  return (
    <td>
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
    </td>
  );
}

/** Swiper breakpoints (spec §3, defaults §9): one row per device class, four numbers each. */
export function BreakpointsTable() {
  const { t } = useTranslation();
  return (
    <table className="breakpoints">
      <caption className="ui-visually-hidden">{t('recsUx.breakpoints.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('recsUx.breakpoints.device')}</th>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              {t(`recsUx.breakpoints.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {DEVICES.map((device) => (
          <tr key={device}>
            <th scope="row">{t(`recsUx.breakpoints.${device}`)}</th>
            {COLUMNS.map((column) => (
              <Cell
                key={column}
                name={`customSettings.swiperOptions.breakpoints.${device}.${column}`}
                label={`${t(`recsUx.breakpoints.${device}`)}: ${t(`recsUx.breakpoints.${column}`)}`}
              />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
