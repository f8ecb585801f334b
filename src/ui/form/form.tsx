import { zodResolver } from '@hookform/resolvers/zod';
import type { FormHTMLAttributes, ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, useFormState } from 'react-hook-form';
import type {
  FieldValues,
  SubmitErrorHandler,
  SubmitHandler,
  UseFormProps,
  UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod';
import { cx } from '../cx.ts';

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

/** The key under `errors.root` where a caller puts a whole-form (server) error. */
export const FORM_ROOT_ERROR = 'server';

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
  return (
    <FormProvider {...form}>
      <form
        noValidate
        className={cx('ui-form', className)}
        onSubmit={form.handleSubmit(onSubmit, onInvalid)}
        {...rest}
      >
        {children}
      </form>
    </FormProvider>
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
