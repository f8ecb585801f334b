import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../cx.ts';

export interface CheckboxProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'onChange' | 'children'
> {
  label: ReactNode;
  /** Called with the new state; the native event is on `onInput` if needed. */
  onCheckedChange?: (checked: boolean) => void;
  onChange?: InputHTMLAttributes<HTMLInputElement>['onChange'];
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox with its label: keyboard and screen readers work as usual. */
export function Checkbox({
  label,
  onCheckedChange,
  onChange,
  className,
  disabled,
  ...rest
}: CheckboxProps) {
  return (
    <label className={cx('ui-checkbox', disabled && 'ui-checkbox--disabled', className)}>
      <input
        type="checkbox"
        className="ui-checkbox__box"
        disabled={disabled}
        onChange={(event) => {
          onChange?.(event);
          onCheckedChange?.(event.target.checked);
        }}
        {...rest}
      />
      <span>{label}</span>
    </label>
  );
}
