import { useController, useFormContext } from 'react-hook-form';
import type { FieldValues } from 'react-hook-form';
import { Select } from '../select/select.tsx';
import type { SelectOption } from '../select/select.tsx';
import type { FormFieldBaseProps } from './form-field.tsx';
import { useShownField } from './form.tsx';

// Apart from form-field.tsx so that forms without a select (the sign-in page) do not load it.
export interface FormSelectFieldProps<
  T extends FieldValues,
  V extends string | number,
> extends FormFieldBaseProps<T> {
  options: ReadonlyArray<SelectOption<V>>;
  placeholder?: string;
  disabled?: boolean;
  /** A text box that filters the options (`Select`'s). @default true */
  searchable?: boolean;
}

/** A `Select` bound to a form value. */
export function FormSelectField<T extends FieldValues, V extends string | number>({
  name,
  label,
  hint,
  required,
  className,
  options,
  placeholder,
  disabled,
  searchable,
}: FormSelectFieldProps<T, V>) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ control, name });
  useShownField(name);
  return (
    <Select<V>
      label={label}
      hint={hint}
      required={required}
      className={className}
      options={options}
      placeholder={placeholder}
      disabled={disabled}
      {...(searchable !== undefined && { searchable })}
      value={(field.value as V | null | undefined) ?? null}
      onChange={(value) => field.onChange(value)}
      error={fieldState.error?.message}
    />
  );
}
