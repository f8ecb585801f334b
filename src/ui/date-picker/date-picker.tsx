import { startOfMonth } from 'date-fns';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { DayPicker } from 'react-day-picker';
import type { Matcher } from 'react-day-picker';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';
import { showDate, yesterday } from '../date-range-picker/date-range.ts';
import { dayPickerLocale } from '../date-range-picker/day-picker-locale.ts';
import { PickerPopover } from '../date-range-picker/picker-popover.tsx';

export interface DatePickerProps {
  value: Date | undefined;
  /** Fired on the click of a day; the popover closes. */
  onChange: (date: Date) => void;
  /** @default 'Дата' / 'Date' */
  label?: ReactNode;
  placeholder?: string;
  /** Latest selectable day. @default yesterday */
  maxDate?: Date;
  minDate?: Date;
  /** 'ru' or 'en'; follows the active i18n language by default. */
  locale?: string;
  /** Today, for stories and tests. */
  now?: Date;
  disabled?: boolean;
  className?: string;
}

/** The single-date variant of the period picker: Monday first, up to yesterday. */
export function DatePicker({
  value,
  onChange,
  label,
  placeholder,
  maxDate,
  minDate,
  locale,
  now,
  disabled,
  className,
}: DatePickerProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const last = maxDate ?? yesterday(now ?? new Date());
  const disabledDays: Matcher[] = [{ after: last }];
  if (minDate) disabledDays.push({ before: minDate });

  return (
    <PickerPopover
      open={open}
      onOpenChange={setOpen}
      label={label ?? t('ui.datePicker.singleLabel')}
      valueText={
        value
          ? showDate(value, locale ?? i18n.language)
          : (placeholder ?? t('ui.datePicker.singlePlaceholder'))
      }
      disabled={disabled}
      className={className}
    >
      <div className="ui-date-picker__panel">
        <DayPicker
          mode="single"
          locale={dayPickerLocale(locale ?? i18n.language)}
          weekStartsOn={1}
          defaultMonth={startOfMonth(value ?? last)}
          endMonth={last}
          startMonth={minDate}
          disabled={disabledDays}
          selected={value}
          onSelect={(_date, day) => {
            onChange(day);
            setOpen(false);
          }}
        />
      </div>
    </PickerPopover>
  );
}
