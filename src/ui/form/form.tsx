import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { FormHTMLAttributes, ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, useFormState } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import type {
  FieldValues,
  SubmitErrorHandler,
  SubmitHandler,
  UseFormProps,
  UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod';
import { cx } from '../cx.ts';
import { FORM_ROOT_ERROR } from './form-root-error.ts';

/**
 * `useForm` with the contract's zod schema as resolver (STYLE.md 14). Messages come from
 * the global zod error map, so they are already in the interface language.
 */
export function useZodForm<TIn extends FieldValues, TOut extends FieldValues>(
  schema: z.ZodType<TOut, TIn>,
  options: Omit<UseFormProps<TIn, unknown, TOut>, 'resolver'> = {},
): UseFormReturn<TIn, unknown, TOut> {
  return useForm<TIn, unknown, TOut>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema),
  });
}

export { FORM_ROOT_ERROR };

export interface FormProps<TIn extends FieldValues, TOut> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'onInvalid' | 'children'
> {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: SubmitHandler<TOut>;
  onInvalid?: SubmitErrorHandler<TIn>;
  children: ReactNode;
}

/**
 * The one form wrapper: provides the form to `FormField`s, disables native validation
 * (zod validates) and routes submit through react-hook-form.
 */
export function Form<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  onInvalid,
  className,
  children,
  ...rest
}: FormProps<TIn, TOut>) {
  const registry = useShownFieldsRegistry();
  return (
    <FormProvider {...form}>
      <ShownFieldsContext.Provider value={registry}>
        <form
          noValidate
          className={cx('ui-form', className)}
          onSubmit={form.handleSubmit(onSubmit, onInvalid)}
          {...rest}
        >
          {children}
          <FormErrorSummary />
        </form>
      </ShownFieldsContext.Provider>
    </FormProvider>
  );
}

/** The names of the fields a form shows with their own error line (FormField registers them). */
interface ShownFields {
  names: ReadonlySet<string>;
  add(name: string): () => void;
}

const ShownFieldsContext = createContext<ShownFields | null>(null);

function useShownFieldsRegistry(): ShownFields {
  const [names, setNames] = useState<ReadonlySet<string>>(() => new Set());
  const add = useCallback((name: string) => {
    setNames((old) => (old.has(name) ? old : new Set(old).add(name)));
    return () =>
      setNames((old) => {
        const next = new Set(old);
        next.delete(name);
        return next;
      });
  }, []);
  return useMemo(() => ({ names, add }), [names, add]);
}

/** Called by `FormField`: its error is shown beside the control, not in the summary. */
export function useShownField(name: string): void {
  const registry = useContext(ShownFieldsContext);
  const add = registry?.add;
  useEffect(() => add?.(name), [add, name]);
}

/** Every error of a form as `[path, message]` (root errors excluded: FormRootError shows them). */
export function flattenErrors(errors: FieldErrors, prefix = ''): [string, string][] {
  const list: [string, string][] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || (prefix === '' && key === 'root')) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) list.push([path, message]);
    else if (typeof value === 'object' && !('ref' in value && 'type' in value)) {
      list.push(...flattenErrors(value as FieldErrors, path));
    }
  }
  return list;
}

/**
 * Errors of fields the form does not show (an unknown key, a hidden or derived field, a whole
 * array): without this a submit that fails on them would look as if nothing happened.
 */
export function FormErrorSummary() {
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  const shown = useContext(ShownFieldsContext)?.names;
  const hidden = flattenErrors(errors).filter(([path]) => !shown?.has(path));
  if (hidden.length === 0) return null;
  return (
    <div className="ui-form__error" role="alert" data-testid="form-error-summary">
      <ul className="ui-form__error-list">
        {hidden.map(([path, message]) => (
          <li key={path}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/** Shows `errors.root.server` (set by the caller with `setError('root.server', …)`). */
export function FormRootError() {
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  const message = errors.root?.[FORM_ROOT_ERROR]?.message;
  if (!message) return null;
  return (
    <div className="ui-form__error" role="alert">
      {message}
    </div>
  );
}
