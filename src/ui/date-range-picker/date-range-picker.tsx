import { startOfMonth, subMonths } from 'date-fns';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { DayPicker } from 'react-day-picker';
import type { Matcher } from 'react-day-picker';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../button/button.tsx';
import { DATE_PRESETS, matchPreset, presetRange, showDateRange, yesterday } from './date-range.ts';
import type { DatePreset, DateRange } from './date-range.ts';
import { dayPickerLocale } from './day-picker-locale.ts';
import { PickerPopover } from './picker-popover.tsx';

export interface DateRangePickerProps {
  value: DateRange | undefined;
  /** Fired as soon as a preset is picked or a second day is clicked (no Apply button). */
  onChange: (range: DateRange, preset: DatePreset | undefined) => void;
  /** Shows a clear button while a value is set (e.g. the optional compare period). */
  onClear?: () => void;
  /** @default 'Период' / 'Period' */
  label?: ReactNode;
  placeholder?: string;
  /** @default all six */
  presets?: readonly DatePreset[];
  /** Latest selectable day. @default yesterday */
  maxDate?: Date;
  minDate?: Date;
  /** 'ru' or 'en'; follows the active i18n language by default. */
  locale?: string;
  /** Today, for stories and tests. @default new Date() */
  now?: Date;
  /** @default 2 */
  numberOfMonths?: number;
  disabled?: boolean;
  className?: string;
}

/**
 * Period picker: quick presets, or two clicks in a calendar that starts weeks on Monday
 * and stops at yesterday. Text form 'dd.mm.yyyy - dd.mm.yyyy'.
 */
export function DateRangePicker({
  value,
  onChange,
  onClear,
  label,
  placeholder,
  presets = DATE_PRESETS,
  maxDate,
  minDate,
  locale,
  now,
  numberOfMonths = 2,
  disabled,
  className,
}: DateRangePickerProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<Date | undefined>();
  const today = now ?? new Date();
  const last = maxDate ?? yesterday(today);
  const active = matchPreset(value, today);

  const setOpenState = (next: boolean) => {
    setOpen(next);
    if (!next) setAnchor(undefined);
  };
  const apply = (range: DateRange) => {
    onChange(range, matchPreset(range, today));
    setOpenState(false);
  };
  const disabledDays: Matcher[] = [{ after: last }];
  if (minDate) disabledDays.push({ before: minDate });

  const valueText = value ? (
    <>
      {showDateRange(value, locale ?? i18n.language)}
      <span className="ui-date-picker__preset-name">
        {' · '}
        {t(active ? `ui.datePicker.${active}` : 'ui.datePicker.custom')}
      </span>
    </>
  ) : (
    (placeholder ?? t('ui.datePicker.placeholder'))
  );

  return (
    <PickerPopover
      open={open}
      onOpenChange={setOpenState}
      label={label ?? t('ui.datePicker.label')}
      valueText={valueText}
      disabled={disabled}
      className={className}
      after={
        onClear && value ? (
          <IconButton label={t('ui.select.clear')} onClick={onClear}>
            ✕
          </IconButton>
        ) : undefined
      }
    >
      <div className="ui-date-picker__panel">
        <ul className="ui-date-picker__presets" aria-label={t('ui.datePicker.presets')}>
          {presets.map((preset) => (
            <li key={preset}>
              <button
                type="button"
                className="ui-button ui-date-picker__preset"
                aria-pressed={active === preset}
                onClick={() => apply(presetRange(preset, today))}
              >
                {t(`ui.datePicker.${preset}`)}
              </button>
            </li>
          ))}
          <li className="ui-date-picker__custom" data-active={Boolean(value) && !active}>
            {t('ui.datePicker.custom')}
          </li>
        </ul>
        <DayPicker
          mode="range"
          locale={dayPickerLocale(locale ?? i18n.language)}
          weekStartsOn={1}
          numberOfMonths={numberOfMonths}
          defaultMonth={subMonths(startOfMonth(value?.to ?? last), numberOfMonths - 1)}
          endMonth={last}
          startMonth={minDate}
          disabled={disabledDays}
          selected={anchor ? { from: anchor, to: undefined } : value}
          onSelect={(_range, day) => {
            if (!anchor) return setAnchor(day);
            apply(day < anchor ? { from: day, to: anchor } : { from: anchor, to: day });
          }}
        />
      </div>
    </PickerPopover>
  );
}
