import { useEffect, useId, useState } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../cx.ts';
import { Field, describedBy, fieldIds } from '../field/field.tsx';
import { normalizeOnBlur } from './normalize.ts';
import type { BlurRules } from './normalize.ts';

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'children'
>;

export interface TextInputProps extends NativeProps, BlurRules {
  value: string;
  onChange: (value: string) => void;
  label?: ReactNode;
  hint?: ReactNode;
  /** Error text; shown ~1 s after mount or right after the first blur. */
  error?: ReactNode;
  /** Pressing Enter: receives the current value. */
  onEnter?: (value: string) => void;
  /**
   * Delay before a present error is shown when the user has not left the field yet.
   * @default 1000
   */
  errorDelayMs?: number;
  /** Unlimited unless given. */
  maxLength?: number;
  /** Extra class on the field wrapper. */
  fieldClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextInput({
  value,
  onChange,
  label,
  hint,
  error,
  onEnter,
  errorDelayMs = 1000,
  round,
  min,
  max,
  trim,
  id,
  className,
  fieldClassName,
  required,
  onBlur,
  onKeyDown,
  type = 'text',
  ...rest
}: TextInputProps) {
  const autoId = useId();
  const ids = fieldIds(id ?? autoId);
  const [revealed, setRevealed] = useState(errorDelayMs <= 0);

  useEffect(() => {
    if (errorDelayMs <= 0) return;
    const timer = setTimeout(() => setRevealed(true), errorDelayMs);
    return () => clearTimeout(timer);
  }, [errorDelayMs]);

  const hasError = revealed && error !== undefined && error !== null && error !== false;

  return (
    <Field
      ids={ids}
      label={label}
      hint={hint}
      error={hasError ? error : undefined}
      required={required}
      className={fieldClassName}
    >
      <input
        id={ids.controlId}
        type={type}
        className={cx('ui-input', className)}
        value={value}
        required={required}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(ids, hint !== undefined, hasError)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={(event) => {
          const next = normalizeOnBlur(event.target.value, { round, min, max, trim });
          if (next !== event.target.value) onChange(next);
          setRevealed(true);
          onBlur?.(event);
        }}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (event.key === 'Enter' && !event.nativeEvent.isComposing)
            onEnter?.(event.currentTarget.value);
        }}
        {...rest}
      />
    </Field>
  );
}
