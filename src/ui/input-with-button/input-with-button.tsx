import { useId } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../button/button.tsx';
import type { ButtonVariant } from '../button/button.tsx';
import { Field, describedBy, fieldIds } from '../field/field.tsx';

export interface InputWithButtonProps {
  value: string;
  onChange: (value: string) => void;
  /** Called by the button and by Enter in the input. */
  onSubmit: (value: string) => void;
  buttonLabel: ReactNode;
  label?: ReactNode;
  /** Accessible name when there is no visible label. */
  ariaLabel?: string;
  hint?: ReactNode;
  error?: ReactNode;
  placeholder?: string;
  type?: 'text' | 'search' | 'email' | 'url' | 'number';
  disabled?: boolean;
  /** Disables only the button, e.g. while the value is empty. */
  buttonDisabled?: boolean;
  loading?: boolean;
  /** @default 'primary' */
  buttonVariant?: ButtonVariant;
  maxLength?: number;
  id?: string;
  className?: string;
}

/** A text box with an attached action button: search, add, attach… */
export function InputWithButton({
  value,
  onChange,
  onSubmit,
  buttonLabel,
  label,
  ariaLabel,
  hint,
  error,
  placeholder,
  type = 'text',
  disabled = false,
  buttonDisabled = false,
  loading = false,
  buttonVariant = 'primary',
  maxLength,
  id,
  className,
}: InputWithButtonProps) {
  const autoId = useId();
  const ids = fieldIds(id ?? autoId);
  const hasError = error !== undefined && error !== null && error !== false;
  const submit = () => {
    if (!disabled && !buttonDisabled && !loading) onSubmit(value);
  };
  return (
    <Field
      ids={ids}
      label={label}
      hint={hint}
      error={hasError ? error : undefined}
      className={className}
    >
      <div className="ui-input-group">
        <input
          id={ids.controlId}
          className="ui-input"
          type={type}
          value={value}
          placeholder={placeholder}
          maxLength={maxLength}
          disabled={disabled}
          aria-label={label === undefined ? ariaLabel : undefined}
          aria-invalid={hasError || undefined}
          aria-describedby={describedBy(ids, hint !== undefined, hasError)}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
        />
        <Button
          variant={buttonVariant}
          onClick={submit}
          disabled={disabled || buttonDisabled}
          loading={loading}
        >
          {buttonLabel}
        </Button>
      </div>
    </Field>
  );
}
