import { useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormCheckboxField, FormField, FormTextField } from '#src/ui/form/form-field.tsx';

/*
 * Thin wrappers over the console's form fields for the config screens' many settings. Paths into
 * customSettings are typed loosely (it keeps unknown settings, so its type is an index signature).
 */

type Loose = FieldValues;

export function NumberField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  return (
    <FormTextField<Loose> name={name as FieldPath<Loose>} label={label} hint={hint} type="number" />
  );
}

export function CheckField({ name, label }: { name: string; label: string }) {
  return <FormCheckboxField<Loose> name={name as FieldPath<Loose>} label={label} />;
}

export function TextField({
  name,
  label,
  hint,
  required,
}: {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
}) {
  return (
    <FormTextField<Loose>
      name={name as FieldPath<Loose>}
      label={label}
      hint={hint}
      required={required}
    />
  );
}

/** JavaScript source (run by the storefront, never here) in a monospace text area. */
export function ScriptField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const { register } = useFormContext<Loose>();
  return (
    <FormField<Loose>
      name={name as FieldPath<Loose>}
      label={label}
      hint={hint}
      className="code-field"
    >
      {(control) => (
        <textarea
          className="ui-input code-field__input"
          rows={3}
          spellCheck={false}
          {...control}
          {...register(name as FieldPath<Loose>)}
        />
      )}
    </FormField>
  );
}
