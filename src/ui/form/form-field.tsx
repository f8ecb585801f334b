import { useId } from 'react';
import type { ReactNode } from 'react';
import { get, useFormContext, useFormState } from 'react-hook-form';
import type { FieldError, FieldPath, FieldValues } from 'react-hook-form';
import { Checkbox } from '../checkbox/checkbox.tsx';
import { Field, describedBy, fieldIds } from '../field/field.tsx';
import { useShownField } from './form.tsx';

/** Attributes wired once for every control of a form (STYLE.md 14). */
export interface FormControlProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

export function useFieldError<T extends FieldValues>(name: FieldPath<T>): string | undefined {
  const { control } = useFormContext<T>();
  const { errors } = useFormState({ control, name });
  const error: FieldError | undefined = get(errors, name);
  return error?.message;
}

export interface FormFieldBaseProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

export interface FormFieldProps<T extends FieldValues> extends FormFieldBaseProps<T> {
  /** Renders the control with the wired ids and ARIA attributes spread on it. */
  children: (control: FormControlProps) => ReactNode;
}

/** Label, hint and error around any control; the control gets its ARIA wiring as props. */
export function FormField<T extends FieldValues>({
  name,
  label,
  hint,
  required,
  className,
  children,
}: FormFieldProps<T>) {
  const ids = fieldIds(useId());
  const error = useFieldError<T>(name);
  useShownField(name);
  return (
    <Field
      ids={ids}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
    >
      {children({
        id: ids.controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(ids, hint !== undefined, Boolean(error)),
        'aria-required': required || undefined,
      })}
    </Field>
  );
}

export interface FormTextFieldProps<T extends FieldValues> extends FormFieldBaseProps<T> {
  /** @default 'text' */
  type?: 'text' | 'password' | 'email' | 'url' | 'number' | 'search' | 'tel';
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  disabled?: boolean;
  /**
   * What the form holds for the text typed, e.g. an empty number field as `undefined` (the
   * schema's default applies) or `null`. It is also given the form's value when the field mounts
   * (a number, null…), so it takes any value. @default the text (a number for `type="number"`)
   */
  setValueAs?: (value: unknown) => unknown;
}

/** A registered text input inside a `Form`. */
export function FormTextField<T extends FieldValues>({
  type = 'text',
  placeholder,
  autoComplete,
  maxLength,
  disabled,
  setValueAs,
  ...field
}: FormTextFieldProps<T>) {
  const { register } = useFormContext<T>();
  return (
    <FormField<T> {...field}>
      {(control) => (
        <input
          className="ui-input"
          type={type}
          placeholder={placeholder}
          autoComplete={autoComplete}
          maxLength={maxLength}
          disabled={disabled}
          {...control}
          {...register(
            field.name,
            setValueAs ? { setValueAs } : type === 'number' ? { valueAsNumber: true } : undefined,
          )}
        />
      )}
    </FormField>
  );
}

export interface FormCheckboxFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  disabled?: boolean;
}

/** A registered checkbox (e.g. the activation agreement) with its error below. */
export function FormCheckboxField<T extends FieldValues>({
  name,
  label,
  disabled,
}: FormCheckboxFieldProps<T>) {
  const { register } = useFormContext<T>();
  const ids = fieldIds(useId());
  const error = useFieldError<T>(name);
  useShownField(name);
  return (
    <Field ids={ids} error={error}>
      <Checkbox
        id={ids.controlId}
        label={label}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, false, Boolean(error))}
        {...register(name)}
      />
    </Field>
  );
}
