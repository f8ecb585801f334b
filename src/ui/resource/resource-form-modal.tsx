import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type * as z from 'zod';
import { FORM_ROOT_ERROR, Form, FormRootError, useZodForm } from '../form/form.tsx';
import { Modal } from '../modal/modal.tsx';
import './resource.css';

export interface ResourceFormModalProps<TIn extends FieldValues, TOut extends FieldValues> {
  /** The form's id (the modal's confirm button submits it). */
  formId: string;
  title: string;
  /** CREATE for a new record, EDIT for an existing one (the confirm button's text). */
  mode: 'CREATE' | 'EDIT';
  /** The contract's schema of what the user types. */
  schema: z.ZodType<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  /**
   * Saves the record. A rejection keeps the modal open: `onError` may put the failure on the
   * fields or the form (else the call has shown it).
   */
  save: (values: TOut) => Promise<unknown>;
  /** While the save runs: the confirm button spins. */
  pending: boolean;
  onClose: () => void;
  /** After a save (the modal closes itself). */
  onSaved?: () => void;
  /** A failed save: e.g. the server's field issues onto the form, or a whole-form error. */
  onError?: (error: unknown, form: UseFormReturn<TIn, unknown, TOut>) => void;
  /** The fields, as `Form*Field`s of `TIn`; a function when they need the form (watch, setValue). */
  children: ReactNode | ((form: UseFormReturn<TIn, unknown, TOut>) => ReactNode);
  /** Wider modal for long forms. */
  width?: number;
  /**
   * Said above the buttons, beside the fields' own errors, when a submit finds the form invalid
   * (e.g. «Заполните пустые поля»).
   */
  invalidText?: string;
}

/**
 * The create-or-edit dialog of one record of a resource list: a modal around a zod form on the
 * contract's schema; confirm submits, a valid form is saved, success closes it, a failure
 * stays with the error on the fields or above the buttons.
 */
export function ResourceFormModal<TIn extends FieldValues, TOut extends FieldValues>({
  formId,
  title,
  mode,
  schema,
  defaultValues,
  save,
  pending,
  onClose,
  onSaved,
  onError,
  children,
  width,
  invalidText,
}: ResourceFormModalProps<TIn, TOut>) {
  const form = useZodForm<TIn, TOut>(schema, { defaultValues });
  return (
    <Modal
      open
      mode={mode}
      title={title}
      onClose={onClose}
      formId={formId}
      confirmLoading={pending}
      {...(width !== undefined && { width })}
    >
      <Form<TIn, TOut>
        id={formId}
        form={form}
        className="ui-resource__form"
        {...(invalidText !== undefined && {
          onInvalid: () => form.setError(`root.${FORM_ROOT_ERROR}`, { message: invalidText }),
        })}
        onSubmit={async (values) => {
          try {
            await save(values);
          } catch (error) {
            onError?.(error, form);
            return;
          }
          onSaved?.();
          onClose();
        }}
      >
        {typeof children === 'function' ? children(form) : children}
        <FormRootError />
      </Form>
    </Modal>
  );
}
