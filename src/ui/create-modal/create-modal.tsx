import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type * as z from 'zod';
import { Form, useZodForm } from '../form/form.tsx';
import { Modal } from '../modal/modal.tsx';

export interface CreateModalProps<TIn extends FieldValues, TOut extends FieldValues, TCreated> {
  /** The form's id (the modal's confirm button submits it). */
  formId: string;
  title: string;
  /** The contract's schema of what the user types. */
  schema: z.ZodType<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  /**
   * Creates the thing. A rejection keeps the modal open for another try: the caller's call has
   * already shown the error (api() toasts it).
   */
  create: (values: TOut) => Promise<TCreated>;
  /** While the create call runs: the confirm button spins. */
  pending: boolean;
  onClose: () => void;
  onCreated: (created: TCreated) => void;
  /** The fields, as `Form*Field`s of `TIn`. */
  children: ReactNode;
}

/**
 * The one "create a named thing" dialog (recommendation blocks, global components…): a CREATE
 * modal around a zod form; confirm submits, success hands over what was created.
 */
export function CreateModal<TIn extends FieldValues, TOut extends FieldValues, TCreated>({
  formId,
  title,
  schema,
  defaultValues,
  create,
  pending,
  onClose,
  onCreated,
  children,
}: CreateModalProps<TIn, TOut, TCreated>) {
  const form = useZodForm<TIn, TOut>(schema, { defaultValues });
  return (
    <Modal
      open
      mode="CREATE"
      title={title}
      onClose={onClose}
      formId={formId}
      confirmLoading={pending}
    >
      <Form<TIn, TOut>
        id={formId}
        form={form}
        onSubmit={async (values) => {
          let created: TCreated;
          try {
            created = await create(values);
          } catch {
            return; // shown by the call; the modal stays open
          }
          onCreated(created);
        }}
      >
        {children}
      </Form>
    </Modal>
  );
}
