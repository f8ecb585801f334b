/** The rule forms' own controls bound to a `Form` (lists of ids, date-times, lines of text). */
import { useState, type ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormField } from '#src/ui/form/form-field.tsx';
import { useShownField } from '#src/ui/form/form.tsx';
import { DateTimeInput } from './merch-parts.tsx';

const isEmpty = (value: unknown) =>
  value === null || value === undefined || String(value).trim() === '';

/**
 * A number field's value (`FormTextField`'s `setValueAs`): empty is `undefined`, so the
 * contract's default applies (a weight, multiplier or priority), or `null` (no socket).
 */
export const numberOrDefault = (value: unknown) => (isEmpty(value) ? undefined : Number(value));
export const numberOrNull = (value: unknown) => (isEmpty(value) ? null : Number(value));

interface BoundProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
}

/** A list of ids of the form (`value`, `onChange`) and its refusal, as a picker takes them. */
export interface BoundList {
  value: string[];
  onChange: (value: string[]) => void;
  error: string | undefined;
}

/**
 * Binds a list of the form (product ids, categories, placements…) to the picker `children`
 * draws: the shared catalog pickers hold ids as the rule forms do.
 */
export function FormList<T extends FieldValues>({
  name,
  children,
}: {
  name: FieldPath<T>;
  children: (bound: BoundList) => ReactNode;
}) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ control, name });
  useShownField(name);
  return children({
    value: (field.value as string[] | null | undefined) ?? [],
    onChange: (values) => field.onChange(values),
    error: fieldState.error?.message,
  });
}

/** A site-local date and time of the form (`YYYY-MM-DDTHH:mm`, null when cleared). */
export function FormDateTimeField<T extends FieldValues>({ name, label }: BoundProps<T>) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ control, name });
  useShownField(name);
  return (
    <DateTimeInput
      label={label}
      value={(field.value as string | null | undefined) ?? null}
      onChange={(value) => field.onChange(value)}
      error={fieldState.error?.message}
    />
  );
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * A list of the form typed one item a line: the text stays as typed (blank lines, spaces) while
 * the form holds its non-empty lines, trimmed.
 */
export function FormLinesField<T extends FieldValues>({
  name,
  label,
  hint,
  rows = 3,
  className,
}: BoundProps<T> & { hint?: ReactNode; rows?: number; className?: string }) {
  const { control } = useFormContext<T>();
  const { field } = useController({ control, name });
  const [text, setText] = useState(() => ((field.value as string[] | undefined) ?? []).join('\n'));
  return (
    <FormField<T> name={name} label={label} hint={hint}>
      {(controlProps) => (
        <textarea
          {...controlProps}
          ref={field.ref}
          name={field.name}
          className={className ? `ui-input ${className}` : 'ui-input'}
          rows={rows}
          value={text}
          onBlur={field.onBlur}
          onChange={(event) => {
            setText(event.target.value);
            field.onChange(linesOf(event.target.value));
          }}
        />
      )}
    </FormField>
  );
}
